import { randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newListener, signUp } from './support/accounts';
import { baseUrl, screenshotPath, skipReason, visible } from './support/browser';
import { uploadReadyTrack } from './support/catalog';
import { accessTokenOf, audioPlaysPast, createPlaylist, launchListeningBrowser, nowPlayingIs, playerBar } from './support/listening';
import { payInSandboxCheckout } from './support/plans';

const JOURNEY_TIMEOUT_MS = 180_000;
const OFFLINE_BANNER = "You're offline. Downloaded music still plays.";
const NOT_DOWNLOADED = 'Not downloaded: connect to the internet to play this track';
const NOT_IN_PLAN = 'Downloads are part of Basic and Premium.';
const LIMIT_REACHED =
  'Basic includes 10 hours of downloads. Remove some downloads or upgrade to Premium for unlimited offline listening.';

interface OfflinePlayOutcome {
  id: string;
  outcome: 'counted' | 'recorded' | 'refused';
  reason: string | null;
}

/** A request to the API as the user signed in on `page`, from the test (never through the page's network). */
async function apiAs(page: Page, pathname: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('Authorization', `Bearer ${await accessTokenOf(page)}`);
  return fetch(`${baseUrl}${pathname}`, { ...init, headers });
}

async function balanceUnits(page: Page): Promise<number> {
  const response = await apiAs(page, '/api/v1/me/balance');
  expect(response.status).toBe(200);
  return ((await response.json()) as { balance_units: number }).balance_units;
}

/** Pays for `plan` in the sandbox's checkout from the subscription page. */
async function subscribe(page: Page, plan: 'Basic' | 'Premium'): Promise<void> {
  await page.goto(`${baseUrl}/subscription`);
  await page.getByRole('article', { name: plan }).getByRole('button', { name: `Upgrade to ${plan}` }).click();
  await payInSandboxCheckout(page);
  await page.waitForURL(/\/payment-approved/);
  await visible(page.getByRole('heading', { level: 1, name: 'Payment Successful!' }));
}

/** The tracks' recorded lengths, changed in the journey server's SQLite database (a 10-hour upload would take minutes to process). */
function setDuration(trackId: string, seconds: number): void {
  const database = path.join(inject('dataDir'), 'backbeat.db');
  execFileSync('python3', [
    '-c',
    'import sqlite3, sys\n' +
      'db = sqlite3.connect(sys.argv[1], timeout=10)\n' +
      'db.execute("UPDATE tracks SET duration_secs = ? WHERE id = ?", (int(sys.argv[3]), sys.argv[2]))\n' +
      'db.commit()\n',
    database,
    trackId,
    String(seconds),
  ]);
}

function downloadsTab(page: Page) {
  return page.getByRole('main');
}

describe.skipIf(skipReason !== '')('offline listening', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchListeningBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it(
    'a Basic listener downloads a playlist, listens offline after a reload, and the plays count once back online',
    async () => {
      const suffix = randomUUID().slice(0, 8);
      const band = `Offline Band ${suffix}`;

      const artist = await browser.newPage();
      await signUp(artist, newListener(`Offline Artist ${suffix}`));
      const titles: [string, string, string] = [`Night Train ${suffix}`, `Low Tide ${suffix}`, `Last Ferry ${suffix}`];
      const downloaded: string[] = [];
      for (const title of titles) downloaded.push(await uploadReadyTrack(artist, { title, artist: band, seconds: 4 }));
      const onlineOnlyTitle = `Online Only ${suffix}`;
      await uploadReadyTrack(artist, { title: onlineOnlyTitle, artist: band, seconds: 4 });
      expect(await balanceUnits(artist)).toBe(0);

      const context: BrowserContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await signUp(page, newListener(`Offline Listener ${suffix}`));
      await subscribe(page, 'Basic');
      const playlistId = await createPlaylist(page, `Road Trip ${suffix}`, downloaded);

      // The playlist, downloaded from its page: progress, then 'Remove download'.
      await page.goto(`${baseUrl}/playlist/${playlistId}`);
      await page.getByRole('button', { name: 'Download', exact: true }).click();
      await visible(page.getByRole('button', { name: 'Remove download', exact: true }));
      await page.goto(`${baseUrl}/library?tab=downloads`);
      for (const title of titles) await visible(downloadsTab(page).getByText(title, { exact: true }));
      await page.screenshot({ path: screenshotPath('offline-downloads-online.png') });

      // Offline without a reload: the list greys out what is not downloaded and says why.
      await page.goto(`${baseUrl}/explore?q=${encodeURIComponent(band)}`);
      const results = page.getByRole('list', { name: `Results for "${band}"` });
      await visible(results.getByRole('button', { name: `Play ${onlineOnlyTitle}` }));
      await context.setOffline(true);
      await visible(page.getByText(OFFLINE_BANNER));
      const onlineOnly = results.getByRole('button', { name: `Play ${onlineOnlyTitle}` });
      expect(await onlineOnly.getAttribute('title')).toBe(NOT_DOWNLOADED);
      // Greyed out, yet it answers a click with the reason (aria-disabled, which Playwright will not click unforced).
      await onlineOnly.click({ force: true });
      await visible(page.getByText(NOT_DOWNLOADED));

      // A reload with no network still opens the app, signed in, on the downloads.
      await page.goto(`${baseUrl}/library?tab=downloads`);
      await visible(page.getByText(OFFLINE_BANNER));
      for (const title of titles) await visible(downloadsTab(page).getByText(title, { exact: true }));
      await page.screenshot({ path: screenshotPath('offline-downloads-offline.png') });

      // The downloads play, from the browser's copy, and seek (byte ranges from the service worker).
      const ranged = await page.evaluate(async (id) => {
        const response = await fetch(`/offline-media/audio/${id}`, { headers: { Range: 'bytes=10-19' } });
        return { status: response.status, range: response.headers.get('Content-Range'), length: (await response.arrayBuffer()).byteLength };
      }, downloaded[0]);
      expect(ranged.status).toBe(206);
      expect(ranged.range).toMatch(/^bytes 10-19\/\d+$/);
      expect(ranged.length).toBe(10);

      // The queue is the Downloads list, in its order, from its first row.
      const listed = await downloadsTab(page)
        .getByRole('list', { name: 'Downloaded tracks' })
        .getByRole('listitem')
        .evaluateAll((items) => items.map((item) => item.querySelector('a')?.textContent ?? ''));
      expect([...listed].sort()).toEqual([...titles].sort());
      const [first, second, third] = listed;
      if (!first || !second || !third) throw new Error('three downloads listed');
      const firstId = downloaded[titles.indexOf(first)];
      await downloadsTab(page).getByRole('button', { name: `Play ${first}` }).click();
      await nowPlayingIs(page, first);
      await audioPlaysPast(page, 0.2);
      const source = await page.evaluate(() => document.querySelector<HTMLAudioElement>('audio[data-active]')?.currentSrc ?? document.querySelector('audio')?.currentSrc);
      expect(source).toContain(`/offline-media/audio/${firstId}`);
      await page.evaluate(() => {
        const audio = document.querySelector<HTMLAudioElement>('audio[data-active]') ?? document.querySelector('audio');
        if (audio) audio.currentTime = 2.5;
      });
      await audioPlaysPast(page, 2.6);
      // AutoMix needs the network: switched off, with the reason.
      await playerBar(page).getByRole('button', { name: 'Open full-screen player' }).first().click();
      const fullScreen = await visible(page.getByRole('dialog', { name: first }));
      await visible(fullScreen.getByText('AutoMix needs a connection'));
      expect(await fullScreen.getByRole('button', { name: 'AutoMix' }).isDisabled()).toBe(true);
      await page.screenshot({ path: screenshotPath('offline-full-screen-player.png') });
      await page.keyboard.press('Escape');
      await fullScreen.waitFor({ state: 'detached' });
      // The queue goes on to the other downloads.
      await nowPlayingIs(page, second);
      await nowPlayingIs(page, third);
      await audioPlaysPast(page, 0.2);

      // Back online: the plays made offline are sent once, and each counted one pays the artist 21 units.
      const sent = page.waitForResponse(
        (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/v1/me/offline-plays',
      );
      await context.setOffline(false);
      const answer = await sent;
      expect(answer.status()).toBe(200);
      const body = JSON.parse(answer.request().postData() ?? '{}') as { plays: { id: string; track_id: string }[] };
      const { plays } = (await answer.json()) as { plays: OfflinePlayOutcome[] };
      expect(plays.length).toBeGreaterThanOrEqual(3);
      expect(plays.every((play) => play.outcome !== 'refused')).toBe(true);
      const counted = plays.filter((play) => play.outcome === 'counted').length;
      expect(counted).toBeGreaterThanOrEqual(1);
      await expect.poll(() => balanceUnits(artist)).toBe(21 * counted);

      // Sent again (a retry after a lost answer): the same outcomes, nothing counted twice.
      const again = await apiAs(page, '/api/v1/me/offline-plays', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(again.status).toBe(200);
      expect(((await again.json()) as { plays: OfflinePlayOutcome[] }).plays).toEqual(plays);
      expect(await balanceUnits(artist)).toBe(21 * counted);

      // A downgrade to Free ends the downloads once the app sees it.
      await page.goto(`${baseUrl}/subscription`);
      page.once('dialog', (confirmation) => void confirmation.accept());
      await page.getByRole('article', { name: 'Free' }).getByRole('button', { name: 'Downgrade to Free' }).click();
      await visible(page.getByRole('article', { name: 'Free' }).getByRole('button', { name: 'Current Plan' }));
      await page.goto(`${baseUrl}/library?tab=downloads`);
      for (const title of titles) {
        await downloadsTab(page).getByText(title, { exact: true }).waitFor({ state: 'detached', timeout: 10_000 });
      }
      // The list lets go of a download before its file leaves the cache: wait for the file.
      await expect
        .poll(
          () =>
            page.evaluate(async (id) => {
              const cache = await caches.open('backbeat-downloads');
              return (await cache.match(`/offline-media/audio/${id}`)) !== undefined;
            }, downloaded[0]),
          { timeout: 10_000 },
        )
        .toBe(false);
      await page.screenshot({ path: screenshotPath('offline-downgraded.png') });
      await context.close();
      await artist.close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it('a Free listener is told downloads come with Basic and Premium', async () => {
    const suffix = randomUUID().slice(0, 8);
    const page = await browser.newPage();
    await signUp(page, newListener(`Free Listener ${suffix}`));
    const trackId = await uploadReadyTrack(page, { title: `Free Tune ${suffix}`, artist: `Free Band ${suffix}` });
    await page.goto(`${baseUrl}/track/${trackId}`);
    // No Download button: a way to the plans, saying which ones download.
    const upgrade = await visible(page.getByRole('link', { name: 'Download', exact: true }));
    expect(await upgrade.getAttribute('href')).toBe('/subscription');
    await visible(page.getByText(NOT_IN_PLAN));
    await upgrade.click();
    await page.waitForURL(`${baseUrl}/subscription`);
    const refused = await apiAs(page, '/api/v1/me/offline/grants', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ track_ids: [trackId] }),
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('offline_not_in_plan');
    await page.close();
  }, JOURNEY_TIMEOUT_MS);

  it('a Basic listener past 10 hours of downloads is refused with the reason', async () => {
    const suffix = randomUUID().slice(0, 8);
    const page = await browser.newPage();
    await signUp(page, newListener(`Long Listener ${suffix}`));
    const band = `Long Band ${suffix}`;
    const long = await uploadReadyTrack(page, { title: `Long Night ${suffix}`, artist: band });
    const short = await uploadReadyTrack(page, { title: `Short Day ${suffix}`, artist: band });
    setDuration(long, 36_000 - 2);
    await subscribe(page, 'Basic');

    await page.goto(`${baseUrl}/track/${long}`);
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    await visible(page.getByRole('button', { name: 'Remove download', exact: true }));

    await page.goto(`${baseUrl}/track/${short}`);
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    await visible(page.getByRole('alert').filter({ hasText: LIMIT_REACHED }));
    await page.screenshot({ path: screenshotPath('offline-limit.png') });
    await visible(page.getByRole('button', { name: 'Download', exact: true }));
    await page.close();
  }, JOURNEY_TIMEOUT_MS);
});
