import type { Page } from 'playwright-core';

/** The sandbox provider's test card that pays, and the one it declines. */
export const PAYING_CARD = '4242 4242 4242 4242';
export const DECLINED_CARD = '4000 0000 0000 0002';

/**
 * Fills the sandbox's hosted checkout page the browser is on with `card` and pays; the sandbox
 * then sends the browser to /payment-approved (or /payment-failed for a declined card).
 */
export async function payInSandboxCheckout(page: Page, card = PAYING_CARD): Promise<void> {
  await page.waitForURL(/\/checkout\/sandbox\//);
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay' }).click();
}
