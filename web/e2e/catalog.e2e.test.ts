import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newListener, scrollsSideways, signUp } from './support/accounts';
import { baseUrl, launchBrowser, openPage, screenshotPath, skipReason, visible } from './support/browser';
import { uploadReadyTrack } from './support/catalog';

/** The narrowest phone the app is made for. */
const PHONE = { width: 360, height: 780 };

async function statValue(page: Page, label: string): Promise<string | null> {
  const card = page.getByRole('list', { name: 'Your stats' }).getByRole('link', { name: new RegExp(`^${label}`) });
  return card.locator('span span').last().textContent();
}

describe.skipIf(skipReason !== '')('catalog', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('shows the dashboard: stat cards, the newest tracks with See All, and the upgrade banner', async () => {
    const { page, problems } = await openPage(browser, '/');
    await signUp(page, newListener('Iris Bloom'));
    await uploadReadyTrack(page, { title: 'Morning Tide', artist: 'Iris Bloom', album: 'Shorelines', genre: 'Ambient' });
    await uploadReadyTrack(page, { title: 'Low Sun', artist: 'Iris Bloom', genre: 'Ambient' });

    await page.goto(`${baseUrl}/home`);
    const recent = await visible(page.getByRole('list', { name: 'Recently added' }));
    await visible(recent.getByRole('link', { name: 'Morning Tide' }));
    await visible(recent.getByRole('link', { name: 'Low Sun' }));
    expect(await statValue(page, 'Your Tracks')).toBe('2');
    expect(await statValue(page, 'Current Plan')).toBe('Free');
    const recentSection = page.getByRole('region', { name: 'Recently Added' });
    expect(await recentSection.getByRole('link', { name: 'See All' }).getAttribute('href')).toBe('/explore');
    expect(await page.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/subscription');
    await page.screenshot({ path: screenshotPath('home-catalog-1280x800.png'), fullPage: true });

    await page.setViewportSize(PHONE);
    await page.reload();
    await visible(page.getByRole('list', { name: 'Recently added' }).getByRole('link', { name: 'Low Sun' }));
    expect(await scrollsSideways(page)).toBe(false);
    await page.screenshot({ path: screenshotPath('home-catalog-360x780.png') });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('fits the explore, track and artist pages on a phone', async () => {
    const { page, problems } = await openPage(browser, '/', PHONE);
    await signUp(page, newListener('Otto Reverb'));
    const trackId = await uploadReadyTrack(page, {
      title: 'A Remarkably Long Title For A Small Screen',
      artist: 'Otto Reverb',
      album: 'Echo Chambers',
      genre: 'Dub',
    });
    await uploadReadyTrack(page, { title: 'Delay Line', artist: 'Otto Reverb', album: 'Echo Chambers', genre: 'Dub' });

    await page.goto(`${baseUrl}/explore?q=dub`);
    await visible(page.getByRole('heading', { name: 'Results for "dub"' }));
    await visible(page.getByText('2 tracks', { exact: true }));
    expect(await scrollsSideways(page)).toBe(false);
    await page.screenshot({ path: screenshotPath('explore-360x780.png') });

    await page.goto(`${baseUrl}/track/${trackId}`);
    await visible(page.getByRole('button', { name: 'Play', exact: true }));
    await visible(page.getByRole('list', { name: 'Up Next' }).getByRole('link', { name: 'Delay Line' }));
    expect(await scrollsSideways(page)).toBe(false);
    await page.screenshot({ path: screenshotPath('track-360x780.png') });

    await page.goto(`${baseUrl}/artist/Otto%20Reverb`);
    await visible(page.getByRole('heading', { level: 1, name: 'Otto Reverb' }));
    await visible(page.getByText('2 tracks', { exact: true }));
    expect(await scrollsSideways(page)).toBe(false);
    await page.screenshot({ path: screenshotPath('artist-360x780.png') });
    expect(problems).toEqual([]);
    await page.close();
  });

  it("says 'No tracks found' for a search that matches nothing", async () => {
    const { page } = await openPage(browser, '/');
    await signUp(page, newListener('Quinn Quiet'));

    await page.goto(`${baseUrl}/explore`);
    await visible(page.getByRole('heading', { name: 'All Tracks' }));
    await page.getByRole('searchbox', { name: 'Search tracks' }).fill('  zzz-no-such-track  ');
    await page.getByRole('button', { name: 'Search', exact: true }).click();

    await page.waitForURL(`${baseUrl}/explore?q=zzz-no-such-track`);
    await visible(page.getByRole('heading', { name: 'Results for "zzz-no-such-track"' }));
    await visible(page.getByText('No tracks found'));
    await visible(page.getByText('0 tracks', { exact: true }));
    await page.close();
  });

  it("says 'Track Not Found' and 'Artist Not Found' for what does not exist", async () => {
    const { page } = await openPage(browser, '/');
    await signUp(page, newListener('Rita Rest'));

    // Typed into the address bar on /home: Go Back returns there, as the browser's Back would.
    await page.goto(`${baseUrl}/track/0190a1b2-0000-7000-8000-000000000000`);
    await visible(page.getByText('Track Not Found'));
    await page.getByRole('button', { name: 'Go Back' }).click();
    await page.waitForURL(`${baseUrl}/home`);

    await page.goto(`${baseUrl}/artist/${encodeURIComponent('Nobody At All')}`);
    await visible(page.getByText('Artist Not Found'));
    await page.close();
  });
});
