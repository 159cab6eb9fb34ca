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

/**
 * Every page is its own chunk, fetched when first needed. `source` is the module's path from
 * the project root, as the client build's manifest names it: the Worker links that chunk's CSS
 * and preloads its script in the pages it renders (docs/decisions/0034).
 */
function page(source: string, load: () => Promise<RouteModule>): Pick<RouteObject, 'lazy' | 'handle'> {
  const handle: RouteHandle = { source };
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
  return { lazy, handle };
}

/** A screen of the free tools, which share one chunk (pages/tools/index.ts). */
const freeTools = (pick: (tools: typeof import('./pages/tools')) => RouteModule['Component']) =>
  page('app/pages/tools/index.ts', () => import('./pages/tools').then((tools) => ({ Component: pick(tools) })));

/** THE route table: it mirrors the specification's route table, plus the signed-in area. */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: CrashScreen,
    HydrateFallback: FullScreenLoader,
    children: [
      {
        ...page('app/components/MarketingLayout.tsx', () => import('./components/MarketingLayout')),
        children: [
          { index: true, ...page('app/pages/marketing/Landing.tsx', () => import('./pages/marketing/Landing')) },
          { path: 'demo', ...page('app/pages/marketing/Demo.tsx', () => import('./pages/marketing/Demo')) },
          { path: 'pricing', ...page('app/pages/marketing/Pricing.tsx', () => import('./pages/marketing/Pricing')) },
          { path: 'affiliate', ...page('app/pages/marketing/Affiliate.tsx', () => import('./pages/marketing/Affiliate')) },
          { path: 'our-story', ...page('app/pages/marketing/OurStory.tsx', () => import('./pages/marketing/OurStory')) },
          { path: 'contributors', ...page('app/pages/marketing/Contributors.tsx', () => import('./pages/marketing/Contributors')) },
          { path: 'terms', ...page('app/pages/marketing/Terms.tsx', () => import('./pages/marketing/Terms')) },
          { path: 'privacy', ...page('app/pages/marketing/Privacy.tsx', () => import('./pages/marketing/Privacy')) },
          { path: 'blog', ...page('app/pages/blog/BlogList.tsx', () => import('./pages/blog/BlogList')) },
          { path: 'blog/:slug', ...page('app/pages/blog/Article.tsx', () => import('./pages/blog/Article')) },
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
          { path: '*', ...page('app/pages/NotFound.tsx', () => import('./pages/NotFound')) },
        ],
      },
      { path: 'signup', ...page('app/pages/auth/SignUp.tsx', () => import('./pages/auth/SignUp')) },
      { path: 'signin', ...page('app/pages/auth/SignIn.tsx', () => import('./pages/auth/SignIn')) },
      { path: 'forgot-password', ...page('app/pages/auth/ForgotPassword.tsx', () => import('./pages/auth/ForgotPassword')) },
      { path: 'reset-password/:token', ...page('app/pages/auth/ResetPassword.tsx', () => import('./pages/auth/ResetPassword')) },
      { path: 'verify-email/:token', ...page('app/pages/auth/VerifyEmail.tsx', () => import('./pages/auth/VerifyEmail')) },
      { path: 'invite/:token', ...page('app/pages/auth/Invite.tsx', () => import('./pages/auth/Invite')) },
      { path: 'unsubscribe/:token', ...page('app/pages/auth/Unsubscribe.tsx', () => import('./pages/auth/Unsubscribe')) },
      { path: 'research/:urlKey', ...page('app/pages/research/ResearchPage.tsx', () => import('./pages/research/ResearchPage')) },
      {
        // The signed-in area: its own chunks, never downloaded by the public pages.
        ...page('app/pages/app/AppLayout.tsx', () => import('./pages/app/AppLayout')),
        children: [
          { path: 'onboarding', ...page('app/pages/app/Onboarding.tsx', () => import('./pages/app/Onboarding')) },
          { path: 'dashboard', ...page('app/pages/app/Dashboard.tsx', () => import('./pages/app/Dashboard')) },
          { path: 'app/settings', ...page('app/pages/app/Settings.tsx', () => import('./pages/app/Settings')) },
          { path: 'research/:urlKey/responses', ...page('app/pages/app/ResearchResponses.tsx', () => import('./pages/app/ResearchResponses')) },
          // The co-founder workspace; the Agents SDK client comes with this chunk only.
          { path: 'app/projects/:projectId', ...page('app/pages/app/workspace/Workspace.tsx', () => import('./pages/app/workspace/Workspace')) },
        ],
      },
    ],
  },
];
