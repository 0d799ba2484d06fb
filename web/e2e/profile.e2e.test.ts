import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { avatarPng, newListener, scrollsSideways, signedInUserId, signUp } from './support/accounts';
import { answered, baseUrl, launchBrowser, openPage, screenshotPath, skipReason, visible } from './support/browser';

describe.skipIf(skipReason !== '')('profile', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('edits the name, bio, a social link and the avatar, and keeps them after a reload', async () => {
    const { page, problems } = await openPage(browser, '/');
    await signUp(page, newListener('Ada Lovelace'));
    await page.goto(`${baseUrl}/profile`);
    await visible(page.getByRole('heading', { level: 1, name: 'Ada Lovelace' }));

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const email = page.getByLabel('Email');
    expect(await email.getAttribute('readonly')).not.toBeNull();
    await visible(page.getByText('Email cannot be changed here.'));
    await page.getByLabel('Display name').fill('Ada King');
    await page.getByLabel('Bio').fill('Writes loops for the analytical engine.');
    await page.getByLabel('Twitter').fill('https://twitter.com/ada');
    await page.getByLabel('Avatar image').setInputFiles({ name: 'ada.png', mimeType: 'image/png', buffer: avatarPng() });
    await visible(page.locator('form img[src^="blob:"]'));
    await page.getByRole('button', { name: 'Save' }).click();

    await visible(page.getByRole('heading', { level: 1, name: 'Ada King' }));
    await page.reload();
    await visible(page.getByRole('heading', { level: 1, name: 'Ada King' }));
    await visible(page.getByText('Writes loops for the analytical engine.'));
    expect(await page.getByRole('link', { name: /Twitter/ }).getAttribute('href')).toBe('https://twitter.com/ada');
    const avatar = page.locator('main section img').first();
    expect(await avatar.getAttribute('src')).toMatch(/^\/media\/avatars\//);
    expect(await avatar.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    const userCardAvatar = page.getByRole('complementary').locator('img');
    expect(await userCardAvatar.getAttribute('src')).toBe(await avatar.getAttribute('src'));
    await page.screenshot({ path: screenshotPath('profile-edited-1280x800.png') });
    expect(problems).toEqual([]);
    await page.close();
  });

  it("shows the server's message for a social link that is not a web address, and refuses a non-image avatar", async () => {
    const { page } = await openPage(browser, '/');
    await signUp(page, newListener('Grace Hopper'));
    await page.goto(`${baseUrl}/profile`);
    await page.getByRole('button', { name: 'Edit Profile' }).click();

    await page.getByLabel('Avatar image').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await visible(page.getByText('Please select an image file.'));

    await page.getByLabel('Spotify').fill('ftp://open.spotify.com/artist/grace');
    await page.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByRole('alert').filter({ hasText: 'Social links must start with http:// or https://' }));
    await page.close();
  });

  it('lets one user follow another from their profile', async () => {
    const artist = await openPage(browser, '/');
    await signUp(artist.page, newListener('Nina Simone'));
    const artistId = await signedInUserId(artist.page);

    const { page } = await openPage(browser, '/');
    await signUp(page, newListener('Miles Davis'));
    await page.goto(`${baseUrl}/profile/${artistId}`);
    await visible(page.getByRole('heading', { level: 1, name: 'Nina Simone' }));
    await visible(page.getByText('0 followers'));

    const followed = answered(page, 'PUT', `/api/v1/profiles/${artistId}/follow`);
    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    await visible(page.getByRole('button', { name: 'Following' }));
    expect(await followed).toBe(200);
    await visible(page.getByText('1 follower', { exact: true }));
    await page.screenshot({ path: screenshotPath('profile-other-user-1280x800.png') });

    await page.reload();
    await visible(page.getByRole('button', { name: 'Following' }));
    await visible(page.getByText('1 follower', { exact: true }));

    await artist.page.goto(`${baseUrl}/profile`);
    await visible(artist.page.getByText('1 follower', { exact: true }));
    await artist.page.close();
    await page.close();
  });

  it('sends a visit to your own id to /profile and says when a profile does not exist', async () => {
    const { page } = await openPage(browser, '/');
    await signUp(page, newListener('Ella Fitzgerald'));
    const ownId = await signedInUserId(page);

    await page.goto(`${baseUrl}/profile/${ownId}`);
    await page.waitForURL(`${baseUrl}/profile`);

    await page.goto(`${baseUrl}/profile/0190a1b2-0000-7000-8000-000000000000`);
    await visible(page.getByText('Profile not found.'));
    await page.close();
  });

  it('takes the plan button to /subscription', async () => {
    const { page } = await openPage(browser, '/');
    await signUp(page, newListener('Billie Holiday'));
    await page.goto(`${baseUrl}/profile`);

    const planButton = await visible(page.getByRole('link', { name: 'Free Plan: change plan' }));
    expect(await planButton.getAttribute('href')).toBe('/subscription');
    await page.close();
  });

  it.each([
    { width: 1280, height: 800 },
    { width: 375, height: 812 },
  ])('captures /profile at $width x $height', async (viewport) => {
    const { page } = await openPage(browser, '/', viewport);
    await signUp(page, newListener('Ada Lovelace'));
    await page.goto(`${baseUrl}/profile`);
    await visible(page.getByRole('heading', { name: 'Two-factor authentication' }));
    await page.evaluate(() => document.fonts.ready);

    await page.screenshot({ path: screenshotPath(`profile-${viewport.width}x${viewport.height}.png`), fullPage: true });
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.screenshot({ path: screenshotPath(`profile-edit-${viewport.width}x${viewport.height}.png`), fullPage: true });
    await page.close();
  });

  it('fits a 360 px wide screen, own profile, its edit mode and another user profile', async () => {
    const other = await openPage(browser, '/');
    await signUp(other.page, newListener('Wolfgang Amadeus Mozart'));
    const otherId = await signedInUserId(other.page);
    await other.page.close();

    const { page } = await openPage(browser, '/', { width: 360, height: 740 });
    await signUp(page, newListener('Ludwig van Beethoven'));
    await page.goto(`${baseUrl}/profile`);
    await visible(page.getByRole('heading', { level: 1, name: 'Ludwig van Beethoven' }));
    expect(await scrollsSideways(page)).toBe(false);

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Edit Profile' }));
    expect(await scrollsSideways(page)).toBe(false);

    await page.goto(`${baseUrl}/profile/${otherId}`);
    await visible(page.getByRole('heading', { level: 1, name: 'Wolfgang Amadeus Mozart' }));
    expect(await scrollsSideways(page)).toBe(false);
    await page.close();
  });
});
