import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newListener, sessionForgotten, signUp } from './support/accounts';
import { baseUrl, launchBrowser, openPage, screenshotPath, skipReason, visible } from './support/browser';
import { mailsTo, nextLinkTo } from './support/mail';
import { freshTotpCode } from './support/totp';
import { twoFactorSection } from './support/twoFactor';

const dataDir = inject('dataDir');

/** A POST to /auth/v1 as an unmodified GoTrue client would send it, with `accessToken` as the bearer. */
async function authPost<T>(path: string, accessToken: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}/auth/v1${path}`, {
    method: 'POST',
    headers: { apikey: 'backbeat', Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST /auth/v1${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** The status GET /api/v1/me/profile answers with `accessToken` as the bearer. */
async function profileStatus(accessToken: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/v1/me/profile`, { headers: { Authorization: `Bearer ${accessToken}` } });
  return response.status;
}

interface Factor {
  id: string;
  totp: { secret: string };
}

interface VerifiedSession {
  access_token: string;
  recovery_codes?: string[];
}

/**
 * The attack: with nothing but a copy of the owner's access token, turn on two-factor
 * authentication with an authenticator only the thief has. Resolves with the thief's session.
 */
async function thiefTurnsOnTwoFactor(stolenToken: string): Promise<VerifiedSession> {
  const factor = await authPost<Factor>('/factors', stolenToken, { factor_type: 'totp', friendly_name: 'Not the owner' });
  const challenge = await authPost<{ id: string }>(`/factors/${factor.id}/challenge`, stolenToken, {});
  const { code } = await freshTotpCode(factor.totp.secret, null);
  return authPost<VerifiedSession>(`/factors/${factor.id}/verify`, stolenToken, { challenge_id: challenge.id, code });
}

describe.skipIf(skipReason !== '')('"This wasn\'t me"', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('gives the account back to its owner after a thief with a stolen token turned on two-factor', async () => {
    const owner = newListener('Joan Clarke');
    const { page, problems } = await openPage(browser, '/');
    await signUp(page, owner);
    const stored = await page.evaluate(() => localStorage.getItem('backbeat-auth'));
    const stolenToken = (JSON.parse(stored ?? '{}') as { access_token: string }).access_token;
    const seen = new Set((await mailsTo(dataDir, owner.email)).map((mail) => mail.file));

    const thief = await thiefTurnsOnTwoFactor(stolenToken);
    expect(thief.recovery_codes).toHaveLength(10);
    expect(await profileStatus(thief.access_token)).toBe(200);
    // The owner's session is over: the token the browser holds no longer opens the account.
    expect([401, 403]).toContain(await profileStatus(stolenToken));

    const notMeLink = await nextLinkTo(dataDir, owner.email, seen, '/not-me');
    expect(notMeLink.startsWith(`${baseUrl}/not-me?token=`)).toBe(true);
    for (const mail of await mailsTo(dataDir, owner.email)) seen.add(mail.file);
    await page.goto(notMeLink);
    await visible(page.getByRole('heading', { level: 1, name: 'Secure your account' }));
    await page.screenshot({ path: screenshotPath('not-me-1280x800.png') });
    await page.getByRole('button', { name: 'Secure my account' }).click();

    await visible(page.getByRole('heading', { level: 1, name: 'Your account is secure' }));
    await visible(page.getByText("We've logged out every device and emailed you a link to choose a new password."));
    await page.screenshot({ path: screenshotPath('not-me-secured-1280x800.png') });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: screenshotPath('not-me-secured-375x812.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
    await sessionForgotten(page);
    expect(await page.getByRole('link', { name: 'Go to login' }).getAttribute('href')).toBe('/login');
    expect(await profileStatus(thief.access_token)).toBe(401);

    const resetLink = await nextLinkTo(dataDir, owner.email, seen, '/reset-password');
    await page.goto(resetLink);
    await page.getByLabel('New password').fill('only-the-owner-knows');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.waitForURL(`${baseUrl}/home`);
    await page.goto(`${baseUrl}/profile`);
    await visible(twoFactorSection(page).getByRole('button', { name: 'Enable two-factor authentication' }));
    expect(await profileStatus(thief.access_token)).toBe(401);
    // The only requests refused are the ones of the session the thief had taken over.
    expect(problems.filter((problem) => !/status of 40[13]/.test(problem))).toEqual([]);
    await page.close();
  });

  it('says at once that a link without its token is invalid, at 1280 and 375 px', async () => {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 375, height: 812 },
    ]) {
      const { page } = await openPage(browser, '/not-me', viewport);
      expect(await (await visible(page.getByRole('alert'))).textContent()).toBe(
        'This link is invalid or has expired. If you think someone else is using your account, reset your password from the login page.',
      );
      expect(await page.getByRole('button', { name: 'Secure my account' }).count()).toBe(0);
      await page.screenshot({ path: screenshotPath(`not-me-invalid-${String(viewport.width)}x${String(viewport.height)}.png`) });
      await page.close();
    }
  });

  it("shows the server's message for a token it does not accept", async () => {
    const { page } = await openPage(browser, '/not-me?token=forged.0.AAAA', { width: 375, height: 812 });
    await page.screenshot({ path: screenshotPath('not-me-375x812.png') });

    await page.getByRole('button', { name: 'Secure my account' }).click();

    expect(await (await visible(page.getByRole('alert'))).textContent()).toBe(
      'This link is invalid or has expired. If you think someone else is using your account, reset your password from the login page.',
    );
    await page.close();
  });
});
