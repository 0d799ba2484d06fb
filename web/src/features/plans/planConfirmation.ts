import type { PlanId } from './api/subscription';

/** The plan is read again every 2 s... */
export const PLAN_RETRY_INTERVAL_MS = 2_000;
/** ...at most 5 times after the first read. */
export const PLAN_MAX_RETRIES = 5;

/**
 * Waiting on /payment-approved for the payment provider's webhook to change the plan.
 * - `reading`: a read of the plan is under way; `retry` is 0 for the first read, then 1 to 5.
 * - `waiting`: the last read still said free; the next read comes after the interval.
 * - `settled`: the wait is over, with the paid plan read, or null when the reads ran out.
 */
export type PlanConfirmation =
  | { phase: 'reading'; retry: number }
  | { phase: 'waiting'; retry: number }
  | { phase: 'settled'; paidPlan: PlanId | null };

export type PlanConfirmationEvent =
  /** A read answered this plan; `null` when it failed (logged by the caller, counted as still free). */
  | { type: 'plan-read'; plan: PlanId | null }
  /** The interval has passed. */
  | { type: 'retry-due' }
  /** The server said the plan changed (a live event): the wait ends at once. */
  | { type: 'plan-changed'; plan: PlanId };

export const firstRead: PlanConfirmation = { phase: 'reading', retry: 0 };

function settledOn(plan: PlanId | null): PlanConfirmation {
  return { phase: 'settled', paidPlan: plan === null || plan === 'free' ? null : plan };
}

export function confirmPlan(state: PlanConfirmation, event: PlanConfirmationEvent): PlanConfirmation {
  if (state.phase === 'settled') return state;
  switch (event.type) {
    case 'plan-changed':
      return settledOn(event.plan);
    case 'plan-read':
      if (state.phase !== 'reading') return state;
      if (event.plan !== null && event.plan !== 'free') return settledOn(event.plan);
      return state.retry >= PLAN_MAX_RETRIES ? settledOn(null) : { phase: 'waiting', retry: state.retry };
    case 'retry-due':
      return state.phase === 'waiting' ? { phase: 'reading', retry: state.retry + 1 } : state;
  }
}

/** 'Updating your subscription... (Attempt n/5)' during the retries; null during the first read. */
export function attemptMessage(state: PlanConfirmation): string | null {
  if (state.phase === 'settled' || state.retry === 0) return null;
  return `Updating your subscription... (Attempt ${state.retry}/${PLAN_MAX_RETRIES})`;
}
