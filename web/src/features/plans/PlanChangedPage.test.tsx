import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deliverEvent, planChanged } from '@/test/events';
import { advance, answerPlanReads, subscriptionReads as readsOf, waitForPlanWithFakeClock } from '@/test/planReads';
import { renderRoute } from '@/test/render';
import type { PlanId } from './api/subscription';
import { PlanChangedPage } from './PlanChangedPage';

const { GET, followEventStream } = vi.hoisted(() => ({ GET: vi.fn(), followEventStream: vi.fn() }));
vi.mock('@/lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof import('@/lib/api')>()), api: { GET } }));
vi.mock('@/lib/auth', () => ({ auth: {} }));
vi.mock('@/lib/eventStream', () => ({ followEventStream }));

// Noon UTC: the same calendar day in every time zone the tests may run in.
const periodEnd = '2026-12-28T12:00:00Z';

function answerPlans(...reads: PlanId[]) {
  answerPlanReads(GET, reads, { status: 'active', current_period_end: periodEnd });
}

function subscriptionReads() {
  return readsOf(GET);
}

/** The wait is over: no read of the plan follows. */
async function expectNoMoreReads() {
  const reads = subscriptionReads();
  await advance(10_000);
  expect(subscriptionReads()).toBe(reads);
}

function renderChanged(url: string) {
  return renderRoute(<PlanChangedPage />, {
    url,
    path: '/subscription/changed',
    otherRoutes: [{ path: '/subscription', element: <h1>Choose Your Plan</h1> }],
  });
}

describe('PlanChangedPage', () => {
  waitForPlanWithFakeClock(GET, followEventStream);

  it('waits for the plan to read Basic, then says the plan is now Basic and what is paid, never a payment', async () => {
    answerPlans('premium', 'basic');
    renderChanged('/subscription/changed?plan=basic&from=premium');
    await advance(0);

    expect(screen.getByRole('heading', { level: 1, name: 'Changing your plan to Basic' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Updating your subscription... (Attempt 1/5)');

    await advance(2_000);

    expect(screen.getByRole('heading', { level: 1, name: 'Your plan is now Basic' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Basic features' })).toHaveTextContent('High quality (320kbps)');
    expect(
      screen.getByText(
        'Nothing is charged today. Your next bill, on December 28, 2026, is reduced by the difference between Premium and Basic for the rest of this billing period; after that, Basic costs $4.99/month.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Payment Successful/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/home');
    expect(screen.getByRole('link', { name: 'Back to Subscription Plans' })).toHaveAttribute('href', '/subscription');
    await expectNoMoreReads();
  });

  it('says what an upgrade adds to the next bill', async () => {
    answerPlans('premium');
    renderChanged('/subscription/changed?plan=premium&from=basic');
    await advance(0);

    expect(screen.getByRole('heading', { level: 1, name: 'Your plan is now Premium' })).toBeInTheDocument();
    expect(screen.getByText(/adds the difference between Basic and Premium/)).toBeInTheDocument();
  });

  it('ends the wait at once when the server says the plan changed to Basic', async () => {
    answerPlans('premium');
    renderChanged('/subscription/changed?plan=basic&from=premium');
    await advance(0);

    deliverEvent(followEventStream, planChanged('basic'));
    await advance(0);

    expect(screen.getByRole('heading', { level: 1, name: 'Your plan is now Basic' })).toBeInTheDocument();
    await expectNoMoreReads();
  });

  it('says the plan it read when the change is not confirmed after 5 attempts, with a way on', async () => {
    answerPlans('premium');
    renderChanged('/subscription/changed?plan=basic&from=premium');
    await advance(0);
    for (let retry = 1; retry <= 5; retry++) {
      expect(screen.getByRole('status')).toHaveTextContent(`(Attempt ${retry}/5)`);
      await advance(2_000);
    }

    expect(subscriptionReads()).toBe(6);
    expect(screen.getByRole('heading', { level: 1, name: 'Your plan is still Premium' })).toBeInTheDocument();
    expect(screen.getByText(/hasn't confirmed the change to Basic yet/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check again' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Back to Subscription Plans' })).toHaveAttribute('href', '/subscription');
  });

  it('sends an address without a paid plan to the subscription page', async () => {
    answerPlans('premium');
    const { router } = renderChanged('/subscription/changed?plan=free');
    await advance(0);

    expect(router.state.location.pathname).toBe('/subscription');
    expect(subscriptionReads()).toBe(0);
  });
});
