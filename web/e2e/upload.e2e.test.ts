import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { avatarPng, newListener, scrollsSideways, signUp } from './support/accounts';
import { baseUrl, launchBrowser, openPage, screenshotPath, skipReason, visible } from './support/browser';
import { headerOnlyWav, toneWav } from './support/media';

const READY_TIMEOUT_MS = 30_000;

function isUpload(response: Response): boolean {
  return response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/v1/tracks';
}

/** Slows the page's uploads to `bytesPerSecond`, so the progress bar can be watched. */
async function throttleUploads(page: Page, bytesPerSecond: number): Promise<() => Promise<void>> {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Network.enable');
  await devtools.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return async () => {
    await devtools.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await devtools.detach();
  };
}

/** Every value the upload progress bar showed, read until the success screen appears. */
async function progressSeen(page: Page): Promise<number[]> {
  return page.evaluate(
    () =>
      new Promise<number[]>((resolve) => {
        const seen: number[] = [];
        const look = () => {
          const bar = document.querySelector('[role="progressbar"][aria-label="Upload progress"]');
          const value = Number(bar?.getAttribute('aria-valuenow') ?? NaN);
          if (!Number.isNaN(value) && seen.at(-1) !== value) seen.push(value);
          if (document.querySelector('#upload-success-heading')) resolve(seen);
          else requestAnimationFrame(look);
        };
        look();
      }),
  );
}

describe.skipIf(skipReason !== '')('upload', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('uploads a WAV with a cover, then finds it ready on its page, in Explore, on the artist page and in the count', async () => {
    const { page, problems } = await openPage(browser, '/');
    await signUp(page, newListener('Nova Lane'));
    await page.goto(`${baseUrl}/upload`);
    await visible(page.getByRole('heading', { level: 1, name: 'Upload Music' }));
    await visible(page.getByText('0 of 50 uploads used this month'));
    expect(await page.getByLabel('Artist').inputValue()).toBe('Nova Lane');
    expect(await page.getByRole('button', { name: 'Upload Track' }).isDisabled()).toBe(true);

    await page.getByLabel('Audio file').setInputFiles({ name: 'Night_Drive.wav', mimeType: 'audio/wav', buffer: toneWav({ seconds: 5 }) });
    await visible(page.getByText('Night_Drive.wav'));
    await visible(page.getByText('0:05', { exact: false }));
    expect(await page.getByLabel('Title').inputValue()).toBe('Night Drive');
    await page.getByLabel('Album').fill('Midnight Static');
    await page.getByLabel('Genre').fill('Synthwave');
    await page.getByLabel('Cover image').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: avatarPng(1000) });
    await visible(page.getByRole('img', { name: 'Cover preview' }));
    await page.screenshot({ path: screenshotPath('upload-1280x800.png'), fullPage: true });

    const restoreNetwork = await throttleUploads(page, 250_000);
    const uploaded = page.waitForResponse(isUpload);
    const progress = progressSeen(page);
    await page.getByRole('button', { name: 'Upload Track' }).click();
    await visible(page.getByRole('progressbar', { name: 'Upload progress' }));
    await page.screenshot({ path: screenshotPath('upload-progress-1280x800.png') });
    const response = await uploaded;
    const track = (await response.json()) as { id: string; status: string };
    expect(response.status()).toBe(201);
    expect(track.status).toBe('processing');
    await visible(page.getByRole('heading', { name: 'Upload complete!' }));
    await visible(page.getByText('Processing', { exact: true }));
    await page.screenshot({ path: screenshotPath('upload-success-1280x800.png') });
    await restoreNetwork();
    const shown = await progress;
    // The bytes went out gradually, the bar never passed 90% before the answer, and ended at 100%.
    expect(shown.some((value) => value > 0 && value < 90)).toBe(true);
    expect(shown.slice(0, -1).every((value) => value <= 90)).toBe(true);
    expect(shown.at(-1)).toBe(100);

    // Two seconds after the success screen the library opens.
    await page.waitForEvent('framenavigated', { predicate: (frame) => new URL(frame.url()).pathname === '/library' });

    await page.goto(`${baseUrl}/track/${track.id}`);
    await visible(page.getByRole('heading', { level: 1, name: 'Night Drive' }));
    // Until its streams exist the page says 'Processing' and looks again every few seconds.
    await page.getByRole('button', { name: 'Play', exact: true }).waitFor({ timeout: READY_TIMEOUT_MS });
    expect(await page.getByText('Processing', { exact: true }).count()).toBe(0);
    const waveform = await visible(page.getByRole('img', { name: 'Waveform of Night Drive' }));
    expect(await waveform.locator('rect').count()).toBeGreaterThan(100);
    const cover = page.locator('main img').first();
    expect(await cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    await visible(page.getByText('Synthwave', { exact: true }));
    await page.screenshot({ path: screenshotPath('track-1280x800.png'), fullPage: true });

    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('synthwave');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl}/explore?q=synthwave`);
    await visible(page.getByRole('heading', { name: 'Results for "synthwave"' }));
    await visible(page.getByText('1 track', { exact: true }));
    const results = page.getByRole('list', { name: 'Results for "synthwave"' });
    await visible(results.getByRole('link', { name: 'Night Drive' }));
    await page.screenshot({ path: screenshotPath('explore-1280x800.png'), fullPage: true });

    await results.getByRole('link', { name: 'Nova Lane' }).click();
    await page.waitForURL(`${baseUrl}/artist/Nova%20Lane`);
    await visible(page.getByRole('heading', { level: 1, name: 'Nova Lane' }));
    await visible(page.getByText('1 track', { exact: true }));
    await page.getByRole('tab', { name: 'Albums' }).click();
    // An album lists its tracks once it is opened.
    await page.getByRole('button', { name: 'Show tracks of Midnight Static' }).click();
    await visible(page.getByRole('list', { name: 'Midnight Static' }).getByRole('link', { name: 'Night Drive' }));
    await page.screenshot({ path: screenshotPath('artist-1280x800.png'), fullPage: true });

    await page.goto(`${baseUrl}/upload`);
    await visible(page.getByText('1 of 50 uploads used this month'));
    expect(problems).toEqual([]);
    await page.close();
  });

  it('refuses in the browser a text file named .mp3, as a file it cannot load, without sending it', async () => {
    const { page } = await openPage(browser, '/');
    await signUp(page, newListener('Grace Notes'));
    await page.goto(`${baseUrl}/upload`);
    let uploads = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/tracks') uploads++;
    });

    await page.getByLabel('Audio file').setInputFiles({
      name: 'notes.mp3',
      mimeType: 'audio/mpeg',
      buffer: Buffer.from('These are my lyrics, not a recording.\n'.repeat(200)),
    });
    // Its bytes announce no audio format: the browser's own decoding judges it, and fails it.
    await visible(page.getByRole('alert').filter({ hasText: 'Failed to load audio file. Please try another file.' }));
    expect(await page.getByLabel('Title').inputValue()).toBe('');
    expect(await page.getByRole('button', { name: 'Upload Track' }).isDisabled()).toBe(true);
    expect(uploads).toBe(0);
    await visible(page.getByText('0 of 50 uploads used this month'));
    await page.close();
  });

  it('refuses in the browser a file it cannot load, and a cover that is not an image', async () => {
    const { page } = await openPage(browser, '/');
    await signUp(page, newListener('Ella Static'));
    await page.goto(`${baseUrl}/upload`);
    let uploads = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/tracks') uploads++;
    });

    await page.getByLabel('Audio file').setInputFiles({ name: 'empty.wav', mimeType: 'audio/wav', buffer: headerOnlyWav() });
    await visible(page.getByText('Failed to load audio file. Please try another file.'));
    await page.getByLabel('Audio file').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: avatarPng() });
    await visible(page.getByText('Please select an audio file.'));
    await page.getByLabel('Cover image').setInputFiles({ name: 'song.wav', mimeType: 'audio/wav', buffer: toneWav({ seconds: 1 }) });
    await visible(page.getByText('Please select an image file.'));

    expect(await page.getByRole('button', { name: 'Upload Track' }).isDisabled()).toBe(true);
    expect(uploads).toBe(0);
    await page.close();
  });

  it('fits a phone screen', async () => {
    const { page, problems } = await openPage(browser, '/', { width: 375, height: 812 });
    await signUp(page, newListener('Mae Tempo'));
    await page.goto(`${baseUrl}/upload`);
    await visible(page.getByText('0 of 50 uploads used this month'));
    await page.getByLabel('Audio file').setInputFiles({ name: 'first_light.wav', mimeType: 'audio/wav', buffer: toneWav({ seconds: 2 }) });
    await visible(page.getByText('first_light.wav'));

    expect(await scrollsSideways(page)).toBe(false);
    await page.screenshot({ path: screenshotPath('upload-375x812.png') });
    await page.getByRole('button', { name: 'Upload Track' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('upload-form-end-375x812.png') });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('sends a signed-out visitor to the login page', async () => {
    const { page } = await openPage(browser, '/upload');
    await page.waitForURL(`${baseUrl}/login?next=%2Fupload`);
    await page.close();
  });
});
