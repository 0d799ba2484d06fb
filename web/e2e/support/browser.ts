import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { chromiumPath } from './chromium';

export const baseUrl = inject('baseUrl');
export const skipReason = inject('e2eSkipReason');

export const artifactsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts');

export const publicPages = [
  { path: '/', heading: 'Where independent artists get heard and paid' },
  { path: '/comparison', heading: 'Compare plans' },
  { path: '/faq', heading: 'Frequently asked questions' },
  { path: '/changelog', heading: "What's new in Backbeat" },
  { path: '/payment-failed', heading: 'Payment Failed' },
  { path: '/terms-of-service', heading: 'Terms of Service' },
  { path: '/privacy-policy', heading: 'Privacy Policy' },
  { path: '/copyright-policy', heading: 'Copyright & DMCA Policy' },
  { path: '/community', heading: 'Community Guidelines' },
  { path: '/cookie-policy', heading: 'Cookie Policy' },
  { path: '/music-licensing', heading: 'Music Licensing' },
  { path: '/accessibility-statement', heading: 'Accessibility Statement' },
  { path: '/terms', heading: 'Terms of Service' },
  { path: '/privacy', heading: 'Privacy Policy' },
  // The "This wasn't me" link of security mail; without its token it says the link is invalid.
  { path: '/not-me', heading: 'Secure your account' },
] as const;

/** How every journey runs Chromium. */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
}

export interface OpenedPage {
  page: Page;
  /** Console errors, uncaught exceptions and Content-Security-Policy violations seen so far. */
  problems: string[];
}

/** With `touch`, the page takes touch input as a phone's does (e2e/support/drag.ts drags with a finger). */
export async function openPage(
  browser: Browser,
  pathname: string,
  viewport = { width: 1280, height: 800 },
  { touch = false } = {},
): Promise<OpenedPage> {
  const page = await browser.newPage({ viewport, hasTouch: touch });
  const problems: string[] = [];
  page.on('console', (message) => {
    // The location names the request when Chromium reports one that failed.
    if (message.type() === 'error') problems.push(`console error: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => {
    problems.push(`uncaught: ${error.message}`);
  });
  await page.exposeFunction('reportCspViolation', (description: string) => {
    problems.push(`CSP violation: ${description}`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (description: string) => void }).reportCspViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI}`);
    });
  });
  await page.goto(`${baseUrl}${pathname}`, { waitUntil: 'networkidle' });
  return { page, problems };
}

export async function visible(locator: Locator): Promise<Locator> {
  await locator.waitFor({ state: 'visible', timeout: 10_000 });
  return locator;
}

/**
 * The server's answer to the next `method` request whose path starts with `pathPrefix`. Start
 * waiting before the click: the page changes at once (optimistic updates), the server later.
 */
export function answered(page: Page, method: string, pathPrefix: string): Promise<number> {
  return page
    .waitForResponse((response) => response.request().method() === method && new URL(response.url()).pathname.startsWith(pathPrefix))
    .then((response) => response.status());
}

/** Waits until smooth scrolling has come to rest and returns the final scroll position. */
/**
 * The page's scroll position once it has stopped moving. With `awayFrom`, first waits (up to
 * 10 s) for the position to leave that value: a smooth scroll started by a click may not have
 * begun on a busy machine when the first samples are taken, and two equal samples before it
 * starts would otherwise read as "settled".
 */
export async function settledScrollY(page: Page, options: { awayFrom?: number } = {}): Promise<number> {
  if (options.awayFrom !== undefined) {
    await page.waitForFunction((from) => window.scrollY !== from, options.awayFrom, { timeout: 10_000 });
  }
  let previous = -1;
  let stableSamples = 0;
  for (let attempt = 0; attempt < 100; attempt++) {
    const current = await page.evaluate(() => window.scrollY);
    stableSamples = current === previous ? stableSamples + 1 : 0;
    if (stableSamples >= 2) return current;
    previous = current;
    await page.waitForTimeout(100);
  }
  return previous;
}

export function screenshotPath(name: string): string {
  mkdirSync(artifactsDir, { recursive: true });
  return path.join(artifactsDir, name);
}
