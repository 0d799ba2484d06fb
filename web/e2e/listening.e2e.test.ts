import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newListener, signedInUserId, signUp, type Listener } from './support/accounts';
import { answered, baseUrl, openPage, skipReason, visible } from './support/browser';
import { uploadReadyTrack } from './support/catalog';
import {
  audioPlaysPast,
  audioState,
  createPlaylist,
  exploreOrder,
  launchListeningBrowser,
  mediaSession,
  nowPlayingIs,
  playerBar,
  playFromExplore,
  playStartsReported,
  storedPlayer,
  storedTitle,
} from './support/listening';

const JOURNEY_TIMEOUT_MS = 120_000;

describe.skipIf(skipReason !== '')('listening', () => {
  let browser: Browser;
  let artist: Listener;
  let titles: string[];
  let trackIds: Map<string, string>;

  beforeAll(async () => {
    browser = await launchListeningBrowser();
    // An artist of our own, so that searching their name finds exactly their three tracks.
    artist = newListener(`Nova Lane ${randomUUID().slice(0, 8)}`);
    const { page } = await openPage(browser, '/');
    await signUp(page, artist);
    const names = ['Night Drive', 'Neon Rain', 'Last Train'];
    const ids = await Promise.all(names.map((title) => uploadReadyTrack(page, { title, artist: artist.name, seconds: 40 })));
    trackIds = new Map(names.map((title, index) => [title, ids[index] ?? '']));
    titles = await exploreOrder(page, artist.name, 3);
    await page.close();
  }, 150_000);

  afterAll(async () => {
    await browser.close();
  });

  it(
    'plays a track, steps through the queue with shuffle and repeat, and restores the player after a reload',
    async () => {
      const [first = '', second = '', third = ''] = titles;
      const { page, problems } = await openPage(browser, '/');
      await signUp(page, newListener('Ada Lovelace'));
      const bar = playerBar(page);
      const reportedStarts = playStartsReported(page);
      const id = (title: string) => trackIds.get(title);

      await playFromExplore(page, artist.name, first);
      await visible(bar.getByRole('button', { name: 'Pause', exact: true }));
      await expect.poll(() => reportedStarts).toEqual([id(first)]);
      expect(await mediaSession(page)).toEqual({ title: first, artist: artist.name, playbackState: 'playing' });

      await bar.getByRole('button', { name: 'Next', exact: true }).click();
      await nowPlayingIs(page, second);
      // A start is reported once the audio plays; on a busy machine that can lag the title.
      await expect.poll(() => reportedStarts).toEqual([id(first), id(second)]);
      await bar.getByRole('button', { name: 'Previous', exact: true }).click();
      await nowPlayingIs(page, first);
      await audioPlaysPast(page, 0.2);
      await bar.getByRole('button', { name: 'Previous', exact: true }).click();
      await nowPlayingIs(page, first);
      await expect.poll(() => reportedStarts).toEqual([id(first), id(second), id(first)]);

      const shuffle = bar.getByRole('button', { name: 'Shuffle' });
      await shuffle.click();
      expect(await shuffle.getAttribute('aria-pressed')).toBe('true');
      await bar.getByRole('button', { name: 'Next', exact: true }).click();
      await expect.poll(() => storedTitle(page)).not.toBe(first);
      expect([second, third]).toContain(await storedTitle(page));
      await shuffle.click();
      expect(await shuffle.getAttribute('aria-pressed')).toBe('false');

      await bar.getByRole('button', { name: 'Repeat: off' }).click();
      await bar.getByRole('button', { name: 'Repeat: all' }).click();
      await bar.getByRole('button', { name: 'Repeat: one' }).click();
      await bar.getByRole('button', { name: 'Repeat: off' }).click();
      await visible(bar.getByRole('button', { name: 'Repeat: all' }));

      // With repeat all, the last track is followed by the first.
      await bar.getByRole('button', { name: 'Up Next' }).click();
      const upNext = bar.getByRole('region', { name: 'Up Next' });
      if ((await storedTitle(page)) !== third) {
        await upNext.getByRole('button', { name: `Play ${third} by ${artist.name}` }).click();
      }
      await nowPlayingIs(page, third);
      await visible(upNext.getByText('No tracks in queue'));
      await bar.getByRole('button', { name: 'Next', exact: true }).click();
      await nowPlayingIs(page, first);
      await visible(upNext.getByRole('button', { name: `Play ${second} by ${artist.name}` }));
      await bar.getByRole('button', { name: 'Up Next' }).click();
      await audioPlaysPast(page, 3);

      await bar.getByRole('slider', { name: 'Volume' }).fill('0.35');
      await bar.getByRole('button', { name: 'Pause', exact: true }).click();
      const startsBeforeReload = reportedStarts.length;
      const before = await storedPlayer(page);
      expect(Object.keys(before).sort()).toEqual(['currentTime', 'currentTrack', 'queue', 'repeat', 'shuffle', 'volume']);
      expect(before).toMatchObject({ volume: 0.35, repeat: 'all', shuffle: false });
      const position = before.currentTime as number;
      expect(position).toBeGreaterThan(2);

      await page.reload();
      await nowPlayingIs(page, first);
      await visible(bar.getByRole('button', { name: 'Play', exact: true }));
      expect(await bar.getByRole('slider', { name: 'Volume' }).inputValue()).toBe('0.35');
      await visible(bar.getByRole('button', { name: 'Repeat: all' }));
      await bar.getByRole('button', { name: 'Up Next' }).click();
      await visible(upNext.getByRole('button', { name: `Play ${second} by ${artist.name}` }));
      await visible(upNext.getByRole('button', { name: `Play ${third} by ${artist.name}` }));
      await bar.getByRole('button', { name: 'Up Next' }).click();
      await page.waitForFunction((at) => Math.abs((document.querySelector('audio')?.currentTime ?? 0) - at) < 1, position);
      expect((await audioState(page)).paused).toBe(true);

      await bar.getByRole('button', { name: 'Play', exact: true }).click();
      await audioPlaysPast(page, position + 0.3);
      // Resuming where the listener left off is not a new start.
      expect(reportedStarts).toHaveLength(startsBeforeReload);

      // Keyboard: space pauses and plays, the right arrow seeks 5 s ahead.
      await page.evaluate(() => {
        if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
      });
      await page.keyboard.press('Space');
      await page.waitForFunction(() => document.querySelector('audio')?.paused === true);
      const paused = (await audioState(page)).currentTime;
      await page.keyboard.press('ArrowRight');
      await page.waitForFunction((at) => (document.querySelector('audio')?.currentTime ?? 0) >= at + 4.5, paused);
      await page.keyboard.press('Space');
      await audioPlaysPast(page, paused + 5);

      // Without repeat, the queue ends after its last track and the player closes.
      await bar.getByRole('button', { name: 'Repeat: all' }).click();
      await bar.getByRole('button', { name: 'Repeat: one' }).click();
      await bar.getByRole('button', { name: 'Up Next' }).click();
      await upNext.getByRole('button', { name: `Play ${third} by ${artist.name}` }).click();
      await nowPlayingIs(page, third);
      await bar.getByRole('button', { name: 'Next', exact: true }).click();
      await bar.waitFor({ state: 'detached' });
      expect((await storedPlayer(page)).currentTrack).toBeNull();

      expect(problems).toEqual([]);
      await page.close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'likes the playing track, adds it to a new playlist and features that playlist on the profile',
    async () => {
      const [first = ''] = titles;
      const { page, problems } = await openPage(browser, '/');
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
      await signUp(page, newListener('Grace Hopper'));
      const bar = playerBar(page);
      await playFromExplore(page, artist.name, first);

      const like = bar.getByRole('button', { name: 'Like' });
      await visible(like);
      expect(await like.getAttribute('aria-pressed')).toBe('false');
      await like.click();
      await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
      await page.getByRole('complementary').getByRole('link', { name: 'Liked Songs' }).click();
      await page.waitForURL(`${baseUrl}/library?tab=liked`);
      await visible(page.getByRole('list', { name: 'Liked Songs' }).getByRole('link', { name: first, exact: true }));

      await bar.getByRole('button', { name: `More options for ${first}` }).click();
      await page.getByRole('menuitem', { name: 'Add to Playlist' }).click();
      await page.getByRole('menuitem', { name: 'New playlist' }).click();
      const createDialog = page.getByRole('dialog', { name: 'Create Playlist' });
      await createDialog.getByLabel('Name').fill('  Night Drives  ');
      await createDialog.getByRole('button', { name: 'Create' }).click();
      await visible(page.getByText('Added to Night Drives'));

      await page.goto(`${baseUrl}/library?tab=playlists`);
      await page.getByRole('list', { name: 'Your playlists' }).getByRole('link', { name: /Night Drives/ }).click();
      await page.waitForURL(/\/playlist\//);
      const playlistUrl = page.url();
      await visible(page.getByRole('heading', { level: 1, name: 'Night Drives' }));
      await visible(page.getByText('Created by You'));
      await visible(page.getByText('1 track', { exact: false }));
      await visible(page.getByRole('list', { name: 'Tracks' }).getByRole('link', { name: first, exact: true }));

      // A private playlist's link opens for its owner only: Share offers to make it public first.
      await page.getByRole('button', { name: 'Share' }).click();
      await page.getByRole('dialog', { name: 'Share this playlist?' }).getByRole('button', { name: 'Make public and copy link' }).click();
      await visible(page.getByText('Copied to clipboard!'));
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(playlistUrl);

      await page.getByRole('button', { name: 'Playlist options' }).click();
      await page.getByRole('menuitem', { name: 'Feature on Profile' }).click();
      await visible(page.getByText('Playlist featured on your profile'));
      await visible(page.getByText('Featured on your profile', { exact: true }));

      await page.goto(`${baseUrl}/profile`);
      const featured = page.getByRole('region', { name: 'Featured playlist' });
      await visible(featured.getByText('Night Drives'));
      expect(await featured.getByRole('link').getAttribute('href')).toBe(new URL(playlistUrl).pathname);
      await page.getByRole('button', { name: 'Edit Profile' }).click();
      const select = page.getByLabel('Featured playlist');
      expect(await select.locator('option:checked').textContent()).toBe('Night Drives');

      expect(problems).toEqual([]);
      await page.close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'shows a follower the play live in Friends Activity, without a reload',
    async () => {
      const [, second = ''] = titles;
      const listener = await openPage(browser, '/');
      await signUp(listener.page, newListener('Katherine Johnson'));
      const listenerId = await signedInUserId(listener.page);

      const follower = await openPage(browser, '/');
      await signUp(follower.page, newListener('Dorothy Vaughan'));
      await follower.page.goto(`${baseUrl}/profile/${listenerId}`);
      const followed = answered(follower.page, 'PUT', `/api/v1/profiles/${listenerId}/follow`);
      await follower.page.getByRole('button', { name: 'Follow', exact: true }).click();
      await visible(follower.page.getByRole('button', { name: 'Following' }));
      expect(await followed).toBe(200);
      await follower.page.goto(`${baseUrl}/home`);
      const activity = follower.page.getByRole('region', { name: 'Friends Activity' });
      await visible(activity.getByText('No activity yet'));
      await follower.page.evaluate(() => {
        (window as unknown as { stillTheSamePage: boolean }).stillTheSamePage = true;
      });

      await playFromExplore(listener.page, artist.name, second);

      const listen = activity.getByRole('list', { name: "Friends' listens" }).getByRole('listitem').first();
      await visible(listen.getByRole('link', { name: second, exact: true }));
      await visible(listen.getByText('Katherine Johnson'));
      expect(await follower.page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);

      expect(listener.problems).toEqual([]);
      expect(follower.problems).toEqual([]);
      await listener.page.close();
      await follower.page.close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'reorders, removes, renames and, after confirming, deletes a playlist; its address then leads to the playlists',
    async () => {
      const [first = '', second = ''] = titles;
      const { page, problems } = await openPage(browser, '/');
      await signUp(page, newListener('Hedy Lamarr'));
      const playlistId = await createPlaylist(page, 'Road Trip', [first, second].map((title) => trackIds.get(title) ?? ''));
      await page.goto(`${baseUrl}/playlist/${playlistId}`);
      const rows = page.getByRole('list', { name: 'Tracks' }).getByRole('listitem');
      const order = () => rows.evaluateAll((items) => items.map((item) => item.querySelector('a')?.textContent));
      await visible(rows.nth(1));
      expect(await order()).toEqual([first, second]);

      const moved = answered(page, 'PATCH', `/api/v1/playlists/${playlistId}/tracks/`);
      await page.getByRole('button', { name: `Move ${second} up` }).click();
      await expect.poll(order).toEqual([second, first]);
      expect(await moved).toBe(200);
      await page.reload();
      await visible(rows.nth(1));
      expect(await order()).toEqual([second, first]);

      await page.getByRole('button', { name: `Remove ${first} from playlist` }).click();
      await expect.poll(order).toEqual([second]);
      await visible(page.getByText('1 track', { exact: false }));

      await page.getByRole('button', { name: 'Edit playlist' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Playlist' });
      await edit.getByLabel('Name').fill('Summer Road Trip');
      await edit.getByLabel(/Description/).fill('Windows down.');
      await edit.getByRole('button', { name: 'Save' }).click();
      await visible(page.getByRole('heading', { level: 1, name: 'Summer Road Trip' }));
      await visible(page.getByText('Windows down.'));

      await page.getByRole('button', { name: 'Playlist options' }).click();
      await page.getByRole('menuitem', { name: 'Delete Playlist' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Delete Playlist' });
      await visible(confirm.getByText('Are you sure you want to delete Summer Road Trip?'));
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'detached' });
      await visible(page.getByRole('heading', { level: 1, name: 'Summer Road Trip' }));

      await page.getByRole('button', { name: 'Playlist options' }).click();
      await page.getByRole('menuitem', { name: 'Delete Playlist' }).click();
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await page.waitForURL(`${baseUrl}/library?tab=playlists`);
      await visible(page.getByText('No playlists found.'));
      expect(problems).toEqual([]);

      await page.goto(`${baseUrl}/playlist/${playlistId}`);
      await page.waitForURL(`${baseUrl}/library?tab=playlists`);
      await visible(page.getByText('Playlist not found'));
      await page.close();
    },
    JOURNEY_TIMEOUT_MS,
  );
});
