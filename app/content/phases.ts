import { PHASES as PHASE_TITLES } from '#contracts/workspace';

/** What each phase is about, shown beside its title (the titles and which are free: the contract). */
const SUMMARIES: Record<number, string> = {
  1: 'Brainstorm from scratch or start from a problem you know, and pick the idea worth pursuing.',
  2: 'Size the problem with real-world data: who has it, how often, and what it costs them.',
  3: 'See who already solves the problem and where they fall short.',
  4: 'Describe the people you build for: their goals, pains and objections.',
  5: 'Turn the problem and your personas into a focused first version.',
  6: 'A development plan you can follow, one step at a time.',
  7: 'Choose your channels and prepare a launch that gets noticed.',
  8: 'Find what brings users in, and what keeps them coming back.',
};

export const PHASES = PHASE_TITLES.map((phase) => ({ ...phase, summary: SUMMARIES[phase.number]! }));

/** Where a locked phase leads. */
export const PRO_PAGE = '/pricing';
