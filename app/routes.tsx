import { redirect, type RouteObject } from 'react-router';
import { CrashScreen } from './components/CrashScreen';
import { FullScreenLoader } from './components/Spinner';
import { RootLayout } from './components/RootLayout';

/** A script chunk that has not arrived after this long counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

type RouteModule = Pick<RouteObject, 'Component'>;

/** What the Worker needs to know of a route to render it: its module's path in the build manifest. */
export interface RouteHandle {
  source: string;
}

/** Every page is its own chunk, fetched when first needed. */
function page(load: () => Promise<RouteModule>): Pick<RouteObject, 'lazy' | 'handle'> {
  const lazy = () =>
    new Promise<RouteModule>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('A part of the page took too long to load.')), CHUNK_LOAD_TIMEOUT_MS);
      load().then(
        (module) => {
          clearTimeout(timer);
          resolve({ Component: module.Component });
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
  return { lazy };
}

/**
 * A page with its module's path, as the client build's manifest names it: the Worker links that
 * chunk's CSS and preloads its script in the pages it renders (docs/decisions/0034). The Worker's
 * build calls it in place of page(), with the path read from the import itself
 * (scripts/route-module-names.ts); the browser's build has no use for it.
 */
export function namedPage(source: string, load: () => Promise<RouteModule>): Pick<RouteObject, 'lazy' | 'handle'> {
  const handle: RouteHandle = { source };
  return { ...page(load), handle };
}

/** A screen of the free tools, which share one chunk (pages/tools/index.ts). */
const freeTools = (pick: (tools: typeof import('./pages/tools')) => RouteModule['Component']) =>
  page(() => import('./pages/tools').then((tools) => ({ Component: pick(tools) })));

/** THE route table: it mirrors the specification's route table, plus the signed-in area. */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: CrashScreen,
    HydrateFallback: FullScreenLoader,
    children: [
      {
        ...page(() => import('./components/MarketingLayout')),
        children: [
          { index: true, ...page(() => import('./pages/marketing/Landing')) },
          { path: 'demo', ...page(() => import('./pages/marketing/Demo')) },
          { path: 'pricing', ...page(() => import('./pages/marketing/Pricing')) },
          { path: 'affiliate', ...page(() => import('./pages/marketing/Affiliate')) },
          { path: 'our-story', ...page(() => import('./pages/marketing/OurStory')) },
          { path: 'contributors', ...page(() => import('./pages/marketing/Contributors')) },
          { path: 'terms', ...page(() => import('./pages/marketing/Terms')) },
          { path: 'privacy', ...page(() => import('./pages/marketing/Privacy')) },
          { path: 'blog', ...page(() => import('./pages/blog/BlogList')) },
          { path: 'blog/:slug', ...page(() => import('./pages/blog/Article')) },
          {
            // The free tools and their shared results, beside the sidebar of signed-out visitors.
            ...freeTools((tools) => tools.FreeToolsLayout),
            children: [
              { path: 'business-ideas-generator', ...freeTools((tools) => tools.BusinessIdeasGenerator) },
              { path: 'business-ideas-generator/r/:id', ...freeTools((tools) => tools.SharedBusinessIdeas) },
              { path: 'user-persona-generator', ...freeTools((tools) => tools.UserPersonaGenerator) },
              { path: 'user-persona-generator/r/:id', ...freeTools((tools) => tools.SharedUserPersona) },
            ],
          },
          { path: 'business-ideas', loader: () => redirect('/business-ideas-generator') },
          { path: '*', ...page(() => import('./pages/NotFound')) },
        ],
      },
      { path: 'signup', ...page(() => import('./pages/auth/SignUp')) },
      { path: 'signin', ...page(() => import('./pages/auth/SignIn')) },
      { path: 'forgot-password', ...page(() => import('./pages/auth/ForgotPassword')) },
      { path: 'reset-password/:token', ...page(() => import('./pages/auth/ResetPassword')) },
      { path: 'verify-email/:token', ...page(() => import('./pages/auth/VerifyEmail')) },
      { path: 'invite/:token', ...page(() => import('./pages/auth/Invite')) },
      { path: 'unsubscribe/:token', ...page(() => import('./pages/auth/Unsubscribe')) },
      { path: 'research/:urlKey', ...page(() => import('./pages/research/ResearchPage')) },
      {
        // The signed-in area: its own chunks, never downloaded by the public pages.
        ...page(() => import('./pages/app/AppLayout')),
        children: [
          { path: 'onboarding', ...page(() => import('./pages/app/Onboarding')) },
          { path: 'dashboard', ...page(() => import('./pages/app/Dashboard')) },
          { path: 'app/settings', ...page(() => import('./pages/app/Settings')) },
          { path: 'pro/test-checkout', ...page(() => import('./pages/app/TestCheckout')) },
          { path: 'pro/welcome', ...page(() => import('./pages/app/ProWelcome')) },
          { path: 'research/:urlKey/responses', ...page(() => import('./pages/app/ResearchResponses')) },
          // The co-founder workspace; the Agents SDK client comes with this chunk only.
          { path: 'app/projects/:projectId', ...page(() => import('./pages/app/workspace/Workspace')) },
        ],
      },
    ],
  },
];
