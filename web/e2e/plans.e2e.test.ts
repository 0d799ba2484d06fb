import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { avatarPng, newListener, signUp, submitLogin, type Listener } from './support/accounts';
import { answered, screenshotPath, skipReason, visible } from './support/browser';
import { uploadReadyTrack } from './support/catalog';
import { launchListeningBrowser } from './support/listening';
import { DECLINED_CARD, payInSandboxCheckout } from './support/plans';
import { startServer, type RunningServer } from './support/server';

const JOURNEY_TIMEOUT_MS = 120_000;
const PROMO = 'LAUNCH20';
const BANNER_TITLE = 'Midnight Gig Tickets';
const CONFIRM_DOWNGRADE =
  'Are you sure you want to downgrade to the Free plan? This will cancel your current subscription.';

/** A stand-in for an external ad network: one script that marks the page when it runs. */
function startAdNetwork(): Promise<{ server: Server; scriptUrl: string }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/javascript' });
    response.end('document.documentElement.dataset.adNetwork = "loaded";');
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, scriptUrl: `http://127.0.0.1:${port}/network.js` });
    });
  });
}

/** Every request a page makes for advertising: the ads API, the ads code, the network script. */
function recordAdRequests(page: Page, networkScriptUrl: string): string[] {
  const seen: string[] = [];
  page.on('request', (request: Request) => {
    const url = request.url();
    const { pathname } = new URL(url);
    if (pathname.startsWith('/api/v1/ads') || /\/assets\/FreePlanAds-[^/]*\.js$/.test(pathname) || url === networkScriptUrl) {
      seen.push(url);
    }
  });
  return seen;
}

function banner(page: Page) {
  return page.getByRole('complementary', { name: 'Advertisement' });
}

describe.skipIf(skipReason !== '')('plans, checkout and ads', () => {
  let server: RunningServer;
  let network: { server: Server; scriptUrl: string };
  let browser: Browser;
  let listener: Listener;
  let trackId: string;

  beforeAll(async () => {
    network = await startAdNetwork();
    // A server of its own: its ad inventory and promo codes must not reach the other journeys.
    server = await startServer({
      BACKBEAT_PROMO_CODES: `${PROMO}=20`,
      BACKBEAT_AD_NETWORK_SCRIPT_URL: network.scriptUrl,
    });
    for (const slot of ['banner', 'popup']) {
      const image = path.join(server.dataDir, `${slot}.png`);
      writeFileSync(image, avatarPng(300));
      server.command([
        'ads', 'add', '--slot', slot, '--title', slot === 'banner' ? BANNER_TITLE : 'Summer Festival',
        '--image', image, '--target', 'https://tickets.example/midnight',
      ]);
    }
    browser = await launchListeningBrowser();
    listener = newListener('Grace Hopper');
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signUp(page, listener, server.baseUrl);
    trackId = await uploadReadyTrack(page, { title: 'Lossless Lullaby', artist: listener.name, seconds: 4 }, server.baseUrl);
    await page.close();
  }, 120_000);

  afterAll(async () => {
    await browser.close();
    await server.stop();
    network.server.close();
  });

  async function signedInPage(pathname: string): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.baseUrl}/login`);
    await submitLogin(page, listener.email, listener.password);
    await page.waitForURL(`${server.baseUrl}/home`);
    if (pathname !== '/home') await page.goto(`${server.baseUrl}${pathname}`);
    return page;
  }

  it('shows a free listener the banner ad and the network script, and counts a click through its redirect', async () => {
    const page = await signedInPage('/home');
    const adRequests = recordAdRequests(page, network.scriptUrl);
    await visible(banner(page).getByRole('img', { name: BANNER_TITLE }));
    await page.waitForFunction(() => document.documentElement.dataset.adNetwork === 'loaded');
    expect(adRequests.some((url) => url === network.scriptUrl)).toBe(true);

    const link = banner(page).getByRole('link');
    const clickUrl = await link.getAttribute('href');
    expect(clickUrl).toMatch(/\/api\/v1\/ads\/.+\/clicks\?/);
    const redirect = await fetch(new URL(clickUrl ?? '', server.baseUrl), { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe('https://tickets.example/midnight');
    await page.screenshot({ path: screenshotPath('plans-free-home.png') });
    expect(server.command(['ads', 'report'])).toContain(BANNER_TITLE);
    await page.close();
  }, JOURNEY_TIMEOUT_MS);

  it('says an unknown promo code is invalid and clears the message when the code is edited', async () => {
    const page = await signedInPage('/subscription');
    const promo = await visible(page.getByLabel('Promo code'));
    await promo.fill('NOSUCHCODE');
    await page.getByRole('button', { name: 'Upgrade to Premium' }).click();
    await visible(page.getByText('Invalid promo code.'));
    await promo.fill('NOSUCHCOD');
    await page.getByText('Invalid promo code.').waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${server.baseUrl}/subscription`);
    await page.close();
  }, JOURNEY_TIMEOUT_MS);

  it('sends a declined card to /payment-failed and leaves the plan free', async () => {
    const page = await signedInPage('/subscription');
    await page.getByRole('button', { name: 'Upgrade to Basic' }).click();
    await payInSandboxCheckout(page, DECLINED_CARD);
    await page.waitForURL(`${server.baseUrl}/payment-failed`);
    await visible(page.getByRole('heading', { name: 'Payment Failed' }));
    await page.getByRole('link', { name: 'Go back to Subscription Plans' }).click();
    await page.waitForURL(`${server.baseUrl}/subscription`);
    await visible(page.getByRole('button', { name: 'Upgrade to Basic' }));
    await visible(page.getByText('Free Plan').first());
    await page.close();
  }, JOURNEY_TIMEOUT_MS);

  it('upgrades to Premium through the sandbox checkout with a promo code, then loads no ad code and streams lossless', async () => {
    const page = await signedInPage('/subscription');
    await page.getByLabel('Promo code').fill(PROMO);
    await page.getByRole('button', { name: 'Upgrade to Premium' }).click();
    await page.waitForURL(/\/checkout\/sandbox\//);
    await visible(page.getByText('Premium').first());
    await visible(page.getByText(/20\s*%/).first());
    await page.screenshot({ path: screenshotPath('plans-sandbox-checkout.png') });
    await payInSandboxCheckout(page);

    await page.waitForURL(/\/payment-approved/);
    await visible(page.getByRole('heading', { name: 'Payment Successful!' }));
    await visible(page.getByText('Lossless (FLAC)'));
    await visible(page.getByRole('heading', { level: 2, name: 'Premium' }));
    await page.getByRole('link', { name: 'Go to Home' }).click();
    await page.waitForURL(`${server.baseUrl}/home`);
    await visible(page.getByText('Premium Plan').first());
    await page.screenshot({ path: screenshotPath('plans-premium-home.png') });
    await page.close();

    // A fresh browser page, as the next visit would be: not one request for ads leaves it.
    const premium = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const adRequests = recordAdRequests(premium, network.scriptUrl);
    await premium.goto(`${server.baseUrl}/login`);
    await submitLogin(premium, listener.email, listener.password);
    await premium.waitForURL(`${server.baseUrl}/home`);
    await visible(premium.getByText('Premium Plan').first());
    const stream = premium.waitForResponse((response) => new URL(response.url()).pathname === `/api/v1/tracks/${trackId}/stream`);
    await premium.goto(`${server.baseUrl}/track/${trackId}`);
    await premium.getByRole('button', { name: 'Play', exact: true }).click();
    expect((await stream).headers()['content-type']).toBe('audio/flac');
    await premium.goto(`${server.baseUrl}/explore`);
    await visible(premium.getByRole('heading', { level: 1 }));
    await premium.waitForTimeout(3_000);
    expect(adRequests).toEqual([]);
    expect(await banner(premium).count()).toBe(0);
    await premium.close();
  }, JOURNEY_TIMEOUT_MS);

  it('downgrades to Free after the confirmation, and the ads come back', async () => {
    const page = await signedInPage('/subscription');
    await visible(page.getByText(/Renews on /));
    await page.screenshot({ path: screenshotPath('plans-subscription-premium.png') });
    let confirmation = '';
    page.once('dialog', (dialog) => {
      confirmation = dialog.message();
      void dialog.accept();
    });
    const cancelled = answered(page, 'POST', '/api/v1/subscription/cancel');
    await page.getByRole('button', { name: 'Downgrade to Free' }).click();
    expect(await cancelled).toBe(202);
    expect(confirmation).toBe(CONFIRM_DOWNGRADE);
    await visible(page.getByText('Downgrade request submitted. Your plan will be updated shortly.'));
    // The plan changes when the provider's event arrives; the open page hears of it and shows the ads again.
    await visible(page.getByText('Free Plan').first());
    await visible(banner(page).getByRole('img', { name: BANNER_TITLE }));
    await visible(page.getByRole('button', { name: 'Upgrade to Premium' }));
    await page.close();
  }, JOURNEY_TIMEOUT_MS);
});
