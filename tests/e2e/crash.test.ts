/**
 * The crash screen: a page that throws while rendering shows it, the
 * error is reported to the product's own endpoint and stored in D1, and 'Refresh page' clears
 * the saved app state and reloads.
 */
import { expect, test } from 'vitest';
import { expectHeading, expectNoProblems, newPage, queryD1, screenshot, url, withBrowser } from './support';

withBrowser();

const MESSAGE = 'Injected render failure for the crash test';
const APP_STATE_KEY = 'launchmate.appState';
/** The Pricing page's chunk, as vite names it in the build. */
const PRICING_CHUNK = '**/assets/Pricing-*.js';

interface StoredError {
  message: string;
  type: string;
  url: string | null;
  component: string | null;
}

test('a render error shows the crash screen, is stored, and "Refresh page" clears the app state and reloads', async () => {
  const page = await newPage('desktop');
  // The Pricing chunk is replaced by a module whose page throws as soon as it renders.
  let injected = 0;
  await page.route(PRICING_CHUNK, async (route) => {
    injected += 1;
    await route.fulfill({
      status: 200,
      contentType: 'text/javascript',
      body: `export function Component() { throw new Error(${JSON.stringify(MESSAGE)}); }\n`,
    });
  });

  const response = await page.goto('/pricing');
  expect(response!.status()).toBe(200);
  await expectHeading(page, 'Something went wrong');
  expect(injected).toBeGreaterThan(0);
  expect(await page.getByText('The developer has been notified', { exact: false }).isVisible()).toBe(true);
  expect(await page.getByText(/refresh the page/i).isVisible()).toBe(true);
  const refresh = page.getByRole('button', { name: 'Refresh page', exact: true });
  expect(await refresh.isVisible()).toBe(true);
  await screenshot(page, 'crash-screen');

  // The report reaches D1 (through the CSRF check, so APP_URL and the browser's origin agree).
  const sql = `SELECT message, type, url, component FROM frontend_errors WHERE message = '${MESSAGE}'`;
  await expect
    .poll(() => queryD1<StoredError>(sql), { timeout: 30_000, interval: 500 })
    .toEqual([{ message: MESSAGE, type: 'render', url: url('/pricing'), component: 'CrashScreen' }]);

  // 'Refresh page' starts over from a clean app state, with a real reload of the document.
  await page.evaluate(
    ([key]) => {
      localStorage.setItem(key!, JSON.stringify({ projectId: 'p1', phase: 3 }));
      (window as unknown as { beforeReload?: boolean }).beforeReload = true;
    },
    [APP_STATE_KEY],
  );
  await page.unroute(PRICING_CHUNK);
  const reload = page.waitForResponse((answer) => answer.request().resourceType() === 'document' && answer.url() === url('/pricing'));
  await refresh.click();
  expect((await reload).status()).toBe(200);
  await expectHeading(page, 'Simple, honest pricing');
  expect(await page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload)).toBeUndefined();
  expect(await page.evaluate((key) => localStorage.getItem(key), APP_STATE_KEY)).toBeNull();

  // React logs the error it caught; nothing else may go wrong (no failed report, no CSP block).
  expectNoProblems(page, [new RegExp(MESSAGE)]);
});
