/**
 * Public pages arrive rendered and hydrate cleanly (docs/decisions/0034): Chromium without
 * JavaScript reads each page's heading and text; with JavaScript, every public page hydrates
 * with no console error (React reports a hydration mismatch as one) and its controls work.
 */
import { describe, expect, test } from 'vitest';
import { expectNoProblems, newPage, screenshot, withBrowser, waitForHydration } from './support';
import { STATIC_PUBLIC_PAGES } from '../public-pages';

withBrowser();

const ARTICLE = '/blog/finding-a-startup-idea-worth-your-time';

/** Public routes, each with its main heading and a sentence of its body. */
const PUBLIC_PAGES: typeof STATIC_PUBLIC_PAGES = [
  ...STATIC_PUBLIC_PAGES,
  ['/blog', 'Blog', 'Latest articles'],
  [ARTICLE, 'Finding a startup idea worth your next two years', 'Most founders do not fail because their idea was too small.'],
];

describe('without JavaScript', () => {
  test.each(PUBLIC_PAGES)('%s shows its heading and text', async (path, heading, text) => {
    const page = await newPage('phone', { javaScriptEnabled: false });
    expect((await page.goto(path))!.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor({ state: 'visible' });
    expect(await page.getByText(text).first().isVisible()).toBe(true);
    if (path === ARTICLE) await screenshot(page, 'rendered-article-without-javascript');
    if (path === '/') await screenshot(page, 'rendered-landing-without-javascript');
  });

  test('an unknown page shows the not-found page with its 404', async () => {
    const page = await newPage('desktop', { javaScriptEnabled: false });
    expect((await page.goto('/no-such-page'))!.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor({ state: 'visible' });
  });
});

describe('with JavaScript', () => {
  test.each(PUBLIC_PAGES)('%s hydrates without a console error or hydration warning', async (path, heading) => {
    const page = await newPage('desktop');
    await page.goto(path);
    await waitForHydration(page);
    await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor({ state: 'visible' });
    expectNoProblems(page);
    // The page's CSS arrived written into its head: the app adds no stylesheet after hydration,
    // which would lay the page out and paint it again, later in the cascade.
    expect(await page.locator('link[rel="stylesheet"]:not([disabled])').evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual([]);
  });

  test('the landing prompt keeps a draft across a reload and opens the join dialog once hydrated', async () => {
    const page = await newPage('phone');
    await page.goto('/');
    await waitForHydration(page);
    const box = page.getByRole('textbox', { name: 'Describe what you want to build' });
    await box.fill('A planner for climbing gyms');
    await page.reload();
    await waitForHydration(page);
    // The draft comes from the browser's storage after hydration, not from the Worker's HTML.
    await expect.poll(() => box.inputValue()).toBe('A planner for climbing gyms');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('dialog', { name: 'Join and start building' }).waitFor({ state: 'visible' });
    await screenshot(page, 'rendered-landing-join-dialog', { fullPage: false });
    expectNoProblems(page);
  });

  test('an affiliate application sent from this browser shows after hydration, without a mismatch', async () => {
    const page = await newPage('desktop');
    await page.goto('/affiliate');
    await page.evaluate(() => localStorage.setItem('launchmate.affiliateApplication', 'rendered_code'));
    await page.reload();
    await waitForHydration(page);
    await page.getByText('Your application with the referral code "rendered_code" is waiting for review.').waitFor();
    expect(await page.getByRole('button', { name: 'Submit application' }).count()).toBe(0);
    expectNoProblems(page);
  });

  test('the showcase is shuffled after hydration', async () => {
    const orders = new Set<string>();
    for (let load = 0; load < 4 && orders.size < 2; load++) {
      const page = await newPage('desktop');
      await page.goto('/');
      await waitForHydration(page);
      const showcase = page.getByTestId('showcase');
      await showcase.waitFor();
      orders.add((await showcase.locator('.showcase__link').allTextContents()).join('|'));
      expectNoProblems(page);
    }
    expect(orders.size).toBeGreaterThan(1);
  });

  test('a FAQ answer opens, and the pricing page navigates inside the app', async () => {
    const page = await newPage('desktop');
    await page.goto('/pricing');
    await waitForHydration(page);
    const question = page.locator('.faq-list__question').first();
    await question.click();
    expect(await page.locator('.faq-list__item').first().getAttribute('open')).not.toBeNull();
    // A hydrated link navigates without a new document.
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same document'));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Our story' }).click();
    await page.getByRole('heading', { level: 1, name: 'Our story' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same document');
    expectNoProblems(page);
  });

  test("a free tool's share menu opens once hydrated", async () => {
    const page = await newPage('desktop');
    await page.goto('/business-ideas-generator');
    await waitForHydration(page);
    const share = page.getByRole('button', { name: 'Share' });
    await share.click();
    expect(await share.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('button', { name: 'Copy link' }).waitFor({ state: 'visible' });
    expectNoProblems(page);
  });

  test("the blog's 'Load more articles' shows more once hydrated", async () => {
    const page = await newPage('desktop');
    await page.goto('/blog');
    await waitForHydration(page);
    const grid = page.getByTestId('article-grid');
    const before = await grid.locator('article').count();
    await page.getByRole('button', { name: 'Load more articles' }).click();
    await expect.poll(() => grid.locator('article').count()).toBeGreaterThan(before);
    expectNoProblems(page);
  });
});
