import { Navigate, type RouteObject } from 'react-router';
import { ConfirmEmailPage } from '@/features/auth/ConfirmEmailPage';
import { ForgotPasswordPage } from '@/features/auth/ForgotPasswordPage';
import { GuestOnly } from '@/features/auth/GuestOnly';
import { LoginPage } from '@/features/auth/LoginPage';
import { LogOutButton } from '@/features/auth/LogOutButton';
import { NotMePage } from '@/features/auth/NotMePage';
import { RequireSignIn } from '@/features/auth/RequireSignIn';
import { ResetPasswordPage } from '@/features/auth/ResetPasswordPage';
import { SignupPage } from '@/features/auth/SignupPage';
import { ArtistPage } from '@/features/catalog/ArtistPage';
import { ExplorePage } from '@/features/catalog/ExplorePage';
import { TrackPage } from '@/features/catalog/TrackPage';
import { ChangelogPage } from '@/features/changelog/ChangelogPage';
import { FaqPage } from '@/features/faq/FaqPage';
import { LandingPage } from '@/features/landing/LandingPage';
import { landingSections } from '@/features/landing/sections';
import { LibraryPage } from '@/features/library/LibraryPage';
import { DownloadsPanel } from '@/features/offline/DownloadsPanel';
import { PayoutsPage } from '@/features/payouts/PayoutsPage';
import { PlanTeaser } from '@/features/plans/components/PlanTeaser';
import { PaymentFailedPage } from '@/features/plans/PaymentFailedPage';
import { PlanChangedPage } from '@/features/plans/PlanChangedPage';
import { PlanComparisonPage } from '@/features/plans/PlanComparisonPage';
import { SubscriptionPage } from '@/features/plans/SubscriptionPage';
import type { PolicySlug } from '@/features/policies/content';
import { PolicyPage } from '@/features/policies/PolicyPage';
import { MyProfilePage } from '@/features/profiles/MyProfilePage';
import { UserProfilePage } from '@/features/profiles/UserProfilePage';
import { HomeRoute } from './HomeRoute';
import { AppFrame } from './layouts/AppFrame';
import { AuthLayout } from './layouts/AuthLayout';
import { PublicLayout, type PublicPageHandle } from './layouts/PublicLayout';
import { RootLayout } from './layouts/RootLayout';
import { PaymentApprovedRoute } from './PaymentApprovedRoute';
import { PlaylistRoute } from './PlaylistRoute';
import { RouteErrorFallback } from './RouteErrorFallback';
import { UploadRoute } from './UploadRoute';

const policyPages: readonly { path: string; slug: PolicySlug }[] = [
  { path: 'terms-of-service', slug: 'terms-of-service' },
  { path: 'privacy-policy', slug: 'privacy-policy' },
  { path: 'copyright-policy', slug: 'copyright-policy' },
  { path: 'community', slug: 'community' },
  { path: 'cookie-policy', slug: 'cookie-policy' },
  { path: 'music-licensing', slug: 'music-licensing' },
  { path: 'accessibility-statement', slug: 'accessibility-statement' },
  // The signup form links to the short forms.
  { path: 'terms', slug: 'terms-of-service' },
  { path: 'privacy', slug: 'privacy-policy' },
];

/** The signed-in area: one line per page, all inside the app's navigation. */
const signedInPages: RouteObject[] = [
  { path: 'home', element: <HomeRoute /> },
  { path: 'profile', element: <MyProfilePage logOutButton={<LogOutButton />} /> },
  { path: 'profile/:userId', element: <UserProfilePage /> },
  { path: 'library', element: <LibraryPage downloadsPanel={<DownloadsPanel />} /> },
  { path: 'playlist/:id', element: <PlaylistRoute /> },
  { path: 'explore', element: <ExplorePage /> },
  { path: 'upload', element: <UploadRoute /> },
  { path: 'artist/:artistName', element: <ArtistPage /> },
  { path: 'track/:trackId', element: <TrackPage /> },
  { path: 'subscription', element: <SubscriptionPage /> },
  { path: 'subscription/changed', element: <PlanChangedPage /> },
  { path: 'payouts', element: <PayoutsPage /> },
];

const landingHandle: PublicPageHandle = { headerSections: landingSections };

/** The pages open to everyone: a signed-in user reads them inside the app, with the player. */
const publicPages: RouteObject[] = [
  { index: true, element: <LandingPage pricingTeaser={<PlanTeaser />} />, handle: landingHandle },
  { path: 'comparison', element: <PlanComparisonPage /> },
  { path: 'faq', element: <FaqPage /> },
  { path: 'changelog', element: <ChangelogPage /> },
  { path: 'payment-approved', element: <PaymentApprovedRoute /> },
  { path: 'payment-failed', element: <PaymentFailedPage /> },
  ...policyPages.map(({ path, slug }) => ({ path, element: <PolicyPage slug={slug} /> })),
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteErrorFallback />,
    children: [
      {
        element: <AuthLayout />,
        children: [
          {
            element: <GuestOnly />,
            children: [
              { path: 'login', element: <LoginPage /> },
              { path: 'signup', element: <SignupPage /> },
              { path: 'forgot-password', element: <ForgotPasswordPage /> },
            ],
          },
          // An email link signs its user in, so these stay open to a signed-in visitor.
          { path: 'reset-password', element: <ResetPasswordPage /> },
          { path: 'confirm', element: <ConfirmEmailPage /> },
          // The "This wasn't me" link of a security email works signed in or out.
          { path: 'not-me', element: <NotMePage /> },
        ],
      },
      // One frame for the rest, so moving between public and signed-in pages never remounts the
      // signed-in user's shell and player.
      {
        element: <AppFrame />,
        children: [
          { element: <PublicLayout />, children: publicPages },
          { element: <RequireSignIn />, children: signedInPages },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
