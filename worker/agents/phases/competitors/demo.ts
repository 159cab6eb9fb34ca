import type { Landscape } from '#contracts/phases/competitors';
import { COFOUNDER_TOOLS } from '#contracts/workspace';
import { demoToolCall } from '../demo-tool-call';
import type { DemoStep } from '../types';
import { proposeResearchRun } from './propose-research-run';
import { saveCompetitor } from './save-competitor';
import { saveLandscape } from './save-landscape';

/**
 * The offline demo in phase 3, through the phase's own tools: a research run proposed (a member
 * approves it; it reaches the real sources, and without internet it reports each unreachable), a
 * 'what they do today' card made only of assumptions, and a map of gaps labelled as assumptions.
 */
const STATUS_QUO = 'Phone and a paper waiting list';

const DEMO_LANDSCAPE: Landscape = {
  gaps: [
    {
      title: 'Nothing fills a slot without staff time',
      description: 'Clinics refill cancelled slots by phoning down a paper list; nothing does it for them.',
      competitors: [STATUS_QUO],
      evidence: [{ text: 'Offline demo: the scripted map cites no source, so this is an assumption to check.', source: 'assumption' }],
    },
  ],
  axes: { x: { label: 'Setup effort', low: 'none', high: 'weeks' }, y: { label: 'Slots refilled automatically', low: 'none', high: 'all' } },
  placements: [
    { name: STATUS_QUO, isIdea: false, x: 1, y: 1 },
    { name: 'Scheduling assistant for clinics', isIdea: true, x: 2, y: 8 },
  ],
};

export const COMPETITORS_DEMO: readonly DemoStep[] = [
  {
    text: '*Offline demo — not AI.* Phase 3 starts with a survey of who already solves this. I propose a research run below: approve it to watch it search live. The sources are real and outside Launchmate: on a machine without internet none of them can be reached, and the run will say so.',
    tool: (_env, actions) => demoToolCall(COFOUNDER_TOOLS.proposeResearchRun, proposeResearchRun(actions), { queries: ['waiting list software clinics', 'appointment reminder app'], pageReads: 4 }),
  },
  {
    text: '*Offline demo — not AI.* Whatever the run finds, the first competitor is what clinics do today: a phone and a paper list. I saved it as a card, every claim labelled an assumption.',
    tool: (_env, actions) =>
      demoToolCall(COFOUNDER_TOOLS.saveCompetitor, saveCompetitor(actions), {
        name: STATUS_QUO,
        category: 'status_quo',
        forWhom: 'Front-desk staff of small clinics.',
        strengths: [{ text: 'Costs nothing and needs no setup.', source: 'assumption' }],
        weaknesses: [{ text: 'Takes staff time for every cancelled slot.', source: 'assumption' }],
      }),
  },
  {
    text: '*Offline demo — not AI.* Here is the gap and a first positioning map, on setup effort and slots refilled: check it in the memory, and accept it to finish phase 3.',
    tool: (_env, actions) => demoToolCall(COFOUNDER_TOOLS.saveLandscape, saveLandscape(actions), { title: 'Where clinics are left alone', landscape: DEMO_LANDSCAPE }),
  },
];
