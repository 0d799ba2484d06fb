import { act } from '@testing-library/react';
import { afterEach, beforeEach, vi, type Mock } from 'vitest';
import type { paths } from '@/api/schema';
import { answer, planListOf, subscriptionOf } from './fixtures';

type Subscription = paths['/api/v1/me/subscription']['get']['responses'][200]['content']['application/json'];

/**
 * Makes the (mocked) `api.GET` answer the plans, and for each read of the subscription the given
 * plans in turn (the last one repeats), each with `subscription`'s other fields.
 */
export function answerPlanReads(GET: Mock, reads: readonly Subscription['plan'][], subscription: Partial<Subscription> = {}) {
  let read = 0;
  GET.mockImplementation((path: string) => {
    if (path === '/api/v1/plans') return Promise.resolve(answer({ plans: planListOf() }));
    const plan = reads[Math.min(read, reads.length - 1)] ?? 'free';
    read++;
    return Promise.resolve(answer(subscriptionOf({ ...subscription, plan })));
  });
}

/** How many times the subscription was read. */
export function subscriptionReads(GET: Mock): number {
  return GET.mock.calls.filter(([path]) => path === '/api/v1/me/subscription').length;
}

/** Moves the fake clock on by `ms`, letting React render what the timers changed. */
export async function advance(ms: number): Promise<void> {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

/**
 * Around each test of a page that waits for the plan: the mocked `api.GET` and `followEventStream`
 * reset (the live events a stream that stays open and silent), and a fake clock.
 */
export function waitForPlanWithFakeClock(GET: Mock, followEventStream: Mock): void {
  beforeEach(() => {
    GET.mockReset();
    followEventStream.mockReset();
    followEventStream.mockReturnValue(new Promise(() => undefined));
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });
}
