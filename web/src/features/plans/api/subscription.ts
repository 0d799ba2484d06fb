import { queryOptions, useQuery } from '@tanstack/react-query';
import type { paths } from '@/api/schema';
import { api, toApiError } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';

export type Subscription = paths['/api/v1/me/subscription']['get']['responses'][200]['content']['application/json'];
export type PlanId = Subscription['plan'];
/** A plan one checks out: every plan but free. */
export type PaidPlanId = Exclude<PlanId, 'free'>;
/** Where the user goes next: a hosted checkout page to pay at, or (a confirmed change between paid plans) the app's page that says what happened. */
export type StartedCheckout = paths['/api/v1/checkout-sessions']['post']['responses'][200]['content']['application/json'];

const planIds: readonly string[] = ['free', 'basic', 'premium'] satisfies PlanId[];

/** `value` as a plan id; null when it is not one. */
export function planIdOf(value: unknown): PlanId | null {
  return typeof value === 'string' && planIds.includes(value) ? (value as PlanId) : null;
}

export function isPaidPlan(plan: PlanId): plan is PaidPlanId {
  return plan !== 'free';
}

export async function fetchSubscription(): Promise<Subscription> {
  const { data, error, response } = await api.GET('/api/v1/me/subscription');
  if (data === undefined) throw toApiError(error, response);
  return data;
}

export const subscriptionQueryOptions = queryOptions({
  queryKey: queryKeys.me.subscription(),
  queryFn: fetchSubscription,
});

/** My plan, when its period renews or ends, and whether the last payment failed. */
export function useSubscription() {
  return useQuery(subscriptionQueryOptions);
}

/**
 * Opens a checkout for a paid plan, or for a subscriber who confirmed it (`confirmChange`) changes
 * their subscription to the other paid plan at once; answers where to go next.
 */
export async function createCheckoutSession(
  planId: PaidPlanId,
  promoCode: string | null,
  confirmChange = false,
): Promise<StartedCheckout> {
  const { data, error, response } = await api.POST('/api/v1/checkout-sessions', {
    body: { plan_id: planId, promo_code: promoCode, confirm_change: confirmChange },
  });
  if (data === undefined) throw toApiError(error, response);
  return data;
}

/** Asks for the subscription to be cancelled; the plan changes once the payment provider confirms. */
export async function cancelSubscription(): Promise<void> {
  const { error, response } = await api.POST('/api/v1/subscription/cancel');
  if (!response.ok) throw toApiError(error, response);
}
