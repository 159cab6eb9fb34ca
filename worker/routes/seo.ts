import { Hono } from 'hono';
import { PAGE_META } from '#contracts/pages/page-meta';
import type { AppEnv } from '../env';
import { articleSitemapEntries } from './blog-files';

/** One address of the sitemap. */
export interface SitemapEntry {
  path: string;
  /** Last modification, YYYY-MM-DD, when known. */
  lastModified?: string;
}

/**
 * Every indexable public page with a fixed address (page-meta.ts marks which are indexable;
 * patterns with a `:param` are not pages by themselves).
 */
export function publicPageEntries(): SitemapEntry[] {
  return PAGE_META.filter((meta) => meta.indexable && !meta.pattern.includes(':')).map((meta) => ({ path: meta.pattern }));
}

/** The addresses listed in sitemap.xml: the fixed pages, then every published article. */
export async function sitemapEntries(env: AppEnv['Bindings']): Promise<SitemapEntry[]> {
  const articles = (await articleSitemapEntries(env)).map(({ url, lastModified }) => ({
    path: new URL(url).pathname,
    lastModified: new Date(lastModified).toISOString().slice(0, 10),
  }));
  return [...publicPageEntries(), ...articles];
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

export function renderSitemap(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.map(({ path, lastModified }) => {
    const loc = `<loc>${escapeXml(new URL(path, origin).href)}</loc>`;
    return `  <url>${loc}${lastModified ? `<lastmod>${lastModified}</lastmod>` : ''}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** Paths crawlers are asked to leave alone: the API and the signed-in area. */
export const DISALLOWED_PATHS = ['/api/', '/app/', '/dashboard', '/onboarding'];

export function renderRobots(origin: string): string {
  return ['User-agent: *', 'Allow: /', ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`), '', `Sitemap: ${new URL('/sitemap.xml', origin).href}`, ''].join(
    '\n',
  );
}

/** robots.txt and sitemap.xml, built from APP_URL so every address is the public one. */
export const seo = new Hono<AppEnv>()
  .get('/robots.txt', (c) => {
    c.header('Cache-Control', 'public, max-age=3600');
    return c.text(renderRobots(c.env.APP_URL));
  })
  .get('/sitemap.xml', async (c) => {
    const body = renderSitemap(c.env.APP_URL, await sitemapEntries(c.env));
    return c.body(body, 200, { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' });
  });
