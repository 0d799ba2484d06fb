import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, planListOf, subscriptionOf } from '@/test/fixtures';
import { deliverEvent, planChanged } from '@/test/events';
import { renderRoute } from '@/test/render';
import type { PlanId } from './api/subscription';
import { PaymentApprovedPage } from './PaymentApprovedPage';

const { GET, followEventStream } = vi.hoisted(() => ({ GET: vi.fn(), followEventStream: vi.fn() }));
vi.mock('@/lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof import('@/lib/api')>()), api: { GET } }));
vi.mock('@/lib/auth', () => ({ auth: {} }));
vi.mock('@/lib/eventStream', () => ({ followEventStream }));

/** The plans, and the given plans in turn for each read of the subscription (the last one repeats). */
function answerPlans(...reads: PlanId[]) {
  let read = 0;
  GET.mockImplementation((path: string) => {
    if (path === '/api/v1/plans') return Promise.resolve(answer({ plans: planListOf() }));
    const plan = reads[Math.min(read, reads.length - 1)] ?? 'free';
    read++;
    return Promise.resolve(answer(subscriptionOf({ plan })));
  });
}

function subscriptionReads() {
  return GET.mock.calls.filter(([path]) => path === '/api/v1/me/subscription').length;
}

async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

function renderApproved(signedIn: boolean, url = '/payment-approved?session_id=cs_1&plan=premium') {
  return renderRoute(<PaymentApprovedPage signedIn={signedIn} />, { url, path: '/payment-approved' });
}

describe('PaymentApprovedPage', () => {
  beforeEach(() => {
    GET.mockReset();
    followEventStream.mockReset();
    followEventStream.mockReturnValue(new Promise(() => undefined));
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads the plan again every 2 s while it reads free, at most 5 times, then shows the plan bought', async () => {
    answerPlans('free');
    renderApproved(true);
    await advance(0);

    expect(screen.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent("We're processing your payment.");
    expect(screen.queryByText(/Attempt/)).not.toBeInTheDocument();
    expect(subscriptionReads()).toBe(1);

    for (let attempt = 1; attempt <= 5; attempt++) {
      await advance(1_999);
      expect(subscriptionReads()).toBe(attempt);
      await advance(1);
      expect(subscriptionReads()).toBe(attempt + 1);
      if (attempt < 5) expect(screen.getByText(`Updating your subscription... (Attempt ${attempt}/5)`)).toBeInTheDocument();
    }

    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Premium' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Premium features' })).toHaveTextContent('Lossless (FLAC)');
    await advance(10_000);
    expect(subscriptionReads()).toBe(6);
  });

  it('stops reading as soon as the plan reads paid, and shows that plan', async () => {
    answerPlans('free', 'basic');
    renderApproved(true, '/payment-approved?plan=premium');
    await advance(0);

    await advance(2_000);

    expect(subscriptionReads()).toBe(2);
    expect(screen.getByRole('heading', { level: 2, name: 'Basic' })).toBeInTheDocument();
    await advance(10_000);
    expect(subscriptionReads()).toBe(2);
  });

  it('shows a plan already paid at the first read without waiting', async () => {
    answerPlans('premium');
    renderApproved(true);
    await advance(0);

    expect(screen.getByRole('heading', { level: 2, name: 'Premium' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('ends the wait at once when the server says the plan changed', async () => {
    answerPlans('free');
    renderApproved(true);
    await advance(0);
    expect(screen.getByRole('status')).toBeInTheDocument();

    deliverEvent(followEventStream, planChanged('premium'));
    await advance(0);

    expect(screen.getByRole('heading', { level: 2, name: 'Premium' })).toBeInTheDocument();
    await advance(10_000);
    expect(subscriptionReads()).toBe(1);
  });

  it('shows a signed-out visitor the plan the address names, without reading or following anything', async () => {
    answerPlans('free');
    renderApproved(false, '/payment-approved?plan=basic');
    await advance(0);

    expect(screen.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Basic' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/home');
    expect(subscriptionReads()).toBe(0);
    expect(followEventStream).not.toHaveBeenCalled();
  });

  it('logs a failed read and keeps waiting as for the free plan', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    GET.mockResolvedValue({ data: undefined, error: undefined, response: new Response(null, { status: 500 }) });
    renderApproved(true);
    await advance(0);

    expect(logged).toHaveBeenCalledWith('Failed to read the plan', expect.any(Error));
    await advance(2_000);
    expect(screen.getByText('Updating your subscription... (Attempt 1/5)')).toBeInTheDocument();
  });
});
