import { Outlet, useMatches } from 'react-router';
import { OfflineBanner } from '@/components/ui/OfflineBanner';
import { SiteFooter } from '@/components/ui/SiteFooter';
import { SiteHeader, type HeaderSection } from '@/components/ui/SiteHeader';
import { useSignedIn } from '@/lib/viewer';

/** What a public page's route may tell its layout: the in-page sections its header scrolls to. */
export interface PublicPageHandle {
  headerSections?: readonly HeaderSection[];
}

function useHeaderSections(): readonly HeaderSection[] {
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as PublicPageHandle | undefined;
  return handle?.headerSections ?? [];
}

/**
 * Pages open to everyone. A visitor gets the site's header (Log In, Sign Up Free) and footer; a
 * signed-in user reads the page inside the app's shell (the frame around this layout), with the
 * player, and only the footer's links.
 */
export function PublicLayout() {
  const signedIn = useSignedIn();
  const sections = useHeaderSections();
  if (signedIn) {
    return (
      <>
        <Outlet />
        <SiteFooter />
      </>
    );
  }
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader sections={sections} />
      <main id="main" className="flex-1 pt-16">
        <OfflineBanner className="mx-4 mt-4 sm:mx-6 lg:mx-8" />
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
