import { Hono } from 'hono';
import { ARTICLE_SLUG_SHAPE } from '#contracts/blog';
import { getDb } from '../db/client';
import { listArticleIndex } from '../db/queries/blog';
import type { AppEnv, Bindings } from '../env';
import { coverSvg } from '../services/blog-cover';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

export const articleUrl = (env: Bindings, slug: string) => new URL(`/blog/${slug}`, env.APP_URL).href;

/**
 * Every article's address and last change, for the sitemap (worker/routes/seo.ts).
 * `lastModified` is Unix milliseconds.
 */
export async function articleSitemapEntries(env: Bindings): Promise<{ url: string; lastModified: number }[]> {
  const articles = await listArticleIndex(getDb(env.DB));
  return articles.map((a) => ({ url: articleUrl(env, a.slug), lastModified: Math.max(a.publishedAt, a.updatedAt) }));
}

/** Files of the blog that are not pages: the RSS feed and the covers. Every other path is a page. */
export const blogFiles = new Hono<AppEnv>()
  .get('/rss.xml', async (c) => {
    const articles = await listArticleIndex(getDb(c.env.DB));
    const blogUrl = new URL('/blog', c.env.APP_URL).href;
    const items = articles.map((a) =>
      [
        '<item>',
        `<title>${escapeXml(a.title)}</title>`,
        `<link>${escapeXml(articleUrl(c.env, a.slug))}</link>`,
        `<guid isPermaLink="true">${escapeXml(articleUrl(c.env, a.slug))}</guid>`,
        `<pubDate>${new Date(a.publishedAt).toUTCString()}</pubDate>`,
        `<description>${escapeXml(a.excerpt)}</description>`,
        '</item>',
      ].join(''),
    );
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>',
      '<title>Launchmate blog</title>',
      `<link>${escapeXml(blogUrl)}</link>`,
      `<atom:link href="${escapeXml(new URL('/blog/rss.xml', c.env.APP_URL).href)}" rel="self" type="application/rss+xml"/>`,
      '<description>Practical guides for founders: finding an idea, validating demand, personas, pricing and launching.</description>',
      '<language>en</language>',
      ...items,
      '</channel></rss>',
    ].join('\n');
    return c.body(xml, 200, { 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': 'public, max-age=900' });
  })

  .get('/covers/:file{[a-z0-9-]+\\.svg}', (c) => {
    const slug = c.req.param('file').slice(0, -'.svg'.length);
    if (!ARTICLE_SLUG_SHAPE.test(slug)) return c.notFound();
    return c.body(coverSvg(slug), 200, {
      'Content-Type': 'image/svg+xml',
      'Cache-Control': 'public, max-age=86400',
      // An SVG opened on its own is a document: it gets no script and no outside requests.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    });
  });
