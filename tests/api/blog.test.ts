import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { ArticleSummary, ArticleWithContent } from '#contracts/blog';
import { db, request } from '../utils';

const DAY = 24 * 60 * 60 * 1000;

/** Writes an article the way scripts/load-blog.ts does (its SQL is tested in tests/scripts). */
async function insertArticle(slug: string, publishedAt: number, contentHtml = '<h2 id="one">One</h2><p>Text</p>', title = `Title of ${slug}`) {
  await db()
    .prepare(
      `INSERT INTO articles (slug, title, excerpt, author, published_at, cover_image_url, content_html, updated_at)
       VALUES (?, ?, ?, 'Ana Ruiz', ?, ?, ?, ?)`,
    )
    .bind(slug, title, `Excerpt of ${slug}`, publishedAt, `/blog/covers/${slug}.svg`, contentHtml, publishedAt)
    .run();
}

const base = Date.UTC(2026, 0, 1);

beforeAll(async () => {
  await db().prepare('DELETE FROM articles').run();
  // Inserted out of order on purpose; two share a day.
  await insertArticle('middle-one', base + 5 * DAY);
  await insertArticle('newest', base + 9 * DAY);
  await insertArticle('oldest', base);
  await insertArticle('same-day-later-id', base + 5 * DAY);
  const hostile = inject('hostileArticle');
  await insertArticle(hostile.slug, hostile.publishedAt, hostile.contentHtml, hostile.title);
});

describe('GET /api/general/articles', () => {
  it('lists every article newest first with exactly the list fields, and no bodies', async () => {
    const response = await request('/api/general/articles');
    expect(response.status).toBe(200);
    const list = await response.json<ArticleSummary[]>();
    expect(list.map((a) => a.slug)).toEqual(['newest', 'same-day-later-id', 'middle-one', 'oldest', 'hostile-markdown']);
    expect(Object.keys(list[0]!).sort()).toEqual(['author', 'cover_image_url', 'excerpt', 'id', 'published_at', 'slug', 'title']);
    expect(list[0]).toMatchObject({
      title: 'Title of newest',
      excerpt: 'Excerpt of newest',
      author: 'Ana Ruiz',
      published_at: base + 9 * DAY,
      cover_image_url: '/blog/covers/newest.svg',
    });
    expect(typeof list[0]!.id).toBe('number');
  });
});

describe('GET /api/general/article/:slug', () => {
  it('answers an article with its content', async () => {
    const response = await request('/api/general/article/newest');
    expect(response.status).toBe(200);
    const article = await response.json<ArticleWithContent>();
    expect(article).toMatchObject({ slug: 'newest', title: 'Title of newest', content: '<h2 id="one">One</h2><p>Text</p>' });
  });

  it('answers 404 with the error for a missing or malformed slug', async () => {
    for (const slug of ['no-such-article', 'NEWEST', '..%2Fadmin', 'a'.repeat(300), '%00']) {
      const response = await request(`/api/general/article/${slug}`);
      expect(response.status, slug).toBe(404);
      expect(await response.json(), slug).toEqual({ error: 'Article not found' });
    }
  });

  it('serves Markdown with a script tag, event handler and javascript: link without any of them', async () => {
    const article = await (await request('/api/general/article/hostile-markdown')).json<ArticleWithContent>();
    expect(article.content).toContain('<h2 id="plans">Plans</h2>');
    expect(article.content).toContain('Hello');
    expect(article.content).not.toMatch(/<script|onerror|javascript:|alert\("xss"\)/i);
  });
});

describe('the article page', () => {
  const html = async (path: string) => {
    const response = await request(path);
    return { response, html: await response.text() };
  };

  it("carries the article's own title, description, canonical link, cover and Article JSON-LD", async () => {
    const { response, html: page } = await html('/blog/newest');
    expect(response.status).toBe(200);
    expect(page).toContain('<title>Title of newest | Launchmate</title>');
    expect(/<meta name="description" content="([^"]*)"/.exec(page)?.[1]).toBe('Excerpt of newest');
    expect(page).toContain(`<link rel="canonical" href="${new URL('/blog/newest', env.APP_URL).href}">`);
    expect(page).toContain(`<meta property="og:image" content="${new URL('/blog/covers/newest.svg', env.APP_URL).href}">`);
    expect(page).toContain('<meta property="og:type" content="article">');
    expect(page).not.toContain('noindex');
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(page)?.[1];
    expect(JSON.parse(jsonLd!)).toMatchObject({
      '@type': 'Article',
      headline: 'Title of newest',
      datePublished: new Date(base + 9 * DAY).toISOString(),
      author: { name: 'Ana Ruiz' },
    });
  });

  it('cannot be broken out of by an article title', async () => {
    const { html: page } = await html('/blog/hostile-markdown');
    expect(page).toContain('<title>Hostile &lt;b&gt;markdown&lt;/b&gt; | Launchmate</title>');
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(page)?.[1] ?? '';
    expect(jsonLd).not.toContain('<');
    expect(JSON.parse(jsonLd).headline).toBe('Hostile <b>markdown</b>');
  });

  it('answers a missing article with 404, noindex and no canonical link', async () => {
    const { response, html: page } = await html('/blog/no-such-article');
    expect(response.status).toBe(404);
    expect(page).toContain('<meta name="robots" content="noindex">');
    expect(page).not.toContain('rel="canonical"');
    expect(page).toContain('<title>Article not found | Launchmate</title>');
  });
});

describe('blog files', () => {
  it('publishes an RSS feed of every article, newest first', async () => {
    const response = await request('/blog/rss.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/rss+xml; charset=utf-8');
    const xml = await response.text();
    const links = [...xml.matchAll(/<link>([^<]*)<\/link>/g)].map((m) => m[1]);
    expect(links).toEqual([
      new URL('/blog', env.APP_URL).href,
      ...['newest', 'same-day-later-id', 'middle-one', 'oldest', 'hostile-markdown'].map((slug) => new URL(`/blog/${slug}`, env.APP_URL).href),
    ]);
    expect(xml).toContain('<title>Hostile &lt;b&gt;markdown&lt;/b&gt;</title>');
    expect(xml).toContain(`<pubDate>${new Date(base + 9 * DAY).toUTCString()}</pubDate>`);
  });

  it('draws a cover per slug, the same every time and different between articles', async () => {
    const first = await request('/blog/covers/newest.svg');
    expect(first.status).toBe(200);
    expect(first.headers.get('Content-Type')).toBe('image/svg+xml');
    expect(first.headers.get('Content-Security-Policy')).toContain('sandbox');
    const svg = await first.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(await (await request('/blog/covers/newest.svg')).text()).toBe(svg);
    expect(await (await request('/blog/covers/oldest.svg')).text()).not.toBe(svg);
  });
});
