import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newListener, signUp } from './support/accounts';
import { openPage, screenshotPath, skipReason, visible } from './support/browser';
import { uploadReadyTrack } from './support/catalog';
import { audioPlaysPast, audioState, launchListeningBrowser, nowPlayingIs, playerBar, playFromExplore } from './support/listening';

const JOURNEY_TIMEOUT_MS = 120_000;

/** Marks the audio element that plays, so a later check can tell whether it is still the same one. */
async function markPlayingAudio(page: Page): Promise<void> {
  await page.evaluate(() => {
    const audio = document.querySelector<HTMLAudioElement>('audio[data-active]') ?? document.querySelector('audio');
    if (!audio) throw new Error('no audio element');
    audio.dataset.e2eMark = 'playing-before-navigation';
  });
}

/** Whether the marked audio element is still in the page and playing, past where it was. */
async function sameAudioPlaysOn(page: Page): Promise<void> {
  const before = (await audioState(page)).currentTime;
  await page.waitForFunction(
    (past) => {
      const audio = document.querySelector<HTMLAudioElement>('audio[data-e2e-mark="playing-before-navigation"]');
      return audio !== null && !audio.paused && audio.currentTime > past;
    },
    before,
    { timeout: 15_000 },
  );
}

/** The signed-in frame is there and the signed-out header is not. */
async function signedInFrameShows(page: Page, title: string): Promise<void> {
  await nowPlayingIs(page, title);
  expect(await page.getByRole('link', { name: 'Log In', exact: true }).count()).toBe(0);
  expect(await page.getByRole('link', { name: 'Sign Up Free', exact: true }).count()).toBe(0);
}

/** Opens the app's menu on a narrow screen (the sidebar is a drawer there); nothing on a wide one. */
async function openNavigation(page: Page, narrow: boolean): Promise<void> {
  if (narrow) await page.getByRole('button', { name: 'Open menu' }).click();
}

describe.skipIf(skipReason !== '')('one shell for signed-in users', () => {
  let browser: Browser;
  const artist = `Shell Artist ${randomUUID().slice(0, 8)}`;
  const title = 'Long Night Out';

  beforeAll(async () => {
    browser = await launchListeningBrowser();
    const { page } = await openPage(browser, '/');
    await signUp(page, newListener(artist));
    await uploadReadyTrack(page, { title, artist, seconds: 90 });
    await page.close();
  }, 90_000);

  afterAll(async () => {
    await browser.close();
  });

  it.each([
    { width: 1366, height: 800, narrow: false },
    { width: 375, height: 812, narrow: true },
  ])(
    'keeps the track playing and the player in place through Updates, the FAQ and the landing page ($width px)',
    async ({ width, height, narrow }) => {
      const { page, problems } = await openPage(browser, '/', { width, height });
      await signUp(page, newListener('Grace Hopper'));
      await playFromExplore(page, artist, title);
      await markPlayingAudio(page);

      // Updates, from the app's navigation.
      await openNavigation(page, narrow);
      await page.getByRole('link', { name: 'Updates', exact: true }).click();
      await visible(page.getByRole('heading', { level: 1, name: "What's new in Backbeat" }));
      await signedInFrameShows(page, title);
      await sameAudioPlaysOn(page);

      // The FAQ, from the footer under the page.
      await page.locator('footer').getByRole('link', { name: 'FAQ', exact: true }).click();
      await visible(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' }));
      await signedInFrameShows(page, title);
      await sameAudioPlaysOn(page);

      // A policy page, from the footer: its 'Back to Home' leads to the member's home.
      await page.locator('footer').getByRole('link', { name: 'Privacy Policy', exact: true }).click();
      await visible(page.getByRole('heading', { level: 1, name: 'Privacy Policy' }));
      await signedInFrameShows(page, title);
      expect(await page.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/home');
      await sameAudioPlaysOn(page);

      // The landing page, from the footer's logo: its calls to action are for a member.
      await page.locator('footer').getByRole('link', { name: 'Backbeat home' }).click();
      await visible(page.getByRole('heading', { level: 1, name: 'Where independent artists get heard and paid' }));
      await signedInFrameShows(page, title);
      await visible(page.getByRole('main').getByRole('link', { name: 'Go to Home' }).first());
      await sameAudioPlaysOn(page);
      await page.screenshot({ path: screenshotPath(`shell-landing-${width}.png`), fullPage: false });

      // And back into the app: still the same music.
      await page.getByRole('main').getByRole('link', { name: 'Go to Home' }).first().click();
      await page.waitForURL(/\/home$/);
      await visible(playerBar(page));
      await sameAudioPlaysOn(page);
      await audioPlaysPast(page, 1);
      expect(problems).toEqual([]);
      await page.close();
    },
    JOURNEY_TIMEOUT_MS,
  );
});
