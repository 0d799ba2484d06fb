import { useState, type ReactNode } from 'react';
import { errorCatalogue } from '@/api/errors';
import { Button } from '@/components/ui/Button';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { LoadError } from '@/components/ui/LoadError';
import { Spinner } from '@/components/ui/Spinner';
import { planLabel } from '@/lib/planLabel';
import { useMyProfile } from './api/myProfile';
import { isNotFound } from './api/profiles';
import { AppPasswordsSection } from './components/AppPasswordsSection';
import { FeaturedPlaylistCard } from './components/FeaturedPlaylistCard';
import { ProfileEditForm } from './components/ProfileEditForm';
import { ProfileHeader } from './components/ProfileHeader';
import { ProfileMessage } from './components/ProfileMessage';
import { TwoFactorSection } from './components/TwoFactorSection';

interface MyProfilePageProps {
  /** Composed in by the app from the sign-in feature. */
  logOutButton: ReactNode;
}

function MyProfile({ logOutButton }: MyProfilePageProps) {
  const profile = useMyProfile();
  const [editing, setEditing] = useState(false);

  if (profile.isPending) return <Spinner label="Loading your profile…" />;
  if (profile.isError) {
    if (isNotFound(profile.error)) return <ProfileMessage>{errorCatalogue.profile_not_found.message}</ProfileMessage>;
    return (
      <LoadError
        title="We couldn't load your profile."
        error={profile.error}
        onRetry={() => {
          void profile.refetch();
        }}
      />
    );
  }

  const me = profile.data;
  if (editing) {
    return (
      <ProfileEditForm
        profile={me}
        onDone={() => {
          setEditing(false);
        }}
      />
    );
  }

  return (
    <div className="space-y-6">
      <ProfileHeader
        name={me.name || me.email}
        avatarUrl={me.avatar_url}
        bio={me.bio}
        socialLinks={me.social_links}
        followerCount={me.follower_count}
        followingCount={me.following_count}
        details={<p className="break-all">{me.email}</p>}
        actions={
          <>
            <Button
              onClick={() => {
                setEditing(true);
              }}
            >
              Edit Profile
            </Button>
            {logOutButton}
          </>
        }
      />
      {me.featured_playlist ? <FeaturedPlaylistCard playlist={me.featured_playlist} /> : null}
      <section aria-labelledby="plan-heading" className="flex flex-col gap-4 rounded-3xl border border-line bg-surface p-5 sm:flex-row sm:items-center sm:justify-between sm:p-8">
        <div>
          <h2 id="plan-heading" className="text-xl font-bold text-white">
            Plan
          </h2>
          <p className="mt-1 text-sm text-zinc-400">Your plan sets your upload limit, the stream quality and whether you see ads.</p>
        </div>
        <ButtonLink to="/subscription" variant="secondary" aria-label={`${planLabel(me.subscription_plan)}: change plan`}>
          {planLabel(me.subscription_plan)}
          <span aria-hidden="true">→</span>
        </ButtonLink>
      </section>
      <TwoFactorSection />
      <AppPasswordsSection email={me.email} />
    </div>
  );
}

/**
 * /profile: the signed-in user's own profile, with edit mode, plan, two-factor authentication,
 * app passwords for mobile and desktop apps, and Log Out.
 */
export function MyProfilePage({ logOutButton }: MyProfilePageProps) {
  return (
    <div className="mx-auto max-w-4xl">
      <title>Profile & Settings · Backbeat</title>
      <MyProfile logOutButton={logOutButton} />
    </div>
  );
}
