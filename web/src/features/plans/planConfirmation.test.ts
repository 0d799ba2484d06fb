import { describe, expect, it } from 'vitest';
import {
  attemptMessage,
  confirmPlan,
  firstRead,
  isAwaitedPlan,
  PLAN_MAX_RETRIES,
  type AwaitedPlan,
  type PlanConfirmation,
  type PlanConfirmationEvent,
} from './planConfirmation';

function run(awaited: AwaitedPlan, ...events: PlanConfirmationEvent[]): PlanConfirmation {
  return events.reduce(confirmPlan(awaited), firstRead);
}

const readFree: PlanConfirmationEvent = { type: 'plan-read', plan: 'free' };
const readPremium: PlanConfirmationEvent = { type: 'plan-read', plan: 'premium' };
const retryDue: PlanConfirmationEvent = { type: 'retry-due' };
/** The reads of the first attempt and of the 5 retries, each still free, with the waits between. */
const everyReadFree = [readFree, ...Array.from({ length: PLAN_MAX_RETRIES }, () => [retryDue, readFree]).flat()];

describe('isAwaitedPlan', () => {
  it('awaits any paid plan after a payment, one plan after a change', () => {
    expect(['free', 'basic', 'premium', null].map((plan) => isAwaitedPlan('any-paid', plan as never))).toEqual([
      false,
      true,
      true,
      false,
    ]);
    expect(isAwaitedPlan('basic', 'basic')).toBe(true);
    expect(isAwaitedPlan('basic', 'premium')).toBe(false);
  });
});

describe('confirmPlan', () => {
  it('settles on the awaited plan the first read finds', () => {
    expect(run('any-paid', readPremium)).toEqual({ phase: 'settled', plan: 'premium', arrived: true });
  });

  it('waits after a read without the awaited plan, then reads again as the next attempt', () => {
    expect(run('any-paid', readFree)).toEqual({ phase: 'waiting', retry: 1 });
    expect(run('any-paid', readFree, retryDue)).toEqual({ phase: 'reading', retry: 1 });
  });

  it('waits for the plan a change asked for, not any paid plan', () => {
    expect(run('basic', readPremium)).toEqual({ phase: 'waiting', retry: 1 });
    expect(run('basic', readPremium, retryDue, { type: 'plan-read', plan: 'basic' })).toEqual({
      phase: 'settled',
      plan: 'basic',
      arrived: true,
    });
  });

  it('gives up after the fifth retry, with the plan it read', () => {
    const fifthRetry = run('any-paid', ...everyReadFree.slice(0, -1));
    expect(fifthRetry).toEqual({ phase: 'reading', retry: 5 });

    expect(confirmPlan('any-paid')(fifthRetry, readFree)).toEqual({ phase: 'settled', plan: 'free', arrived: false });
    expect(run('basic', readPremium, ...everyReadFree.slice(1, -1), readPremium)).toEqual({
      phase: 'settled',
      plan: 'premium',
      arrived: false,
    });
  });

  it('counts a failed read as not yet, and ends on no plan when the last read failed', () => {
    const failed: PlanConfirmationEvent = { type: 'plan-read', plan: null };
    expect(run('any-paid', failed)).toEqual({ phase: 'waiting', retry: 1 });
    expect(run('any-paid', ...everyReadFree.slice(0, -1), failed)).toEqual({ phase: 'settled', plan: null, arrived: false });
  });

  it('settles at once when the server says the awaited plan arrived, waiting or reading', () => {
    expect(run('any-paid', readFree, { type: 'plan-changed', plan: 'basic' })).toEqual({
      phase: 'settled',
      plan: 'basic',
      arrived: true,
    });
    expect(run('any-paid', { type: 'plan-changed', plan: 'premium' })).toEqual({
      phase: 'settled',
      plan: 'premium',
      arrived: true,
    });
    expect(run('basic', readPremium, { type: 'plan-changed', plan: 'premium' })).toEqual({ phase: 'waiting', retry: 1 });
  });

  it('still hears the plan arrive after the reads ran out', () => {
    const gaveUp = run('any-paid', ...everyReadFree);

    expect(confirmPlan('any-paid')(gaveUp, { type: 'plan-changed', plan: 'premium' })).toEqual({
      phase: 'settled',
      plan: 'premium',
      arrived: true,
    });
  });

  it('starts over when asked to check again after the reads ran out', () => {
    const gaveUp = run('any-paid', ...everyReadFree);

    expect(confirmPlan('any-paid')(gaveUp, { type: 'check-again' })).toEqual(firstRead);
  });

  it('changes no more once the plan arrived', () => {
    const settled = run('any-paid', { type: 'plan-read', plan: 'basic' });
    const confirm = confirmPlan('any-paid');
    expect(confirm(settled, { type: 'plan-changed', plan: 'free' })).toBe(settled);
    expect(confirm(settled, retryDue)).toBe(settled);
    expect(confirm(settled, { type: 'check-again' })).toBe(settled);
  });

  it('ignores a read answer while waiting and a due retry or a check while reading', () => {
    const confirm = confirmPlan('any-paid');
    const waiting = run('any-paid', readFree);
    expect(confirm(waiting, readPremium)).toBe(waiting);
    expect(confirm(firstRead, retryDue)).toBe(firstRead);
    expect(confirm(firstRead, { type: 'check-again' })).toBe(firstRead);
  });
});

describe('attemptMessage', () => {
  it('says nothing during the first read, then shows every attempt from its wait to its answer, up to 5/5', () => {
    expect(attemptMessage(firstRead)).toBeNull();
    const seen = everyReadFree.map((_, count) => attemptMessage(run('any-paid', ...everyReadFree.slice(0, count + 1))));

    expect(seen.filter((message) => message !== null)).toEqual([
      ...[1, 2, 3, 4, 5].flatMap((n) => [
        `Updating your subscription... (Attempt ${n}/5)`,
        `Updating your subscription... (Attempt ${n}/5)`,
      ]),
    ]);
    expect(seen.at(-1)).toBeNull();
  });
});
