import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, failure } from '@/test/fixtures';
import { renderRoute, type User } from '@/test/render';
import type { Balance, Earnings, Withdrawal, WithdrawalRequest } from './api/payouts';
import { PayoutsPage } from './PayoutsPage';

const { GET, POST } = vi.hoisted(() => ({ GET: vi.fn(), POST: vi.fn() }));
vi.mock('@/lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof import('@/lib/api')>()), api: { GET, POST } }));
vi.mock('@/lib/auth', () => ({ auth: {} }));
// A canvas cannot be drawn in the test DOM: the chart says what it was given instead.
vi.mock('./components/EarningsChart', () => ({
  default: ({ summary, days }: { summary: string; days: readonly unknown[] }) => (
    <p role="img" aria-label={summary}>{`chart of ${days.length} days`}</p>
  ),
}));

const invalidIban = { code: 'invalid_iban', status: 422, message: 'Please enter a valid IBAN.' };
const internal = { code: 'internal', status: 500, message: 'Something went wrong on our side.' };
const noEarnings: Earnings = { days: [], tracks: [] };

function balanceOf(balance_eur: string, total_plays = 0): Balance {
  const [whole = '0', cents = '0'] = balance_eur.split('.');
  return { balance_units: (Number(whole) * 100 + Number(cents)) * 100, balance_eur, minimum_eur: '5.00', total_plays };
}

// Noon UTC: the same calendar day in every time zone the tests may run in.
function withdrawalOf(overrides: Partial<Withdrawal> = {}): Withdrawal {
  return {
    id: 'w1',
    amount_units: 123_400,
    amount_eur: '12.34',
    method: 'paypal',
    details: 'ada@example.com',
    status: 'pending',
    created_at: '2026-11-20T12:00:00Z',
    processed_at: null,
    reason: null,
    ...overrides,
  };
}

interface Server {
  /** Answers of GET /me/balance, one per read; the last one repeats. 'fails' answers a 500. */
  balances: (Balance | 'fails')[];
  /** Answers of GET /withdrawals, one per read of the first page; the last one repeats. */
  histories: (Withdrawal[] | 'fails')[];
  earnings?: Earnings | 'fails';
  /** A next page of the history, after cursor 'c2'. */
  nextPage?: Withdrawal[];
}

function serve(server: Server) {
  const next = <T,>(answers: T[]): T => (answers.length > 1 ? answers.shift() : answers[0]) as T;
  GET.mockImplementation((path: string, init?: { params?: { query?: { cursor?: string } } }) => {
    if (path === '/api/v1/me/balance') {
      const balance = next(server.balances);
      return Promise.resolve(balance === 'fails' ? failure(internal) : answer(balance));
    }
    if (path === '/api/v1/withdrawals') {
      if (init?.params?.query?.cursor === 'c2') return Promise.resolve(answer({ items: server.nextPage ?? [], next_cursor: null }));
      const items = next(server.histories);
      if (items === 'fails') return Promise.resolve(failure(internal));
      return Promise.resolve(answer({ items, next_cursor: server.nextPage ? 'c2' : null }));
    }
    if (path === '/api/v1/me/earnings') {
      const earnings = server.earnings ?? noEarnings;
      return Promise.resolve(earnings === 'fails' ? failure(internal) : answer(earnings));
    }
    return Promise.reject(new Error(`unexpected GET ${path}`));
  });
}

function renderPayouts(server: Server) {
  serve(server);
  return renderRoute(<PayoutsPage />, { url: '/payouts' });
}

function withdrawalsRead() {
  return GET.mock.calls.filter(([path]) => path === '/api/v1/withdrawals').length;
}

function sent(call = 0): { body: WithdrawalRequest; key: string } {
  const [path, init] = POST.mock.calls[call] as [string, { body: WithdrawalRequest; params: { header: Record<string, string> } }];
  expect(path).toBe('/api/v1/withdrawals');
  return { body: init.body, key: init.params.header['Idempotency-Key'] ?? '' };
}

async function withdrawButton(amount: string) {
  return screen.findByRole('button', { name: `Request Withdrawal of ${amount} EUR` });
}

async function fillBank(user: User, { name = '', iban = '', swift = '' }) {
  await user.click(await screen.findByRole('radio', { name: 'Bank Transfer' }));
  if (name) await user.type(screen.getByLabelText('Account Holder Name'), name);
  if (iban) await user.type(screen.getByLabelText('IBAN'), iban);
  if (swift) await user.type(screen.getByLabelText('SWIFT/BIC Code'), swift);
}

describe('PayoutsPage', () => {
  beforeEach(() => {
    GET.mockReset();
    POST.mockReset();
    vi.restoreAllMocks();
  });

  it('shows a spinner while the balance loads, then the balance, the minimum and the total plays', async () => {
    let answerBalance: (value: unknown) => void = () => undefined;
    serve({ balances: [balanceOf('12.34', 4321)], histories: [[]] });
    const balance = GET.getMockImplementation() as (path: string) => Promise<unknown>;
    GET.mockImplementation((path: string) =>
      path === '/api/v1/me/balance'
        ? new Promise((resolve) => {
            answerBalance = resolve;
          })
        : balance(path),
    );
    renderRoute(<PayoutsPage />, { url: '/payouts' });

    expect(screen.getByRole('heading', { level: 1, name: 'My Payouts' })).toBeInTheDocument();
    expect(screen.getByText('Loading balance…')).toHaveAttribute('role', 'status');
    expect(screen.queryByText('Available balance')).not.toBeInTheDocument();

    answerBalance(answer(balanceOf('12.34', 4321)));

    const panel = await screen.findByRole('region', { name: 'Available balance' });
    expect(within(panel).getByText('12.34 EUR')).toBeInTheDocument();
    expect(within(panel).getByText('Minimum withdrawal amount: 5.00 EUR')).toBeInTheDocument();
    expect(within(panel).getByText('Total plays')).toBeInTheDocument();
    expect(within(panel).getByText('4,321')).toBeInTheDocument();
    expect(screen.queryByText('Loading balance…')).not.toBeInTheDocument();
  });

  it('offers no form below 5 EUR, saying why', async () => {
    renderPayouts({ balances: [balanceOf('4.99')], histories: [[]] });

    expect(
      await screen.findByText(
        'Insufficient Balance: You need at least 5.00 EUR in your balance to request a withdrawal. Keep creating and sharing music!',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Request Withdrawal/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('shows balance 0 and the insufficient balance text when the balance cannot be read, logging the error', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPayouts({ balances: ['fails'], histories: [[]] });

    const panel = await screen.findByRole('region', { name: 'Available balance' });
    expect(within(panel).getByText('0.00 EUR')).toBeInTheDocument();
    expect(within(panel).getByText(/^Insufficient Balance:/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Failed to read the balance', expect.anything());
  });

  it('offers PayPal (an email) or Bank Transfer (holder, IBAN, SWIFT/BIC) from 5 EUR, and the button names the amount', async () => {
    const { user } = renderPayouts({ balances: [balanceOf('5.00')], histories: [[]] });

    expect(await withdrawButton('5.00')).toBeEnabled();
    expect(screen.getByRole('radio', { name: 'PayPal' })).toBeChecked();
    expect(screen.getByLabelText('PayPal Email')).toHaveValue('');
    expect(screen.getByText('Processing takes 5-7 business days.')).toBeInTheDocument();
    expect(screen.queryByLabelText('IBAN')).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Bank Transfer' }));

    expect(screen.getByRole('radio', { name: 'Bank Transfer' })).toBeChecked();
    expect(screen.getByLabelText('Account Holder Name')).toBeInTheDocument();
    expect(screen.getByLabelText('IBAN')).toBeInTheDocument();
    expect(screen.getByLabelText('SWIFT/BIC Code')).toBeInTheDocument();
    expect(screen.queryByLabelText('PayPal Email')).not.toBeInTheDocument();
  });

  it('checks before sending, in order: a PayPal email, then every bank detail', async () => {
    const { user } = renderPayouts({ balances: [balanceOf('12.34')], histories: [[]] });

    await user.click(await withdrawButton('12.34'));
    expect(screen.getByRole('alert')).toHaveTextContent('Please provide your PayPal email.');

    await user.type(screen.getByLabelText('PayPal Email'), '   ');
    await user.click(await withdrawButton('12.34'));
    expect(screen.getByRole('alert')).toHaveTextContent('Please provide your PayPal email.');

    await fillBank(user, { name: 'Ada Lovelace', iban: 'DE89370400440532013000' });
    await user.click(await withdrawButton('12.34'));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all bank details.');

    expect(POST).not.toHaveBeenCalled();
  });

  it("shows the server's refusal in the red box", async () => {
    POST.mockResolvedValue(failure(invalidIban));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderPayouts({ balances: [balanceOf('12.34')], histories: [[]] });

    await fillBank(user, { name: 'Ada Lovelace', iban: 'DE00 1234', swift: 'DEUTDEFF' });
    await user.click(await withdrawButton('12.34'));

    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid IBAN.');
    expect(sent().body).toEqual({
      method: 'bank',
      details: { account_name: 'Ada Lovelace', iban: 'DE00 1234', swift: 'DEUTDEFF' },
    });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it("says 'Failed to request withdrawal. Please try again.' when no answer came, and a retry reuses the submission's key", async () => {
    const keys = ['key-1', 'key-2'];
    vi.spyOn(crypto, 'randomUUID').mockImplementation(() => keys.shift() as ReturnType<Crypto['randomUUID']>);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    POST.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(failure(invalidIban));
    const { user } = renderPayouts({ balances: [balanceOf('12.34')], histories: [[]] });

    await user.type(await screen.findByLabelText('PayPal Email'), 'ada@example.com');
    await user.click(await withdrawButton('12.34'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to request withdrawal. Please try again.');

    await user.click(await withdrawButton('12.34'));
    await waitFor(() => {
      expect(POST).toHaveBeenCalledTimes(2);
    });
    expect(sent(0)).toEqual({ body: { method: 'paypal', details: 'ada@example.com' }, key: 'key-1' });
    expect(sent(1).key).toBe('key-1');

    // The refusal was an answer: the next submission is a new one.
    POST.mockResolvedValueOnce(failure(invalidIban));
    await user.click(await withdrawButton('12.34'));
    await waitFor(() => {
      expect(POST).toHaveBeenCalledTimes(3);
    });
    expect(sent(2).key).toBe('key-2');
  });

  it('withdraws: says so, resets the form, shows balance 0 and reloads the history', async () => {
    const requested = withdrawalOf({ id: 'w2', amount_eur: '12.34' });
    POST.mockResolvedValue({ ...answer(requested), response: new Response(null, { status: 201 }) });
    const { user } = renderPayouts({
      balances: [balanceOf('12.34'), balanceOf('0.00')],
      histories: [[], [requested]],
    });

    await user.type(await screen.findByLabelText('PayPal Email'), ' ada@example.com ');
    await user.click(await withdrawButton('12.34'));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Withdrawal request submitted successfully! Your balance will update once processed.',
    );
    expect(sent().body).toEqual({ method: 'paypal', details: 'ada@example.com' });
    const panel = screen.getByRole('region', { name: 'Available balance' });
    expect(within(panel).getByText('0.00 EUR')).toBeInTheDocument();
    expect(within(panel).getByText(/^Insufficient Balance:/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const history = within(screen.getByRole('region', { name: 'Payout History' }));
    expect(await history.findByText('12.34 EUR')).toBeInTheDocument();
    expect(withdrawalsRead()).toBe(2);
  });

  it('leaves the form empty after a withdrawal when the new balance still allows one', async () => {
    POST.mockResolvedValue(answer(withdrawalOf()));
    const { user } = renderPayouts({ balances: [balanceOf('12.34'), balanceOf('6.00')], histories: [[]] });

    await fillBank(user, { name: 'Ada Lovelace', iban: 'DE89370400440532013000', swift: 'DEUTDEFF' });
    await user.click(await withdrawButton('12.34'));

    expect(await withdrawButton('6.00')).toBeEnabled();
    expect(screen.getByRole('radio', { name: 'PayPal' })).toBeChecked();
    expect(screen.getByLabelText('PayPal Email')).toHaveValue('');
    await user.click(screen.getByRole('radio', { name: 'Bank Transfer' }));
    expect(screen.getByLabelText('Account Holder Name')).toHaveValue('');
    expect(screen.getByLabelText('IBAN')).toHaveValue('');
    expect(screen.getByLabelText('SWIFT/BIC Code')).toHaveValue('');
  });

  it("says 'You have no previous payout requests.' for an empty history, and for one that cannot be read", async () => {
    const { unmount } = renderPayouts({ balances: [balanceOf('1.00')], histories: [[]] });
    expect(await screen.findByText('You have no previous payout requests.')).toBeInTheDocument();
    unmount();

    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPayouts({ balances: [balanceOf('1.00')], histories: ['fails'] });
    expect(await screen.findByText('You have no previous payout requests.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Failed to read the payout history', expect.anything());
  });

  it('lists each withdrawal with amount, date, method and a coloured status with its icon; Load more adds the next page', async () => {
    const { user } = renderPayouts({
      balances: [balanceOf('1.00')],
      histories: [
        [
          withdrawalOf({ id: 'w3', amount_eur: '7.50', status: 'completed', method: 'bank', details: 'Ada Lovelace · IBAN •••• 3000' }),
          withdrawalOf({ id: 'w2', amount_eur: '6.00', status: 'rejected', reason: 'The PayPal account does not exist.' }),
        ],
      ],
      nextPage: [withdrawalOf({ id: 'w1', amount_eur: '5.25', status: 'pending', created_at: '2026-10-02T12:00:00Z' })],
    });

    const list = await screen.findByRole('list', { name: 'Withdrawals' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [completed, rejected] = items as [HTMLElement, HTMLElement];
    expect(completed).toHaveTextContent('7.50 EUR');
    expect(completed).toHaveTextContent('Requested Nov 20, 2026');
    expect(completed).toHaveTextContent('Bank Transfer · Ada Lovelace · IBAN •••• 3000');
    expectStatus(completed, 'Completed', 'green');
    expect(rejected).toHaveTextContent('PayPal · ada@example.com');
    expectStatus(rejected, 'Rejected', 'red');
    expect(rejected).toHaveTextContent('Reason: The PayPal account does not exist.');

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    const pending = (await within(list).findByText('5.25 EUR')).closest('li') as HTMLElement;
    expect(pending).toHaveTextContent('Requested Oct 2, 2026');
    expectStatus(pending, 'Pending', 'yellow');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows the last 30 days in a chart and the earnings of each track in a table', async () => {
    renderPayouts({
      balances: [balanceOf('1.00')],
      histories: [[]],
      earnings: {
        days: [
          { day: '2026-11-24', plays: 1, earned_units: 21, earned_eur: '0.00' },
          { day: '2026-11-25', plays: 2000, earned_units: 42_000, earned_eur: '4.20' },
        ],
        tracks: [
          { track_id: 't1', title: 'Night Drive', plays: 2000, earned_units: 42_000, earned_eur: '4.20' },
          { track_id: 't2', title: 'Dawn', plays: 1, earned_units: 21, earned_eur: '0.00' },
        ],
      },
    });

    expect(await screen.findByRole('img', { name: 'Last 2 days: 2,001 counted plays, 4.20 EUR earned' })).toHaveTextContent(
      'chart of 2 days',
    );
    const table = screen.getByRole('table', { name: 'Earnings per track' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Track', 'Plays', 'Earnings']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['2,000', '4.20 EUR'],
      ['1', '0.00 EUR'],
    ]);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Night Drive', 'Dawn']);
  });

  it('offers to read the earnings again when they cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPayouts({ balances: [balanceOf('1.00')], histories: [[]], earnings: 'fails' });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load your earnings.");
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

function expectStatus(item: HTMLElement, label: string, colour: 'green' | 'red' | 'yellow') {
  const badge = within(item).getByText(label);
  expect(badge.className).toContain(`text-${colour}-`);
  expect(badge.querySelector('svg')).not.toBeNull();
}
