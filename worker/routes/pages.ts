import type { Context } from 'hono';
import { RESULT_NOT_FOUND_TITLE, SHARED_RESULT, sharedResultMeta } from '../../app/content/free-tools';
import { matchPage, NOT_FOUND_META, normalizePath, PAGE_REDIRECTS, type PageMeta } from '../../app/content/page-meta';
import { RESULT_ID, type SharedResult } from '../contracts/free-tools';
import { getDb } from '../db/client';
import { findResult } from '../db/queries/free-tools';
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

const SHARED_RESULT_PATH = /^\/(business-ideas|user-persona)-generator\/r\/([^/]+)$/;

/**
 * For the address of a shared result: its own title and description, or, when there is no such
 * result (for this tool), a not-found answer. Undefined for every other page.
 */
async function sharedResultPage(c: Context<AppEnv>, pathname: string, meta: PageMeta): Promise<{ meta: PageMeta; found: boolean } | undefined> {
  const match = SHARED_RESULT_PATH.exec(normalizePath(pathname));
  if (!match) return undefined;
  const [, tool, id = ''] = match;
  const row = RESULT_ID.test(id) ? await findResult(getDb(c.env.DB), id) : undefined;
  if (!row || row.tool !== tool) {
    return { meta: { ...meta, title: RESULT_NOT_FOUND_TITLE, description: SHARED_RESULT.notFoundText, indexable: false }, found: false };
  }
  const shared = { tool: row.tool, input: row.input, result: JSON.parse(row.result), offline_demo: row.offlineDemo, created_at: row.createdAt } as SharedResult;
  return { meta: { ...meta, ...sharedResultMeta(shared) }, found: true };
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
  const shared = meta ? await sharedResultPage(c, url.pathname, meta) : undefined;
  const shown = shared?.meta ?? meta ?? NOT_FOUND_META;
  const status = meta && shared?.found !== false ? 200 : 404;
  const canonicalUrl = new URL(normalizePath(url.pathname), c.env.APP_URL).href;

  return new HTMLRewriter()
    .on('title', { element: (element) => void element.setInnerContent(shown.title) })
    .on('meta[name="description"]', { element: (element) => void element.setAttribute('content', shown.description) })
    .on('head', { element: (element) => void element.append(headTags(shown, canonicalUrl), { html: true }) })
    .transform(new Response(shell.body, { status, headers }));
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
