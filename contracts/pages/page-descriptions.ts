/**
 * Each page's description for search engines and link previews, by route pattern of
 * page-meta.ts. Only the Worker sends these, so they stay out of the app's bundle.
 */
export const PAGE_DESCRIPTIONS: Record<string, string> = {
  '/': 'Launchmate is the AI co-founder that takes you from an idea to a product in 8 guided phases, with honest, critical feedback. Start with 2 free phases.',
  '/demo': 'Watch Launchmate guide a founder from a rough idea to a validated product plan.',
  '/pricing': 'Start free with the first 2 phases, or get Pro once for $149: all 8 phases, 5 projects and every research tool, for life.',
  '/affiliate': 'Earn 20% for a year on every founder you bring to Launchmate. Apply, share your link, get paid monthly.',
  '/our-story': 'Why we built Launchmate, an AI co-founder that is critical rather than flattering.',
  '/contributors': 'The people who help build Launchmate.',
  '/blog': 'Practical guides for founders: finding an idea, validating demand, personas, pricing and launching.',
  '/blog/:slug': 'An article from the Launchmate blog.',
  '/signup': 'Create your Launchmate account and start with 2 free phases.',
  '/signin': 'Sign in to Launchmate.',
  '/verify-email/:token': 'Confirm your e-mail address.',
  '/forgot-password': 'Get a link to set a new Launchmate password.',
  '/reset-password/:token': 'Choose a new password.',
  '/invite/:token': 'You have been invited to a project on Launchmate.',
  '/terms': 'The terms that govern the use of Launchmate.',
  '/privacy': 'How Launchmate collects, uses and protects your data.',
  '/unsubscribe/:token': 'Manage your Launchmate e-mails.',
  '/business-ideas-generator': 'Pick an industry and get 10 concrete problems and solutions to build a business around. Free, no sign-up.',
  '/user-persona-generator': 'Describe your product and get a detailed user persona: goals, pains, objections and where to find them. Free, no sign-up.',
  '/business-ideas-generator/r/:id': '',
  '/user-persona-generator/r/:id': '',
  '/research/:urlKey': 'Answer a short questionnaire from a founder.',
  '/research/:urlKey/responses': 'Responses to your research page.',
  '/onboarding': 'Set up your first project.',
  '/dashboard': 'Your projects on Launchmate.',
  '/app/settings': 'Your Launchmate account: billing, support, password, privacy, e-mails, data export and deletion.',
  '/pro/test-checkout': 'A local stand-in for Stripe Checkout: no money moves.',
  '/pro/welcome': 'Your Pro purchase, confirmed.',
  '/app/projects/:projectId': 'Your project with your AI co-founder.',
  '*': "The page you're looking for doesn't exist.",
};

export const describePage = (pattern: string): string => PAGE_DESCRIPTIONS[pattern] ?? '';
