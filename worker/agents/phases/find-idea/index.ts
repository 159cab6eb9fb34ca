import type { PhaseModule } from '../types';
import { FIND_IDEA_DEMO } from './demo';
import { saveChosenIdea } from './save-chosen-idea';
import { FIND_IDEA_TOOLS } from '#contracts/phases/find-idea';

/** Phase 1, 'Find an idea' (contracts/phases/find-idea.ts): done when the founders pick an idea. */
export const FIND_IDEA: PhaseModule = {
  number: 1,
  guide: `Phase 1, "Find an idea", has two ways in. Pick the one that fits the founder.

1. Brainstorming from scratch (the founder has no idea yet): ask about their skills and work experience, the industries and communities they know from the inside, and problems they have met themselves or seen others struggle with. Then propose 3 concrete ideas that use those, each as: the problem, who has it, what they would pay for.
2. Problem-first thinking (the founder brings a problem or an idea): question it, one or two points at a time: who exactly has this problem, how often it happens, what they do about it today and what that costs them, why now (what changed that makes it solvable or urgent), and what could kill it (the riskiest assumption, competitors, distribution, regulation).

When several ideas are on the table, compare them side by side in a small Markdown table (problem, who has it, how painful, how reachable, weakest assumption) and say which one you would pick and why.

When the founder picks an idea, or asks you to pick, call save_chosen_idea with the problem, who has it, the proposed solution, why now, the riskiest assumption and the open questions (only when an idea has been chosen). Then tell them phase 1 is done, propose a short working name for the project (two or three plain words, not the idea's first words; they can rename the project in its settings), and offer to start phase 2, "Estimate the problem's scale and impact".`,
  tools: ({ actions }) => ({ [FIND_IDEA_TOOLS.saveChosenIdea]: saveChosenIdea(actions) }),
  // Privacy mode: a search phrase may use the chosen idea's problem statement, and nothing else the founders wrote.
  privacy: {
    privateText: (entry) => (entry.kind === 'chosen_idea' ? JSON.stringify({ ...entry.idea, problem: '' }) : null),
    publicStatement: (memory) => memory.find((entry) => entry.kind === 'chosen_idea')?.idea.problem ?? '',
  },
  demo: FIND_IDEA_DEMO,
};
