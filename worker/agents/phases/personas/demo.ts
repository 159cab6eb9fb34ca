import { demoToolCall } from '../common/demo-tool-call';
import { fitting, inSentence, peopleInSentence, upperFirst, type DemoSubject } from '../common/demo-subject';
import type { DemoStep } from '../types';
import { savePersona } from './save-persona';
import { PERSONAS_TOOLS } from '#contracts/phases/personas';

/** What phase 3's demo card is called; the persona uses it today, as a persona must name a card. */
const STATUS_QUO = 'What they do about it today';

/** The persona's role: the founders' words for who has the problem, else a placeholder that says so. */
const roleOf = (subject: DemoSubject) =>
  subject.peopleKnown
    ? upperFirst(peopleInSentence(subject, 160))
    : fitting(`Someone who has the problem that ${inSentence(subject.name)} is meant to solve`, 160, 'Someone who has the problem');

/** The problem as this persona meets it, in a phrase that fits in a sentence. */
const theProblem = (subject: DemoSubject) => fitting(`the problem that ${inSentence(subject.name)} is meant to solve`, 200, 'the problem');

/**
 * The offline demo in phase 4, through save_persona and about the project's own subject: one
 * persona made of labelled assumptions and no quote, since the scripted demo reads no discussion,
 * page or research answer; its confidence low, as it should be.
 */
export const PERSONAS_DEMO: readonly DemoStep[] = [
  {
    text: '*Offline demo — not AI.* Here is a first persona. The scripted demo reads no discussion, page or research answer, and without internet no outside source can be reached at all: so every claim is an assumption, there are no quotes, and the confidence is low. Real evidence and research answers would change that.',
    tool: ({ actions }, { words: { subject } }) =>
      demoToolCall(PERSONAS_TOOLS.savePersona, savePersona(actions), {
        name: 'Sam Rivera',
        persona: {
          role: roleOf(subject),
          age: 38,
          situation: `Runs into ${theProblem(subject)} often enough to look for a fix (assumption: how often is not measured yet).`,
          jobs: {
            functional: [upperFirst(`get ${theProblem(subject)} out of the way`)],
            social: ['Be seen as someone who has it under control'],
            emotional: ['Stop dreading the moment it happens again'],
          },
          pains: [{ text: 'Loses time or money each time the problem comes up.', source: 'assumption' }],
          gains: [{ text: 'The problem solved without extra work or time.', source: 'assumption' }],
          usesToday: [STATUS_QUO],
          reachAt: [],
          jobStories: ['When the problem comes up again, I want to deal with it in minutes, so I can get back to my real work.'],
          earlyAdopter: upperFirst(`${peopleInSentence(subject, 800)}, among them those who already lose time or money to the problem and look for a fix.`),
          quotes: [],
          confidence: 'low',
          confidenceReasons: 'Offline demo: nothing was read, every claim is an assumption.',
        },
      }),
  },
];
