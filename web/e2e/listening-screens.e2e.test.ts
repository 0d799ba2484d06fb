import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newListener, scrollsSideways, signUp, submitLogin, type Listener } from './support/accounts';
import { baseUrl, openPage, screenshotPath, skipReason, visible } from './support/browser';
import { uploadReadyTrack } from './support/catalog';
import { createPlaylist, launchListeningBrowser, likeTrack, playerBar, playFromExplore } from './support/listening';

interface Uploaded {
  id: string;
  title: string;
}

describe.skipIf(skipReason !== '')('listening screens', () => {
  let browser: Browser;
  let artist: Listener;
  let tracks: Uploaded[];

  beforeAll(async () => {
    browser = await launchListeningBrowser();
    artist = newListener(`Mira Sol ${randomUUID().slice(0, 8)}`);
    const { page } = await openPage(browser, '/');
    await signUp(page, artist);
    const uploads = [
      { title: 'Golden Hour', album: 'Coastline' },
      { title: 'Low Tide', album: 'Coastline' },
      { title: 'Paper Boats' },
    ];
    const ids = await Promise.all(uploads.map((track) => uploadReadyTrack(page, { ...track, artist: artist.name, seconds: 30 })));
    tracks = uploads.map(({ title }, index) => ({ title, id: ids[index] ?? '' }));
    await page.close();
  }, 150_000);

  afterAll(async () => {
    await browser.close();
  });

  it('shows the artist their uploads in the library', async () => {
    const { page, problems } = await openPage(browser, '/login');
    await submitLogin(page, artist.email, artist.password);
    await page.waitForURL(`${baseUrl}/home`);
    await page.goto(`${baseUrl}/library`);

    const uploads = page.getByRole('list', { name: 'Your uploads' });
    for (const { title } of tracks) await visible(uploads.getByRole('link', { name: title, exact: true }));
    expect(await page.getByRole('link', { name: 'Uploads', exact: true }).getAttribute('aria-current')).toBe('page');
    await page.screenshot({ path: screenshotPath('library-uploads-1280x800.png'), fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  });

  it.each([
    { width: 1280, height: 800 },
    { width: 375, height: 812 },
  ])('captures the player, the library and a playlist at $width x $height', async (viewport) => {
    const size = `${viewport.width}x${viewport.height}`;
    const { page, problems } = await openPage(browser, '/', viewport);
    await signUp(page, newListener('Ada Lovelace'));
    const playlistId = await createPlaylist(
      page,
      'Late Night Drives',
      tracks.map((track) => track.id),
    );
    await likeTrack(page, tracks[0]?.id ?? '');

    await playFromExplore(page, artist.name, 'Golden Hour');
    await visible(playerBar(page));
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: screenshotPath(`player-bar-${size}.png`) });
    expect(await scrollsSideways(page)).toBe(false);

    if (viewport.width >= 768) {
      await playerBar(page).getByRole('button', { name: 'Minimise player' }).click();
      await visible(playerBar(page).getByRole('button', { name: 'Show player' }));
      await page.screenshot({ path: screenshotPath(`player-minimised-${size}.png`) });
      await playerBar(page).getByRole('button', { name: 'Show player' }).click();
    }

    await playerBar(page).getByRole('button', { name: 'Open full-screen player' }).click();
    const fullScreen = await visible(page.getByRole('dialog', { name: 'Golden Hour' }));
    await visible(fullScreen.getByRole('slider', { name: 'Seek' }));
    await visible(fullScreen.getByRole('switch', { name: /Normalize loudness/ }));
    await page.screenshot({ path: screenshotPath(`player-full-screen-${size}.png`) });
    await fullScreen.getByRole('button', { name: 'Close full-screen player' }).click();
    await fullScreen.waitFor({ state: 'detached' });

    await page.goto(`${baseUrl}/library?tab=playlists`);
    await visible(page.getByRole('list', { name: 'Your playlists' }).getByRole('link', { name: /Late Night Drives/ }));
    await page.screenshot({ path: screenshotPath(`library-${size}.png`), fullPage: true });
    expect(await scrollsSideways(page)).toBe(false);

    await page.goto(`${baseUrl}/library?tab=liked`);
    await visible(page.getByRole('list', { name: 'Liked Songs' }).getByRole('link', { name: 'Golden Hour', exact: true }));
    await page.screenshot({ path: screenshotPath(`library-liked-${size}.png`), fullPage: true });

    await page.goto(`${baseUrl}/playlist/${playlistId}`);
    await visible(page.getByRole('heading', { level: 1, name: 'Late Night Drives' }));
    // Loading the page restored the player paused; the playlist's own button resumes its track.
    await page.getByRole('main').getByRole('button', { name: 'Play', exact: true }).click();
    await visible(page.getByRole('main').getByRole('button', { name: 'Pause', exact: true }));
    await page.screenshot({ path: screenshotPath(`playlist-${size}.png`), fullPage: true });
    expect(await scrollsSideways(page)).toBe(false);

    await page.goto(`${baseUrl}/home`);
    await visible(page.getByRole('region', { name: 'Recommended For You' }));
    await visible(page.getByRole('heading', { name: 'Your Playlists' }));
    await page.screenshot({ path: screenshotPath(`home-listening-${size}.png`), fullPage: true });
    expect(await scrollsSideways(page)).toBe(false);

    expect(problems).toEqual([]);
    await page.close();
  });
});
