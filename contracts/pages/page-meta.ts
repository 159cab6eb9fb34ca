/**
 * Title and indexing rules of every page, by route pattern. The Worker injects them into the
 * HTML it sends (search engines and link previews read that), and the app sets the same title
 * on client-side navigation, so the two never disagree. Descriptions, which only the Worker
 * sends, live in page-descriptions.ts so that the app's entry chunk does not carry them.
 *
 * Patterns use `:name` for one path segment. Keep this list in step with `app/routes.tsx`;
 * tests/api/pages.test.ts checks every route of the specification against it.
 */
export interface PageMeta {
  pattern: string;
  title: string;
  /** False for pages that must stay out of search results (tokens, signed-in area, surveys). */
  indexable: boolean;
  /** The URL carries a secret token: send `Referrer-Policy: no-referrer` (docs/security.md §9). */
  carriesToken?: boolean;
  /**
   * The Worker renders the page's HTML (docs/decisions/0034). Every other page, such as the
   * signed-in area and token pages, is an app shell the browser renders.
   */
  rendered?: boolean;
}

const SITE = 'Launchmate';
const page = (pattern: string, title: string, extra: Partial<PageMeta> = {}): PageMeta => ({
  pattern,
  title: title === SITE ? title : `${title} | ${SITE}`,
  indexable: true,
  ...extra,
});
const privatePage = (pattern: string, title: string, extra: Partial<PageMeta> = {}) => page(pattern, title, { indexable: false, ...extra });

/** Pages anyone may read: the Worker renders them. */
const PUBLIC = { rendered: true };

export const PAGE_META: PageMeta[] = [
  page('/', SITE, PUBLIC),
  page('/demo', 'Demo', PUBLIC),
  page('/pricing', 'Pricing', PUBLIC),
  page('/affiliate', 'Affiliate program', PUBLIC),
  page('/our-story', 'Our story', PUBLIC),
  page('/contributors', 'Contributors', PUBLIC),
  page('/blog', 'Blog', PUBLIC),
  page('/blog/:slug', 'Blog', PUBLIC),
  page('/signup', 'Sign up'),
  page('/signin', 'Sign in'),
  privatePage('/verify-email/:token', 'Verify your email', { carriesToken: true }),
  page('/forgot-password', 'Reset your password'),
  privatePage('/reset-password/:token', 'Set a new password', { carriesToken: true }),
  privatePage('/invite/:token', 'Join a project', { carriesToken: true }),
  page('/terms', 'Terms of Service', PUBLIC),
  page('/privacy', 'Privacy Policy', PUBLIC),
  privatePage('/unsubscribe/:token', 'Unsubscribe', { carriesToken: true }),
  page('/business-ideas-generator', 'Free business ideas generator', PUBLIC),
  page('/user-persona-generator', 'Free user persona generator', PUBLIC),
  // Shared results: the Worker puts the result's own title and description in their place.
  // Visitors' inputs are not for search engines.
  privatePage('/business-ideas-generator/r/:id', 'Business ideas', PUBLIC),
  privatePage('/user-persona-generator/r/:id', 'User persona', PUBLIC),
  privatePage('/research/:urlKey', 'Research page'),
  privatePage('/research/:urlKey/responses', 'Research responses'),
  privatePage('/onboarding', 'Welcome'),
  privatePage('/dashboard', 'Dashboard'),
  privatePage('/app/settings', 'Account settings'),
  privatePage('/pro/test-checkout', 'Test checkout'),
  privatePage('/pro/welcome', 'Welcome to Pro'),
  privatePage('/app/projects/:projectId', 'Workspace'),
];

export const NOT_FOUND_META: PageMeta = privatePage('*', 'Page Not Found', PUBLIC);

/** Redirects that keep old addresses working. */
export const PAGE_REDIRECTS: Record<string, string> = {
  '/business-ideas': '/business-ideas-generator',
};

/** `/pricing/` and `/pricing` are one page; the canonical form has no trailing slash. */
export function normalizePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

export function matchPage(pathname: string): PageMeta | undefined {
  const segments = normalizePath(pathname).split('/');
  return PAGE_META.find((meta) => {
    const pattern = meta.pattern.split('/');
    return pattern.length === segments.length && pattern.every((part, i) => (part.startsWith(':') ? (segments[i] ?? '') !== '' : part === segments[i]));
  });
}
