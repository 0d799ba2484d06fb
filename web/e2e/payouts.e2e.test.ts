import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newListener, signUp, type Listener } from './support/accounts';
import { launchBrowser, screenshotPath, skipReason, visible } from './support/browser';
import { uploadReadyTrack } from './support/catalog';
import { nextMailTo } from './support/mail';
import { startServer, type RunningServer } from './support/server';

const JOURNEY_TIMEOUT_MS = 120_000;
/** 2.10 EUR per 1,000 plays: 2,381 counted plays earn 5.0001 EUR, just over the minimum. */
const PLAYS_FOR_THE_MINIMUM = 2_381;

async function accessToken(page: Page): Promise<string> {
  const stored = await page.evaluate(() => localStorage.getItem('backbeat-auth'));
  if (!stored) throw new Error('no session in localStorage under backbeat-auth');
  return (JSON.parse(stored) as { access_token: string }).access_token;
}

describe.skipIf(skipReason !== '')('payouts', () => {
  let server: RunningServer;
  let browser: Browser;
  let artist: Listener;
  let artistPage: Page;

  beforeAll(async () => {
    // A server of its own where every play counts (no 30-minute window, no time between counted
    // plays, no budget of reports that matters), so that one listener can earn the artist the
    // minimum in a few seconds.
    server = await startServer({
      BACKBEAT_PLAY_COUNT_WINDOW_SECS: '0',
      BACKBEAT_MIN_SECS_BETWEEN_COUNTED_PLAYS: '0',
      BACKBEAT_PLAY_REPORTS_PER_MINUTE: '1000000',
    });
    browser = await launchBrowser();
    artist = newListener('Nina Simone');
    artistPage = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signUp(artistPage, artist, server.baseUrl);
    const trackId = await uploadReadyTrack(artistPage, { title: 'Feeling Good', artist: artist.name }, server.baseUrl);

    const listenerPage = await browser.newPage();
    await signUp(listenerPage, newListener('Fan'), server.baseUrl);
    const authorization = `Bearer ${await accessToken(listenerPage)}`;
    await listenerPage.close();
    let next = 0;
    const worker = async () => {
      while (next < PLAYS_FOR_THE_MINIMUM) {
        next += 1;
        const response = await fetch(`${server.baseUrl}/api/v1/tracks/${trackId}/plays`, { method: 'POST', headers: { authorization } });
        if (response.status !== 200) throw new Error(`a play answered ${response.status}: ${await response.text()}`);
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
  }, 180_000);

  afterAll(async () => {
    await browser.close();
    await server.stop();
  });

  it('tells a listener without earnings that the minimum is not reached', async () => {
    const page = await browser.newPage();
    await signUp(page, newListener('New Listener'), server.baseUrl);
    await page.goto(`${server.baseUrl}/payouts`);
    await visible(page.getByRole('heading', { level: 1, name: 'My Payouts' }));
    await visible(page.getByText('0.00 EUR').first());
    await visible(
      page.getByText(
        'Insufficient Balance: You need at least 5.00 EUR in your balance to request a withdrawal. Keep creating and sharing music!',
      ),
    );
    await visible(page.getByText('You have no previous payout requests.'));
    await page.close();
  }, JOURNEY_TIMEOUT_MS);

  it("shows a track's whole title in the earnings table on a phone when it fits", async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
    await page.goto(`${server.baseUrl}/`);
    await page.evaluate((session) => {
      localStorage.setItem('backbeat-auth', session ?? '');
    }, await artistPage.evaluate(() => localStorage.getItem('backbeat-auth')));
    await page.goto(`${server.baseUrl}/payouts`);
    const title = page.getByRole('table', { name: 'Earnings per track' }).getByRole('rowheader', { name: 'Feeling Good' });
    await visible(title);
    const { scrollWidth, clientWidth } = await title.evaluate((cell) => ({ scrollWidth: cell.scrollWidth, clientWidth: cell.clientWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    await page.screenshot({ path: screenshotPath('payouts-earnings-375.png'), fullPage: true });
    await page.close();
  }, JOURNEY_TIMEOUT_MS);

  it('lets the artist withdraw the earnings once by bank transfer, and shows what the operator decided', async () => {
    const page = artistPage;
    await page.goto(`${server.baseUrl}/payouts`);
    await visible(page.getByText('5.00 EUR').first());
    await visible(page.getByText('Minimum withdrawal amount: 5.00 EUR'));
    await visible(page.getByText('2,381').first());
    await page.getByRole('radio', { name: 'Bank Transfer' }).check();
    await page.getByLabel('Account Holder Name').fill('Nina Simone');
    await page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 01');
    await page.getByLabel('SWIFT/BIC Code').fill('DEUTDEFF');
    await page.getByRole('button', { name: 'Request Withdrawal of 5.00 EUR' }).click();
    // A mistyped IBAN fails its check digits: the server's message, and nothing is withdrawn.
    await visible(page.getByRole('alert').filter({ hasText: 'IBAN' }));

    await page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
    await page.getByRole('button', { name: 'Request Withdrawal of 5.00 EUR' }).click();
    await visible(page.getByText('Withdrawal request submitted successfully! Your balance will update once processed.'));
    await visible(page.getByText('0.00 EUR').first());
    const history = page.getByRole('list', { name: 'Withdrawals' });
    await visible(history.getByText('5.00 EUR'));
    await visible(history.getByText('Pending'));
    await visible(history.getByText(/•••• 3000/));
    await page.screenshot({ path: screenshotPath('payouts-requested.png'), fullPage: true });

    const listed = server.command(['payouts', 'list', '--status', 'pending']);
    const id = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/.exec(listed)?.[0];
    if (!id) throw new Error(`no pending withdrawal listed:\n${listed}`);
    server.command(['payouts', 'complete', id]);
    const mail = await nextMailTo(server.dataDir, artist.email, new Set());
    expect(mail.subject).toBe('Your withdrawal has been paid');
    expect(mail.body).toContain('5.00');
    expect(() => server.command(['payouts', 'reject', id, '--reason', 'too late'])).toThrow();

    await page.reload();
    await visible(page.getByRole('list', { name: 'Withdrawals' }).getByText('Completed'));
    await visible(
      page.getByText(
        'Insufficient Balance: You need at least 5.00 EUR in your balance to request a withdrawal. Keep creating and sharing music!',
      ),
    );
  }, JOURNEY_TIMEOUT_MS);
});
