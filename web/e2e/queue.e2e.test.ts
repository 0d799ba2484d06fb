import { randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newListener, signUp } from './support/accounts';
import { baseUrl, openPage, screenshotPath, skipReason, visible } from './support/browser';
import { uploadReadyTrack } from './support/catalog';
import { dragWithFinger, dragWithMouse } from './support/drag';
import { audioPlaysPast, createPlaylist, launchListeningBrowser, nowPlayingIs, playerBar, storedPlayer } from './support/listening';

const JOURNEY_TIMEOUT_MS = 150_000;
const TITLES = ['Alpha Wave', 'Bravo Lights', 'Charlie Street', 'Delta Blues', 'Echo Park'] as const;
const [ALPHA, BRAVO, CHARLIE, DELTA, ECHO] = TITLES;

describe.skipIf(skipReason !== '')('queue control', () => {
  let browser: Browser;
  let artist: string;
  let trackIds: Map<string, string>;

  beforeAll(async () => {
    browser = await launchListeningBrowser();
    // An artist of our own, so that searching their name finds exactly their tracks.
    artist = `Queue Crew ${randomUUID().slice(0, 8)}`;
    const { page } = await openPage(browser, '/');
    await signUp(page, newListener(artist));
    trackIds = new Map();
    // One after the other: the server takes a few uploads in progress at a time.
    for (const title of TITLES) trackIds.set(title, await uploadReadyTrack(page, { title, artist, seconds: 30 }));
    await page.close();
  }, 150_000);

  afterAll(async () => {
    await browser.close();
  });

  /** Chooses `item` in the "More options" menu of `title` inside `scope`. */
  async function chooseInMenu(page: Page, scope: Page | Locator, title: string, item: 'Play next' | 'Add to queue') {
    await scope.getByRole('button', { name: `More options for ${title}` }).click();
    await page.getByRole('menuitem', { name: item, exact: true }).click();
  }

  /** The titles Up Next lists, in order. */
  async function upNextTitles(panel: Locator): Promise<string[]> {
    const labels = await panel
      .getByRole('button', { name: /^Play / })
      .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));
    return labels.map((label) => label.replace(/^Play /, '').replace(` by ${artist}`, ''));
  }

  it.each([
    { width: 1280, height: 800 },
    { width: 375, height: 812 },
  ])(
    'plays tracks next and adds them to the queue, reorders and removes in Up Next, and keeps the queue after a reload at $width x $height',
    async (viewport) => {
      const mobile = viewport.width < 768;
      const size = `${String(viewport.width)}x${String(viewport.height)}`;
      const { page, problems } = await openPage(browser, '/', viewport, { touch: mobile });
      await signUp(page, newListener('Grace Hopper'));
      const id = (title: string) => trackIds.get(title) ?? '';
      const bar = playerBar(page);
      const toast = (text: string) => visible(page.getByRole('status').filter({ hasText: text }));

      // A playlist of two plays: the queue is Alpha Wave, then Bravo Lights.
      const playlistId = await createPlaylist(page, 'Two to start', [id(ALPHA), id(BRAVO)]);
      await page.goto(`${baseUrl}/playlist/${playlistId}`);
      await page.getByRole('button', { name: 'Play', exact: true }).click();
      await nowPlayingIs(page, ALPHA);
      await audioPlaysPast(page, 0.2);
      // Paused, the current track stays put while the queue is edited.
      await bar.getByRole('button', { name: 'Pause', exact: true }).click();

      // From a list (Explore's results): Play next, then Add to queue.
      await page.goto(`${baseUrl}/explore?q=${encodeURIComponent(artist)}`);
      const results = await visible(page.getByRole('list', { name: `Results for "${artist}"` }));
      await chooseInMenu(page, results, CHARLIE, 'Play next');
      await toast(`Playing next: ${CHARLIE}`);
      await chooseInMenu(page, results, DELTA, 'Add to queue');
      await toast(`Added to queue: ${DELTA}`);

      // From the track page: Play next on Echo Park, Add to queue on Bravo Lights (already queued: it comes twice).
      // (The page's Up Next lists the artist's other tracks, so its only menu for the track is the page's own.)
      await results.getByRole('link', { name: ECHO, exact: true }).click();
      await visible(page.getByRole('heading', { level: 1, name: ECHO }));
      await chooseInMenu(page, page, ECHO, 'Play next');
      await toast(`Playing next: ${ECHO}`);
      await page.goto(`${baseUrl}/track/${id(BRAVO)}`);
      await visible(page.getByRole('heading', { level: 1, name: BRAVO }));
      await chooseInMenu(page, page, BRAVO, 'Add to queue');
      await toast(`Added to queue: ${BRAVO}`);
      await nowPlayingIs(page, ALPHA);

      /** Opens Up Next: beside the bar on a wide screen, in the full-screen player on a phone. */
      const openUpNext = async () => {
        if (mobile) {
          await bar.getByRole('button', { name: 'Open full-screen player' }).click();
          return visible(page.getByRole('dialog', { name: ALPHA }).getByRole('region', { name: 'Up Next' }));
        }
        await bar.getByRole('button', { name: 'Up Next' }).click();
        return visible(bar.getByRole('region', { name: 'Up Next' }));
      };
      let upNext = await openUpNext();
      expect(await upNextTitles(upNext)).toEqual([ECHO, CHARLIE, BRAVO, DELTA, BRAVO]);

      // Delta Blues dragged by its handle to the top, with the mouse or a finger.
      const drag = mobile ? dragWithFinger : dragWithMouse;
      await drag(page, upNext.getByRole('button', { name: `Move ${DELTA}`, exact: true }), upNext.getByRole('button', { name: `Move ${ECHO}`, exact: true }));
      await expect.poll(() => upNextTitles(upNext)).toEqual([DELTA, ECHO, CHARLIE, BRAVO, BRAVO]);
      await page.screenshot({ path: screenshotPath(`queue-up-next-${size}.png`) });

      // The first Bravo Lights is removed; the second stays.
      await upNext.getByRole('button', { name: `Remove ${BRAVO} from queue` }).first().click();
      await toast(`Removed from queue: ${BRAVO}`);
      await expect.poll(() => upNextTitles(upNext)).toEqual([DELTA, ECHO, CHARLIE, BRAVO]);

      // After a reload the queue is as it was left, and it is what plays next.
      await page.reload();
      await nowPlayingIs(page, ALPHA);
      const stored = (await storedPlayer(page)).queue as { title: string }[];
      expect(stored.map((entry) => entry.title)).toEqual([ALPHA, DELTA, ECHO, CHARLIE, BRAVO]);
      upNext = await openUpNext();
      expect(await upNextTitles(upNext)).toEqual([DELTA, ECHO, CHARLIE, BRAVO]);
      await page.keyboard.press('Escape');
      await bar.getByRole('button', { name: 'Next', exact: true }).click();
      await nowPlayingIs(page, DELTA);

      // The playlist's own 'Add to queue' puts its tracks at the end.
      await page.goto(`${baseUrl}/playlist/${playlistId}`);
      await page.getByRole('button', { name: 'Add to queue', exact: true }).click();
      await toast('Added to queue: 2 tracks');
      await expect
        .poll(async () => ((await storedPlayer(page)).queue as { title: string }[]).map((entry) => entry.title))
        .toEqual([ALPHA, DELTA, ECHO, CHARLIE, BRAVO, ALPHA, BRAVO]);
      await page.screenshot({ path: screenshotPath(`queue-playlist-${size}.png`) });

      expect(problems).toEqual([]);
      await page.close();
    },
    JOURNEY_TIMEOUT_MS,
  );
});
