// Draws the default link-preview image, public/og-image.png (1200x630), from og-image.html
// beside this script with Debian's Chromium. Run it after changing the brand; commit the PNG.
//
//   node scripts/media/render-og-image.mjs
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const root = resolve(import.meta.dirname, '../..');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 }, deviceScaleFactor: 1 });
  await page.goto(pathToFileURL(resolve(import.meta.dirname, 'og-image.html')).href);
  await page.screenshot({ path: resolve(root, 'public/og-image.png'), type: 'png' });
  console.log('Wrote public/og-image.png');
} finally {
  await browser.close();
}
