import { describe, expect, it } from 'vitest';
import {
  attemptMessage,
  confirmPlan,
  firstRead,
  PLAN_MAX_RETRIES,
  type PlanConfirmation,
  type PlanConfirmationEvent,
} from './planConfirmation';

function run(...events: PlanConfirmationEvent[]): PlanConfirmation {
  return events.reduce(confirmPlan, firstRead);
}

const readFree: PlanConfirmationEvent = { type: 'plan-read', plan: 'free' };
const retryDue: PlanConfirmationEvent = { type: 'retry-due' };

describe('confirmPlan', () => {
  it('settles on the paid plan the first read finds', () => {
    expect(run({ type: 'plan-read', plan: 'premium' })).toEqual({ phase: 'settled', paidPlan: 'premium' });
  });

  it('waits after a read that still says free, then reads again with the next attempt', () => {
    expect(run(readFree)).toEqual({ phase: 'waiting', retry: 0 });
    expect(run(readFree, retryDue)).toEqual({ phase: 'reading', retry: 1 });
  });

  it('gives up after the fifth retry still reads free', () => {
    const fourRetries = Array.from({ length: PLAN_MAX_RETRIES - 1 }, () => [readFree, retryDue]).flat();
    const fifthRetry = run(...fourRetries, readFree, retryDue);
    expect(fifthRetry).toEqual({ phase: 'reading', retry: 5 });

    expect(confirmPlan(fifthRetry, readFree)).toEqual({ phase: 'settled', paidPlan: null });
  });

  it('counts a failed read as still free', () => {
    expect(run({ type: 'plan-read', plan: null })).toEqual({ phase: 'waiting', retry: 0 });
  });

  it('settles at once on a plan change, waiting or reading', () => {
    expect(run(readFree, { type: 'plan-changed', plan: 'basic' })).toEqual({ phase: 'settled', paidPlan: 'basic' });
    expect(run({ type: 'plan-changed', plan: 'premium' })).toEqual({ phase: 'settled', paidPlan: 'premium' });
  });

  it('changes no more once settled', () => {
    const settled = run({ type: 'plan-read', plan: 'basic' });
    expect(confirmPlan(settled, { type: 'plan-changed', plan: 'premium' })).toBe(settled);
    expect(confirmPlan(settled, retryDue)).toBe(settled);
  });

  it('ignores a read answer while waiting and a due retry while reading', () => {
    const waiting = run(readFree);
    expect(confirmPlan(waiting, { type: 'plan-read', plan: 'premium' })).toBe(waiting);
    expect(confirmPlan(firstRead, retryDue)).toBe(firstRead);
  });
});

describe('attemptMessage', () => {
  it('says nothing during the first read, then counts the retries out of 5', () => {
    expect(attemptMessage(firstRead)).toBeNull();
    expect(attemptMessage(run(readFree, retryDue))).toBe('Updating your subscription... (Attempt 1/5)');
    expect(attemptMessage(run(readFree, retryDue, readFree))).toBe('Updating your subscription... (Attempt 1/5)');
    expect(attemptMessage({ phase: 'settled', paidPlan: null })).toBeNull();
  });
});
