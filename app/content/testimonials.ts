/**
 * Testimonials of the landing page's scrolling band. OPERATOR CONTENT: these are samples;
 * replace them with quotes you have permission to publish. Avatars are the founders' initials,
 * drawn by the page, so no image host is needed.
 */
export interface Testimonial {
  quote: string;
  name: string;
  role: string;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    quote: 'It told me my first idea had no buyers, and showed me why. The second one has paying customers.',
    name: 'Ana Popescu',
    role: 'Founder, TidyLedger',
  },
  {
    quote: 'The research phase found three competitors I had never heard of, and the gap none of them covered.',
    name: 'Marcus Reid',
    role: 'Founder, ShiftMeals',
  },
  { quote: 'Like a co-founder who has read every startup book, and is not afraid to disagree with me.', name: 'Priya Nair', role: 'Founder, PawPlanner' },
  { quote: 'The quick research page got me 60 answers from real landlords in a weekend.', name: 'Tomás García', role: 'Founder, FixFlow' },
  {
    quote: 'I used to jump straight to code. The phases made me talk to users first, and it saved me months.',
    name: 'Hannah Kim',
    role: 'Founder, QuietStandup',
  },
  { quote: 'The personas were specific enough that my first ads spoke to exactly the right studios.', name: 'Ioana Marin', role: 'Founder, StudioKeep' },
  { quote: 'Worth the one-time price many times over. The build plan alone saved me a contractor.', name: 'Sofia Rossi', role: 'Founder, LensLead' },
  { quote: 'It answered in German when my partner joined the project. We both worked on the same canvas.', name: 'Lena Vogel', role: 'Founder, CragSwap' },
];
