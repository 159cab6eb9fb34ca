/**
 * The blog in Chromium against the built product, with the articles of content/blog loaded by
 * global-setup.ts: the list and its 'Load more articles', an article's skeleton, table of
 * contents and anchor scrolling, the not-found article and the feed. On a phone the list and the
 * article are the same components in one column (the contents above the text instead of beside
 * it): the flows run at desktop width, and a phone test checks the layout of each screen.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { expectHeading, expectNoProblems, newPage, queryD1, screenshot, url, withBrowser, expectPhoneLayout } from './support';

withBrowser();

interface Row {
  slug: string;
  title: string;
}
let articles: Row[] = [];

beforeAll(async () => {
  articles = await queryD1<Row>('SELECT slug, title FROM articles ORDER BY published_at DESC, id DESC');
  // The layout under test needs a grid that takes more than one page: 1 + 5 + more than 4.
  expect(articles.length).toBeGreaterThan(10);
});

const titlesIn = (page: Page, selector: string) => page.locator(`${selector} .article-card__title`).allTextContents();

/** Waits until every cover in `selector` that is on screen has loaded, so screenshots show them. */
const coversLoaded = (page: Page, selector: string) =>
  expect
    .poll(() =>
      page
        .locator(`${selector} img`)
        .evaluateAll((images) =>
          (images as HTMLImageElement[])
            .filter((img) => img.getBoundingClientRect().top < window.innerHeight)
            .every((img) => img.complete && img.naturalWidth > 0),
        ),
    )
    .toBe(true);

describe('at desktop width', () => {
  test("/blog features the newest article, lists the next 5, and grids the rest 4 at a time until 'Load more articles' goes", async () => {
    const page = await newPage('desktop');
    expect((await page.goto('/blog'))!.status()).toBe(200);
    await expectHeading(page, 'Blog');
    await page.locator('.blog__featured .article-card__title').waitFor();

    expect(await titlesIn(page, '.blog__featured')).toEqual([articles[0]!.title]);
    expect(await titlesIn(page, '.blog__latest')).toEqual(articles.slice(1, 6).map((a) => a.title));
    expect(await titlesIn(page, '.blog__grid')).toEqual(articles.slice(6, 10).map((a) => a.title));
    await coversLoaded(page, '.blog');
    await screenshot(page, 'blog');

    const loadMore = page.getByRole('button', { name: 'Load more articles' });
    let shown = 4;
    while (articles.length - 6 > shown) {
      await loadMore.click();
      shown = Math.min(shown + 8, articles.length - 6);
      await expect.poll(() => titlesIn(page, '.blog__grid')).toEqual(articles.slice(6, 6 + shown).map((a) => a.title));
    }
    expect(await loadMore.count()).toBe(0);
    await screenshot(page, 'blog-all-loaded');

    await page.locator('.blog__grid .article-card__link').last().click();
    await page.waitForURL(url(`/blog/${articles.at(-1)!.slug}`));
    await expectHeading(page, articles.at(-1)!.title);
    expectNoProblems(page);
  });

  // Opened directly, an article arrives rendered by the Worker (docs/decisions/0034): its text
  // is there while its cover still loads. Reached inside the app, it shows a skeleton until the
  // cover has loaded (tests/app/blog.test.tsx).
  test('an article arrives with its text while its cover loads, then shows its cover, date, author and table of contents', async () => {
    const page = await newPage('desktop');
    const article = articles[0]!;
    let releaseCover!: () => void;
    const coverHeld = new Promise<void>((resolve) => (releaseCover = resolve));
    await page.route(`**/blog/covers/${article.slug}.svg`, async (route) => {
      await coverHeld;
      await route.continue();
    });

    expect((await page.goto(`/blog/${article.slug}`, { waitUntil: 'domcontentloaded' }))!.status()).toBe(200);
    await expectHeading(page, article.title);
    expect(await page.locator('.article__cover').evaluate((img: HTMLImageElement) => img.complete)).toBe(false);
    await screenshot(page, 'article-cover-loading', { fullPage: false });

    releaseCover();
    await page.waitForLoadState('load');
    await expect.poll(() => page.title()).toBe(`${article.title} | Launchmate`);
    expect(await page.locator('.article__cover').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await page.locator('.article__meta').textContent()).toMatch(/^[A-Z][a-z]+ \d{1,2}, 20\d\d · By .+/);

    // Every h2 and h3 of the article is in the table of contents, h3 nested under its h2.
    const headings = await page
      .locator('.article__content')
      .evaluate((content) => [...content.querySelectorAll('h2, h3')].map((h) => ({ level: h.tagName, id: h.id, text: h.textContent })));
    expect(headings.filter((h) => h.level === 'H3').length).toBeGreaterThan(0);
    const toc = page.getByRole('navigation', { name: 'Table of contents' });
    const tocLinks = await toc
      .locator('a')
      .evaluateAll((links) =>
        links.map((a) => ({ href: a.getAttribute('href'), text: a.textContent, nested: a.parentElement!.parentElement!.parentElement!.tagName === 'LI' })),
      );
    expect(tocLinks).toEqual(headings.map((h) => ({ href: `#${h.id}`, text: h.text, nested: h.level === 'H3' })));
    await screenshot(page, 'article');
    expectNoProblems(page);
  });

  test('a heading anchor in the URL scrolls to that heading, and so does a table-of-contents link', async () => {
    const page = await newPage('desktop');
    const article = articles[1]!;
    await page.goto(`/blog/${article.slug}`);
    await expectHeading(page, article.title);
    const ids = await page.locator('.article__content h2').evaluateAll((list) => list.map((h) => h.id));
    const last = ids.at(-1)!;

    // A table-of-contents link: the heading comes to the top, the address carries the anchor.
    await page.getByRole('navigation', { name: 'Table of contents' }).locator(`a[href="#${last}"]`).click();
    await expect.poll(() => new URL(page.url()).hash).toBe(`#${last}`);
    await expect.poll(() => page.locator(`#${last}`).evaluate((h) => Math.round(h.getBoundingClientRect().top))).toBeLessThan(120);
    await expect.poll(() => page.locator(`#${last}`).evaluate((h) => h.getBoundingClientRect().top)).toBeGreaterThanOrEqual(0);

    // A fresh visit with the anchor in the URL.
    const visitor = await newPage('desktop');
    await visitor.goto(`/blog/${article.slug}#${ids[1]}`);
    await expectHeading(visitor, article.title);
    await expect.poll(() => visitor.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await expect.poll(() => visitor.locator(`#${ids[1]}`).evaluate((h) => Math.round(h.getBoundingClientRect().top))).toBeLessThan(120);
    await screenshot(visitor, 'article-anchor', { fullPage: false });
    expectNoProblems(page);
    expectNoProblems(visitor);
  });

  test("an unknown article answers 404: 'Article not found', noindex, and the 4 latest articles", async () => {
    const page = await newPage('desktop');
    const response = await page.goto('/blog/no-such-article');
    expect(response!.status()).toBe(404);
    await expectHeading(page, 'Article not found');
    expect(await page.getByText("Sorry, the article you're looking for doesn't exist.", { exact: true }).isVisible()).toBe(true);
    expect(await page.locator('meta[name="robots"]').first().getAttribute('content')).toBe('noindex');
    await page.locator('.article-missing__suggestions .article-card__title').first().waitFor();
    expect(await titlesIn(page, '.article-missing__suggestions')).toEqual(articles.slice(0, 4).map((a) => a.title));
    await coversLoaded(page, '.article-missing__suggestions');
    await screenshot(page, 'article-not-found');
    expectNoProblems(page, [/status of 404 .*\/blog\/no-such-article/, /status of 404 .*\/api\/general\/article\/no-such-article/]);
  });
});

describe('at phone width', () => {
  test('the list, an article with its contents above the text, and the missing article fit the screen', async () => {
    const page = await newPage('phone');
    await page.goto('/blog');
    await page.locator('.blog__featured .article-card__title').waitFor();
    await coversLoaded(page, '.blog');
    await expectPhoneLayout(page, 'blog', 'Blog', [
      page.locator('.blog__featured .article-card__link'),
      page.locator('.blog__latest .article-card__link').first(),
      page.getByRole('button', { name: 'Load more articles' }),
    ]);

    const article = articles[0]!;
    await page.goto(`/blog/${article.slug}`);
    await coversLoaded(page, '.article');
    const toc = page.getByRole('navigation', { name: 'Table of contents' });
    await expectPhoneLayout(page, 'article', article.title, [page.getByRole('link', { name: '← All articles' }), toc, toc.locator('a').first()]);
    // One column: the contents come before the text, not beside it.
    const tocBox = (await toc.boundingBox())!;
    expect(tocBox.y + tocBox.height).toBeLessThanOrEqual((await page.locator('.article__content').boundingBox())!.y);

    await page.goto('/blog/no-such-article');
    await page.locator('.article-missing__suggestions .article-card__title').first().waitFor();
    await coversLoaded(page, '.article-missing__suggestions');
    await expectPhoneLayout(page, 'article-not-found', 'Article not found', [
      page.getByRole('link', { name: 'See all articles' }),
      page.locator('.article-missing__suggestions .article-card__link').first(),
    ]);
    expectNoProblems(page, [/status of 404 .*\/blog\/no-such-article/, /status of 404 .*\/api\/general\/article\/no-such-article/]);
  });
});

test('the RSS feed lists every article', async () => {
  const page = await newPage('desktop');
  const response = await page.request.get('/blog/rss.xml');
  expect(response.status()).toBe(200);
  const xml = await response.text();
  expect([...xml.matchAll(/<guid isPermaLink="true">([^<]+)<\/guid>/g)].map((m) => new URL(m[1]!).pathname)).toEqual(articles.map((a) => `/blog/${a.slug}`));
});
