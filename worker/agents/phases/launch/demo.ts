import { ASSUMPTION } from '#contracts/phases/fields';
import { dueDay, LAUNCH_TOOLS, type LaunchChannel } from '#contracts/phases/launch';
import type { MemoryEntry } from '#contracts/workspace';
import { fitting, inSentence, peopleInSentence, quote, type DemoSubject } from '../common/demo-subject';
import { demoToolCall } from '../common/demo-tool-call';
import type { DemoStep, FounderWords } from '../types';
import { sourceNameOf } from './memory-reads';
import { launchEntryOf, type LaunchInput } from './plan-input';
import { saveLandingCopy } from './save-landing-copy';
import { saveLaunchEmail } from './save-launch-email';
import { saveLaunchPlan } from './save-launch-plan';
import { saveProductHuntKit } from './save-product-hunt-kit';
import { saveShowHnPost } from './save-show-hn-post';

/**
 * The offline demo in phase 7, through the phase's own tools and about the project's own subject:
 * a launch two weeks from today at 00:01 Pacific, its channels taken from a persona's 'where to
 * reach them' or the Lean Canvas's channels box when the memory holds them (else said to be
 * assumptions), a checklist before, on and after the day; then the four drafts, every claim an
 * assumption and no figure the founders did not write.
 */

const LAUNCH_IN_DAYS = 14;

/** Where the memory says the people are: a persona's first channel, else the Lean Canvas's channels box. */
function memoryChannel(memory: readonly MemoryEntry[]): LaunchChannel | null {
  const persona = memory.find((entry): entry is Extract<MemoryEntry, { kind: 'persona' }> => entry.kind === 'persona' && entry.persona.reachAt.length > 0);
  if (persona)
    return {
      name: quote(persona.persona.reachAt[0]!.name, 120),
      why: `Where ${fitting(persona.title, 80, 'the persona')} is, as phase 4 found.`,
      source: sourceNameOf(persona),
    };
  const canvas = memory.find((entry): entry is Extract<MemoryEntry, { kind: 'lean_canvas' }> => entry.kind === 'lean_canvas');
  if (canvas) return { name: quote(canvas.canvas.channels.text, 120), why: 'The channels box of the Lean Canvas.', source: sourceNameOf(canvas) };
  return null;
}

function demoLaunch(memory: readonly MemoryEntry[], owner: string | null, today: string): LaunchInput {
  const found = memoryChannel(memory);
  const channels: LaunchChannel[] = [
    ...(found ? [found] : []),
    { name: 'Product Hunt', why: 'Early adopters look there for new tools; to be checked against where the personas are.', source: ASSUMPTION },
    { name: 'Hacker News (Show HN)', why: 'Builders who try things and say plainly what is wrong.', source: ASSUMPTION },
  ];
  const item = (id: string, title: string, part: 'before' | 'day' | 'after', offsetDays: number, owned: boolean) => ({
    id,
    title,
    part,
    offsetDays,
    owner: owned ? owner : null,
  });
  return {
    moment: { date: dueDay(today, LAUNCH_IN_DAYS) },
    channels,
    checklist: [
      item('landing-live', 'Landing page live with the final copy', 'before', -7, true),
      item('hunter-assets', 'Product Hunt gallery images and the first comment ready', 'before', -5, true),
      item('tell-list', 'Tell the people who asked to hear about it the launch day', 'before', -3, false),
      item('dry-run', 'Sign up as a stranger would, on a phone and a laptop', 'before', -1, false),
      item('post-ph', 'Post on Product Hunt at 00:01 Pacific', 'day', 0, true),
      item('post-hn', 'Post the Show HN and answer every comment', 'day', 0, false),
      item('thank-reply', 'Thank and answer everyone who tried it', 'after', 1, true),
      item('read-back', 'Write down what the launch brought: sign-ups, replies, what broke', 'after', 7, false),
    ],
  };
}

const name = (words: FounderWords) => quote(words.subject.name, 40);

/** The first of these that fits in `max` characters: the drafts say the whole of what they say, or a shorter whole. */
const firstFitting = (max: number, ...candidates: string[]) => candidates.find((candidate) => candidate.length <= max) ?? quote(candidates.at(-1)!, max);

/** Who it is for, in a sentence: the founders' words whole when they fit in `max`, else their head. */
const forWhom = (subject: DemoSubject, max: number) => peopleInSentence(subject, max);

/** The tagline: what it is, for whom, in Product Hunt's 60 characters, never cut. */
const tagline = (subject: DemoSubject) =>
  firstFitting(
    60,
    `${subject.name}, for ${forWhom(subject, 200)}`,
    `${subject.name}, for ${forWhom(subject, 40)}`,
    `For ${forWhom(subject, 200)}`,
    `For ${forWhom(subject, 40)}`,
    subject.name,
  );

export const LAUNCH_DEMO: readonly DemoStep[] = [
  {
    text: '*Offline demo — not AI.* Here is a launch plan two weeks from today at 00:01 Pacific, when Product Hunt’s day starts: each of you sees that moment in your own time zone. The channels come from where phase 4 found your personas, or the Lean Canvas’s channels box; any without one is marked an assumption. The checklist runs before, on and after the day, each item due a number of days from the launch, so moving the date moves them all. Accepting the launch plan in the memory completes phase 7.',
    tool: async ({ actions, host }) => {
      // An accepted plan is the founders’: the demo leaves it as it is.
      if (launchEntryOf(actions.memory)?.acceptedAt !== undefined) return null;
      const owner = host.state.teamMembers?.[0]?.name ?? null;
      return demoToolCall(LAUNCH_TOOLS.saveLaunchPlan, saveLaunchPlan(actions, host), {
        title: 'The launch',
        launch: demoLaunch(actions.memory, owner, new Date().toISOString().slice(0, 10)),
      });
    },
  },
  {
    text: '*Offline demo — not AI.* A first draft of the landing page for you to edit. Every benefit below is an assumption until a persona’s own words back it: replace each with what the people you interviewed actually said.',
    tool: async ({ actions }, { words }) =>
      demoToolCall(LAUNCH_TOOLS.saveLandingCopy, saveLandingCopy(actions), {
        title: quote(`Landing page: ${words.subject.name}`, 120),
        copy: {
          headline: quote(words.subject.name, 80),
          subhead: firstFitting(
            160,
            `${words.subject.name}, for ${forWhom(words.subject, 200)}.`,
            `${words.subject.name}, for ${forWhom(words.subject, 60)}.`,
            `For ${forWhom(words.subject, 60)}.`,
          ),
          benefits: [
            { text: 'Less time lost to the problem, every week', source: ASSUMPTION },
            { text: 'No new habit to learn: it fits how you work today', source: ASSUMPTION },
            { text: 'You see at once whether it worked', source: ASSUMPTION },
          ],
          callToAction: 'Try it free',
          faq: [{ question: 'Is this for me?', answer: `It is for ${forWhom(words.subject, 500)}. If that is not you, tell us who you are.` }],
        },
      }),
  },
  {
    text: '*Offline demo — not AI.* The Product Hunt kit, inside Product Hunt’s limits (a tagline of 60 characters, a description of 260). The tagline says what it does for whom, with no superlative.',
    tool: async ({ actions }, { words }) =>
      demoToolCall(LAUNCH_TOOLS.saveProductHuntKit, saveProductHuntKit(actions), {
        title: quote(`Product Hunt: ${words.subject.name}`, 120),
        kit: {
          name: name(words),
          tagline: tagline(words.subject),
          description: quote(words.subject.problem, 260),
          makerComment: [
            `We made ${inSentence(words.subject.name)} for ${forWhom(words.subject, 300)}.`,
            fitting(`The idea, in our words: “${words.subject.problem.replace(/\s+/g, ' ').trim()}”.`, 500, ''),
            'What is rough: it is a first version. What would make you try it?',
          ]
            .filter(Boolean)
            .join(' '),
          galleryIdeas: ['The first screen, before anything is set up', 'The moment the problem is solved, in one picture'],
        },
      }),
  },
  {
    text: '*Offline demo — not AI.* The Show HN post, in the plain tone Hacker News expects: what it does, why, and what is rough. No marketing words.',
    tool: async ({ actions }, { words }) => {
      const prefix = `Show HN: ${words.subject.name} – `;
      return demoToolCall(LAUNCH_TOOLS.saveShowHnPost, saveShowHnPost(actions), {
        title: quote(`Show HN: ${words.subject.name}`, 120),
        post: {
          title: firstFitting(
            80,
            `${prefix}for ${forWhom(words.subject, 200)}`,
            `${prefix}for ${forWhom(words.subject, 40)}`,
            `Show HN: ${words.subject.name}`,
          ),
          whatItDoes: fitting(
            `The idea, in our words: “${words.subject.problem.replace(/\s+/g, ' ').trim()}”.`,
            600,
            `It is ${inSentence(words.subject.name)}.`,
          ),
          why: `We think ${forWhom(words.subject, 400)} have this problem; posting here is how we find out whether they do.`,
          whatIsRough: 'It is a first version: setup is manual and we have tested it with few people.',
        },
      });
    },
  },
  {
    text: '*Offline demo — not AI.* The launch e-mail to the people who asked to hear about it: one thing to do, and why it is written to them.',
    tool: async ({ actions }, { words }) =>
      demoToolCall(LAUNCH_TOOLS.saveLaunchEmail, saveLaunchEmail(actions), {
        title: quote(`Launch e-mail: ${words.subject.name}`, 120),
        email: {
          subject: quote(`${words.subject.name} is live today`, 80),
          body: quote(
            `Hi, you asked to hear when ${inSentence(words.subject.name)} was ready. It is live today. It is for ${forWhom(words.subject, 1000)}. Try it and reply with what broke or what is missing: we read every answer.`,
            2000,
          ),
        },
      }),
  },
];
