import { ApiError } from '@/lib/api';
import type { PlanId } from './api/subscription';

/** SPEC's words on the subscription page. */
export const subscriptionMessages = {
  invalidPromoCode: 'Invalid promo code.',
  checkoutFailed: 'Failed to process subscription. Please try again.',
  downgradeQuestion: 'Are you sure you want to downgrade to the Free plan? This will cancel your current subscription.',
  downgradeRequested: 'Downgrade request submitted. Your plan will be updated shortly.',
  downgradeFailed: 'Failed to downgrade plan. Please try again.',
} as const;

const planRank: Record<PlanId, number> = { free: 0, basic: 1, premium: 2 };

/** What a plan's button does for someone on `current`: nothing (their plan), a checkout, or the downgrade to Free. */
export type PlanAction =
  | { kind: 'current'; label: 'Current Plan' }
  | { kind: 'checkout'; label: string }
  | { kind: 'downgrade'; label: 'Downgrade to Free' };

export function planActionFor(current: PlanId, target: { id: PlanId; name: string }): PlanAction {
  if (target.id === current) return { kind: 'current', label: 'Current Plan' };
  if (target.id === 'free') return { kind: 'downgrade', label: 'Downgrade to Free' };
  const verb = planRank[target.id] > planRank[current] ? 'Upgrade' : 'Switch';
  return { kind: 'checkout', label: `${verb} to ${target.name}` };
}

/** The promo code field is for free and basic users (a premium user has nothing left to buy). */
export function offersPromoCode(current: PlanId): boolean {
  return current !== 'premium';
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
