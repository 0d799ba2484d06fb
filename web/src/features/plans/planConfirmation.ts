import type { PaidPlanId, PlanId } from './api/subscription';

/** The plan is read again every 2 s... */
export const PLAN_RETRY_INTERVAL_MS = 2_000;
/** ...at most 5 times after the first read. */
export const PLAN_MAX_RETRIES = 5;

/**
 * The plan a page waits for: after a payment (/payment-approved), any paid plan; after a change
 * between paid plans (/subscription/changed), that plan.
 */
export type AwaitedPlan = 'any-paid' | PaidPlanId;

/**
 * Waiting for the payment provider's webhook to change the plan.
 * - `reading`: a read of the plan is under way; `retry` is 0 for the first read, then 1 to 5.
 * - `waiting`: the last read did not find the awaited plan; read `retry` (1 to 5) comes after
 *   the interval.
 * - `settled`: the wait is over: `plan` is the last plan read (null when no read succeeded) and
 *   `arrived` says whether it is the awaited one.
 */
export type PlanConfirmation =
  | { phase: 'reading'; retry: number }
  | { phase: 'waiting'; retry: number }
  | { phase: 'settled'; plan: PlanId | null; arrived: boolean };

export type PlanConfirmationEvent =
  /** A read answered this plan; `null` when it failed (logged by the caller). */
  | { type: 'plan-read'; plan: PlanId | null }
  /** The interval has passed. */
  | { type: 'retry-due' }
  /** The server said the plan changed (a live event): heard at any time, even after the reads ran out. */
  | { type: 'plan-changed'; plan: PlanId }
  /** The user asks to read the plan again after the reads ran out. */
  | { type: 'check-again' };

export const firstRead: PlanConfirmation = { phase: 'reading', retry: 0 };

export function isAwaitedPlan(awaited: AwaitedPlan, plan: PlanId | null): boolean {
  if (plan === null) return false;
  return awaited === 'any-paid' ? plan !== 'free' : plan === awaited;
}

/** The wait for `awaited`, as a reducer. */
export function confirmPlan(awaited: AwaitedPlan) {
  return (state: PlanConfirmation, event: PlanConfirmationEvent): PlanConfirmation => {
    if (state.phase === 'settled') {
      if (state.arrived) return state;
      if (event.type === 'check-again') return firstRead;
      if (event.type === 'plan-changed') return { phase: 'settled', plan: event.plan, arrived: isAwaitedPlan(awaited, event.plan) };
      return state;
    }
    switch (event.type) {
      case 'plan-changed':
        return isAwaitedPlan(awaited, event.plan) ? { phase: 'settled', plan: event.plan, arrived: true } : state;
      case 'plan-read':
        if (state.phase !== 'reading') return state;
        if (isAwaitedPlan(awaited, event.plan)) return { phase: 'settled', plan: event.plan, arrived: true };
        if (state.retry >= PLAN_MAX_RETRIES) return { phase: 'settled', plan: event.plan, arrived: false };
        return { phase: 'waiting', retry: state.retry + 1 };
      case 'retry-due':
        return state.phase === 'waiting' ? { phase: 'reading', retry: state.retry } : state;
      case 'check-again':
        return state;
    }
  };
}

/**
 * 'Updating your subscription... (Attempt n/5)' from the wait before retry n until its answer, so
 * that every attempt up to 5/5 shows for its whole interval; null during the first read.
 */
export function attemptMessage(state: PlanConfirmation): string | null {
  if (state.phase === 'settled' || state.retry === 0) return null;
  return `Updating your subscription... (Attempt ${state.retry}/${PLAN_MAX_RETRIES})`;
}
