import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useReducer } from 'react';
import { queryKeys } from '@/lib/queryKeys';
import { applyPlanChange, useLivePlan } from './api/livePlan';
import { subscriptionQueryOptions } from './api/subscription';
import {
  confirmPlan,
  firstRead,
  PLAN_RETRY_INTERVAL_MS,
  type AwaitedPlan,
  type PlanConfirmation,
} from './planConfirmation';

/**
 * Runs the wait of /payment-approved and /subscription/changed (planConfirmation.ts): reads the
 * plan, again every 2 s until it reads `awaited`, at most 5 times, and stops at once on a
 * `plan_changed` event to it (heard also after the reads ran out). `checkAgain` starts the reads
 * over. A plan read that differs from the cached profile's is applied to the caches, as its event
 * would be. Does nothing while `enabled` is false (a signed-out visitor has no plan to read).
 */
export function usePlanConfirmation(
  enabled: boolean,
  awaited: AwaitedPlan,
): { confirmation: PlanConfirmation; checkAgain: () => void } {
  const queryClient = useQueryClient();
  const reducer = useMemo(() => confirmPlan(awaited), [awaited]);
  const [confirmation, dispatch] = useReducer(reducer, firstRead);
  const readingRetry = confirmation.phase === 'reading' ? confirmation.retry : null;
  const waiting = confirmation.phase === 'waiting';

  useEffect(() => {
    if (!enabled || readingRetry === null) return;
    let current = true;
    queryClient.query({ ...subscriptionQueryOptions, staleTime: 0, retry: false }).then(
      (subscription) => {
        // The app's frame (the user card, the ads) shows the plan from the cached profile; a
        // change whose event came before the live stream was listening would stay unseen there.
        const cached = queryClient.getQueryData<{ subscription_plan: string }>(queryKeys.me.profile());
        if (cached && cached.subscription_plan !== subscription.plan) applyPlanChange(queryClient, subscription.plan);
        if (current) dispatch({ type: 'plan-read', plan: subscription.plan });
      },
      (error: unknown) => {
        console.error('Failed to read the plan', error);
        if (current) dispatch({ type: 'plan-read', plan: null });
      },
    );
    return () => {
      current = false;
    };
  }, [enabled, readingRetry, queryClient]);

  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => {
      dispatch({ type: 'retry-due' });
    }, PLAN_RETRY_INTERVAL_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [waiting]);

  useLivePlan({
    enabled,
    onPlanChanged: (plan) => {
      dispatch({ type: 'plan-changed', plan });
    },
  });

  const checkAgain = useCallback(() => {
    dispatch({ type: 'check-again' });
  }, []);

  return { confirmation, checkAgain };
}
