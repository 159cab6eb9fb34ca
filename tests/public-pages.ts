/**
 * The public pages whose heading and text do not depend on the database, each with its main
 * heading and a sentence of its body: the rendered-page tests of the API and of Chromium both
 * check them, and add the blog's pages from their own data.
 */
export const STATIC_PUBLIC_PAGES: [path: string, heading: string, text: string][] = [
  ['/', 'Your AI co-founder, from idea to product', 'Launchmate guides you through 8 structured phases'],
  ['/demo', 'See Launchmate in action', 'Frequently asked questions'],
  ['/pricing', 'Simple, honest pricing', 'Frequently asked questions'],
  ['/our-story', 'Our story', 'a folder of abandoned side projects'],
  ['/contributors', 'Contributors', 'The people who help build Launchmate.'],
  ['/terms', 'Terms of Service', 'Last updated'],
  ['/privacy', 'Privacy Policy', 'Last updated'],
  ['/affiliate', 'Affiliate program', 'Apply to join'],
  ['/business-ideas-generator', 'Business ideas generator', 'Generate business ideas'],
  ['/user-persona-generator', 'User persona generator', 'Generate user persona'],
];
