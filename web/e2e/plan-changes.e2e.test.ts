import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newListener, signUp } from './support/accounts';
import { answered, baseUrl, launchBrowser, screenshotPath, skipReason, visible } from './support/browser';
import { payInSandboxCheckout } from './support/plans';

const JOURNEY_TIMEOUT_MS = 150_000;
const CONFIRM_DOWNGRADE =
  'Are you sure you want to downgrade to the Free plan? This will cancel your current subscription.';

const viewports = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 375, height: 812 },
] as const;

function planCard(page: Page, name: string) {
  return page.getByRole('article', { name });
}

/** The plan the subscription page marks as current. */
async function currentPlanIs(page: Page, name: string): Promise<void> {
  await visible(planCard(page, name).getByRole('button', { name: 'Current Plan' }));
}

describe.skipIf(skipReason !== '')('changing plans: Premium, then Basic, then Free', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  for (const viewport of viewports) {
    it(
      `switches Premium to Basic through its confirmation, then cancels and shows no renewal (${viewport.name})`,
      async () => {
        const page = await browser.newPage({ viewport: { width: viewport.width, height: viewport.height } });
        await signUp(page, newListener(`Plan Changer ${viewport.name}`));

        // Premium, paid through the sandbox's hosted checkout.
        await page.goto(`${baseUrl}/subscription`);
        await planCard(page, 'Premium').getByRole('button', { name: 'Upgrade to Premium' }).click();
        await payInSandboxCheckout(page);
        await page.waitForURL(/\/payment-approved/);
        await visible(page.getByRole('heading', { level: 1, name: 'Payment Successful!' }));
        await visible(page.getByRole('heading', { level: 2, name: 'Premium' }));

        // Premium -> Basic: asked first, with what is lost and the price; nothing is paid.
        await page.goto(`${baseUrl}/subscription`);
        await currentPlanIs(page, 'Premium');
        await visible(planCard(page, 'Premium').getByText(/^Renews on /));
        await planCard(page, 'Basic').getByRole('button', { name: 'Switch to Basic' }).click();
        const dialog = await visible(page.getByRole('alertdialog', { name: 'Switch to Basic?' }));
        await visible(dialog.getByText('Basic costs $4.99/month instead of $9.99/month.'));
        expect(await dialog.getByRole('list', { name: "You'll lose" }).innerText()).toContain('Lossless (FLAC)');
        expect(await dialog.innerText()).toContain('Nothing is charged today.');
        await page.screenshot({ path: screenshotPath(`plan-changes-confirm-${viewport.name}.png`) });
        const change = answered(page, 'POST', '/api/v1/checkout-sessions');
        await dialog.getByRole('button', { name: 'Switch to Basic' }).click();
        expect(await change).toBe(200);

        await page.waitForURL(`${baseUrl}/subscription/changed?plan=basic&from=premium`);
        await visible(page.getByRole('heading', { level: 1, name: 'Your plan is now Basic' }));
        await visible(page.getByText(/^Nothing is charged today\./));
        expect(await page.getByText('Payment Successful!').count()).toBe(0);
        await page.screenshot({ path: screenshotPath(`plan-changes-now-basic-${viewport.name}.png`) });

        // Basic -> Free: the cancellation, then no renewal date anywhere.
        await page.getByRole('link', { name: 'Back to Subscription Plans' }).click();
        await page.waitForURL(`${baseUrl}/subscription`);
        await currentPlanIs(page, 'Basic');
        await visible(planCard(page, 'Basic').getByText(/^Renews on /));
        let question = '';
        page.once('dialog', (confirmation) => {
          question = confirmation.message();
          void confirmation.accept();
        });
        const cancelled = answered(page, 'POST', '/api/v1/subscription/cancel');
        await planCard(page, 'Free').getByRole('button', { name: 'Downgrade to Free' }).click();
        expect(await cancelled).toBe(202);
        expect(question).toBe(CONFIRM_DOWNGRADE);
        await currentPlanIs(page, 'Free');
        expect(await page.getByText(/Renews on|Ends on/).count()).toBe(0);

        // As the server tells it on a fresh load.
        await page.reload();
        await currentPlanIs(page, 'Free');
        expect(await page.getByText(/Renews on|Ends on/).count()).toBe(0);
        await page.screenshot({ path: screenshotPath(`plan-changes-free-${viewport.name}.png`), fullPage: true });
        await page.close();
      },
      JOURNEY_TIMEOUT_MS,
    );
  }

  it('counts every attempt up to 5/5 on /payment-approved, then says the plan is still Free', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signUp(page, newListener('Never Paid'));

    // Arrived without paying: the plan never turns paid.
    await page.goto(`${baseUrl}/payment-approved?plan=premium`);
    // Five retries 2 s apart: longer than `visible` waits.
    await page.getByText('Updating your subscription... (Attempt 5/5)').waitFor({ timeout: 30_000 });
    await visible(page.getByRole('heading', { level: 1, name: 'Your plan is still Free' }));
    expect(await page.getByText('Payment Successful!').count()).toBe(0);
    await visible(page.getByRole('button', { name: 'Check again' }));
    await page.screenshot({ path: screenshotPath('plan-changes-still-free.png') });
    await page.getByRole('link', { name: 'Back to Subscription Plans' }).click();
    await page.waitForURL(`${baseUrl}/subscription`);
    await currentPlanIs(page, 'Free');
    await page.close();
  }, JOURNEY_TIMEOUT_MS);
});
