import type { Landscape } from '#contracts/phases/competitors';
import { COFOUNDER_TOOLS } from '#contracts/workspace';
import type { DemoStep } from '../types';

/**
 * The offline demo in phase 3: a research run proposed (a member approves it; offline, every
 * source shows as unavailable and the run says so), a 'what they do today' card made only of
 * assumptions, and a map of gaps labelled as assumptions.
 */
const DEMO_LANDSCAPE: Landscape = {
  gaps: [
    {
      title: 'Nothing fills a slot without staff time',
      description: 'Clinics refill cancelled slots by phoning down a paper list; nothing does it for them.',
      competitors: ['Phone and a paper waiting list'],
      evidence: [{ text: 'Offline demo: no source was reachable, so this is an assumption to check.', source: 'assumption' }],
    },
  ],
  axes: { x: { label: 'Setup effort', low: 'none', high: 'weeks' }, y: { label: 'Slots refilled automatically', low: 'none', high: 'all' } },
  placements: [
    { name: 'Phone and a paper waiting list', isIdea: false, x: 1, y: 1 },
    { name: 'Scheduling assistant for clinics', isIdea: true, x: 2, y: 8 },
  ],
};

export const COMPETITORS_DEMO: readonly DemoStep[] = [
  {
    text: '*Offline demo — not AI.* Phase 3 starts with a survey of who already solves this. I propose a research run below: approve it to watch it search live. On a machine without internet every source will say it is unavailable.',
    tool: async (_env, actions) => {
      const input = { queries: ['waiting list software clinics', 'appointment reminder app'], pageReads: 4 };
      const run = actions.proposeResearchRun(input);
      return { name: COFOUNDER_TOOLS.proposeResearchRun, input, output: { proposed: { id: run.id, searches: run.searches, pageReads: input.pageReads } } };
    },
  },
  {
    text: '*Offline demo — not AI.* Whatever the run finds, the first competitor is what clinics do today: a phone and a paper list. I saved it as a card, every claim labelled an assumption.',
    tool: async (_env, actions) => {
      const input = {
        kind: 'competitor' as const,
        title: 'Phone and a paper waiting list',
        competitor: {
          category: 'status_quo' as const,
          forWhom: 'Front-desk staff of small clinics.',
          pricing: { status: 'not_found' as const },
          strengths: [{ text: 'Costs nothing and needs no setup.', source: 'assumption' }],
          weaknesses: [{ text: 'Takes staff time for every cancelled slot.', source: 'assumption' }],
        },
      };
      const entry = actions.saveArtifact(input);
      return { name: COFOUNDER_TOOLS.saveCompetitor, input, output: { saved: { id: entry.id, version: entry.version } } };
    },
  },
  {
    text: '*Offline demo — not AI.* Here is the gap and a first positioning map, on setup effort and slots refilled: check it in the memory, and accept it to finish phase 3.',
    tool: async (_env, actions) => {
      const input = { title: 'Where clinics are left alone', landscape: DEMO_LANDSCAPE };
      const entry = actions.saveArtifact({ kind: 'landscape', ...input });
      return { name: COFOUNDER_TOOLS.saveLandscape, input, output: { saved: { id: entry.id, version: entry.version } } };
    },
  },
];
