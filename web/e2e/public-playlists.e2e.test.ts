import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newListener, scrollsSideways, signUp } from './support/accounts';
import { answered, baseUrl, openPage, screenshotPath, skipReason, visible } from './support/browser';
import { uploadReadyTrack } from './support/catalog';
import { audioPlaysPast, createPlaylist, launchListeningBrowser, nowPlayingIs } from './support/listening';

const JOURNEY_TIMEOUT_MS = 150_000;

const widths = [
  { width: 'desktop', viewport: { width: 1280, height: 800 } },
  { width: 'mobile', viewport: { width: 375, height: 812 } },
] as const;

/** The card of a playlist the listener follows, in Library > Playlists. */
function followedCard(page: Page, name: string) {
  return page.getByRole('list', { name: 'Playlists you follow' }).getByRole('link', { name: new RegExp(name) });
}

describe.skipIf(skipReason !== '')('public playlists', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchListeningBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it.each(widths)(
    "an owner shares a private playlist by making it public; a listener opens, plays and follows it, follows its owner from their profile's artist page, sees the owner's rename, and loses the playlist when it is deleted ($width)",
    async ({ width, viewport }) => {
      const suffix = randomUUID().slice(0, 8);
      const ownerName = `Grace Hopper ${suffix}`;
      const title = `Harbour Lights ${suffix}`;

      // The owner: a playlist of one track, private as every new playlist is.
      const owner = await openPage(browser, '/', viewport);
      await owner.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
      await signUp(owner.page, newListener(ownerName));
      const trackId = await uploadReadyTrack(owner.page, { title, artist: ownerName, seconds: 20 });
      const playlistId = await createPlaylist(owner.page, 'Night Ferry', [trackId]);
      const playlistUrl = `${baseUrl}/playlist/${playlistId}`;
      await owner.page.goto(playlistUrl);
      await visible(owner.page.getByRole('heading', { level: 1, name: 'Night Ferry' }));
      await visible(owner.page.getByText('Created by You'));
      const visibility = owner.page.getByRole('radiogroup', { name: 'Who can open this playlist' });
      expect(await visibility.getByRole('radio', { name: 'Private' }).getAttribute('aria-checked')).toBe('true');

      // Share on a private playlist offers to make it public, then copies its link.
      await owner.page.getByRole('button', { name: 'Share' }).click();
      const offer = owner.page.getByRole('dialog', { name: 'Share this playlist?' });
      await visible(offer.getByText('only you can open it', { exact: false }));
      await owner.page.screenshot({ path: screenshotPath(`public-playlists-share-offer-${width}.png`) });
      const madePublic = answered(owner.page, 'PATCH', `/api/v1/playlists/${playlistId}`);
      await offer.getByRole('button', { name: 'Make public and copy link' }).click();
      expect(await madePublic).toBe(200);
      await visible(owner.page.getByText('Copied to clipboard!'));
      expect(await owner.page.evaluate(() => navigator.clipboard.readText())).toBe(playlistUrl);
      expect(await visibility.getByRole('radio', { name: 'Public' }).getAttribute('aria-checked')).toBe('true');
      await visible(owner.page.getByText('Public playlist'));
      expect(await scrollsSideways(owner.page)).toBe(false);

      // The listener opens the link: read-only, with the owner's name, Play and Follow.
      const listener = await openPage(browser, '/', viewport);
      await signUp(listener.page, newListener(`Ada Lovelace ${suffix}`));
      await listener.page.goto(playlistUrl);
      await visible(listener.page.getByRole('heading', { level: 1, name: 'Night Ferry' }));
      expect(listener.page.url()).toBe(playlistUrl);
      // The owner's name under the title (the track rows name the same person as their artist).
      const byline = listener.page.getByRole('main').getByRole('paragraph').filter({ hasText: `by ${ownerName}` });
      const ownerLink = await visible(byline.getByRole('link', { name: ownerName, exact: true }));
      expect(await ownerLink.getAttribute('href')).toMatch(/^\/profile\//);
      for (const ownersOnly of ['Edit playlist', 'Playlist options', `Move ${title} up`, `Remove ${title} from playlist`]) {
        expect(await listener.page.getByRole('button', { name: ownersOnly }).count()).toBe(0);
      }
      expect(await listener.page.getByRole('radiogroup').count()).toBe(0);

      await listener.page.getByRole('button', { name: 'Play', exact: true }).click();
      await nowPlayingIs(listener.page, title);
      await audioPlaysPast(listener.page, 0.2);

      const followed = answered(listener.page, 'PUT', `/api/v1/playlists/${playlistId}/follow`);
      await listener.page.getByRole('button', { name: 'Follow', exact: true }).click();
      await visible(listener.page.getByRole('button', { name: 'Following' }));
      expect(await followed).toBe(200);
      await visible(listener.page.getByText('1 follower', { exact: false }));
      expect(await scrollsSideways(listener.page)).toBe(false);
      await listener.page.screenshot({ path: screenshotPath(`public-playlists-listener-${width}.png`) });
      await owner.page.screenshot({ path: screenshotPath(`public-playlists-owner-${width}.png`) });

      // The owner's name leads to their profile: their public playlist, their track and their
      // artist page, where the listener follows them.
      await ownerLink.click();
      await listener.page.waitForURL(/\/profile\//);
      await visible(listener.page.getByRole('heading', { level: 1, name: ownerName }));
      await visible(listener.page.getByRole('list', { name: `${ownerName}'s playlists` }).getByRole('link', { name: /Night Ferry/ }));
      await visible(listener.page.getByRole('list', { name: 'Tracks' }).getByRole('link', { name: title, exact: true }));
      expect(await scrollsSideways(listener.page)).toBe(false);
      await listener.page.screenshot({ path: screenshotPath(`public-playlists-profile-${width}.png`), fullPage: true });
      await listener.page.getByRole('navigation', { name: 'Artist pages' }).getByRole('link', { name: new RegExp(ownerName) }).click();
      await listener.page.waitForURL(/\/artist\//);
      await visible(listener.page.getByRole('heading', { level: 1, name: ownerName }));
      const followedArtist = answered(listener.page, 'PUT', '/api/v1/profiles/');
      await listener.page.getByRole('button', { name: 'Follow', exact: true }).click();
      await visible(listener.page.getByRole('button', { name: 'Following' }));
      expect(await followedArtist).toBe(200);
      await listener.page.screenshot({ path: screenshotPath(`public-playlists-artist-${width}.png`) });

      // It is in the listener's library, by its owner.
      await listener.page.goto(`${baseUrl}/library?tab=playlists`);
      const card = await visible(followedCard(listener.page, 'Night Ferry'));
      await visible(card.getByText(`by ${ownerName}`));
      await listener.page.screenshot({ path: screenshotPath(`public-playlists-library-${width}.png`) });
      await card.click();
      await listener.page.waitForURL(playlistUrl);
      await visible(listener.page.getByRole('button', { name: 'Following' }));

      // The owner renames it; the listener sees the new name, in the library and on its page.
      await owner.page.getByRole('button', { name: 'Edit playlist' }).click();
      const edit = owner.page.getByRole('dialog', { name: 'Edit Playlist' });
      await edit.getByLabel('Name').fill('Night Ferry Home');
      const renamed = answered(owner.page, 'PATCH', `/api/v1/playlists/${playlistId}`);
      await edit.getByRole('button', { name: 'Save' }).click();
      expect(await renamed).toBe(200);
      await visible(owner.page.getByRole('heading', { level: 1, name: 'Night Ferry Home' }));

      await listener.page.goBack();
      await listener.page.waitForURL(`${baseUrl}/library?tab=playlists`);
      await visible(followedCard(listener.page, 'Night Ferry Home'));
      await followedCard(listener.page, 'Night Ferry Home').click();
      await visible(listener.page.getByRole('heading', { level: 1, name: 'Night Ferry Home' }));

      // The owner deletes it: it leaves the listener's library.
      await owner.page.getByRole('button', { name: 'Playlist options' }).click();
      await owner.page.getByRole('menuitem', { name: 'Delete Playlist' }).click();
      const confirm = owner.page.getByRole('alertdialog', { name: 'Delete Playlist' });
      await visible(confirm.getByText('It leaves the library of its 1 follower too.', { exact: false }));
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await owner.page.waitForURL(`${baseUrl}/library?tab=playlists`);

      await listener.page.goBack();
      await listener.page.waitForURL(`${baseUrl}/library?tab=playlists`);
      await visible(listener.page.getByText('No playlists found.'));
      expect(await listener.page.getByRole('list', { name: 'Playlists you follow' }).count()).toBe(0);
      expect(owner.problems).toEqual([]);
      expect(listener.problems).toEqual([]);

      // Its address now leads to the listener's own playlists, like any unknown playlist.
      await listener.page.goto(playlistUrl);
      await listener.page.waitForURL(`${baseUrl}/library?tab=playlists`);
      await visible(listener.page.getByText('Playlist not found'));
      await owner.page.close();
      await listener.page.close();
    },
    JOURNEY_TIMEOUT_MS,
  );
});
