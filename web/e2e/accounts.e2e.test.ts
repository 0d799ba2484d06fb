import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logOutFromProfile, newListener, scrollsSideways, sessionForgotten, signUp, submitLogin } from './support/accounts';
import { baseUrl, launchBrowser, openPage, screenshotPath, skipReason, visible } from './support/browser';

/** Submits the search and waits until the app has been at `url` (the explore page may move on). */
async function searchLeadsTo(page: Page, url: string): Promise<void> {
  const navigated = page.waitForEvent('framenavigated', { predicate: (frame) => frame.url() === url });
  await page.keyboard.press('Enter');
  await navigated;
}

describe.skipIf(skipReason !== '')('accounts', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('signs up, greets by first name, stays signed in after a reload and logs out to the landing page', async () => {
    const listener = newListener('Ada Lovelace');
    const { page, problems } = await openPage(browser, '/');

    await signUp(page, listener);
    await visible(page.getByRole('heading', { level: 1, name: 'Welcome, Ada' }));
    const userCard = page.getByRole('complementary').getByRole('link', { name: /Ada Lovelace/ });
    await visible(userCard);
    expect(await userCard.textContent()).toContain('Free Plan');

    await page.reload();
    await visible(page.getByRole('heading', { level: 1, name: 'Welcome, Ada' }));
    expect(page.url()).toBe(`${baseUrl}/home`);

    await logOutFromProfile(page);
    await page.goto(`${baseUrl}/home`);
    await page.waitForURL(`${baseUrl}/login?next=%2Fhome`);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('logs out only once the requests already on their way are answered, so none of them is refused', async () => {
    const listener = newListener('Grace Hopper');
    const { page, problems } = await openPage(browser, '/');
    await signUp(page, listener);
    // The free plan's banner asks for an ad every few seconds. Hold that request of the profile
    // page on its way, as a slow network would, and log out while it is held. (An ad request of
    // the page before, /home, is let through: the navigation to /profile ends it.)
    const held: Route[] = [];
    let holding = true;
    let adAsked: (() => void) | undefined;
    const adRequestHeld = new Promise<void>((resolve) => {
      adAsked = resolve;
    });
    await page.route(
      (url) => url.pathname === '/api/v1/ads',
      async (route) => {
        const fromProfile = route.request().headers().referer === `${baseUrl}/profile`;
        if (!holding || !fromProfile) return route.continue();
        held.push(route);
        adAsked?.();
      },
    );
    const logouts: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/auth/v1/logout') logouts.push(request.method());
    });
    await page.goto(`${baseUrl}/profile`);
    await adRequestHeld;

    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.waitForTimeout(300);
    expect(logouts).toEqual([]);

    holding = false;
    for (const route of held) await route.continue();
    await sessionForgotten(page);
    expect(logouts).toEqual(['POST']);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows a wrong password in a red box above the form and clears it on the next attempt', async () => {
    const listener = newListener('Grace Hopper');
    const { page } = await openPage(browser, '/');
    await signUp(page, listener);
    await logOutFromProfile(page);

    await page.goto(`${baseUrl}/login`);
    await submitLogin(page, listener.email, 'not-the-password');
    const alert = await visible(page.getByRole('alert'));
    expect(await alert.textContent()).toBe('Invalid login credentials');
    const [alertBox, formBox] = await Promise.all([alert.boundingBox(), page.locator('form').boundingBox()]);
    expect(alertBox && formBox && alertBox.y + alertBox.height <= formBox.y).toBe(true);

    // Hold the next answer back, to look at the page while the attempt is under way.
    let answerLogin: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answerLogin = resolve;
    });
    await page.route('**/auth/v1/token?grant_type=password', async (route) => {
      await answered;
      await route.continue();
    });
    await submitLogin(page, listener.email, listener.password);
    await page.getByRole('button', { name: 'Logging in…' }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    answerLogin();

    await page.waitForURL(`${baseUrl}/home`);
    await visible(page.getByRole('heading', { level: 1, name: 'Welcome, Grace' }));
    await page.close();
  });

  it('sends an anonymous visit to /profile through the login page and back', async () => {
    const listener = newListener('Katherine Johnson');
    const { page } = await openPage(browser, '/');
    await signUp(page, listener);
    await logOutFromProfile(page);

    await page.goto(`${baseUrl}/profile`);
    await page.waitForURL(`${baseUrl}/login?next=%2Fprofile`);
    await submitLogin(page, listener.email, listener.password);

    await page.waitForURL(`${baseUrl}/profile`);
    await visible(page.getByRole('heading', { level: 1, name: 'Katherine Johnson' }));
    await page.close();
  });

  it('searches from the top bar, and on a phone opens the search box on demand', async () => {
    const { page } = await openPage(browser, '/');
    await signUp(page, newListener('Hedy Lamarr'));

    await page.getByRole('searchbox', { name: 'Search' }).fill('  night drive  ');
    await searchLeadsTo(page, `${baseUrl}/explore?q=night+drive`);

    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${baseUrl}/home`);
    await visible(page.getByRole('heading', { level: 1, name: 'Welcome, Hedy' }));
    expect(await page.getByRole('searchbox', { name: 'Search' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill('lofi');
    await searchLeadsTo(page, `${baseUrl}/explore?q=lofi`);
    await page.close();
  });

  it('keeps the signed-in chrome on a phone: the drawer with Log Out and the bottom bar', async () => {
    const { page } = await openPage(browser, '/', { width: 375, height: 812 });
    await signUp(page, newListener('Mae Jemison'));

    const bottomBar = page.getByRole('navigation', { name: 'Quick links' });
    expect(await bottomBar.getByRole('link').allTextContents()).toEqual(['Home', 'Explore', 'Library', 'Upload']);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = await visible(page.getByRole('dialog', { name: 'Menu' }));
    await drawer.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await sessionForgotten(page);
    await page.close();
  });

  it.each([
    { width: 1280, height: 800 },
    { width: 375, height: 812 },
  ])('captures /login and /home at $width x $height', async (viewport) => {
    const { page } = await openPage(browser, '/login', viewport);
    await visible(page.getByRole('heading', { level: 1, name: 'Welcome back' }));
    await page.screenshot({ path: screenshotPath(`login-${viewport.width}x${viewport.height}.png`) });

    await signUp(page, newListener('Ada Lovelace'));
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: screenshotPath(`home-${viewport.width}x${viewport.height}.png`) });
    await page.close();
  });

  it.each(['/login', '/signup', '/forgot-password'])('%s fits a 360 px wide screen', async (path) => {
    const { page } = await openPage(browser, path, { width: 360, height: 740 });
    await visible(page.getByRole('heading', { level: 1 }));

    expect(await scrollsSideways(page)).toBe(false);
    await page.close();
  });

  it('/home fits a 360 px wide screen', async () => {
    const { page } = await openPage(browser, '/', { width: 360, height: 740 });
    await signUp(page, newListener('Chimamanda Ngozi Adichie'));

    expect(await scrollsSideways(page)).toBe(false);
    await page.close();
  });

  it('links the signup form to the terms and privacy pages and to /login', async () => {
    const { page } = await openPage(browser, '/signup');

    expect(await page.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
    expect(await page.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    expect(await page.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    await visible(page.getByText(`© ${new Date().getFullYear()} Backbeat`));
    await page.close();
  });
});
