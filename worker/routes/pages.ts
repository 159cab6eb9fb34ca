import type { Context } from 'hono';
import { matchPage, NOT_FOUND_META, normalizePath, PAGE_REDIRECTS, type PageMeta } from '../../app/content/page-meta';
import type { AppEnv } from '../env';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function headTags(meta: PageMeta, canonicalUrl: string): string {
  const tags = [
    `<meta property="og:site_name" content="Launchmate">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}">`,
  ];
  if (meta.indexable) {
    tags.push(`<link rel="canonical" href="${escapeHtml(canonicalUrl)}">`, `<meta property="og:url" content="${escapeHtml(canonicalUrl)}">`);
  } else {
    // Private pages (tokens in the URL, the signed-in area) get no canonical address to copy.
    tags.push('<meta name="robots" content="noindex">');
  }
  return tags.join('');
}

/**
 * Answers a page navigation with the app shell: 200 and the page's own meta for a known route,
 * 404 with the shell for anything else (the app then shows its not-found page).
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
  const shown = meta ?? NOT_FOUND_META;
  const canonicalUrl = new URL(normalizePath(url.pathname), c.env.APP_URL).href;

  return new HTMLRewriter()
    .on('title', { element: (element) => void element.setInnerContent(shown.title) })
    .on('meta[name="description"]', { element: (element) => void element.setAttribute('content', shown.description) })
    .on('head', { element: (element) => void element.append(headTags(shown, canonicalUrl), { html: true }) })
    .transform(new Response(shell.body, { status: meta ? 200 : 404, headers }));
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
