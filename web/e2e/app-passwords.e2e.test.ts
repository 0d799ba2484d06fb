import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newListener, scrollsSideways, signUp } from './support/accounts';
import { baseUrl, launchBrowser, openPage, screenshotPath, skipReason, visible } from './support/browser';

interface SubsonicAnswer {
  'subsonic-response': { status: string; version: string; openSubsonic?: boolean; error?: { code: number; message: string } };
}

/** What a Subsonic app asks first: `ping` with the username and the password in clear, as JSON. */
async function ping(email: string, password: string): Promise<SubsonicAnswer['subsonic-response']> {
  const query = new URLSearchParams({ u: email, p: password, v: '1.16.1', c: 'e2e', f: 'json' });
  const response = await fetch(`${baseUrl}/rest/ping.view?${query.toString()}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as SubsonicAnswer)['subsonic-response'];
}

function appsSection(page: Page) {
  return page.getByRole('region', { name: 'Mobile and desktop apps' });
}

describe.skipIf(skipReason !== '')('app passwords', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('connects a Subsonic app with a password shown once, until it is revoked', async () => {
    const listener = newListener('Ada Lovelace');
    const { page, problems } = await openPage(browser, '/');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await signUp(page, listener);
    await page.goto(`${baseUrl}/profile`);

    const section = appsSection(page);
    await visible(section.getByText(baseUrl, { exact: true }));
    await visible(section.getByText(listener.email, { exact: true }));
    await visible(section.getByText('No app passwords yet. Create one for each app you connect.'));

    await section.getByLabel('App password name').fill('Symfonium on my phone');
    await section.getByRole('button', { name: 'Create app password' }).click();
    const shown = await visible(section.getByLabel('New app password'));
    const password = (await shown.textContent())?.trim() ?? '';
    expect(password.length).toBeGreaterThanOrEqual(16);
    await visible(section.getByText("Copy it now: it won't be shown again."));
    await section.getByRole('button', { name: 'Copy app password' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(password);
    const listed = section.getByRole('list', { name: 'App passwords' }).getByRole('listitem');
    await visible(listed.filter({ hasText: 'Symfonium on my phone' }).filter({ hasText: 'Never used' }));
    await page.screenshot({ path: screenshotPath('profile-app-password-created-1280x800.png'), fullPage: true });

    const accepted = await ping(listener.email, password);
    expect(accepted.status).toBe('ok');
    expect(accepted.version).toBe('1.16.1');
    expect(accepted.openSubsonic).toBe(true);

    await page.reload();
    await visible(listed.filter({ hasText: 'Symfonium on my phone' }).filter({ hasText: /Last used / }));
    expect(await page.getByText(password).count()).toBe(0);

    await section.getByRole('button', { name: 'Revoke Symfonium on my phone' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Revoke this app password?' });
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await visible(section.getByText('No app passwords yet. Create one for each app you connect.'));

    await page.setViewportSize({ width: 390, height: 844 });
    await section.scrollIntoViewIfNeeded();
    expect(await scrollsSideways(page)).toBe(false);
    await page.screenshot({ path: screenshotPath('profile-app-passwords-390x844.png') });

    const refused = await ping(listener.email, password);
    expect(refused.status).toBe('failed');
    expect(refused.error?.code).toBe(40);
    expect(problems).toEqual([]);
    await page.close();
  });
});
