import { redirect, type RouteObject } from 'react-router';
import { CrashScreen } from './components/CrashScreen';
import { FullScreenLoader } from './components/Spinner';
import { RootLayout } from './components/RootLayout';

/** A script chunk that has not arrived after this long counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

type RouteModule = Pick<RouteObject, 'Component'>;

/** Every page is its own chunk, fetched when first needed. */
function page(load: () => Promise<RouteModule>): RouteObject['lazy'] {
  return () =>
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
        lazy: page(() => import('./components/MarketingLayout')),
        children: [
          { index: true, lazy: page(() => import('./pages/marketing/Landing')) },
          { path: 'demo', lazy: page(() => import('./pages/marketing/Demo')) },
          { path: 'pricing', lazy: page(() => import('./pages/marketing/Pricing')) },
          { path: 'affiliate', lazy: page(() => import('./pages/marketing/Affiliate')) },
          { path: 'our-story', lazy: page(() => import('./pages/marketing/OurStory')) },
          { path: 'contributors', lazy: page(() => import('./pages/marketing/Contributors')) },
          { path: 'terms', lazy: page(() => import('./pages/marketing/Terms')) },
          { path: 'privacy', lazy: page(() => import('./pages/marketing/Privacy')) },
          { path: 'blog', lazy: page(() => import('./pages/blog/BlogList')) },
          { path: 'blog/:slug', lazy: page(() => import('./pages/blog/Article')) },
          {
            // The free tools and their shared results, beside the sidebar of signed-out visitors.
            lazy: freeTools((tools) => tools.FreeToolsLayout),
            children: [
              { path: 'business-ideas-generator', lazy: freeTools((tools) => tools.BusinessIdeasGenerator) },
              { path: 'business-ideas-generator/r/:id', lazy: freeTools((tools) => tools.SharedBusinessIdeas) },
              { path: 'user-persona-generator', lazy: freeTools((tools) => tools.UserPersonaGenerator) },
              { path: 'user-persona-generator/r/:id', lazy: freeTools((tools) => tools.SharedUserPersona) },
            ],
          },
          { path: 'business-ideas', loader: () => redirect('/business-ideas-generator') },
          { path: '*', lazy: page(() => import('./pages/NotFound')) },
        ],
      },
      { path: 'signup', lazy: page(() => import('./pages/auth/SignUp')) },
      { path: 'signin', lazy: page(() => import('./pages/auth/SignIn')) },
      { path: 'forgot-password', lazy: page(() => import('./pages/auth/ForgotPassword')) },
      { path: 'reset-password/:token', lazy: page(() => import('./pages/auth/ResetPassword')) },
      { path: 'verify-email/:token', lazy: page(() => import('./pages/auth/VerifyEmail')) },
      { path: 'invite/:token', lazy: page(() => import('./pages/auth/Invite')) },
      { path: 'unsubscribe/:token', lazy: page(() => import('./pages/auth/Unsubscribe')) },
      { path: 'research/:urlKey', lazy: page(() => import('./pages/research/ResearchPage')) },
      {
        // The signed-in area: its own chunks, never downloaded by the public pages.
        lazy: page(() => import('./pages/app/AppLayout')),
        children: [
          { path: 'onboarding', lazy: page(() => import('./pages/app/Onboarding')) },
          { path: 'dashboard', lazy: page(() => import('./pages/app/Dashboard')) },
          { path: 'app/settings', lazy: page(() => import('./pages/app/Settings')) },
          { path: 'research/:urlKey/responses', lazy: page(() => import('./pages/app/ResearchResponses')) },
          // The co-founder workspace; the Agents SDK client comes with this chunk only.
          { path: 'app/projects/:projectId', lazy: page(() => import('./pages/app/workspace/Workspace')) },
        ],
      },
    ],
  },
];
