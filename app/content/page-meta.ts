/**
 * Title, description and indexing rules of every page, by route pattern. The Worker injects
 * them into the HTML it sends (search engines and link previews read that), and the app sets
 * the same title on client-side navigation, so the two never disagree.
 *
 * Patterns use `:name` for one path segment. Keep this list in step with `app/routes.tsx`;
 * tests/api/pages.test.ts checks every route of the specification against it.
 */
export interface PageMeta {
  pattern: string;
  title: string;
  description: string;
  /** False for pages that must stay out of search results (tokens, signed-in area, surveys). */
  indexable: boolean;
  /** The URL carries a secret token: send `Referrer-Policy: no-referrer` (SECURITY.md 9). */
  carriesToken?: boolean;
}

const SITE = 'Launchmate';
const page = (pattern: string, title: string, description: string, extra: Partial<PageMeta> = {}): PageMeta => ({
  pattern,
  title: title === SITE ? title : `${title} | ${SITE}`,
  description,
  indexable: true,
  ...extra,
});
const privatePage = (pattern: string, title: string, description: string, extra: Partial<PageMeta> = {}) =>
  page(pattern, title, description, { indexable: false, ...extra });

export const PAGE_META: PageMeta[] = [
  page('/', SITE, 'Launchmate is the AI co-founder that takes you from an idea to a product in 8 guided phases, with honest, critical feedback. Start with 2 free phases.'),
  page('/demo', 'Demo', 'Watch Launchmate guide a founder from a rough idea to a validated product plan.'),
  page('/pricing', 'Pricing', 'Start free with the first 2 phases, or get Pro once for $149: all 8 phases, 5 projects and every research tool, for life.'),
  page('/affiliate', 'Affiliate program', 'Earn 20% for a year on every founder you bring to Launchmate. Apply, share your link, get paid monthly.'),
  page('/our-story', 'Our story', 'Why we built Launchmate, an AI co-founder that is critical rather than flattering.'),
  page('/contributors', 'Contributors', 'The people who help build Launchmate.'),
  page('/blog', 'Blog', 'Practical guides for founders: finding an idea, validating demand, personas, pricing and launching.'),
  page('/blog/:slug', 'Blog', 'An article from the Launchmate blog.'),
  page('/signup', 'Sign up', 'Create your Launchmate account and start with 2 free phases.'),
  page('/signin', 'Sign in', 'Sign in to Launchmate.'),
  privatePage('/verify-email/:token', 'Verify your email', 'Confirm your e-mail address.', { carriesToken: true }),
  page('/forgot-password', 'Reset your password', 'Get a link to set a new Launchmate password.'),
  privatePage('/reset-password/:token', 'Set a new password', 'Choose a new password.', { carriesToken: true }),
  privatePage('/invite/:token', 'Join a project', 'You have been invited to a project on Launchmate.', { carriesToken: true }),
  page('/terms', 'Terms of Service', 'The terms that govern the use of Launchmate.'),
  page('/privacy', 'Privacy Policy', 'How Launchmate collects, uses and protects your data.'),
  privatePage('/unsubscribe/:token', 'Unsubscribe', 'Manage your Launchmate e-mails.', { carriesToken: true }),
  page('/business-ideas-generator', 'Free business ideas generator', 'Pick an industry and get 10 concrete problems and solutions to build a business around. Free, no sign-up.'),
  page('/user-persona-generator', 'Free user persona generator', 'Describe your product and get a detailed user persona: goals, pains, objections and where to find them. Free, no sign-up.'),
  privatePage('/research/:urlKey', 'Research page', 'Answer a short questionnaire from a founder.'),
  privatePage('/research/:urlKey/responses', 'Research responses', 'Responses to your research page.'),
  privatePage('/onboarding', 'Welcome', 'Set up your first project.'),
  privatePage('/dashboard', 'Dashboard', 'Your projects on Launchmate.'),
];

export const NOT_FOUND_META: PageMeta = privatePage('*', 'Page Not Found', "The page you're looking for doesn't exist.");

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
    return (
      pattern.length === segments.length &&
      pattern.every((part, i) => (part.startsWith(':') ? (segments[i] ?? '') !== '' : part === segments[i]))
    );
  });
}
