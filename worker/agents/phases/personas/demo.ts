import { demoToolCall } from '../common/demo-tool-call';
import { quote, type DemoSubject } from '../common/demo-subject';
import type { DemoStep } from '../types';
import { savePersona } from './save-persona';
import { PERSONAS_TOOLS } from '#contracts/phases/personas';

/** What phase 3's demo card is called; the persona uses it today, as a persona must name a card. */
const STATUS_QUO = 'What they do about it today';

/** The persona's role: the founders' words for who has the problem, else a placeholder that says so. */
const roleOf = (subject: DemoSubject) =>
  subject.peopleKnown ? quote(subject.people, 160) : quote(`Someone who has the problem behind “${subject.name}”`, 160);

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
          situation: quote(`Runs into what “${subject.name}” is for, in the founders' words: “${quote(subject.problem, 800)}”`, 1000),
          jobs: {
            functional: [quote(`Get the problem behind “${subject.name}” out of the way`, 300)],
            social: ['Be seen as someone who has it under control'],
            emotional: ['Stop dreading the moment it happens again'],
          },
          pains: [{ text: quote(`Lives with the problem behind “${subject.name}”: “${quote(subject.problem, 300)}”`, 400), source: 'assumption' }],
          gains: [{ text: 'The problem solved without extra work or time.', source: 'assumption' }],
          usesToday: [STATUS_QUO],
          reachAt: [],
          jobStories: ['When the problem comes up again, I want to deal with it in minutes, so I can get back to my real work.'],
          earlyAdopter: quote(
            `${subject.peopleKnown ? subject.people : 'Those who have the problem'}, among them those who already lose time or money to it and look for a fix.`,
            1000,
          ),
          quotes: [],
          confidence: 'low',
          confidenceReasons: 'Offline demo: nothing was read, every claim is an assumption.',
        },
      }),
  },
];
