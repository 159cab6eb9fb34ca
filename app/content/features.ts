/** What the product does, as the landing page names it. */
export const FEATURES: readonly { title: string; text: string }[] = [
  { title: '8 guided phases', text: 'From brainstorming from scratch or starting from a problem, to building and launching. The first 2 are free.' },
  {
    title: 'Research from real discussions',
    text: 'Market research drawn from social media and web discussions, and a quick research page to validate demand.',
  },
  { title: 'Critical, not flattering', text: 'It points out weak demand, strong competitors and risky assumptions before you spend months building.' },
  { title: 'Memory, canvas and plan', text: 'It remembers your project, keeps notes on a visual canvas and turns them into a development plan.' },
  { title: 'Privacy mode', text: 'With privacy mode on, your projects are never used for training.' },
  { title: 'Your language, your team', text: 'It answers in your language, and your collaborators can work with you in real time.' },
];
