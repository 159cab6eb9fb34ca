/**
 * Public pages arrive rendered (docs/decisions/0034): fetched without JavaScript, each has its
 * main heading and body text in the HTML, the CSS of its route linked in the head, and the data
 * it was rendered with for the browser to hydrate with.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { RENDERED_PAGE_ELEMENT_ID, type RenderedPage } from '#contracts/pages/page-data';
import { db, request } from '../utils';
import { STATIC_PUBLIC_PAGES } from '../public-pages';

const ARTICLE = {
  slug: 'rendered-article',
  title: 'An article the Worker renders',
  firstParagraph: 'The first paragraph, present before any script runs.',
};

/** Public routes, each with its main heading and a sentence of its body. */
const PUBLIC_PAGES: typeof STATIC_PUBLIC_PAGES = [
  ...STATIC_PUBLIC_PAGES,
  ['/blog', 'Blog', ARTICLE.title],
  [`/blog/${ARTICLE.slug}`, ARTICLE.title, ARTICLE.firstParagraph],
];

const sha256Base64 = async (text: string) =>
  btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))));
const h1Of = (html: string) => /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1]?.replace(/<[^>]+>/g, '');
const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf(`<script type="application/json" id="${RENDERED_PAGE_ELEMENT_ID}"`));
const renderedPageOf = (html: string) =>
  JSON.parse(new RegExp(`<script type="application/json" id="${RENDERED_PAGE_ELEMENT_ID}">(.*?)</script>`, 's').exec(html)![1]!) as RenderedPage;

beforeAll(async () => {
  await db().prepare('DELETE FROM articles').run();
  await db()
    .prepare(
      `INSERT INTO articles (slug, title, excerpt, author, published_at, cover_image_url, content_html, updated_at)
       VALUES (?, ?, 'An excerpt', 'Ana Ruiz', ?, ?, ?, ?)`,
    )
    .bind(
      ARTICLE.slug,
      ARTICLE.title,
      Date.UTC(2026, 0, 1),
      `/blog/covers/${ARTICLE.slug}.svg`,
      `<h2 id="start">Start</h2><p>${ARTICLE.firstParagraph}</p>`,
      Date.UTC(2026, 0, 1),
    )
    .run();
});

describe('public pages arrive rendered', () => {
  it.each(PUBLIC_PAGES)('%s has its heading and body text in the HTML', async (path, heading, text) => {
    const response = await request(path);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(h1Of(rootOf(html))).toBe(heading);
    expect(rootOf(html)).toContain(text);
    // The CSS of the page and its route is written into the head, so the page paints without
    // waiting on a stylesheet, and the CSP allows exactly those styles.
    const head = html.slice(0, html.indexOf('</head>'));
    const styles = [...head.matchAll(/<style>(.*?)<\/style>/gs)].map((match) => match[1]!);
    expect(styles.length).toBeGreaterThan(1);
    const policy = response.headers.get('Content-Security-Policy') ?? '';
    for (const style of styles) expect(policy).toContain(`'sha256-${await sha256Base64(style)}'`);
    expect(policy).not.toContain('unsafe-inline');
    // Each route stylesheet is named by a disabled link, which the browser does not fetch: the
    // app's chunk loader sees it and does not add the same rules again.
    expect(head).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/MarketingLayout-[^"]+\.css" disabled>/);
    // So is the entry's own, which lazy chunks of the landing page list among their CSS.
    expect(head).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/index-[^"]+\.css" disabled>/);
    expect(head).not.toMatch(/<link rel="stylesheet"(?![^>]* disabled>)[^>]*>/);
    // The app's scripts are fetched at low priority: the page reads without them.
    expect(head).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/[^"]+\.js" fetchpriority="low">/);
    expect(head).toMatch(/<script type="module" crossorigin src="\/assets\/index-[^"]+\.js" fetchpriority="low">/);
    expect(head).not.toMatch(/<link rel="modulepreload"(?![^>]*fetchpriority="low")[^>]*>/);
    expect(renderedPageOf(html).path).toBe(path);
  });

  it('renders the landing Send button disabled: the browser enables it once hydrated', async () => {
    const root = rootOf(await (await request('/')).text());
    expect(/<button type="submit"[^>]*>Send<\/button>/.exec(root)?.[0]).toMatch(/ disabled=""/);
  });

  it.each([
    ['/affiliate', 'Submit application'],
    ['/business-ideas-generator', 'Generate business ideas'],
    ['/user-persona-generator', 'Generate user persona'],
  ])('%s renders its form in a disabled fieldset: the browser enables it once hydrated', async (path, label) => {
    const root = rootOf(await (await request(path)).text());
    const fieldset = /<fieldset[^>]*>.*?<\/fieldset>/s.exec(root)?.[0] ?? '';
    expect(fieldset).toMatch(/^<fieldset[^>]* disabled=""/);
    expect(fieldset).toContain(label);
    expect(fieldset).toMatch(/<(input|textarea)/);
  });

  it('/ holds its sections below the hero too: features, the showcase and testimonials, in document order', async () => {
    const root = rootOf(await (await request('/')).text());
    const headings = ['What your co-founder does', 'Built by founders with Launchmate', 'What founders say'].map((heading) => root.indexOf(heading));
    expect(headings.every((at) => at > root.indexOf('</h1>'))).toBe(true);
    expect(headings).toEqual([...headings].sort((a, b) => a - b));
    // In place, not behind a placeholder that a script would fill (the CSP allows no inline script).
    expect(root).not.toContain('<template');
    expect(root).not.toContain('<!--$?-->');
  });

  it("renders an article's HTML from D1 and sends the article along for hydration", async () => {
    const html = await (await request(`/blog/${ARTICLE.slug}`)).text();
    expect(rootOf(html)).toContain(`<h2 id="start">Start</h2><p>${ARTICLE.firstParagraph}</p>`);
    expect(renderedPageOf(html).data).toMatchObject({ kind: 'article', article: { slug: ARTICLE.slug, title: ARTICLE.title } });
  });

  it('renders the not-found views with their 404', async () => {
    const unknown = await request('/no-such-page');
    expect(unknown.status).toBe(404);
    expect(h1Of(await unknown.text())).toBe('Page Not Found');

    const article = await request('/blog/no-such-article');
    expect(article.status).toBe(404);
    const html = await article.text();
    expect(h1Of(html)).toBe('Article not found');
    // The latest articles are suggested in the same response.
    expect(rootOf(html)).toContain(ARTICLE.title);
  });

  it("renders the tool's public counter from D1", async () => {
    await db().prepare("INSERT INTO tool_counters (tool, count) VALUES ('business-ideas', 4321) ON CONFLICT (tool) DO UPDATE SET count = 4321").run();
    const html = await (await request('/business-ideas-generator')).text();
    expect(rootOf(html)).toContain('4,321');
    expect(renderedPageOf(html).data).toEqual({ kind: 'tool-count', tool: 'business-ideas', count: 4321 });
  });

  it('keeps signed-in and token pages as the empty shell, with their own head', async () => {
    for (const path of ['/dashboard', '/reset-password/a1b2c3']) {
      const response = await request(path);
      const html = await response.text();
      expect(html, path).toContain('<div id="root"></div>');
      // The shell links its stylesheet and allows no inline style.
      expect(html, path).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/index-[^"]+\.css">/);
      expect(response.headers.get('Content-Security-Policy'), path).not.toContain('sha256');
      // The app paints these pages: its script keeps its normal priority.
      expect(html, path).not.toContain('fetchpriority="low"');
      expect(html, path).not.toContain(RENDERED_PAGE_ELEMENT_ID);
    }
  });

  it('keeps a marketing page at the edge, but never a page with data', async () => {
    const first = await request('/our-story');
    await first.text();
    const again = await request('/our-story');
    expect(again.headers.get('X-Page-Cache')).toBe('hit');
    expect(again.headers.get('Cache-Control')).toBe('no-cache');
    // The policy that allows the page's written-in styles comes with it.
    expect(again.headers.get('Content-Security-Policy')).toBe(first.headers.get('Content-Security-Policy'));
    expect(again.headers.get('Content-Security-Policy')).toContain("'sha256-");
    expect(h1Of(await again.text())).toBe('Our story');

    await request('/blog').then((response) => response.text());
    expect((await request('/blog')).headers.get('X-Page-Cache')).toBeNull();
  });
});

describe('a database that fails during a render', () => {
  it("answers an article with the article's error view and a 503, and the blog list with its own", async () => {
    await db().prepare('ALTER TABLE articles RENAME TO articles_away').run();
    try {
      const article = await request(`/blog/${ARTICLE.slug}`);
      expect(article.status).toBe(503);
      const html = await article.text();
      expect(h1Of(html)).toBe('Article unavailable');
      expect(html).toContain('We could not load this article.');

      const list = await request('/blog');
      expect(list.status).toBe(503);
      expect(await list.text()).toContain('We could not load the articles.');
    } finally {
      await db().prepare('ALTER TABLE articles_away RENAME TO articles').run();
    }
  });
});
