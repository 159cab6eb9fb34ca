import type { Landscape } from '#contracts/phases/competitors';
import { demoToolCall } from '../common/demo-tool-call';
import { type DemoSubject, fitting, inSentence, peopleInSentence, quote, searchWords, upperFirst } from '../common/demo-subject';
import type { DemoStep } from '../types';
import { proposeResearchRun } from './propose-research-run';
import { saveCompetitor } from './save-competitor';
import { saveLandscape } from './save-landscape';
import { COMPETITORS_TOOLS } from '#contracts/phases/competitors';

/**
 * The offline demo in phase 3, through the phase's own tools and about the project's own subject:
 * a research run proposed (a member approves it; it reaches the real sources, and without internet
 * it reports each unreachable), a 'what they do today' card made only of assumptions, and a map of
 * gaps labelled as assumptions.
 */
const STATUS_QUO = 'What they do about it today';

const who = (subject: DemoSubject) => (subject.peopleKnown ? quote(subject.people, 200) : 'The people who have the problem.');

const demoLandscape = (subject: DemoSubject): Landscape => ({
  gaps: [
    {
      title: fitting(`Nothing solves it without their own time: ${subject.name}`, 120, 'Nothing solves it without their own time'),
      description: upperFirst(
        `${peopleInSentence(subject, 200)} handle the problem by hand today, if at all: nothing found yet does what ${inSentence(subject.name)} is meant to do (assumption).`,
      ),
      competitors: [STATUS_QUO],
      evidence: [{ text: 'Offline demo: the scripted map cites no source, so this is an assumption to check.', source: 'assumption' }],
    },
  ],
  axes: { x: { label: 'Effort to start', low: 'none', high: 'weeks' }, y: { label: 'How much of the problem it solves', low: 'none', high: 'all' } },
  placements: [
    { name: STATUS_QUO, isIdea: false, x: 1, y: 2 },
    { name: quote(subject.name, 80), isIdea: true, x: 3, y: 8 },
  ],
});

export const COMPETITORS_DEMO: readonly DemoStep[] = [
  {
    text: ({ privacyMode }) =>
      privacyMode
        ? '*Offline demo — not AI.* Phase 3 starts with a survey of who already solves this. Privacy mode is on, and the scripted demo cannot rewrite your words into generic search phrases, so it proposes no research run: the real co-founder would propose one with generic words only.'
        : '*Offline demo — not AI.* Phase 3 starts with a survey of who already solves this. I propose a research run below: approve it to watch it search live. The sources are real and outside Launchmate: on a machine without internet none of them can be reached, and the run will say so.',
    tool: async ({ host }, { words }) =>
      words.privacyMode
        ? null
        : demoToolCall(COMPETITORS_TOOLS.proposeResearchRun, proposeResearchRun(host), {
            queries: [quote(`${searchWords(words.subject)} software`, 100), quote(`${searchWords(words.subject)} app`, 100)],
            pageReads: 4,
          }),
  },
  {
    text: ({ subject }) =>
      `*Offline demo — not AI.* Whatever the run finds, the first competitor is what ${peopleInSentence(subject, 80)} do about it today. I saved it as a card, every claim labelled an assumption.`,
    tool: ({ actions }, { words }) =>
      demoToolCall(COMPETITORS_TOOLS.saveCompetitor, saveCompetitor(actions), {
        name: STATUS_QUO,
        category: 'status_quo',
        forWhom: who(words.subject),
        strengths: [{ text: 'Costs nothing new and needs no setup.', source: 'assumption' }],
        weaknesses: [
          {
            text: fitting(
              `Leaves in place the problem that ${inSentence(words.subject.name)} is meant to solve.`,
              300,
              'Leaves the problem in place, so it comes back.',
            ),
            source: 'assumption',
          },
        ],
      }),
  },
  {
    text: ({ subject }) =>
      `*Offline demo — not AI.* Here is the gap and a first positioning map of **${subject.name}**, on the effort to start and how much of the problem it solves: check it in the memory, and accept it to finish phase 3.`,
    tool: ({ actions }, { words }) =>
      demoToolCall(COMPETITORS_TOOLS.saveLandscape, saveLandscape(actions), {
        title: quote(`The landscape around ${inSentence(words.subject.name)}`, 120),
        landscape: demoLandscape(words.subject),
      }),
  },
];
