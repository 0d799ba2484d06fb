import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@/lib/queryKeys';
import { deliverEvent, planChanged } from '@/test/events';
import { advance, answerPlanReads, subscriptionReads as readsOf, waitForPlanWithFakeClock } from '@/test/planReads';
import { renderRoute } from '@/test/render';
import type { PlanId } from './api/subscription';
import { PaymentApprovedPage } from './PaymentApprovedPage';

const { GET, followEventStream } = vi.hoisted(() => ({ GET: vi.fn(), followEventStream: vi.fn() }));
vi.mock('@/lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof import('@/lib/api')>()), api: { GET } }));
vi.mock('@/lib/auth', () => ({ auth: {} }));
vi.mock('@/lib/eventStream', () => ({ followEventStream }));

function answerPlans(...reads: PlanId[]) {
  answerPlanReads(GET, reads);
}

function subscriptionReads() {
  return readsOf(GET);
}

/** Lets the first read and the 5 retries, 2 s apart, run their course. */
async function runOutTheReads() {
  await advance(0);
  for (let retry = 1; retry <= 5; retry++) await advance(2_000);
}

function renderApproved(signedIn: boolean, url = '/payment-approved?session_id=cs_1&plan=premium') {
  return renderRoute(<PaymentApprovedPage signedIn={signedIn} />, { url, path: '/payment-approved' });
}

describe('PaymentApprovedPage', () => {
  waitForPlanWithFakeClock(GET, followEventStream);

  it('reads the plan again every 2 s while it reads free, showing every attempt up to 5/5', async () => {
    answerPlans('free');
    renderApproved(true);
    await advance(0);

    expect(screen.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent("We're processing your payment.");
    expect(subscriptionReads()).toBe(1);

    for (let attempt = 1; attempt <= 5; attempt++) {
      // The attempt shows for its whole wait, and while it reads.
      expect(screen.getByRole('status')).toHaveTextContent(`Updating your subscription... (Attempt ${attempt}/5)`);
      await advance(1_999);
      expect(subscriptionReads()).toBe(attempt);
      expect(screen.getByRole('status')).toHaveTextContent(`(Attempt ${attempt}/5)`);
      await advance(1);
      expect(subscriptionReads()).toBe(attempt + 1);
    }
    await advance(10_000);
    expect(subscriptionReads()).toBe(6);
  });

  it('says honestly that the plan is still Free once the reads ran out, with a way on and no success claimed', async () => {
    answerPlans('free');
    renderApproved(true);
    await runOutTheReads();

    expect(screen.getByRole('heading', { level: 1, name: 'Your plan is still Free' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Payment Successful!' })).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByText(/hasn't confirmed your payment yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Subscription Plans' })).toHaveAttribute('href', '/subscription');
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/home');
    expect(screen.getByRole('button', { name: 'Check again' })).toBeEnabled();
  });

  it('reads again from the start when asked to check again, and shows the plan when it has arrived', async () => {
    answerPlans('free', 'free', 'free', 'free', 'free', 'free', 'premium');
    renderApproved(true);
    await runOutTheReads();
    expect(subscriptionReads()).toBe(6);

    act(() => {
      screen.getByRole('button', { name: 'Check again' }).click();
    });
    await advance(0);

    expect(subscriptionReads()).toBe(7);
    expect(screen.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Premium' })).toBeInTheDocument();
  });

  it('shows the plan when the server says it changed after the reads ran out', async () => {
    answerPlans('free');
    renderApproved(true);
    await runOutTheReads();
    expect(screen.getByRole('heading', { level: 1, name: 'Your plan is still Free' })).toBeInTheDocument();

    deliverEvent(followEventStream, planChanged('basic'));
    await advance(0);

    expect(screen.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Basic' })).toBeInTheDocument();
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

  it("gives the cached profile the plan it read, so the app's frame shows it even if its event was missed", async () => {
    answerPlans('free', 'premium');
    const { queryClient } = renderApproved(true);
    queryClient.setQueryData(queryKeys.me.profile(), { id: 'user-1', subscription_plan: 'free' });
    await advance(0);
    expect(queryClient.getQueryData(queryKeys.me.profile())).toMatchObject({ subscription_plan: 'free' });

    await advance(2_000);

    expect(screen.getByRole('heading', { level: 2, name: 'Premium' })).toBeInTheDocument();
    expect(queryClient.getQueryData(queryKeys.me.profile())).toMatchObject({ subscription_plan: 'premium' });
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
    expect(screen.getByText('Updating your subscription... (Attempt 1/5)')).toBeInTheDocument();
  });

  it('says the plan could not be read when every read failed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    GET.mockResolvedValue({ data: undefined, error: undefined, response: new Response(null, { status: 500 }) });
    renderApproved(true);
    await runOutTheReads();

    expect(screen.getByRole('heading', { level: 1, name: "We couldn't read your plan" })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check again' })).toBeInTheDocument();
  });

  it('asks a signed-out visitor on an address that names no plan to log in', async () => {
    answerPlans('free');
    renderApproved(false, '/payment-approved');
    await advance(0);

    expect(screen.getByText('Log in to see your new plan.')).toBeInTheDocument();
    expect(subscriptionReads()).toBe(0);
  });
});
