import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { logOutFromProfile, newListener, signUp, submitLogin } from './support/accounts';
import { baseUrl, launchBrowser, openPage, skipReason, visible } from './support/browser';
import { mailsTo, nextMailTo } from './support/mail';
import { freshTotpCode } from './support/totp';
import { turnOnTwoFactor } from './support/twoFactor';

const dataDir = inject('dataDir');

function linkIn(body: string): string {
  const link = /https?:\/\/\S+/.exec(body)?.[0];
  if (!link) throw new Error(`no link in the mail:\n${body}`);
  return link;
}

describe.skipIf(skipReason !== '')('password reset', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('mails a link that sets a new password, which then logs in', async () => {
    const listener = newListener('Rosalind Franklin');
    const { page, problems } = await openPage(browser, '/');
    await signUp(page, listener);
    await logOutFromProfile(page);
    const seen = new Set((await mailsTo(dataDir, listener.email)).map((mail) => mail.file));

    await page.goto(`${baseUrl}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(`${baseUrl}/forgot-password`);
    await page.getByLabel('Email').fill(listener.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await visible(page.getByText("If an account exists for that address, we've sent a link to reset the password."));

    const mail = await nextMailTo(dataDir, listener.email, seen);
    const link = linkIn(mail.body);
    expect(link.startsWith(`${baseUrl}/reset-password?token_hash=`)).toBe(true);
    await page.goto(link);
    await page.getByLabel('New password').fill('a-brand-new-secret');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.waitForURL(`${baseUrl}/home`);
    await visible(page.getByText('Your password has been changed.'));

    await logOutFromProfile(page);
    await page.goto(`${baseUrl}/login`);
    await submitLogin(page, listener.email, listener.password);
    expect(await (await visible(page.getByRole('alert'))).textContent()).toBe('Invalid login credentials');
    await submitLogin(page, listener.email, 'a-brand-new-secret');
    await page.waitForURL(`${baseUrl}/home`);
    expect(problems.filter((problem) => !problem.includes('status of 400'))).toEqual([]);
    await page.close();
  });

  it('says so when the link was used already, with a way to ask for a new one', async () => {
    const listener = newListener('Lise Meitner');
    const { page } = await openPage(browser, '/');
    await signUp(page, listener);
    await logOutFromProfile(page);
    const seen = new Set((await mailsTo(dataDir, listener.email)).map((mail) => mail.file));
    await page.goto(`${baseUrl}/forgot-password`);
    await page.getByLabel('Email').fill(listener.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const link = linkIn((await nextMailTo(dataDir, listener.email, seen)).body);

    await page.goto(link);
    await visible(page.getByLabel('New password'));
    const second = await openPage(browser, new URL(link).pathname + new URL(link).search);

    expect(await (await visible(second.page.getByRole('alert'))).textContent()).toBe('Email link is invalid or has expired');
    expect(await second.page.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/forgot-password');
    await second.page.close();
    await page.close();
  });

  it('also works for an account with two-factor authentication, asking for the code first', async () => {
    const listener = newListener('Hedy Lamarr');
    const { page } = await openPage(browser, '/');
    await signUp(page, listener);
    const { secret, step } = await turnOnTwoFactor(page);
    await logOutFromProfile(page);

    const seen = new Set((await mailsTo(dataDir, listener.email)).map((mail) => mail.file));
    await page.goto(`${baseUrl}/forgot-password`);
    await page.getByLabel('Email').fill(listener.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.goto(linkIn((await nextMailTo(dataDir, listener.email, seen)).body));

    await visible(page.getByRole('heading', { level: 1, name: 'Two-factor authentication' }));
    const code = await freshTotpCode(secret, step);
    await page.getByLabel('Authentication code').fill(code.code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByLabel('New password').fill('another-new-secret');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.waitForURL(`${baseUrl}/home`);
    await page.close();
  });
});
