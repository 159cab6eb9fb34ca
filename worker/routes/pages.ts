import type { Context } from 'hono';
import { matchPage, NOT_FOUND_META, normalizePath, PAGE_REDIRECTS, type PageMeta } from '../../app/content/page-meta';
import { ARTICLE_SLUG_SHAPE } from '../contracts/blog';
import { getDb } from '../db/client';
import { findArticleMeta } from '../db/queries/blog';
import type { AppEnv, Bindings } from '../env';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** What a data-driven page adds to its meta: a blog article's type, image and structured data. */
interface RichMeta {
  type: 'website' | 'article';
  imageUrl?: string;
  jsonLd?: object;
}

/** JSON inside <script>: `<` escaped, so no text of an article can close the element. */
const jsonForScript = (value: object) => JSON.stringify(value).replace(/</g, '\\u003c');

function headTags(meta: PageMeta, canonicalUrl: string, rich: RichMeta = { type: 'website' }): string {
  const tags = [
    `<meta property="og:site_name" content="Launchmate">`,
    `<meta property="og:type" content="${rich.type}">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}">`,
  ];
  if (rich.imageUrl) {
    tags.push(`<meta property="og:image" content="${escapeHtml(rich.imageUrl)}">`, `<meta name="twitter:image" content="${escapeHtml(rich.imageUrl)}">`);
  }
  if (meta.indexable) {
    tags.push(`<link rel="canonical" href="${escapeHtml(canonicalUrl)}">`, `<meta property="og:url" content="${escapeHtml(canonicalUrl)}">`);
  } else {
    // Private pages (tokens in the URL, the signed-in area) get no canonical address to copy.
    tags.push('<meta name="robots" content="noindex">');
  }
  // A data block, not a script: the CSP does not apply to it and browsers never run it.
  if (rich.jsonLd) tags.push(`<script type="application/ld+json">${jsonForScript(rich.jsonLd)}</script>`);
  return tags.join('');
}

const ARTICLE_PATTERN = '/blog/:slug';

/**
 * A blog article's own meta, or null when there is no such article (the page is then a 404,
 * kept out of search results).
 */
async function articleMeta(env: Bindings, pathname: string, canonicalUrl: string): Promise<{ meta: PageMeta; rich: RichMeta } | null> {
  const slug = normalizePath(pathname).split('/').pop() ?? '';
  const article = ARTICLE_SLUG_SHAPE.test(slug) ? await findArticleMeta(getDb(env.DB), slug) : undefined;
  if (!article) return null;
  const imageUrl = new URL(article.cover_image_url, env.APP_URL).href;
  const published = new Date(article.published_at).toISOString();
  return {
    meta: { pattern: ARTICLE_PATTERN, title: `${article.title} | Launchmate`, description: article.excerpt, indexable: true },
    rich: {
      type: 'article',
      imageUrl,
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: article.title,
        description: article.excerpt,
        image: [imageUrl],
        datePublished: published,
        author: { '@type': 'Person', name: article.author },
        publisher: { '@type': 'Organization', name: 'Launchmate', url: new URL('/', env.APP_URL).href },
        mainEntityOfPage: canonicalUrl,
      },
    },
  };
}

/** The not-found article: its own words, a 404 and noindex. */
const ARTICLE_NOT_FOUND_META: PageMeta = {
  pattern: ARTICLE_PATTERN,
  title: 'Article not found | Launchmate',
  description: "Sorry, the article you're looking for doesn't exist.",
  indexable: false,
};

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
  const canonicalUrl = new URL(normalizePath(url.pathname), c.env.APP_URL).href;
  let shown = meta ?? NOT_FOUND_META;
  let status = meta ? 200 : 404;
  let rich: RichMeta | undefined;
  if (meta?.pattern === ARTICLE_PATTERN) {
    const article = await articleMeta(c.env, url.pathname, canonicalUrl);
    if (article) ({ meta: shown, rich } = article);
    else [shown, status] = [ARTICLE_NOT_FOUND_META, 404];
  }

  return new HTMLRewriter()
    .on('title', { element: (element) => void element.setInnerContent(shown.title) })
    .on('meta[name="description"]', { element: (element) => void element.setAttribute('content', shown.description) })
    .on('head', { element: (element) => void element.append(headTags(shown, canonicalUrl, rich), { html: true }) })
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
