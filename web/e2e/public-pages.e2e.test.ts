import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, openPage, publicPages, settledScrollY, skipReason, visible } from './support/browser';

describe.skipIf(skipReason !== '')('public pages', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  const pages = publicPages.map(({ path, heading }) => [path, heading] as const);

  it.each(pages)('%s shows "%s"', async (path, heading) => {
    const { page } = await openPage(browser, path);

    await visible(page.getByRole('heading', { level: 1, name: heading }));
    expect(new URL(page.url()).pathname).toBe(path);
    await page.close();
  });

  it.each(pages)('%s fits a 360 px wide screen without horizontal scrolling', async (path, heading) => {
    const { page } = await openPage(browser, path, { width: 360, height: 740 });
    await visible(page.getByRole('heading', { level: 1, name: heading }));

    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);

    expect(scrollWidth).toBeLessThanOrEqual(360);
    await page.close();
  });

  it('sends an unknown path to the landing page', async () => {
    const { page } = await openPage(browser, '/no-such-page/anywhere');

    await page.waitForURL(`${baseUrl}/`);
    await visible(page.getByRole('heading', { level: 1, name: 'Where independent artists get heard and paid' }));
    await page.close();
  });

  it('shows the payment failure message and the way back to the plans', async () => {
    const { page } = await openPage(browser, '/payment-failed');

    await visible(
      page.getByText(
        'We encountered an issue processing your payment. Please double-check your details or try again later. If the problem persists, contact support.',
        { exact: true },
      ),
    );
    const backToPlans = page.getByRole('link', { name: 'Go back to Subscription Plans' });
    expect(await backToPlans.getAttribute('href')).toBe('/subscription');
    await page.close();
  });

  it('lists the V2.0.0 release and what is coming soon on the changelog', async () => {
    const { page } = await openPage(browser, '/changelog');

    await visible(page.getByText('V2.0.0', { exact: true }));
    const comingSoon = page.getByRole('region', { name: 'Coming Soon' });
    for (const upcoming of ['Mobile app', 'Live streaming', 'AI recommendations']) {
      await visible(comingSoon.getByText(upcoming, { exact: true }));
    }
    await page.close();
  });

  it('says honestly that the changelog box sends no mail, and sends nothing', async () => {
    const { page } = await openPage(browser, '/changelog');
    const requests: string[] = [];
    // The browser may still fetch the page's icon on its own; the app must send nothing.
    page.on('request', (request) => {
      if (!request.url().endsWith('/favicon.svg')) requests.push(request.url());
    });

    await page.getByLabel('Email address').fill('listener@example.com');
    await page.getByRole('button', { name: 'Subscribe' }).click();

    await visible(page.getByRole('status').getByText("We don't send release emails yet, so your address was not saved."));
    expect(await page.getByText(/Noted!|We will let you know/).count()).toBe(0);
    expect(requests).toEqual([]);
    await page.close();
  });

  it('opens a new page at the top and restores the position when going back', async () => {
    const { page } = await openPage(browser, '/');
    await visible(page.getByRole('heading', { name: 'Premium' }));
    await page.evaluate(() => {
      window.scrollTo(0, document.documentElement.scrollHeight);
    });
    const landingScrollY = await settledScrollY(page);

    await page.getByRole('contentinfo').getByRole('link', { name: 'Cookie Policy' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Cookie Policy' }));
    expect(await settledScrollY(page)).toBe(0);

    await page.goBack();
    await visible(page.getByRole('heading', { level: 1, name: 'Where independent artists get heard and paid' }));
    expect(await settledScrollY(page)).toBe(landingScrollY);
    await page.close();
  });

  it('policy pages scroll back to the top and lead back home', async () => {
    const { page } = await openPage(browser, '/cookie-policy');
    await page.evaluate(() => {
      window.scrollTo(0, document.documentElement.scrollHeight);
    });

    await page.getByRole('button', { name: 'Back to Top' }).click();
    expect(await settledScrollY(page)).toBe(0);

    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.close();
  });
});
