import type { Locator, Page } from 'playwright-core';
import { baseUrl, visible } from './browser';
import { freshTotpCode } from './totp';

/** The Two-factor authentication section of Profile & Settings. */
export function twoFactorSection(page: Page): Locator {
  return page.getByRole('region', { name: 'Two-factor authentication' });
}

/** The panel that shows the recovery codes, once. */
export function recoveryCodesPanel(page: Page): Locator {
  return page.getByRole('region', { name: 'Save your recovery codes' });
}

/** The codes the recovery codes panel shows, in its order. */
export async function shownRecoveryCodes(page: Page): Promise<string[]> {
  const items = recoveryCodesPanel(page).getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await visible(items.first());
  return (await items.allTextContents()).map((code) => code.trim());
}

/** Reads the recovery codes the panel shows, then closes it with "I've saved my codes". */
export async function saveRecoveryCodes(page: Page): Promise<string[]> {
  const codes = await shownRecoveryCodes(page);
  await recoveryCodesPanel(page).getByRole('button', { name: "I've saved my codes" }).click();
  await visible(twoFactorSection(page).getByRole('button', { name: 'Turn off two-factor authentication' }));
  return codes;
}

export interface TwoFactorOn {
  /** The authenticator app's secret (base32). */
  secret: string;
  /** The time step of the code that turned it on: the next code must be of a later one. */
  step: number;
  recoveryCodes: string[];
}

/**
 * Turns on two-factor authentication from Profile & Settings, as the user signed in on `page`:
 * the QR code step, the first code, then the recovery codes, read and put away.
 */
export async function turnOnTwoFactor(page: Page): Promise<TwoFactorOn> {
  await page.goto(`${baseUrl}/profile`);
  const section = twoFactorSection(page);
  await section.getByRole('button', { name: 'Enable two-factor authentication' }).click();
  const secret = (await (await visible(section.locator('code'))).textContent())?.trim() ?? '';
  const { code, step } = await freshTotpCode(secret, null);
  await page.getByLabel('Authentication code').fill(code);
  await page.getByRole('button', { name: 'Turn on' }).click();
  const recoveryCodes = await saveRecoveryCodes(page);
  return { secret, step, recoveryCodes };
}
