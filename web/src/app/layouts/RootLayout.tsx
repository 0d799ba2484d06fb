import { Outlet, ScrollRestoration } from 'react-router';
import { useSession } from '@/features/auth/session';
import { AudioEngine } from '@/features/player/components/AudioEngine';
import { SignedInContext } from '@/lib/viewer';

/**
 * Wraps every route. New pages start at the top; going back restores where the reader was. The
 * audio lives here, outside every layout, so no navigation of a signed-in user stops the music.
 */
export function RootLayout() {
  const signedIn = useSession().status === 'signed-in';
  return (
    <SignedInContext value={signedIn}>
      <ScrollRestoration />
      <Outlet />
      {signedIn ? <AudioEngine /> : null}
    </SignedInContext>
  );
}
