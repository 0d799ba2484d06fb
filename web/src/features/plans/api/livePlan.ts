import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { checkIn } from '@/lib/downloads/checkIn';
import { followEventStream } from '@/lib/eventStream';
import { queryKeys } from '@/lib/queryKeys';
import { planIdOf, type PlanId, type Subscription } from './subscription';

/** The plan of a `plan_changed` event's data (`{"plan": "premium"}`); null when unreadable. */
export function planOfEvent(data: string): PlanId | null {
  try {
    const { plan } = JSON.parse(data) as { plan?: unknown };
    return planIdOf(plan);
  } catch {
    return null;
  }
}

/** What the plan decides, read again: my profile and subscription, the home cards, the upload limit, stream quality. */
const planDependentKeys = [
  queryKeys.me.profile(),
  queryKeys.me.subscription(),
  queryKeys.home(),
  queryKeys.me.uploadLimit(),
  queryKeys.player.streamUrls(),
];

/**
 * Shows a new plan at once where it is cached (the user card's label and whatever follows the
 * profile's plan, such as the ads), then reads everything the plan decides again.
 */
export function applyPlanChange(queryClient: QueryClient, plan: PlanId): void {
  queryClient.setQueryData<{ subscription_plan: PlanId }>(queryKeys.me.profile(), (profile) =>
    profile ? { ...profile, subscription_plan: plan } : profile,
  );
  queryClient.setQueryData<Subscription>(queryKeys.me.subscription(), (subscription) =>
    subscription ? { ...subscription, plan } : subscription,
  );
  readPlanAgain(queryClient);
}

/** Reads again what the plan decides, downloads included: a check-in ends the grants the plan no longer allows. */
function readPlanAgain(queryClient: QueryClient): void {
  for (const queryKey of planDependentKeys) void queryClient.invalidateQueries({ queryKey });
  void checkIn();
}

interface LivePlanOptions {
  /** Called with the new plan after the cache has taken it. */
  onPlanChanged?: (plan: PlanId) => void;
  /** Follows the stream only while true (a signed-in user); true unless given. */
  enabled?: boolean;
}

/**
 * Follows the signed-in user's live events and applies each `plan_changed`: the plan changes when
 * the payment provider's webhook says so, which can be any time after a checkout or cancellation.
 * After a reconnection, what the plan decides is read again, for a change missed meanwhile.
 */
export function useLivePlan({ onPlanChanged, enabled = true }: LivePlanOptions = {}) {
  const queryClient = useQueryClient();
  const planChanged = useEffectEvent((plan: PlanId) => {
    applyPlanChange(queryClient, plan);
    onPlanChanged?.(plan);
  });

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    void followEventStream({
      signal: controller.signal,
      // A change made while the stream was down is read again.
      onConnect: (reconnected) => {
        if (reconnected) readPlanAgain(queryClient);
      },
      onEvent: ({ event, data }) => {
        if (event !== 'plan_changed') return;
        const plan = planOfEvent(data);
        if (plan === null) {
          console.error('An unreadable plan_changed event was skipped', data);
          return;
        }
        planChanged(plan);
      },
    });
    return () => {
      controller.abort();
    };
  }, [enabled, queryClient]);
}
