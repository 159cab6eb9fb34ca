import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { describePage } from '#contracts/pages/page-descriptions';
import { matchPage, NOT_FOUND_META, PAGE_META } from '#contracts/pages/page-meta';
import { postJson, request } from '../utils';

/** Every route of the specification's route table, with a concrete path for each pattern. */
const SPEC_ROUTES = [
  '/',
  '/demo',
  '/pricing',
  '/affiliate',
  '/our-story',
  '/contributors',
  '/blog',
  '/signup',
  '/signin',
  '/verify-email/a1b2c3',
  '/forgot-password',
  '/reset-password/a1b2c3',
  '/invite/a1b2c3',
  '/terms',
  '/privacy',
  '/unsubscribe/a1b2c3',
  '/business-ideas-generator',
  '/user-persona-generator',
  '/research/k3y',
];
/** Answers 200 or 404 depending on the article: tests/api/blog.test.ts. */
const ARTICLE_ROUTE = '/blog/finding-an-idea';
const SIGNED_IN_ROUTES = ['/onboarding', '/dashboard', '/app/settings', '/research/k3y/responses', '/app/projects/0b7c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d'];
const TOKEN_ROUTES = ['/verify-email/a1b2c3', '/reset-password/a1b2c3', '/invite/a1b2c3', '/unsubscribe/a1b2c3'];

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const metaContent = (html: string, attribute: string, name: string) => new RegExp(`<meta ${attribute}="${name}" content="([^"]*)"`).exec(html)?.[1];
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];

function expectSecurityHeaders(response: Response) {
  expect(response.headers.get('Strict-Transport-Security')).toBe('max-age=63072000; includeSubDomains');
  const csp = response.headers.get('Content-Security-Policy') ?? '';
  for (const directive of ["default-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "script-src 'self'"]) {
    expect(csp).toContain(directive);
  }
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).not.toContain('unsafe-eval');
  expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
  expect(response.headers.get('Referrer-Policy')).toMatch(/^(strict-origin-when-cross-origin|no-referrer)$/);
  expect(response.headers.get('Cross-Origin-Opener-Policy')).toBe('same-origin');
}

describe('page navigations', () => {
  it('has a description for every page except shared results, whose data describes them', () => {
    for (const meta of [...PAGE_META, NOT_FOUND_META]) {
      if (meta.pattern.includes('/r/')) continue;
      expect(describePage(meta.pattern).length, meta.pattern).toBeGreaterThan(10);
    }
  });

  it('has meta for every route of the specification and the signed-in area', () => {
    for (const path of [...SPEC_ROUTES, ARTICLE_ROUTE, ...SIGNED_IN_ROUTES]) expect(matchPage(path), path).toBeDefined();
  });

  it.each([...SPEC_ROUTES, ...SIGNED_IN_ROUTES])(
    '%s answers 200 with its page (rendered, or the app shell) and its own title and description',
    async (path) => {
      const response = await request(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('Cache-Control')).toBe('no-cache');
      expectSecurityHeaders(response);
      const html = await response.text();
      const meta = matchPage(path)!;
      // Public pages arrive rendered (tests/api/rendered-pages.test.ts); the others are the empty shell.
      if (meta.rendered) expect(html).toMatch(/<div id="root"><[a-z]/);
      else expect(html).toContain('<div id="root"></div>');
      expect(titleOf(html)).toBe(meta.title.replace(/'/g, '&#39;'));
      expect(metaContent(html, 'name', 'description')).toBe(describePage(meta.pattern).replace(/'/g, '&#39;'));
      expect(metaContent(html, 'property', 'og:title')).toBeDefined();
    },
  );

  it('gives every public page its canonical address and no noindex', async () => {
    for (const path of SPEC_ROUTES.filter((path) => matchPage(path)!.indexable)) {
      const html = await (await request(path)).text();
      expect(canonicalOf(html), path).toBe(new URL(path, env.APP_URL).href);
      expect(html, path).not.toContain('noindex');
    }
  });

  it('keeps pages with a token in the URL out of referrers, search engines and canonical links', async () => {
    for (const path of TOKEN_ROUTES) {
      const response = await request(path);
      expect(response.headers.get('Referrer-Policy'), path).toBe('no-referrer');
      const html = await response.text();
      expect(metaContent(html, 'name', 'robots'), path).toBe('noindex');
      expect(canonicalOf(html), path).toBeUndefined();
      expect(html, path).not.toContain('a1b2c3');
    }
  });

  it('marks the signed-in area and research pages noindex', async () => {
    for (const path of [...SIGNED_IN_ROUTES, '/research/k3y']) {
      expect(metaContent(await (await request(path)).text(), 'name', 'robots'), path).toBe('noindex');
    }
  });

  it('treats a trailing slash as the same page, with the canonical address unslashed', async () => {
    const response = await request('/pricing/');
    expect(response.status).toBe(200);
    expect(canonicalOf(await response.text())).toBe(new URL('/pricing', env.APP_URL).href);
  });

  it('answers an unknown path with 404, the rendered not-found page and noindex', async () => {
    for (const path of ['/no-such-page', '/pricing/extra', '/blog/a/b', '/research/k3y/responses/more']) {
      const response = await request(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
      expectSecurityHeaders(response);
      const html = await response.text();
      expect(html).toMatch(/<h1>Page Not Found<\/h1>/);
      expect(titleOf(html)).toBe('Page Not Found | Launchmate');
      expect(metaContent(html, 'name', 'robots')).toBe('noindex');
    }
  });

  it('redirects /business-ideas to /business-ideas-generator permanently, keeping the query', async () => {
    const response = await request('/business-ideas?utm_source=newsletter');
    expect(response.status).toBe(301);
    expect(response.headers.get('Location')).toBe('/business-ideas-generator?utm_source=newsletter');
    expectSecurityHeaders(response);
  });

  it('escapes nothing it should not: a path with markup cannot inject into the head', async () => {
    const response = await request('/%22%3E%3Cscript%3Ealert(1)%3C/script%3E');
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('<script>alert(1)</script>');
  });

  it('lists only patterns that start with a slash and are unique', () => {
    const patterns = PAGE_META.map((meta) => meta.pattern);
    expect(new Set(patterns).size).toBe(patterns.length);
    expect(patterns.every((pattern) => pattern.startsWith('/'))).toBe(true);
  });
});

describe('static files', () => {
  const firstScript = async () => {
    const html = await (await request('/')).text();
    const src = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
    expect(src).toMatch(/^\/assets\/.+\.js$/);
    return src!;
  };

  it('serves hashed build files as immutable, with the security headers', async () => {
    const response = await request(await firstScript());
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/javascript/);
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expectSecurityHeaders(response);
  });

  it('serves other files with a short cache and the security headers', async () => {
    const response = await request('/favicon.svg');
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=3600');
    expectSecurityHeaders(response);
  });

  it('answers a missing file with 404', async () => {
    const response = await request('/assets/missing-abc123.js');
    expect(response.status).toBe(404);
    expectSecurityHeaders(response);
  });
});

describe('the API surface', () => {
  it('answers an unknown API path with a JSON 404 and the security headers', async () => {
    for (const [method, path] of [
      ['GET', '/api/nothing-here'],
      ['POST', '/api/errors/unknown'],
    ] as const) {
      const response = method === 'GET' ? await request(path) : await postJson(path, {});
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ error: 'Not found.' });
      expectSecurityHeaders(response);
    }
  });
});
