import { appendFile, cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newListener, signUp } from './support/accounts';
import { chromiumArgs, launchBrowser, screenshotPath, skipReason, visible } from './support/browser';
import { chromiumPath } from './support/chromium';
import { startServer, type RunningServer } from './support/server';

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const OFFLINE_BANNER = "You're offline. Downloaded music still plays.";

/** Opens `pathname` in a browser context of its own and waits until the service worker controls the page. */
async function openControlled(browser: Browser, baseUrl: string, pathname: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${baseUrl}${pathname}`);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
  return page;
}

/** The page's banner saying it is offline. */
function offlineBanner(page: Page) {
  return page.getByRole('status').filter({ hasText: OFFLINE_BANNER });
}

describe.skipIf(skipReason !== '')('the installable app', () => {
  let browser: Browser;
  let server: RunningServer;
  // The server serves a copy of the build, so one journey can deploy a new service worker.
  let servedDist: string;

  beforeAll(async () => {
    servedDist = await mkdtemp(path.join(tmpdir(), 'backbeat-e2e-web-'));
    await cp(webDist, servedDist, { recursive: true });
    server = await startServer({ BACKBEAT_WEB_DIR: servedDist });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
    await server.stop();
    await rm(servedDist, { recursive: true, force: true });
  });

  it('is installable: a valid manifest, and a service worker that controls the page', async () => {
    const manifest = await fetch(`${server.baseUrl}/manifest.webmanifest`);
    expect(manifest.headers.get('content-type')).toBe('application/manifest+json');
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(await manifest.json()).toMatchObject({
      name: 'Backbeat',
      short_name: 'Backbeat',
      start_url: '/home',
      scope: '/',
      display: 'standalone',
      theme_color: '#09080f',
      background_color: '#09080f',
    });
    const worker = await fetch(`${server.baseUrl}/sw.js`);
    expect(worker.headers.get('content-type')).toMatch(/^text\/javascript|^application\/javascript/);
    expect(worker.headers.get('cache-control')).toBe('no-cache');

    // Chromium installs nothing from an incognito profile, which every other context here is.
    const profile = await mkdtemp(path.join(tmpdir(), 'backbeat-e2e-profile-'));
    const context = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath, args: chromiumArgs });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${server.baseUrl}/`);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
      const cdp = await context.newCDPSession(page);
      const parsed = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
      const installability = await cdp.send('Page.getInstallabilityErrors');

      expect(parsed.url).toBe(`${server.baseUrl}/manifest.webmanifest`);
      expect(parsed.errors).toEqual([]);
      expect(installability.installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    }
  });

  it('opens public pages offline, with the offline banner', async () => {
    const page = await openControlled(browser, server.baseUrl, '/');
    await page.context().setOffline(true);

    await page.goto(`${server.baseUrl}/faq`);
    await visible(page.getByRole('heading', { name: 'Frequently asked questions' }));
    await visible(offlineBanner(page));
    await page.screenshot({ path: screenshotPath('pwa-offline-faq.png') });

    await page.goto(`${server.baseUrl}/privacy-policy`);
    await visible(page.getByRole('heading', { name: 'Privacy Policy' }));
    await visible(offlineBanner(page));
    await page.close();
  });

  it('opens the signed-in app offline on an expired session, and renews it when the network returns', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const listener = newListener('Offline Listener');
    await signUp(page, listener, server.baseUrl);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
    // The access token has run out since: the app must renew it, and cannot offline.
    await page.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem('backbeat-auth') ?? 'null') as { expires_at: number } | null;
      if (!stored) throw new Error('no session in localStorage under backbeat-auth');
      stored.expires_at = Math.floor(Date.now() / 1000) - 3600;
      localStorage.setItem('backbeat-auth', JSON.stringify(stored));
    });
    await page.context().setOffline(true);

    await page.reload();

    await visible(page.getByRole('link', { name: 'My Library' }));
    await visible(offlineBanner(page));
    await visible(page.getByText("You're offline. This will load when you're back online."));
    expect(await page.getByRole('link', { name: 'Log In', exact: true }).count()).toBe(0);
    await page.screenshot({ path: screenshotPath('pwa-offline-home.png') });

    await page.goto(`${server.baseUrl}/library`);
    await visible(page.getByRole('link', { name: 'My Library' }));
    await visible(offlineBanner(page));

    await page.context().setOffline(false);

    await offlineBanner(page).waitFor({ state: 'detached' });
    // The profile, held while the session could not be renewed, loads with the renewed one.
    await visible(page.getByText(listener.name).first());
    await page.getByRole('link', { name: 'Home' }).first().click();
    await visible(page.getByRole('heading', { level: 1, name: /^Welcome, / }));
    await page.close();
  }, 90_000);

  it('offers a new version once it is deployed, and reloads into it', async () => {
    const page = await openControlled(browser, server.baseUrl, '/faq');
    await visible(page.getByRole('heading', { name: 'Frequently asked questions' }));
    const firstWorker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    await page.evaluate(() => {
      (window as unknown as { beforeUpdate: boolean }).beforeUpdate = true;
    });

    await appendFile(path.join(servedDist, 'sw.js'), `\n// deployed ${Date.now()}\n`);
    // The app checks for a new version when it comes back into view.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));

    await visible(page.getByText('A new version is available'));
    const reloaded = page.waitForEvent('load', { timeout: 20_000 });
    await page.getByRole('button', { name: 'Reload' }).click();
    await reloaded;

    await visible(page.getByRole('heading', { name: 'Frequently asked questions' }));
    expect(await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate)).toBeUndefined();
    const state = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return { waiting: Boolean(registration?.waiting), controller: navigator.serviceWorker.controller?.scriptURL };
    });
    expect(state).toEqual({ waiting: false, controller: firstWorker });
    expect(await page.getByText('A new version is available').count()).toBe(0);
    await page.close();
  }, 60_000);
});
