import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, openPage, skipReason, visible } from './support/browser';

describe.skipIf(skipReason !== '')('plan comparison', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('shows the three plans from the server next to the $10.99 competitor', async () => {
    const plansResponse = await fetch(`${baseUrl}/api/v1/plans`);
    expect(plansResponse.status).toBe(200);

    const { page } = await openPage(browser, '/comparison');
    const table = await visible(page.getByRole('table', { name: 'Backbeat plans compared with a typical streaming service' }));
    const priceRow = table.getByRole('row', { name: /Monthly price/ });

    expect(await priceRow.getByRole('cell').allTextContents()).toEqual(['$0', '$4.99', '$9.99', '$10.99']);
    for (const plan of ['Free', 'Basic', 'Premium', 'Typical streaming service']) {
      await visible(table.getByRole('columnheader', { name: new RegExp(plan) }));
    }
    await visible(table.getByRole('cell', { name: 'Lossless (FLAC)' }));
    await page.close();
  });

  it('leads back to the landing page', async () => {
    const { page } = await openPage(browser, '/comparison');

    await page.getByRole('link', { name: 'Back to Landing' }).click();

    await page.waitForURL(`${baseUrl}/`);
    await page.close();
  });
});
