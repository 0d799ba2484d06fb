import { Outlet } from 'react-router';
import { RequireSignIn } from '@/features/auth/RequireSignIn';
import { useSession } from '@/features/auth/session';
import { useLogOut } from '@/features/auth/useLogOut';
import type { Account } from '@/features/navigation/account';
import { AppShell } from '@/features/navigation/AppShell';
import { useLivePlan } from '@/features/plans/api/livePlan';
import { AudioEngine } from '@/features/player/components/AudioEngine';
import { PlayerBar } from '@/features/player/components/PlayerBar';
import { useHasPlayerTrack } from '@/features/player/hooks';
import { useMyProfile } from '@/features/profiles/api/myProfile';
import { planLabel } from '@/lib/planLabel';
import { TrackActionsBridge } from '../TrackActionsBridge';

function SignedInShell() {
  const { user } = useSession();
  const profile = useMyProfile();
  const logOut = useLogOut();
  const hasPlayerTrack = useHasPlayerTrack();
  useLivePlan();
  const account: Account = {
    name: profile.data?.name ?? '',
    email: profile.data?.email ?? user?.email ?? '',
    avatarUrl: profile.data?.avatar_url ?? null,
    planLabel: planLabel(profile.data?.subscription_plan),
  };
  return (
    <TrackActionsBridge>
      <AppShell
        account={account}
        onLogOut={() => {
          void logOut();
        }}
        player={hasPlayerTrack ? <PlayerBar /> : null}
      >
        <Outlet />
      </AppShell>
      <AudioEngine />
    </TrackActionsBridge>
  );
}

/** Every page of the signed-in area: only for a signed-in user, inside the app's navigation, with the player. */
export function SignedInLayout() {
  return (
    <RequireSignIn>
      <SignedInShell />
    </RequireSignIn>
  );
}
