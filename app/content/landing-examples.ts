/**
 * The 17 ideas the landing page's message box types out in turn, each after EXAMPLE_PREFIX
 * (landing.ts). A module of its own: the animation is fetched after the first paint.
 */
export const LANDING_EXAMPLES: readonly string[] = [
  'build a budgeting app for freelancers with irregular income',
  'help small restaurants cut food waste with better ordering',
  'create a marketplace for secondhand climbing gear',
  'start a newsletter that explains local politics in plain words',
  'make scheduling painless for dog walkers and their clients',
  'turn my side project into a SaaS for yoga studios',
  'help remote teams run shorter, better meetings',
  'build a tool that writes product descriptions for Etsy sellers',
  'validate an idea for a meal-prep service for night-shift nurses',
  'launch a course platform for teaching woodworking online',
  'find a problem worth solving in logistics',
  'help landlords and tenants track repairs together',
  'build an app that matches volunteers with local charities',
  'create a CRM for wedding photographers',
  'help parents organise carpools for school and sports',
  'sell refurbished laptops to students with a warranty',
  'make bookkeeping simple for one-person online shops',
];
