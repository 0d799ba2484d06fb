// Renders the app's icons (web/public/*.png) from the Backbeat mark in public/favicon.svg, with
// Debian's Chromium through playwright-core: `node scripts/make-icons.mjs`. Run it again when the
// mark changes and commit the PNGs.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public');
const mark = await readFile(path.join(publicDir, 'favicon.svg'), 'utf8');

/**
 * The mark on a full square, for the platforms that cut their own shape: the gradient reaches
 * every edge and the bars, scaled by `barScale` about the centre, stay inside the safe zone.
 */
function fullBleed(barScale) {
  return mark
    .replace('<rect width="32" height="32" rx="8"', '<rect width="32" height="32"')
    .replace('<g fill="#fff">', `<g fill="#fff" transform="translate(16 16) scale(${barScale}) translate(-16 -16)">`);
}

const icons = [
  { file: 'pwa-192x192.png', size: 192, svg: mark },
  { file: 'pwa-512x512.png', size: 512, svg: mark },
  // A maskable icon's safe zone is the middle circle of 80% of its width.
  { file: 'maskable-512x512.png', size: 512, svg: fullBleed(0.8) },
  // iOS rounds the corners itself and shows transparency as black.
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed(1) },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  for (const { file, size, svg } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<html><body style="margin:0;background:transparent">${sized}</body></html>`);
    await page.screenshot({ path: path.join(publicDir, file), omitBackground: true });
    await page.close();
    console.log(`wrote public/${file} (${size}x${size})`);
  }
} finally {
  await browser.close();
}
