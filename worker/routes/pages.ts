import type { Context } from 'hono';
import { DEMO_VIDEO } from '#contracts/pages/demo-video';
import { describePage } from '#contracts/pages/page-descriptions';
import { matchPage, NOT_FOUND_META, normalizePath, PAGE_REDIRECTS } from '#contracts/pages/page-meta';
import { SHARE_IMAGE } from '#contracts/pages/share-image';
import { landingStructuredData } from '#contracts/pages/structured-data';
import { ERROR_REPORT_LIMITS } from '#contracts/error-report-limits';
import { RENDERED_PAGE_ELEMENT_ID, type RenderedPage } from '#contracts/pages/page-data';
import { config } from '../config';
import { insertFrontendErrorUnderCap } from '../db/queries/frontend-errors';
import type { AppEnv } from '../env';
import { DATA_PAGES, type ResolvedPage } from '../page-data';
import { redact } from '../services/redact';
import { contentSecurityPolicy } from '../middleware/security-headers';
import { clientManifest, readStylesheets, routeAssets, type RouteAssets } from '../ssr/client-assets';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

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
 * Renders the app's public pages. Only the Worker's entry (worker/ssr/entry.ts) holds one: the
 * Worker itself never imports the app (docs/architecture.md).
 */
export interface PageRenderer {
  /** The app's HTML for one request, to go inside `<div id="root">`. */
  renderApp(request: Request, page: RenderedPage): Promise<ReadableStream<Uint8Array>>;
  /** The route modules a page is made of, as the client build's manifest names them. */
  routeModules(pathname: string): string[];
}

/**
 * Answers a page navigation. Public pages (`rendered` in page-meta.ts) arrive rendered, with the
 * data they were rendered with (docs/decisions/0034); every other page is the app shell, which
 * the browser renders. Either way: the page's own head tags and status, looked up in D1 for
 * data-driven pages, and 404 for anything unknown, including an article or shared result that
 * does not exist.
 */
export async function renderPage(c: Context<AppEnv>, renderer: PageRenderer): Promise<Response> {
  const url = new URL(c.req.url);
  const redirectTo = PAGE_REDIRECTS[normalizePath(url.pathname)];
  if (redirectTo) return c.redirect(`${redirectTo}${url.search}`, 301);

  const meta = matchPage(url.pathname);
  const shell = await c.env.ASSETS.fetch(new URL('/', url));
  if (!shell.ok || !shell.body) {
    console.error('The app shell is missing from the static assets', shell.status);
    return c.text('Launchmate is being updated. Please try again in a minute.', 503);
  }
  const shellHtml = await shell.text();

  const known = meta ?? NOT_FOUND_META;
  const cacheSeconds = config(c.env).PAGE_CACHE_SECONDS;
  const cacheKey = cacheSeconds > 0 && known.rendered && meta && !DATA_PAGES[meta.pattern] ? pageCacheKey(url, shellHtml) : null;
  if (cacheKey) {
    const cached = await (await caches.open(PAGE_CACHE)).match(cacheKey);
    if (cached) return fromPageCache(cached);
  }

  const headers = new Headers({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' });
  if (meta?.carriesToken) headers.set('Referrer-Policy', 'no-referrer');
  const canonicalUrl = new URL(normalizePath(url.pathname), c.env.APP_URL).href;
  const head = { ...known, description: describePage(known.pattern) };
  const resolve = meta ? DATA_PAGES[meta.pattern] : undefined;
  let page: ResolvedPage;
  let rendered = known.rendered === true;
  try {
    page = resolve ? await resolve(c.env, url.pathname, head, canonicalUrl) : { meta: head, status: meta ? 200 : 404 };
  } catch (error) {
    // A read the page has no error view for: the shell, whose app asks again (and explains).
    console.error('Looking up the data of a page failed', url.pathname, error);
    page = { meta: head, status: 503 };
    rendered = false;
  }

  const manifest = rendered ? await clientManifest(c.env) : null;
  const assets = manifest ? routeAssets(manifest, renderer.routeModules(url.pathname)) : { entryStylesheets: [], stylesheets: [], scripts: [] };
  const styles = manifest ? await inlineStyles(c.env, assets) : null;
  if (styles) headers.set('Content-Security-Policy', contentSecurityPolicy({ viteDevServer: c.env.VITE_DEV_SERVER === 'true', styleHashes: styles.hashes }));

  const document = await new HTMLRewriter()
    .on('head > title', { element: (element) => void element.setInnerContent(page.meta.title) })
    .on('meta[name="description"]', { element: (element) => void element.setAttribute('content', page.meta.description) })
    .on('head', { element: (element) => void element.append(headTags(page, canonicalUrl, c.env.APP_URL), { html: true }) })
    // The entry's stylesheet is written into the head instead.
    .on('link[rel="stylesheet"]', { element: (element) => void (styles && element.remove()) })
    // A rendered page is read before the app runs: its scripts must not compete with what paints.
    .on('script[type="module"][src], link[rel="modulepreload"]', { element: (element) => void (rendered && element.setAttribute('fetchpriority', 'low')) })
    .transform(new Response(shellHtml))
    .text();
  if (!rendered) return new Response(document, { status: page.status, headers });

  const html = streamRenderedPage(
    c,
    renderer,
    document,
    assets,
    styles,
    { path: url.pathname, data: page.data ?? null },
    cacheKey && { key: cacheKey, headers, seconds: cacheSeconds },
  );
  return new Response(html, { status: page.status, headers });
}

/** A rendered page's stylesheets written into its head, with their hashes for the CSP. */
interface InlineStyles {
  html: string;
  hashes: string[];
}

/**
 * The CSS of a rendered page (the entry's, then its route's), written into its head rather
 * than linked: the browser paints the page as soon as its HTML has arrived, without a round trip
 * per stylesheet first (docs/decisions/0034). Null when a stylesheet cannot be read: the page
 * links them instead.
 */
async function inlineStyles(env: AppEnv['Bindings'], assets: RouteAssets): Promise<InlineStyles | null> {
  const sheets = await readStylesheets(env, [...assets.entryStylesheets, ...assets.stylesheets]);
  if (!sheets?.length) return null;
  return { html: sheets.map((sheet) => `<style>${sheet.text}</style>`).join(''), hashes: sheets.map((sheet) => sheet.sha256) };
}

const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * The page's HTML as a stream: the head (with the route's CSS and script preloads) goes out at
 * once, so the browser fetches them while the Worker renders; the rendered app and the data it
 * was rendered with follow. A render that fails leaves the root empty, so the browser renders
 * the page itself, and is reported like a browser error. A successful render of a cacheable page
 * is kept at the edge.
 */
function streamRenderedPage(
  c: Context<AppEnv>,
  renderer: PageRenderer,
  document: string,
  assets: RouteAssets,
  styles: InlineStyles | null,
  page: RenderedPage,
  cache: { key: Request; headers: Headers; seconds: number } | null,
) {
  // With the styles written in, each stylesheet keeps a disabled link, which the browser does
  // not fetch: the app's chunk loader finds it and does not add the same rules again after
  // hydration, later in the cascade than the rest, which would lay the page out and paint it
  // again. The entry's own counts too: lazy chunks that share its CSS list it among theirs.
  const rootAt = document.indexOf(ROOT_ELEMENT);
  const headEnd = document.indexOf('</head>');
  const links = [
    ...(styles
      ? [
          styles.html,
          ...[...assets.entryStylesheets, ...assets.stylesheets].map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}" disabled>`),
        ]
      : assets.stylesheets.map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}">`)),
    ...assets.scripts.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" fetchpriority="low">`),
  ].join('');
  const top = `${document.slice(0, headEnd)}${links}${document.slice(headEnd, rootAt)}<div id="root">`;
  const bottom = (dataBlock: string) => `</div>${dataBlock}${document.slice(rootAt + ROOT_ELEMENT.length)}`;

  const encoder = new TextEncoder();
  // A copy of what was sent, for the edge cache.
  const sent: Uint8Array<ArrayBuffer>[] = [];
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (chunk: Uint8Array) => {
        if (cache) sent.push(chunk.slice());
        controller.enqueue(chunk);
      };
      // The work outlives this handler; enqueueing never waits for the visitor to read.
      c.executionCtx.waitUntil(
        (async () => {
          send(encoder.encode(top));
          let renderedOk = false;
          try {
            for await (const chunk of await renderer.renderApp(c.req.raw, page)) send(chunk);
            renderedOk = true;
          } catch (error) {
            await reportRenderError(c, error);
          }
          const dataBlock = renderedOk ? `<script type="application/json" id="${RENDERED_PAGE_ELEMENT_ID}">${jsonForScript(page)}</script>` : '';
          send(encoder.encode(bottom(dataBlock)));
          controller.close();
          if (renderedOk && cache)
            await (await caches.open(PAGE_CACHE)).put(cache.key, new Response(new Blob(sent), { headers: cachedPageHeaders(cache.headers, cache.seconds) }));
        })().catch((error: unknown) => {
          console.error('Sending a rendered page failed', error);
          controller.error(error);
        }),
      );
    },
  });
}

/** A render error is the Worker's own, but lands where browsers' errors do (docs/decisions/0004). */
async function reportRenderError(c: Context<AppEnv>, error: unknown) {
  console.error('Rendering a page failed', c.req.url, error);
  const message = error instanceof Error ? error.message || error.name : String(error);
  try {
    await insertFrontendErrorUnderCap(
      c.env.DB,
      {
        message: redact(message).slice(0, ERROR_REPORT_LIMITS.message),
        stack: error instanceof Error && error.stack ? redact(error.stack).slice(0, ERROR_REPORT_LIMITS.stack) : null,
        type: 'server-render',
        url: redact(c.req.url).slice(0, ERROR_REPORT_LIMITS.url),
        component: 'Worker',
        context: null,
        userAgent: null,
      },
      config(c.env).ERROR_REPORTS_GLOBAL_PER_MINUTE,
    );
  } catch (reportFailure) {
    console.error('Could not store the render error', reportFailure);
  }
}

/**
 * Rendered pages that depend on neither the visitor nor the database (the marketing pages) are
 * kept at the edge for PAGE_CACHE_SECONDS. The key holds the build's entry script, so a deploy
 * of a new app starts afresh; a change to the Worker alone shows within that time.
 */
const PAGE_CACHE = 'rendered-pages';

/** What the edge keeps with a page: its own CSP, when its styles are written in, goes with it. */
function cachedPageHeaders(pageHeaders: Headers, seconds: number): Headers {
  const headers = new Headers({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': `public, s-maxage=${seconds}` });
  const policy = pageHeaders.get('Content-Security-Policy');
  if (policy) headers.set('Content-Security-Policy', policy);
  return headers;
}

function pageCacheKey(url: URL, shellHtml: string): Request {
  const build = /<script type="module"[^>]* src="([^"]+)"/.exec(shellHtml)?.[1] ?? 'dev';
  return new Request(new URL(`${normalizePath(url.pathname)}?build=${encodeURIComponent(build)}`, url.origin));
}

/** A cached page, with the headers every page gets (browsers revalidate; the edge keeps it). */
function fromPageCache(cached: Response): Response {
  const headers = new Headers({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache', 'X-Page-Cache': 'hit' });
  const policy = cached.headers.get('Content-Security-Policy');
  if (policy) headers.set('Content-Security-Policy', policy);
  return new Response(cached.body, { status: 200, headers });
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
