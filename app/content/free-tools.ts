/** Copy of the two free tools; their shared results' copy is in #contracts/pages/shared-result. */
export interface FaqItem {
  question: string;
  answer: string;
}

export interface HowItWorksStep {
  title: string;
  text: string;
}

export const SIDEBAR_LINKS = [
  { to: '/business-ideas-generator', label: 'Business ideas' },
  { to: '/user-persona-generator', label: 'User persona' },
] as const;

export const SHARE = {
  button: 'Share',
  copyLink: 'Copy link',
  copied: 'Link copied to clipboard!',
  failed: 'Failed to copy link to clipboard.',
} as const;

/**
 * The public counters show only from these totals: '0 ideas generated so far' on a fresh install
 * says the opposite of what a counter is for.
 */
export const COUNTER_SHOWN_FROM = { ideas: 100, personas: 20 } as const;

export const TRY_FOR_FREE = 'Try Launchmate for free';
export const OFFLINE_DEMO_NOTE = 'offline demo — not AI';

const SHARED_FAQ: FaqItem[] = [
  {
    question: 'How do the free tools work?',
    answer:
      'They use AI and careful prompting: your input goes to a large language model with instructions written to get concrete, critical answers rather than flattering ones. The answer streams back to you as it is written.',
  },
  {
    question: 'Can I trust what the tools generate?',
    answer:
      'Treat every idea and persona as a hypothesis, not a fact. Validate it by talking to real people, looking for evidence of the problem and checking whether anyone already pays to solve it.',
  },
  {
    question: 'What is Launchmate?',
    answer:
      'Launchmate is an AI co-founder that guides founders through 8 structured phases, from finding an idea to launching a product. The first 2 phases are free.',
  },
];

export const BUSINESS_IDEAS = {
  title: 'Business ideas generator',
  description: 'Pick an industry you know and get 10 concrete problems worth solving, each with a potential solution.',
  stepOne: 'Step 1',
  stepOneHeading: 'Choose an industry',
  inputLabel: 'Which industry do you know best or want to explore?',
  placeholder: 'e.g., Healthcare',
  randomButton: 'Random industry',
  submit: 'Generate business ideas',
  pending: 'Generating ideas',
  pendingNote: 'The first ideas appear in a few seconds; all ten take a little longer.',
  stepTwo: 'Step 2',
  stepTwoHeading: 'Problems and solutions in the industry',
  problem: 'Problem',
  solution: 'Potential solution',
  copy: 'Copy idea',
  copied: 'Copied',
  again: 'Generate new ideas',
  counter: (count: number) => (count < COUNTER_SHOWN_FROM.ideas ? null : `${count.toLocaleString('en-US')} ideas generated so far`),
  progress: (ready: number, total: number) => `Idea ${ready} of ${total} ready`,
  howItWorks: [
    { title: 'Pick an industry', text: 'Type one you know well or want to explore, or let the random button surprise you.' },
    { title: 'Get 10 problems and solutions', text: 'Each card names a concrete problem people in that industry have and a product that could solve it.' },
    { title: 'Validate the best ones', text: 'Copy the ideas you like and test them with real people before you build anything.' },
  ] satisfies HowItWorksStep[],
  faq: [
    ...SHARED_FAQ,
    {
      question: 'Why does it ask for an industry rather than my skills?',
      answer:
        'Good ideas start from problems, and problems live in industries. Picking one you know gives you an edge: you can judge which problems are real and reach the people who have them.',
    },
  ] satisfies FaqItem[],
} as const;

export const USER_PERSONA = {
  title: 'User persona generator',
  description: 'Describe your product and meet the person most likely to need it.',
  stepOne: 'Step 1',
  stepOneHeading: 'Describe your product',
  inputLabel: 'Product description',
  placeholder: 'Example: A platform that helps people learn to code with AI',
  submit: 'Generate user persona',
  pending: 'Generating user persona',
  pendingNote: 'The persona appears field by field, in a few seconds.',
  stepTwo: 'Step 2',
  stepTwoHeading: 'User persona',
  pictureAlt: (name: string) => `Portrait of ${name}`,
  age: 'Age',
  occupation: 'Occupation',
  where: "Where you'll find the person",
  about: 'About',
  problem: 'Problem',
  pains: 'Pain points',
  goals: 'Goals',
  objections: 'Objections',
  traits: 'Traits',
  again: 'Generate new persona',
  writing: 'Writing…',
  counter: (count: number) => (count < COUNTER_SHOWN_FROM.personas ? null : `${count.toLocaleString('en-US')} personas generated so far`),
  ready: 'Your user persona is ready',
  howItWorks: [
    { title: 'Describe your product', text: 'One sentence is enough: who it is for and what it does.' },
    { title: 'Meet your persona', text: 'Get a named person with a story, goals, pains, objections and the places where you can find them.' },
    { title: 'Go and talk to them', text: 'Use the persona to find real people like them, and let their answers correct it.' },
  ] satisfies HowItWorksStep[],
  faq: [
    ...SHARED_FAQ,
    {
      question: 'What do I do with a user persona?',
      answer:
        'Use it to decide where to look for early users, what to ask them in interviews and which objections your landing page has to answer. Update it as you learn from real people.',
    },
  ] satisfies FaqItem[],
} as const;
