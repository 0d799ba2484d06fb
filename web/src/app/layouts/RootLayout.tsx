import { Outlet, ScrollRestoration } from 'react-router';
import { useSession } from '@/features/auth/session';
import { refreshStems } from '@/features/automix/api/stems';
import { AudioEngine } from '@/features/player/components/AudioEngine';
import { SignedInContext } from '@/lib/viewer';
import { DownloadsSync } from '../DownloadsSync';

/**
 * Wraps every route. New pages start at the top; going back restores where the reader was. The
 * audio lives here, outside every layout, so no navigation of a signed-in user stops the music;
 * AutoMix gives it fresh stem URLs when a stem fails to play. The downloads follow the user, first,
 * so that the audio finds them.
 */
export function RootLayout() {
  const session = useSession();
  const signedIn = session.status === 'signed-in';
  return (
    <SignedInContext value={signedIn}>
      <ScrollRestoration />
      <Outlet />
      {session.status === 'signed-in' ? <DownloadsSync userId={session.user.id} /> : null}
      {signedIn ? <AudioEngine refreshStems={refreshStems} /> : null}
    </SignedInContext>
  );
}
