import type { Context } from 'hono';
import { DEMO_VIDEO } from '#contracts/pages/demo-video';
import { describePage } from '#contracts/pages/page-descriptions';
import { matchPage, NOT_FOUND_META, normalizePath, PAGE_REDIRECTS } from '#contracts/pages/page-meta';
import { SHARE_IMAGE } from '#contracts/pages/share-image';
import { landingStructuredData } from '#contracts/pages/structured-data';
import type { AppEnv } from '../env';
import { DATA_PAGES, type ResolvedPage } from '../page-data';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON-LD by route pattern (search engines read it from the HTML the Worker sends). */
const STRUCTURED_DATA: Record<string, (origin: string) => object[]> = {
  '/': landingStructuredData,
};

/**
 * Images a page shows first, by route pattern: named in the HTML, they download while the
 * app's script is still on its way instead of after it (the demo's poster is its largest paint).
 */
const PRELOADED_IMAGES: Record<string, string[]> = {
  '/demo': [DEMO_VIDEO.poster],
};

/** JSON inside <script>: `<` is escaped so no text of the data can close the element. */
const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

function imageTags(page: ResolvedPage, origin: string): string[] {
  // A page's own image (an article's cover) replaces the product's default share image.
  if (page.imageUrl) {
    return [`<meta property="og:image" content="${escapeHtml(page.imageUrl)}">`, `<meta name="twitter:image" content="${escapeHtml(page.imageUrl)}">`];
  }
  const image = new URL(SHARE_IMAGE.path, origin).href;
  return [
    `<meta property="og:image" content="${escapeHtml(image)}">`,
    `<meta property="og:image:type" content="image/png">`,
    `<meta property="og:image:width" content="${SHARE_IMAGE.width}">`,
    `<meta property="og:image:height" content="${SHARE_IMAGE.height}">`,
    `<meta property="og:image:alt" content="${escapeHtml(SHARE_IMAGE.alt)}">`,
    `<meta name="twitter:image" content="${escapeHtml(image)}">`,
    `<meta name="twitter:image:alt" content="${escapeHtml(SHARE_IMAGE.alt)}">`,
  ];
}

function headTags(page: ResolvedPage, canonicalUrl: string, origin: string): string {
  const { meta } = page;
  const tags = [
    `<meta property="og:site_name" content="Launchmate">`,
    `<meta property="og:type" content="${page.openGraphType ?? 'website'}">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}">`,
    ...imageTags(page, origin),
  ];
  if (meta.indexable) {
    tags.push(`<link rel="canonical" href="${escapeHtml(canonicalUrl)}">`, `<meta property="og:url" content="${escapeHtml(canonicalUrl)}">`);
  } else {
    // Private pages (tokens in the URL, the signed-in area) get no canonical address to copy.
    tags.push('<meta name="robots" content="noindex">');
  }
  for (const image of PRELOADED_IMAGES[meta.pattern] ?? []) {
    tags.push(`<link rel="preload" as="image" href="${escapeHtml(image)}" fetchpriority="high">`);
  }
  // Data blocks, not scripts: the CSP (script-src 'self') does not apply to them.
  for (const data of [...(STRUCTURED_DATA[meta.pattern]?.(origin) ?? []), ...(page.jsonLd ?? [])]) {
    tags.push(`<script type="application/ld+json">${jsonForScript(data)}</script>`);
  }
  return tags.join('');
}

/**
 * Answers a page navigation with the app shell: 200 and the page's own meta for a known route
 * (looked up in D1 for data-driven pages), 404 with the shell for anything else, including an
 * article or shared result that does not exist (the app then shows its not-found view).
 */
export async function renderPage(c: Context<AppEnv>): Promise<Response> {
  const url = new URL(c.req.url);
  const redirectTo = PAGE_REDIRECTS[normalizePath(url.pathname)];
  if (redirectTo) return c.redirect(`${redirectTo}${url.search}`, 301);

  const meta = matchPage(url.pathname);
  const shell = await c.env.ASSETS.fetch(new URL('/', url));
  if (!shell.ok || !shell.body) {
    console.error('The app shell is missing from the static assets', shell.status);
    return c.text('Launchmate is being updated. Please try again in a minute.', 503);
  }

  const headers = new Headers({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' });
  if (meta?.carriesToken) headers.set('Referrer-Policy', 'no-referrer');
  const canonicalUrl = new URL(normalizePath(url.pathname), c.env.APP_URL).href;
  const known = meta ?? NOT_FOUND_META;
  const head = { ...known, description: describePage(known.pattern) };
  const resolve = meta ? DATA_PAGES[meta.pattern] : undefined;
  const page: ResolvedPage = resolve ? await resolve(c.env, url.pathname, head, canonicalUrl) : { meta: head, status: meta ? 200 : 404 };

  return new HTMLRewriter()
    .on('title', { element: (element) => void element.setInnerContent(page.meta.title) })
    .on('meta[name="description"]', { element: (element) => void element.setAttribute('content', page.meta.description) })
    .on('head', { element: (element) => void element.append(headTags(page, canonicalUrl, c.env.APP_URL), { html: true }) })
    .transform(new Response(shell.body, { status: page.status, headers }));
}

const HASHED_ASSET = /^\/assets\//;

/** Serves a static file with caching suited to it: hashed build files are immutable. */
export async function serveStaticFile(c: Context<AppEnv>): Promise<Response | undefined> {
  const response = await c.env.ASSETS.fetch(c.req.raw);
  if (response.status === 404) return undefined;
  const served = new Response(response.body, response);
  if (response.ok) {
    const path = new URL(c.req.url).pathname;
    served.headers.set('Cache-Control', HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
  }
  return served;
}

/** A path whose last segment has an extension names a file, not a page. */
export const looksLikeFile = (pathname: string) => /\.[A-Za-z0-9]+$/.test(pathname.split('/').pop() ?? '');
