import type { ScaleEstimate } from '#contracts/phases/problem-scale';
import { searchDiscussions } from '../../../services/discussion-search';
import { type DemoSubject, fitting, inSentence, peopleInSentence, quote, searchWords, upperFirst } from '../common/demo-subject';
import type { DemoStep } from '../types';
import { PROBLEM_SCALE_TOOLS, type ResearchDraft } from '#contracts/phases/problem-scale';

/** Who has the problem, inside a sentence: the founders' words when they said and they fit, else a plain phrase. */
const whoInSentence = (subject: DemoSubject) => peopleInSentence(subject, 80);

/**
 * The demo's estimate of the founders' own problem: every number an assumption, the confidence
 * low, as it should be without evidence, and every label naming their subject.
 */
const demoEstimate = (subject: DemoSubject): ScaleEstimate => ({
  segments: [subject.peopleKnown ? quote(subject.people, 200) : quote(`The people who have the problem behind “${subject.name}”, still to be named`, 200)],
  topDown: {
    unit: 'potential customers',
    steps: [
      { operation: 'start', value: 100_000, label: `${whoInSentence(subject)} in one country (a number to look up)`, source: 'assumption' },
      { operation: 'multiply', value: 0.2, label: 'share who meet the problem often enough to pay for a fix', source: 'assumption' },
    ],
  },
  bottomUp: {
    unit: 'customers a year',
    steps: [
      { operation: 'start', value: 40, label: `conversations one founder can have a month with ${whoInSentence(subject)}`, source: 'assumption' },
      { operation: 'multiply', value: 12, label: 'months', source: 'assumption' },
      { operation: 'multiply', value: 0.25, label: 'conversations that become customers', source: 'assumption' },
    ],
  },
  frequency: `How often ${whoInSentence(subject)} meet it is unknown (assumption).`,
  pain: 'Not measured yet: how much time or money it costs them each time is the first thing to ask (assumption).',
  currentAlternatives: 'Unknown: ask what they do about it today (assumption).',
  confidence: 'low',
  confidenceReasons: 'Offline demo: every input is an assumption, nothing is backed by evidence yet.',
  evidence: [],
});

/** A research page that asks the people who have the problem about it, in the founders' own words. */
const demoDraft = (subject: DemoSubject): ResearchDraft => ({
  title: fitting(`A few questions about ${inSentence(subject.name)}`, 100, 'A few questions about the problem'),
  testsAssumptions: [
    upperFirst(`${fitting(whoInSentence(subject), 240, 'the people who have it')} meet the problem often enough to want a fix`),
    'They would try something new to solve it',
  ],
  questions: [
    {
      text: fitting(
        `How often in the last month did you run into the problem that ${inSentence(subject.name)} is meant to solve?`,
        300,
        'How often in the last month did you run into this problem?',
      ),
      type: 'multiple_choice',
      options: ['Never', 'Once or twice', 'Every week', 'Every day'],
    },
    { text: 'What do you do about it today?', type: 'text' },
    { text: 'How much of a problem is it for you?', type: 'rating', config: { min_rating: 1, max_rating: 5, labels: { '1': 'None', '5': 'A big one' } } },
    {
      text: 'What have you tried to solve it?',
      type: 'checkbox',
      options: ['Nothing yet', 'A workaround of my own', 'A paid product', 'Someone else does it for me'],
    },
    { text: 'Your e-mail, if we may ask a follow-up question', type: 'email' },
  ],
});

/**
 * The offline demo in phase 2, about the project's own subject: a real search of public discussions
 * (the sources need no key; offline, they show as unavailable; under privacy mode nothing is
 * searched, since the demo cannot turn the founders' words into generic ones), an estimate made only
 * of labelled assumptions, and a research page draft.
 */
export const PROBLEM_SCALE_DEMO: readonly DemoStep[] = [
  {
    text: ({ privacyMode }) =>
      privacyMode
        ? '*Offline demo — not AI.* Phase 2 starts with evidence from public discussions. Privacy mode is on, and the scripted demo cannot rewrite your words into generic ones, so it searches nothing: the real co-founder would search with generic words only.'
        : '*Offline demo — not AI.* Phase 2 starts with evidence: here is what people say about the problem in public discussions, searched for real just now.',
    tool: async ({ env, actions }, { words }) => {
      if (words.privacyMode) return null;
      const input = { queries: [searchWords(words.subject), `${searchWords(words.subject)} problem`] };
      const output = await searchDiscussions(env, input);
      for (const discussion of output.discussions) actions.foundUrls.add(discussion.url);
      return { name: PROBLEM_SCALE_TOOLS.searchDiscussions, input, output };
    },
  },
  {
    text: '*Offline demo — not AI.* A first estimate, made only of assumptions so far: check each step in the memory, correct what you know better, and accept it to finish phase 2.',
    tool: async ({ actions }, { words }) => {
      const input = { title: quote(`How many have it: ${words.subject.name}`, 100), estimate: demoEstimate(words.subject) };
      const entry = actions.saveArtifact({ kind: 'scale_estimate', ...input });
      return { name: PROBLEM_SCALE_TOOLS.saveScaleEstimate, input, output: { saved: { id: entry.id, version: entry.version } } };
    },
  },
  {
    text: ({ subject }) =>
      `*Offline demo — not AI.* The riskiest assumptions are how often ${whoInSentence(subject)} meet the problem, and whether they would try something new for it. This research page would test both with the people who know.`,
    tool: async (_context, { words }) => {
      const draft = demoDraft(words.subject);
      return { name: PROBLEM_SCALE_TOOLS.draftResearchPage, input: draft, output: { shown: true, questions: draft.questions.length } };
    },
  },
];
