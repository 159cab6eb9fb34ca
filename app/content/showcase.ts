/**
 * The founder showcase of the landing page: 12 projects, shown in a new random order on every
 * visit. OPERATOR CONTENT: these are samples. Replace each entry with a real project, and put
 * its screenshot (16:10) and favicon under public/showcase/ (or keep the drawn samples, which
 * `node scripts/media/draw-showcase.mjs` writes from the entries below). Images must be served
 * by the product itself: the CSP allows no other image host.
 */
export interface ShowcaseProject {
  slug: string;
  name: string;
  description: string;
  founder: string;
  /** Address of the project's site; samples use the reserved .example domain. */
  url: string;
  /** Screenshot, 640x400, under /showcase/. */
  image: string;
  /** Square icon, under /showcase/. */
  favicon: string;
  /** Brand colours the sample images are drawn with. */
  colors: readonly [string, string];
}

const project = (slug: string, name: string, description: string, founder: string, colors: readonly [string, string]): ShowcaseProject => ({
  slug,
  name,
  description,
  founder,
  url: `https://${slug}.example`,
  image: `/showcase/${slug}.svg`,
  favicon: `/showcase/${slug}-icon.svg`,
  colors,
});

export const SHOWCASE: readonly ShowcaseProject[] = [
  project('tidyledger', 'TidyLedger', 'Bookkeeping for one-person online shops, reconciled every night.', 'Ana Popescu', ['#0f766e', '#99f6e4']),
  project('shiftmeals', 'ShiftMeals', 'Healthy meal prep delivered to night-shift nurses before their shift.', 'Marcus Reid', ['#b45309', '#fde68a']),
  project('cragswap', 'CragSwap', 'A marketplace for secondhand climbing gear, inspected and rated.', 'Lena Vogel', ['#9a3412', '#fed7aa']),
  project('pawplanner', 'PawPlanner', 'Scheduling and payments for dog walkers and their clients.', 'Priya Nair', ['#6d28d9', '#ddd6fe']),
  project('fixflow', 'FixFlow', 'Landlords and tenants track repairs in one shared thread.', 'Tomás García', ['#1d4ed8', '#bfdbfe']),
  project('quietstandup', 'QuietStandup', 'Async stand-ups that cut remote meetings in half.', 'Hannah Kim', ['#be185d', '#fbcfe8']),
  project('studiokeep', 'StudioKeep', 'Class booking and memberships for independent yoga studios.', 'Ioana Marin', ['#047857', '#a7f3d0']),
  project('carpoolkit', 'CarpoolKit', 'Parents organise school and sports carpools in minutes.', 'David Okafor', ['#a16207', '#fef08a']),
  project('lenslead', 'LensLead', 'A CRM built for wedding photographers, from inquiry to album.', 'Sofia Rossi', ['#4338ca', '#c7d2fe']),
  project('civicbrief', 'CivicBrief', 'A weekly newsletter that explains local politics in plain words.', 'Jonas Berg', ['#334155', '#cbd5e1']),
  project('handmadecopy', 'HandmadeCopy', 'Product descriptions for Etsy sellers, in their own voice.', 'Mei Chen', ['#c2410c', '#ffedd5']),
  project('helpnearby', 'HelpNearby', 'Matches volunteers with local charities that need them this week.', 'Samuel Adeyemi', ['#15803d', '#bbf7d0']),
];
