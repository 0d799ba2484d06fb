import { queryOptions, useQuery } from '@tanstack/react-query';
import type { paths } from '@/api/schema';
import { api, toApiError } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';

export type Subscription = paths['/api/v1/me/subscription']['get']['responses'][200]['content']['application/json'];
export type PlanId = Subscription['plan'];
type CheckoutRequest = paths['/api/v1/checkout-sessions']['post']['requestBody']['content']['application/json'];
/** A plan one checks out: every plan but free. */
export type PaidPlanId = CheckoutRequest['plan_id'];

export function isPaidPlan(plan: PlanId): plan is Exclude<PlanId, 'free'> {
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

/** Opens a checkout for a paid plan; answers the address of the hosted checkout page. */
export async function createCheckoutSession(planId: PaidPlanId, promoCode: string | null): Promise<string> {
  const { data, error, response } = await api.POST('/api/v1/checkout-sessions', {
    body: { plan_id: planId, promo_code: promoCode },
  });
  if (data === undefined) throw toApiError(error, response);
  return data.url;
}

/** Asks for the subscription to be cancelled; the plan changes once the payment provider confirms. */
export async function cancelSubscription(): Promise<void> {
  const { error, response } = await api.POST('/api/v1/subscription/cancel');
  if (!response.ok) throw toApiError(error, response);
}
