import { ApiError } from '@/lib/api';
import type { PlanId } from './api/subscription';

/** What the subscription page says, word for word. */
export const subscriptionMessages = {
  invalidPromoCode: 'Invalid promo code.',
  checkoutFailed: 'Failed to process subscription. Please try again.',
  downgradeQuestion: 'Are you sure you want to downgrade to the Free plan? This will cancel your current subscription.',
  downgradeRequested: 'Downgrade request submitted. Your plan will be updated shortly.',
  downgradeFailed: 'Failed to downgrade plan. Please try again.',
  planChangedMeanwhile: 'Your plan has changed since this page was loaded. Please check it and choose again.',
} as const;

const planRank: Record<PlanId, number> = { free: 0, basic: 1, premium: 2 };

/**
 * What a plan's button does for someone on `current`: nothing (their plan), a checkout (from
 * Free), a change between paid plans (made at once once confirmed), or the downgrade to Free.
 */
export type PlanAction =
  | { kind: 'current'; label: 'Current Plan' }
  | { kind: 'checkout'; label: string }
  | { kind: 'change'; label: string }
  | { kind: 'downgrade'; label: 'Downgrade to Free' };

export function planActionFor(current: PlanId, target: { id: PlanId; name: string }): PlanAction {
  if (target.id === current) return { kind: 'current', label: 'Current Plan' };
  if (target.id === 'free') return { kind: 'downgrade', label: 'Downgrade to Free' };
  const label = `${isHigherPlan(target.id, current) ? 'Upgrade' : 'Switch'} to ${target.name}`;
  return current === 'free' ? { kind: 'checkout', label } : { kind: 'change', label };
}

/** Whether `plan` is above `than` (Free, then Basic, then Premium). */
export function isHigherPlan(plan: PlanId, than: PlanId): boolean {
  return planRank[plan] > planRank[than];
}

/** The promo code field is for free and basic users (a premium user has nothing left to buy). */
export function offersPromoCode(current: PlanId): boolean {
  return current !== 'premium';
}

/** Whether the server refused a change between paid plans the page did not know the user was making (a stale page). */
export function isUnconfirmedPlanChange(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'plan_change_unconfirmed';
}

/** Whether a failed checkout was refused for its promo code: the payment provider's message says 'Invalid coupon'. */
export function isInvalidPromoCode(error: unknown): boolean {
  if (error instanceof ApiError && error.code === 'invalid_coupon') return true;
  return error instanceof Error && error.message.includes('Invalid coupon');
}

/** "December 25, 2026": the day a subscription renews or ends. */
export function formatPeriodEnd(timestamp: string): string {
  return new Date(timestamp).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}
