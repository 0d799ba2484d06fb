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
  return renderRoute(<SubscriptionPage />, {
    url: '/subscription',
    otherRoutes: [{ path: '/subscription/changed', element: <h1>Plan changed</h1> }],
  });
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

  it('shows no renewal date once a cancelled subscription has left the plan Free', async () => {
    // As an older server answered: the cancelled subscription's last period end.
    renderSubscription(subscriptionOf({ plan: 'free', status: 'canceled', current_period_end: periodEnd }));

    expect(within(await card('Free')).getByRole('button', { name: 'Current Plan' })).toBeDisabled();
    expect(screen.queryByText(/Renews on|Ends on/)).not.toBeInTheDocument();
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
    POST.mockResolvedValue(answer({ id: 'cs_1', url: 'https://checkout.example/cs_1', kind: 'checkout' }));
    const { user } = renderSubscription(subscriptionOf());

    await user.type(await screen.findByLabelText('Promo code'), '  SPRING ');
    await user.click(within(await card('Premium')).getByRole('button', { name: 'Upgrade to Premium' }));

    expect(POST).toHaveBeenCalledWith('/api/v1/checkout-sessions', {
      body: { plan_id: 'premium', promo_code: 'SPRING', confirm_change: false },
    });
    expect(leaveFor).toHaveBeenCalledWith('https://checkout.example/cs_1');
    expect(within(await card('Premium')).getByRole('button', { name: 'Processing…' })).toBeDisabled();
    expect(within(await card('Basic')).getByRole('button', { name: 'Upgrade to Basic' })).toBeDisabled();
  });

  it('sends no promo code when the field is empty', async () => {
    POST.mockResolvedValue(answer({ id: 'cs_2', url: '/checkout/sandbox/cs_2', kind: 'checkout' }));
    const { user } = renderSubscription(subscriptionOf());

    await user.click(within(await card('Basic')).getByRole('button', { name: 'Upgrade to Basic' }));

    expect(POST).toHaveBeenCalledWith('/api/v1/checkout-sessions', {
      body: { plan_id: 'basic', promo_code: null, confirm_change: false },
    });
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

  it('asks before a premium user switches to Basic, naming what is lost, the price and what is paid', async () => {
    const { user } = renderSubscription(subscriptionOf({ plan: 'premium', status: 'active', current_period_end: periodEnd }));

    await user.click(within(await card('Basic')).getByRole('button', { name: 'Switch to Basic' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Switch to Basic?' });
    expect(dialog).toHaveTextContent('Basic costs $4.99/month instead of $9.99/month.');
    expect(within(dialog).getByRole('list', { name: "You'll lose" })).toHaveTextContent('Lossless (FLAC)');
    expect(within(dialog).getByRole('list', { name: "You'll lose" })).not.toHaveTextContent('Ad-free');
    expect(within(dialog).getByRole('list', { name: 'Basic features' })).toHaveTextContent('High quality (320kbps)');
    expect(dialog).toHaveTextContent('Your plan changes from Premium to Basic right away. Nothing is charged today.');
    expect(within(dialog).getByRole('button', { name: 'Keep Premium' })).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Keep Premium' }));

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(POST).not.toHaveBeenCalled();
  });

  it('changes the subscription once the switch is confirmed, and lands on the page that says what happened', async () => {
    POST.mockResolvedValue(
      answer({ id: 'op_1', url: '/subscription/changed?plan=basic&from=premium', kind: 'plan_change' }),
    );
    const { user, router } = renderSubscription(subscriptionOf({ plan: 'premium', status: 'active' }));

    await user.click(within(await card('Basic')).getByRole('button', { name: 'Switch to Basic' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Switch to Basic' }));

    expect(POST).toHaveBeenCalledWith('/api/v1/checkout-sessions', {
      body: { plan_id: 'basic', promo_code: null, confirm_change: true },
    });
    expect(await screen.findByRole('heading', { name: 'Plan changed' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?plan=basic&from=premium');
    expect(leaveFor).not.toHaveBeenCalled();
  });

  it('asks before a basic user upgrades, naming what is gained, and sends the promo code with the change', async () => {
    POST.mockResolvedValue(
      answer({ id: 'op_2', url: '/subscription/changed?plan=premium&from=basic', kind: 'plan_change' }),
    );
    const { user } = renderSubscription(subscriptionOf({ plan: 'basic', status: 'active' }));
    await user.type(await screen.findByLabelText('Promo code'), 'LAUNCH20');

    await user.click(within(await card('Premium')).getByRole('button', { name: 'Upgrade to Premium' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Upgrade to Premium?' });
    expect(dialog).toHaveTextContent('Premium costs $9.99/month instead of $4.99/month.');
    expect(within(dialog).getByRole('list', { name: "You'll gain" })).toHaveTextContent('Unlimited uploads');
    expect(dialog).toHaveTextContent('Your next bill adds the difference between Basic and Premium');
    await user.click(within(dialog).getByRole('button', { name: 'Upgrade to Premium' }));

    expect(POST).toHaveBeenCalledWith('/api/v1/checkout-sessions', {
      body: { plan_id: 'premium', promo_code: 'LAUNCH20', confirm_change: true },
    });
  });

  it('reads the plan again when the server says the page took a subscriber for a free user', async () => {
    POST.mockResolvedValue(failure({ code: 'plan_change_unconfirmed', status: 409, message: 'Confirm the change.' }));
    const { user } = renderSubscription(subscriptionOf());
    await card('Free');
    answerWith(subscriptionOf({ plan: 'premium', status: 'active' }));

    await user.click(within(await card('Basic')).getByRole('button', { name: 'Upgrade to Basic' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your plan has changed since this page was loaded. Please check it and choose again.',
    );
    expect(await within(await card('Premium')).findByRole('button', { name: 'Current Plan' })).toBeDisabled();
    expect(leaveFor).not.toHaveBeenCalled();
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
