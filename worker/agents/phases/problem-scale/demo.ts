import type { ScaleEstimate } from '#contracts/phases/problem-scale';
import { COFOUNDER_TOOLS, type ResearchDraft } from '#contracts/workspace';
import { searchDiscussions } from '../../../services/discussion-search';
import type { DemoStep } from '../types';

/** The demo's estimate: every number an assumption, and the confidence low, as it should be without evidence. */
const DEMO_ESTIMATE: ScaleEstimate = {
  segments: ['Small private clinics (dental, physiotherapy) with 2–6 practitioners'],
  topDown: {
    unit: 'clinics',
    steps: [
      { operation: 'start', value: 180_000, label: 'small private clinics in the US', source: 'assumption' },
      { operation: 'multiply', value: 0.5, label: 'share that still book mostly by phone', source: 'assumption' },
    ],
  },
  bottomUp: {
    unit: 'clinics a year',
    steps: [
      { operation: 'start', value: 40, label: 'demos one founder can give a month', source: 'assumption' },
      { operation: 'multiply', value: 12, label: 'months', source: 'assumption' },
      { operation: 'multiply', value: 0.25, label: 'demos that become customers', source: 'assumption' },
    ],
  },
  frequency: 'Several cancellations a week per clinic (assumption).',
  pain: 'An empty 45-minute slot is lost revenue; refilling it by phone takes staff time.',
  currentAlternatives: 'Phone calls from a paper or spreadsheet waiting list.',
  confidence: 'low',
  confidenceReasons: 'Offline demo: every input is an assumption, nothing is backed by evidence yet.',
  evidence: [],
};

const DEMO_DRAFT: ResearchDraft = {
  title: 'How your clinic handles cancellations',
  testsAssumptions: ['Clinics lose several slots a week to cancellations', 'Clinics would let software text their patients'],
  questions: [
    { text: 'How many appointments were cancelled at short notice last week?', type: 'multiple_choice', options: ['None', '1 to 3', '4 to 10', 'More than 10'] },
    { text: 'How do you try to fill a cancelled slot today?', type: 'text' },
    { text: 'How much of a problem are last-minute cancellations for you?', type: 'rating', config: { min_rating: 1, max_rating: 5, labels: { '1': 'None', '5': 'A big one' } } },
    { text: 'Which of these would you let software do for you?', type: 'checkbox', options: ['Text patients on the waiting list', 'Confirm appointments', 'Rebook automatically'] },
    { text: 'Your e-mail, if we may ask a follow-up question', type: 'email' },
  ],
};

/**
 * The offline demo in phase 2: a real search of public discussions (the sources need no key;
 * offline, they show as unavailable), an estimate made only of labelled assumptions, and a
 * research page draft.
 */
export const PROBLEM_SCALE_DEMO: readonly DemoStep[] = [
  {
    text: '*Offline demo — not AI.* Phase 2 starts with evidence: here is what people say about the problem in public discussions, searched for real just now.',
    tool: async (env, actions) => {
      const input = { queries: ['appointment cancellations clinic', 'fill cancelled appointment slots'] };
      const output = await searchDiscussions(env, input);
      for (const discussion of output.discussions) actions.foundUrls.add(discussion.url);
      return { name: COFOUNDER_TOOLS.searchDiscussions, input, output };
    },
  },
  {
    text: '*Offline demo — not AI.* A first estimate, made only of assumptions so far: check each step in the memory, correct what you know better, and accept it to finish phase 2.',
    tool: async (_env, actions) => {
      const input = { title: 'Empty slots in small clinics', estimate: DEMO_ESTIMATE };
      const entry = actions.saveArtifact({ kind: 'scale_estimate', ...input });
      return { name: COFOUNDER_TOOLS.saveScaleEstimate, input, output: { saved: { id: entry.id, version: entry.version } } };
    },
  },
  {
    text: '*Offline demo — not AI.* The riskiest assumptions are how often slots are lost and whether clinics let software text patients. This research page would test both with the people who know.',
    tool: async () => ({ name: COFOUNDER_TOOLS.draftResearchPage, input: DEMO_DRAFT, output: { shown: true, questions: DEMO_DRAFT.questions.length } }),
  },
];
