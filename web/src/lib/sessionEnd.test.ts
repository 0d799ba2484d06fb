import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeSession, sessionFetch, SETTLE_LIMIT_MS, withSession } from './sessionEnd';

/** A fetch whose answers the test gives, one by one; `order` notes each answer as it arrives. */
function pendingFetch(order: string[] = []) {
  const answers: ((response: Response) => void)[] = [];
  const fetch = vi.fn(
    (input: string) =>
      new Promise<Response>((resolve) => {
        answers.push((response) => {
          order.push(`${input} answered`);
          resolve(response);
        });
      }),
  );
  return { fetch, answer: (index: number) => answers[index]?.(new Response('{}')) };
}

describe('changeSession', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('signs out only once the requests already sent have been answered', async () => {
    const order: string[] = [];
    const network = pendingFetch(order);
    vi.stubGlobal('fetch', network.fetch);
    const first = sessionFetch('/api/v1/ads?slot=banner');
    const second = sessionFetch('/auth/v1/user');

    const ended = changeSession(() => {
      order.push('signed out');
      return Promise.resolve('done');
    });
    await vi.advanceTimersByTimeAsync(100);
    expect(order).toEqual([]);

    network.answer(0);
    await first;
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual(['/api/v1/ads?slot=banner answered']);

    network.answer(1);
    await second;
    await expect(ended).resolves.toBe('done');
    expect(order).toEqual(['/api/v1/ads?slot=banner answered', '/auth/v1/user answered', 'signed out']);
  });

  it('does not wait longer than its limit for a request that hangs', async () => {
    const network = pendingFetch();
    vi.stubGlobal('fetch', network.fetch);
    const hanging = sessionFetch('/api/v1/tracks');
    const signOut = vi.fn(() => Promise.resolve());

    const ended = changeSession(signOut);
    await vi.advanceTimersByTimeAsync(SETTLE_LIMIT_MS - 1);
    expect(signOut).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await ended;
    expect(signOut).toHaveBeenCalledOnce();
    network.answer(0);
    await hanging;
  });

  it('holds what waits for the session until the sign-out is over, even a failed one', async () => {
    const order: string[] = [];
    let finishSignOut: (error: Error) => void = () => undefined;
    const ended = changeSession(
      () =>
        new Promise<never>((_, reject) => {
          finishSignOut = reject;
        }),
    );
    const held = withSession(() => {
      order.push('request sent');
      return Promise.resolve();
    });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(order).toEqual([]);

    finishSignOut(new Error('offline'));
    await expect(ended).rejects.toThrow('offline');
    await held;
    expect(order).toEqual(['request sent']);
  });

  it('lets a request through at once when no sign-out is under way', async () => {
    await expect(withSession(() => Promise.resolve('sent'))).resolves.toBe('sent');
  });

  it('waits for a request that was reading its token when the sign-out began', async () => {
    const order: string[] = [];
    const network = pendingFetch(order);
    vi.stubGlobal('fetch', network.fetch);
    let giveToken: (token: string) => void = () => undefined;
    const tokenRead = new Promise<string>((resolve) => {
      giveToken = resolve;
    });
    const request = withSession(async () => {
      const token = await tokenRead;
      return fetch(`/api/v1/ads?slot=banner&token=${token}`);
    });

    const ended = changeSession(() => {
      order.push('signed out');
      return Promise.resolve();
    });
    await vi.advanceTimersByTimeAsync(100);
    giveToken('old');
    await vi.advanceTimersByTimeAsync(100);
    expect(order).toEqual([]);

    network.answer(0);
    await request;
    await ended;
    expect(order).toEqual(['/api/v1/ads?slot=banner&token=old answered', 'signed out']);
  });
});
