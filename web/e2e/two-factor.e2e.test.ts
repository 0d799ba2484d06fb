import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logOutFromProfile, newListener, signUp, submitLogin } from './support/accounts';
import { baseUrl, launchBrowser, openPage, screenshotPath, skipReason, visible } from './support/browser';
import { freshTotpCode, totpCode, totpStep } from './support/totp';
import { saveRecoveryCodes, turnOnTwoFactor, twoFactorSection } from './support/twoFactor';

describe.skipIf(skipReason !== '')('two-factor authentication', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('is turned on from the profile, then asked for at login, then turned off', async () => {
    const listener = newListener('Alan Turing');
    const { page, problems } = await openPage(browser, '/');
    await signUp(page, listener);
    await page.goto(`${baseUrl}/profile`);

    await twoFactorSection(page).getByRole('button', { name: 'Enable two-factor authentication' }).click();
    const qrCode = await visible(page.getByRole('img', { name: 'QR code for your authenticator app' }));
    expect(await qrCode.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    const secret = (await twoFactorSection(page).locator('code').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    await page.screenshot({ path: screenshotPath('profile-two-factor-enrolment-1280x800.png'), fullPage: true });
    let code = await freshTotpCode(secret, null);
    await page.getByLabel('Authentication code').fill(code.code);
    await page.getByRole('button', { name: 'Turn on' }).click();
    expect(await saveRecoveryCodes(page)).toHaveLength(10);
    expect(problems).toEqual([]);

    await logOutFromProfile(page);
    await page.goto(`${baseUrl}/login`);
    await submitLogin(page, listener.email, listener.password);
    await visible(page.getByRole('heading', { level: 1, name: 'Two-factor authentication' }));
    await page.screenshot({ path: screenshotPath('login-code-step-1280x800.png') });

    // Until the code is entered the signed-in area stays closed.
    await page.goto(`${baseUrl}/home`);
    await page.waitForURL(`${baseUrl}/login?next=%2Fhome`);
    await page.getByLabel('Authentication code').fill(totpCode(secret, totpStep() + 10));
    await page.getByRole('button', { name: 'Verify' }).click();
    expect(await (await visible(page.getByRole('alert'))).textContent()).toBe('Invalid TOTP code entered');

    code = await freshTotpCode(secret, code.step);
    await page.getByLabel('Authentication code').fill(code.code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${baseUrl}/home`);
    await visible(page.getByRole('heading', { level: 1, name: 'Welcome, Alan' }));

    await page.goto(`${baseUrl}/profile`);
    await twoFactorSection(page).getByRole('button', { name: 'Turn off two-factor authentication' }).click();
    await visible(twoFactorSection(page).getByRole('button', { name: 'Enable two-factor authentication' }));
    await logOutFromProfile(page);
    await page.goto(`${baseUrl}/login`);
    await submitLogin(page, listener.email, listener.password);
    await page.waitForURL(`${baseUrl}/home`);
    await page.close();
  });

  it('lets a user give up on the code step and log in as someone else', async () => {
    const listener = newListener('Grace Hopper');
    const { page } = await openPage(browser, '/');
    await signUp(page, listener);
    await turnOnTwoFactor(page);
    await logOutFromProfile(page);

    await page.goto(`${baseUrl}/login`);
    await submitLogin(page, listener.email, listener.password);
    await page.getByRole('button', { name: 'Use a different account' }).click();

    await visible(page.getByRole('heading', { level: 1, name: 'Welcome back' }));
    expect(await page.evaluate(() => localStorage.getItem('backbeat-auth'))).toBeNull();
    await page.close();
  });
});
