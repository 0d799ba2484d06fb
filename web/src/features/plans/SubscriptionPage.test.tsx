import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, failure, planListOf, subscriptionOf } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import type { Subscription } from './api/subscription';
import { SubscriptionPage } from './SubscriptionPage';

const { GET, POST, leaveFor } = vi.hoisted(() => ({ GET: vi.fn(), POST: vi.fn(), leaveFor: vi.fn() }));
vi.mock('@/lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof import('@/lib/api')>()), api: { GET, POST } }));
vi.mock('@/lib/auth', () => ({ auth: {} }));
vi.mock('./leavePage', () => ({ leaveFor }));

const invalidCoupon = { code: 'invalid_coupon', status: 400, message: 'Invalid coupon: the code SPRING is not valid.' };
const providerDown = { code: 'payment_provider_failed', status: 502, message: 'The payment provider could not be reached.' };
const downgradeQuestion =
  'Are you sure you want to downgrade to the Free plan? This will cancel your current subscription.';
// Noon UTC: the same calendar day in every time zone the tests may run in.
const periodEnd = '2026-12-25T12:00:00Z';

function answerWith(subscription: Subscription | 'fails') {
  GET.mockImplementation((path: string) => {
    if (path === '/api/v1/plans') return Promise.resolve(answer({ plans: planListOf() }));
    if (subscription === 'fails') return Promise.resolve(failure({ code: 'internal', status: 500, message: 'Boom' }));
    return Promise.resolve(answer(subscription));
  });
}

function renderSubscription(subscription: Subscription | 'fails') {
  answerWith(subscription);
  return renderRoute(<SubscriptionPage />, { url: '/subscription' });
}

async function card(name: string) {
  return screen.findByRole('article', { name });
}

describe('SubscriptionPage', () => {
  beforeEach(() => {
    GET.mockReset();
    POST.mockReset();
    leaveFor.mockReset();
  });

  it('shows the three plans with their prices, marking the free plan as current', async () => {
    renderSubscription(subscriptionOf());

    expect(screen.getByRole('heading', { level: 1, name: 'Choose Your Plan' })).toBeInTheDocument();
    const free = await card('Free');
    expect(free).toHaveTextContent('$0/month');
    expect(within(free).getByText('Current Plan', { selector: 'span' })).toBeInTheDocument();
    expect(within(free).getByRole('button', { name: 'Current Plan' })).toBeDisabled();
    expect(await card('Basic')).toHaveTextContent('$4.99/month');
    expect(within(await card('Basic')).getByRole('button', { name: 'Upgrade to Basic' })).toBeEnabled();
    expect(within(await card('Premium')).getByRole('button', { name: 'Upgrade to Premium' })).toBeEnabled();
    expect(within(await card('Premium')).getByRole('list', { name: 'Premium features' })).toHaveTextContent('Lossless (FLAC)');
  });

  it('marks a paid plan as current with the day it renews', async () => {
    renderSubscription(subscriptionOf({ plan: 'basic', status: 'active', current_period_end: periodEnd }));

    const basic = await card('Basic');
    expect(within(basic).getByRole('button', { name: 'Current Plan' })).toBeDisabled();
    expect(basic).toHaveTextContent('Renews on December 25, 2026');
    expect(within(await card('Free')).getByRole('button', { name: 'Downgrade to Free' })).toBeEnabled();
    expect(within(await card('Premium')).getByRole('button', { name: 'Upgrade to Premium' })).toBeEnabled();
  });

  it('says when a cancelled plan ends, and asks no second downgrade', async () => {
    renderSubscription(
      subscriptionOf({ plan: 'premium', status: 'active', current_period_end: periodEnd, cancel_at_period_end: true }),
    );

    expect(await card('Premium')).toHaveTextContent('Ends on December 25, 2026');
    expect(within(await card('Free')).getByRole('button', { name: 'Downgrade to Free' })).toBeDisabled();
    expect(within(await card('Basic')).getByRole('button', { name: 'Switch to Basic' })).toBeEnabled();
  });

  it('offers the promo code field to free and basic users, not to premium ones', async () => {
    const { unmount } = renderSubscription(subscriptionOf({ plan: 'basic' }));
    expect(await screen.findByLabelText('Promo code')).toBeInTheDocument();
    unmount();

    renderSubscription(subscriptionOf({ plan: 'premium' }));
    await card('Premium');
    expect(screen.queryByLabelText('Promo code')).not.toBeInTheDocument();
  });

  it('sends the chosen plan and promo code, then leaves for the checkout page, busy until it has', async () => {
    POST.mockResolvedValue(answer({ id: 'cs_1', url: 'https://checkout.example/cs_1' }));
    const { user } = renderSubscription(subscriptionOf());

    await user.type(await screen.findByLabelText('Promo code'), '  SPRING ');
    await user.click(within(await card('Premium')).getByRole('button', { name: 'Upgrade to Premium' }));

    expect(POST).toHaveBeenCalledWith('/api/v1/checkout-sessions', { body: { plan_id: 'premium', promo_code: 'SPRING' } });
    expect(leaveFor).toHaveBeenCalledWith('https://checkout.example/cs_1');
    expect(within(await card('Premium')).getByRole('button', { name: 'Processing…' })).toBeDisabled();
    expect(within(await card('Basic')).getByRole('button', { name: 'Upgrade to Basic' })).toBeDisabled();
  });

  it('sends no promo code when the field is empty', async () => {
    POST.mockResolvedValue(answer({ id: 'cs_2', url: '/payment-approved?plan=basic' }));
    const { user } = renderSubscription(subscriptionOf());

    await user.click(within(await card('Basic')).getByRole('button', { name: 'Upgrade to Basic' }));

    expect(POST).toHaveBeenCalledWith('/api/v1/checkout-sessions', { body: { plan_id: 'basic', promo_code: null } });
  });

  it("shows 'Invalid promo code.' under the field for a refused code, and clears it when the code is edited", async () => {
    POST.mockResolvedValue(failure(invalidCoupon));
    const { user } = renderSubscription(subscriptionOf());
    const field = await screen.findByLabelText('Promo code');
    await user.type(field, 'SPRING');

    await user.click(within(await card('Basic')).getByRole('button', { name: 'Upgrade to Basic' }));

    expect(await screen.findByText('Invalid promo code.')).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Invalid promo code.'));
    expect(field).toBeInvalid();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(within(await card('Basic')).getByRole('button', { name: 'Upgrade to Basic' })).toBeEnabled();
    expect(leaveFor).not.toHaveBeenCalled();

    await user.type(field, '2');

    expect(screen.queryByText('Invalid promo code.')).not.toBeInTheDocument();
    expect(field).toBeValid();
  });

  it('shows the generic alert for any other checkout failure', async () => {
    POST.mockResolvedValue(failure(providerDown));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderSubscription(subscriptionOf());

    await user.click(within(await card('Premium')).getByRole('button', { name: 'Upgrade to Premium' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to process subscription. Please try again.');
    expect(screen.queryByText('Invalid promo code.')).not.toBeInTheDocument();
    expect(leaveFor).not.toHaveBeenCalled();
  });

  it('asks before downgrading, and cancels nothing when the answer is no', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { user } = renderSubscription(subscriptionOf({ plan: 'premium', current_period_end: periodEnd }));

    await user.click(within(await card('Free')).getByRole('button', { name: 'Downgrade to Free' }));

    expect(confirm).toHaveBeenCalledWith(downgradeQuestion);
    expect(POST).not.toHaveBeenCalled();
  });

  it('says the downgrade was requested once the cancellation is accepted', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    POST.mockResolvedValue({
      data: { status: 'cancel_requested' },
      error: undefined,
      response: new Response(null, { status: 202 }),
    });
    const { user } = renderSubscription(subscriptionOf({ plan: 'premium', current_period_end: periodEnd }));

    await user.click(within(await card('Free')).getByRole('button', { name: 'Downgrade to Free' }));

    expect(POST).toHaveBeenCalledWith('/api/v1/subscription/cancel');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Downgrade request submitted. Your plan will be updated shortly.',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the downgrade failed when the cancellation is refused', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    POST.mockResolvedValue(failure({ code: 'no_subscription', status: 409, message: 'There is no subscription to cancel.' }));
    const { user } = renderSubscription(subscriptionOf({ plan: 'basic' }));

    await user.click(within(await card('Free')).getByRole('button', { name: 'Downgrade to Free' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to downgrade plan. Please try again.');
    expect(within(await card('Free')).getByRole('button', { name: 'Downgrade to Free' })).toBeEnabled();
  });

  it('tells a subscriber whose last payment failed', async () => {
    renderSubscription(subscriptionOf({ plan: 'basic', payment_failed: true }));

    expect(await screen.findByText(/Your last payment failed\./)).toBeInTheDocument();
  });

  it('logs a failed read of the plan and shows the plans as for the free plan', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderSubscription('fails');

    expect(within(await card('Free')).getByRole('button', { name: 'Current Plan' })).toBeDisabled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Failed to read the plan', expect.any(Error));
  });
});
