import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logOutFromProfile, newListener, submitLogin, signUp, type Listener } from './support/accounts';
import { baseUrl, launchBrowser, openPage, screenshotPath, skipReason, visible } from './support/browser';
import { freshTotpCode } from './support/totp';
import { recoveryCodesPanel, saveRecoveryCodes, shownRecoveryCodes, turnOnTwoFactor, twoFactorSection } from './support/twoFactor';

const RECOVERY_CODE = /^[a-z0-9]{5}-[a-z0-9]{5}$/;

/** Logs in with the password, then answers the code step with `code` as a recovery code. */
async function logInWithRecoveryCode(page: Page, listener: Listener, code: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await submitLogin(page, listener.email, listener.password);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

async function codesLeft(page: Page, count: number): Promise<void> {
  await page.goto(`${baseUrl}/profile`);
  await visible(twoFactorSection(page).getByText(`${count} recovery ${count === 1 ? 'code' : 'codes'} left`));
}

describe.skipIf(skipReason !== '')('two-factor recovery codes', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('are shown once when two-factor turns on, and each logs in once in place of the app code', async () => {
    const listener = newListener('Margaret Hamilton');
    const { page, problems } = await openPage(browser, '/');
    await signUp(page, listener);
    await page.goto(`${baseUrl}/profile`);
    await twoFactorSection(page).getByRole('button', { name: 'Enable two-factor authentication' }).click();
    const secret = (await (await visible(twoFactorSection(page).locator('code'))).textContent())?.trim() ?? '';
    await page.getByLabel('Authentication code').fill((await freshTotpCode(secret, null)).code);
    await page.getByRole('button', { name: 'Turn on' }).click();

    const codes = await shownRecoveryCodes(page);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(RECOVERY_CODE);
    await page.screenshot({ path: screenshotPath('profile-recovery-codes-1280x800.png'), fullPage: true });
    // The verify answer that carried them was stored as the session; the refreshed one replaced it.
    await page.waitForFunction(() => {
      const stored = localStorage.getItem('backbeat-auth');
      return stored !== null && !stored.includes('recovery_codes');
    });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      recoveryCodesPanel(page).getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('backbeat-recovery-codes.txt');
    expect((await readFile(await download.path(), 'utf8')).trim().split('\n').slice(-10)).toEqual(codes);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: screenshotPath('profile-recovery-codes-375x812.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await saveRecoveryCodes(page)).toEqual(codes);
    await visible(twoFactorSection(page).getByText('10 recovery codes left'));
    await page.screenshot({ path: screenshotPath('profile-two-factor-on-1280x800.png'), fullPage: true });
    expect(problems).toEqual([]);

    await logOutFromProfile(page);
    await page.goto(`${baseUrl}/login`);
    await submitLogin(page, listener.email, listener.password);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(codes[0] ?? '');
    await page.screenshot({ path: screenshotPath('login-recovery-code-1280x800.png') });
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${baseUrl}/home`);

    await logOutFromProfile(page);
    await logInWithRecoveryCode(page, listener, codes[0] ?? '');
    expect(await (await visible(page.getByRole('alert'))).textContent()).toBe('Invalid TOTP code entered');
    // Case, spaces and hyphens do not matter.
    await page.getByLabel('Recovery code').fill(` ${(codes[1] ?? '').toUpperCase().replace('-', ' ')} `);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${baseUrl}/home`);
    await codesLeft(page, 8);
    expect(problems.filter((problem) => !problem.includes('status of 422'))).toEqual([]);
    await page.close();
  });

  it('are replaced by a new set made in Profile & Settings, and the old ones stop working', async () => {
    const listener = newListener('Katherine Johnson');
    const { page } = await openPage(browser, '/', { width: 375, height: 812 });
    await signUp(page, listener);
    const { recoveryCodes: oldCodes } = await turnOnTwoFactor(page);

    await twoFactorSection(page).getByRole('button', { name: 'Make new recovery codes' }).click();
    const confirmation = await visible(page.getByRole('alertdialog', { name: 'Make new recovery codes?' }));
    await page.screenshot({ path: screenshotPath('profile-new-recovery-codes-confirm-375x812.png') });
    await confirmation.getByRole('button', { name: 'Make new codes' }).click();
    const newCodes = await shownRecoveryCodes(page);
    expect(newCodes).toHaveLength(10);
    expect(newCodes.filter((code) => oldCodes.includes(code))).toEqual([]);
    await saveRecoveryCodes(page);
    await visible(twoFactorSection(page).getByText('10 recovery codes left'));
    await page.screenshot({ path: screenshotPath('profile-two-factor-on-375x812.png'), fullPage: true });

    await logOutFromProfile(page);
    await logInWithRecoveryCode(page, listener, oldCodes[0] ?? '');
    expect(await (await visible(page.getByRole('alert'))).textContent()).toBe('Invalid TOTP code entered');
    await page.screenshot({ path: screenshotPath('login-recovery-code-refused-375x812.png') });
    await page.getByLabel('Recovery code').fill(newCodes[0] ?? '');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${baseUrl}/home`);
    await codesLeft(page, 9);
    await page.close();
  });
});
