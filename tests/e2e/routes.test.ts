/**
 * Every route of the spec's route table, plus the signed-in area,
 * loaded in Chromium at desktop and phone width: status, heading, title, no errors, screenshot.
 */
import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { matchPage, NOT_FOUND_META } from '#contracts/pages/page-meta';
import {
  expectHeading,
  expectNoProblems,
  newPage,
  screenshot,
  screenshotName,
  signedInState,
  url,
  withBrowser,
  VIEWPORTS,
  waitForHydration,
  type StorageState,
} from './support';

withBrowser();

interface RouteCase {
  path: string;
  /** The <h1> the visitor ends up with (app/pages/**), compared exactly. */
  heading: string;
  /** Where the app sends the visitor, when that is not `path`. */
  landsOn?: string;
  /** The HTTP status of the page itself, when it is not 200. */
  status?: number;
  /** The tab's title, when it is not page-meta.ts's title of the route (data-driven pages). */
  title?: string;
  /**
   * Console errors the page causes by design: Chromium logs every 4xx answer of a fetch, and
   * some pages log the API failure they handle. Anything else is a failure.
   */
  expectedConsoleErrors?: RegExp[];
}

const failedFetch = (status: number, path: string) => new RegExp(`the server responded with a status of ${status} .*${path.replace(/[/.]/g, '\\$&')}`);
const NOT_SIGNED_IN = [failedFetch(401, '/api/auth/check-auth'), failedFetch(401, '/api/auth/refresh')];

/** Each route with a concrete path, as a signed-out visitor sees it. */
const PUBLIC_ROUTES: RouteCase[] = [
  { path: '/', heading: 'Your AI co-founder, from idea to product' },
  { path: '/demo', heading: 'See Launchmate in action' },
  { path: '/pricing', heading: 'Simple, honest pricing' },
  { path: '/affiliate', heading: 'Affiliate program' },
  { path: '/our-story', heading: 'Our story' },
  { path: '/contributors', heading: 'Contributors' },
  { path: '/blog', heading: 'Blog' },
  // A shipped article (content/blog/), with its own title.
  {
    path: '/blog/finding-a-startup-idea-worth-your-time',
    heading: 'Finding a startup idea worth your next two years',
    title: 'Finding a startup idea worth your next two years | Launchmate',
  },
  // No such article: the article-not-found view, answered with a 404.
  {
    path: '/blog/some-article',
    heading: 'Article not found',
    status: 404,
    title: 'Article not found | Launchmate',
    expectedConsoleErrors: [failedFetch(404, '/blog/some-article'), failedFetch(404, '/api/general/article/some-article')],
  },
  { path: '/signup', heading: 'Create your account' },
  // The sign-in page first asks whether the visitor is already signed in.
  { path: '/signin', heading: 'Sign in to Launchmate', expectedConsoleErrors: NOT_SIGNED_IN },
  // An unknown token: the spec's failure view.
  {
    path: '/verify-email/abc123',
    heading: 'Verification failed',
    expectedConsoleErrors: [failedFetch(400, '/api/auth/verify-email/abc123'), /^Email verification failed ApiError/],
  },
  { path: '/forgot-password', heading: 'Forgot your password?' },
  // An unknown token: the page says so when it opens.
  { path: '/reset-password/abc123', heading: 'This link no longer works', expectedConsoleErrors: [failedFetch(400, '/api/auth/reset-password/abc123')] },
  // Not signed in: the invitation is kept and the visitor goes to sign-up, which asks what the
  // unknown token invites to and, finding nothing, shows the plain sign-up.
  {
    path: '/invite/abc123',
    heading: 'Create your account',
    landsOn: '/signup',
    expectedConsoleErrors: [...NOT_SIGNED_IN, failedFetch(404, '/api/invitations/abc123')],
  },
  { path: '/terms', heading: 'Terms of Service' },
  { path: '/privacy', heading: 'Privacy Policy' },
  // An unknown token: the spec's error view.
  {
    path: '/unsubscribe/abc123',
    heading: 'An error occurred',
    expectedConsoleErrors: [failedFetch(404, '/api/user/unsubscribe/abc123'), /^Unsubscribing failed ApiError/],
  },
  { path: '/business-ideas-generator', heading: 'Business ideas generator' },
  { path: '/user-persona-generator', heading: 'User persona generator' },
  {
    // An unknown key: the page asks, gets a 404 and says 'Research page not found'.
    path: '/research/abc123',
    heading: 'Research page',
    expectedConsoleErrors: [failedFetch(404, '/api/research/abc123')],
  },
];

/** The signed-in area, for a new account that has no project yet. */
const SIGNED_IN_ROUTES: RouteCase[] = [
  { path: '/onboarding', heading: 'Welcome to Launchmate' },
  { path: '/dashboard', heading: 'Dashboard' },
  { path: '/app/settings', heading: 'Account settings' },
  {
    path: '/research/abc123/responses',
    heading: 'Research responses',
    expectedConsoleErrors: [failedFetch(404, '/api/research/pages/abc123/responses')],
  },
];

const titleOf = (path: string) => {
  const meta = matchPage(path);
  if (!meta) throw new Error(`page-meta.ts has no entry for ${path}`);
  return meta.title;
};

/** Loads a page as a visitor would and checks what every page must satisfy. */
async function checkPage(page: Page, { path, heading, landsOn = path, status = 200, title, expectedConsoleErrors = [] }: RouteCase, shotName: string) {
  const response = await page.goto(path);
  expect(response, `no response for ${path}`).not.toBeNull();
  expect(response!.status()).toBe(status);
  await expectHeading(page, heading);
  expect(new URL(page.url()).pathname).toBe(landsOn);
  await expect.poll(() => page.title()).toBe(title ?? titleOf(landsOn));
  // The screenshot shows the page as the visitor uses it, once the app has taken it over.
  await waitForHydration(page);
  await screenshot(page, shotName);
  expectNoProblems(page, expectedConsoleErrors);
}

describe.each(VIEWPORTS)('at %s width', (viewport) => {
  test.each(PUBLIC_ROUTES)('$path shows "$heading"', async (route) => {
    await checkPage(await newPage(viewport), route, screenshotName(route.path));
  });

  test('an unknown path answers 404 with the not-found page, whose link goes home', async () => {
    const page = await newPage(viewport);
    const response = await page.goto('/no-such-page');
    expect(response!.status()).toBe(404);
    await expectHeading(page, 'Page Not Found');
    expect(await page.getByText('404', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText("Oops! The page you're looking for doesn't exist.", { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.title()).toBe(NOT_FOUND_META.title);
    await screenshot(page, 'not-found');

    const home = page.getByRole('link', { name: 'Go to Homepage', exact: true });
    expect(await home.getAttribute('href')).toBe('/');
    await home.click();
    await page.waitForURL(url('/'));
    await expectHeading(page, 'Your AI co-founder, from idea to product');
    await expect.poll(() => page.title()).toBe(titleOf('/'));
    // Chromium logs the 404 of the document itself; nothing else may go wrong.
    expectNoProblems(page, [failedFetch(404, '/no-such-page')]);
  });

  test('/business-ideas redirects to /business-ideas-generator', async () => {
    const page = await newPage(viewport);
    const response = await page.goto('/business-ideas');
    expect(response!.status()).toBe(200);
    const redirect = response!.request().redirectedFrom();
    expect(redirect?.url()).toBe(url('/business-ideas'));
    expect((await redirect!.response())!.status()).toBe(301);
    expect(page.url()).toBe(url('/business-ideas-generator'));
    await expectHeading(page, 'Business ideas generator');
    await expect.poll(() => page.title()).toBe(titleOf('/business-ideas-generator'));
    expectNoProblems(page);
  });
});

describe('signed in, with a new account', () => {
  // Its own block: if signing up breaks, only these tests fail.
  let signedIn: StorageState;
  beforeAll(async () => {
    signedIn = await signedInState();
  });

  describe.each(VIEWPORTS)('at %s width', (viewport) => {
    test.each(SIGNED_IN_ROUTES)('$path shows "$heading"', async (route) => {
      await checkPage(await newPage(viewport, { storageState: signedIn }), route, screenshotName(route.path));
    });
  });
});

describe('signed out, the signed-in area sends the visitor to sign in', () => {
  test.each(SIGNED_IN_ROUTES)('$path', async ({ path }) => {
    const page = await newPage('desktop');
    const route: RouteCase = { path, heading: 'Sign in to Launchmate', landsOn: '/signin', expectedConsoleErrors: NOT_SIGNED_IN };
    await checkPage(page, route, `signed-out-${screenshotName(path)}`);
  });
});

describe('the signed-in area is a separate chunk', () => {
  const APP_LAYOUT_CHUNK = /\/assets\/AppLayout-[\w-]+\.js$/;

  async function scriptsRequestedBy(path: string, heading: string, expectedConsoleErrors: RegExp[] = []): Promise<string[]> {
    const page = await newPage('desktop');
    const scripts: string[] = [];
    page.on('request', (request: Request) => {
      // Any kind of request: module scripts, and modulepreload links too.
      const { pathname } = new URL(request.url());
      if (pathname.endsWith('.js')) scripts.push(pathname);
    });
    await page.goto(path, { waitUntil: 'networkidle' });
    await expectHeading(page, heading);
    expectNoProblems(page, expectedConsoleErrors);
    return scripts;
  }

  test('/ does not download it', async () => {
    const scripts = await scriptsRequestedBy('/', 'Your AI co-founder, from idea to product');
    // The page's own chunk was seen, so the recording works.
    expect(scripts.some((path) => /\/assets\/Landing-[\w-]+\.js$/.test(path))).toBe(true);
    expect(scripts.filter((path) => APP_LAYOUT_CHUNK.test(path))).toEqual([]);
  });

  test('/dashboard downloads it (and, signed out, goes on to sign-in)', async () => {
    const scripts = await scriptsRequestedBy('/dashboard', 'Sign in to Launchmate', NOT_SIGNED_IN);
    expect(scripts.filter((path) => APP_LAYOUT_CHUNK.test(path))).toHaveLength(1);
  });
});
