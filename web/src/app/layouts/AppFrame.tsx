import { Outlet } from 'react-router';
import { PageLoader } from '@/components/ui/PageLoader';
import { useSession } from '@/features/auth/session';
import { SignedInShell } from './SignedInShell';

/**
 * The frame of every page but the sign-in forms: for a signed-in user the app's shell (sidebar,
 * top bar, player), kept mounted from page to page, public pages included; for anyone else the
 * page itself, which brings the site's header or sends them to log in.
 */
export function AppFrame() {
  const { status } = useSession();
  if (status === 'loading') return <PageLoader label="Loading…" />;
  if (status === 'signed-in') {
    return (
      <SignedInShell>
        <Outlet />
      </SignedInShell>
    );
  }
  return <Outlet />;
}
