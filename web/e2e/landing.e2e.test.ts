import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  launchBrowser,
  openPage,
  screenshotPath,
  settledScrollY,
  skipReason,
  visible,
} from './support/browser';

describe.skipIf(skipReason !== '')('landing page', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('loads without console errors or CSP violations', async () => {
    const { page, problems } = await openPage(browser, '/');
    await visible(page.getByRole('heading', { name: 'Premium' }));

    expect(problems).toEqual([]);
    await page.close();
  });

  it.each(['Features', 'Pricing', 'About'])(
    'the header button %s scrolls its section to 80 px below the top',
    async (label) => {
      const { page } = await openPage(browser, '/');
      await visible(page.getByRole('heading', { name: 'Premium' }));

      const startY = await page.evaluate(() => window.scrollY);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: label }).click();
      await settledScrollY(page, { awayFrom: startY });

      const sectionTop = await page.evaluate(
        (id) => document.getElementById(id)?.getBoundingClientRect().top,
        label === 'About' ? 'about' : label.toLowerCase(),
      );
      expect(sectionTop).toBeGreaterThanOrEqual(78);
      expect(sectionTop).toBeLessThanOrEqual(82);
      expect(new URL(page.url()).hash).toBe('');
      await page.close();
    },
  );

  it('links the header to the comparison, FAQ, login and signup pages', async () => {
    const { page } = await openPage(browser, '/');
    const header = page.getByRole('banner');

    const hrefs = await Promise.all(
      ['Compare', 'FAQ', 'Log In', 'Sign Up Free'].map((name) =>
        header.getByRole('link', { name, exact: true }).getAttribute('href'),
      ),
    );

    expect(hrefs).toEqual(['/comparison', '/faq', '/login', '/signup']);
    await page.close();
  });

  it('opens a menu with the same links on a phone', async () => {
    const { page } = await openPage(browser, '/', { width: 375, height: 812 });

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = await visible(page.getByRole('navigation', { name: 'Menu' }));
    await menu.getByRole('link', { name: 'FAQ' }).click();

    await page.waitForURL(`${baseUrl}/faq`);
    await page.close();
  });

  it('links the footer to every policy page', async () => {
    const { page } = await openPage(browser, '/');
    const footer = page.getByRole('contentinfo');

    const hrefs = await footer.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')));

    for (const policy of [
      '/community',
      '/terms-of-service',
      '/privacy-policy',
      '/copyright-policy',
      '/cookie-policy',
      '/music-licensing',
      '/accessibility-statement',
    ]) {
      expect(hrefs).toContain(policy);
    }
    await visible(footer.getByText(`© ${new Date().getFullYear()} Backbeat`, { exact: false }));
    await page.close();
  });

  it.each([
    { width: 1280, height: 800 },
    { width: 375, height: 812 },
  ])('is captured at $width x $height', async (viewport) => {
    const { page } = await openPage(browser, '/', viewport);
    await visible(page.getByRole('heading', { name: 'Premium' }));
    await page.evaluate(() => document.fonts.ready);

    await page.screenshot({ path: screenshotPath(`landing-${viewport.width}x${viewport.height}.png`) });
    await page.screenshot({ path: screenshotPath(`landing-${viewport.width}x${viewport.height}-full.png`), fullPage: true });
    await page.close();
  });
});
