import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, skipReason, visible } from './support/browser';

function questions(page: Page) {
  return page.getByRole('main').getByRole('listitem').getByRole('button');
}

describe.skipIf(skipReason !== '')('FAQ', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('filters the questions by category', async () => {
    const { page } = await openPage(browser, '/faq');
    await visible(page.getByRole('button', { name: 'What audio formats can I upload?' }));
    expect(await questions(page).count()).toBe(11);

    await page.getByRole('button', { name: 'Payouts', exact: true }).click();

    expect(await questions(page).allTextContents()).toEqual([
      'How much do I earn when people play my music?',
      'How and when do I get paid?',
    ]);
    await page.close();
  });

  it('opens one answer at a time and closes it on a second click', async () => {
    const { page } = await openPage(browser, '/faq');
    const formats = page.getByRole('button', { name: 'What audio formats can I upload?' });
    const earnings = page.getByRole('button', { name: 'How much do I earn when people play my music?' });

    await formats.click();
    await visible(page.getByText(/WAV, FLAC or MP3/));
    await earnings.click();

    expect(await formats.getAttribute('aria-expanded')).toBe('false');
    expect(await earnings.getAttribute('aria-expanded')).toBe('true');
    await visible(page.getByText(/2\.10 EUR for every 1,000 plays/));

    await earnings.click();
    expect(await earnings.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('region').count()).toBe(0);
    await page.close();
  });

  it('links to support by email', async () => {
    const { page } = await openPage(browser, '/faq');

    const contact = await visible(page.getByRole('link', { name: 'Contact support' }));

    expect(await contact.getAttribute('href')).toBe('mailto:support@backbeat.example');
    await page.close();
  });
});
