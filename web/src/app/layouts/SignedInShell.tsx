import { lazy, Suspense, type ReactNode } from 'react';
import { OfflineBanner } from '@/components/ui/OfflineBanner';
import { useSession } from '@/features/auth/session';
import { useLogOut } from '@/features/auth/useLogOut';
import type { Account } from '@/features/navigation/account';
import { AppShell } from '@/features/navigation/AppShell';
import { useLivePlan } from '@/features/plans/api/livePlan';
import { PlayerBar } from '@/features/player/components/PlayerBar';
import { useHasPlayerTrack } from '@/features/player/hooks';
import { useMyProfile } from '@/features/profiles/api/myProfile';
import { useOfflineStatus } from '@/lib/downloads/hooks';
import { planLabel } from '@/lib/planLabel';
import { PlayerAutoMix } from '../PlayerAutoMix';
import { TrackActionsBridge } from '../TrackActionsBridge';

// The ads are a module of their own, downloaded only when a free-plan user's area first shows
// them: a paid plan's browser never loads ad code, never asks for an ad, never loads a network script.
let adsModule: Promise<typeof import('@/features/ads/FreePlanAds')> | undefined;
const loadAds = () => (adsModule ??= import('@/features/ads/FreePlanAds'));
const BannerAd = lazy(() => loadAds().then((ads) => ({ default: ads.BannerAd })));
const PopupAd = lazy(() => loadAds().then((ads) => ({ default: ads.PopupAd })));

/**
 * The signed-in user's frame around every page: navigation, the player bar, the offline banner,
 * and the free plan's ads. The audio itself plays from the root layout.
 */
export function SignedInShell({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const profile = useMyProfile();
  const offlineStatus = useOfflineStatus();
  const logOut = useLogOut();
  const hasPlayerTrack = useHasPlayerTrack();
  useLivePlan();
  const account: Account = {
    name: profile.data?.name ?? '',
    email: profile.data?.email ?? user?.email ?? '',
    avatarUrl: profile.data?.avatar_url ?? null,
    // Offline the profile cannot load: the plan of the last downloads check-in stands in.
    planLabel: planLabel(profile.data?.subscription_plan ?? offlineStatus?.plan),
  };
  // Only a profile read and on the free plan shows ads: not while it loads, not when it failed.
  const showsAds = profile.data?.subscription_plan === 'free';
  return (
    <TrackActionsBridge>
      <AppShell
        account={account}
        onLogOut={() => {
          void logOut();
        }}
        player={hasPlayerTrack ? <PlayerBar AutoMix={PlayerAutoMix} /> : null}
        pageTop={
          <>
            <OfflineBanner className="mb-3 last:mb-0" />
            {showsAds ? (
              <Suspense fallback={null}>
                <BannerAd />
              </Suspense>
            ) : null}
          </>
        }
      >
        {children}
      </AppShell>
      {showsAds ? (
        <Suspense fallback={null}>
          <PopupAd />
        </Suspense>
      ) : null}
    </TrackActionsBridge>
  );
}
