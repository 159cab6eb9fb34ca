import type { PlaceCanvasNotesInput } from '#contracts/canvas';
import type { ChosenIdea } from '#contracts/phases/find-idea';
import { MEMORY_LIMITS } from '#contracts/phases/fields';
import { fitting, PEOPLE_UNKNOWN, peopleInSentence, quote, shortName, upperFirst } from '../common/demo-subject';
import type { DemoStep, FounderWords } from '../types';

/**
 * The other direction beside the founder's idea: a kind of business their idea is not, so that A
 * and B never say the same thing. Each has the rows the table shows for it.
 */
const OTHER_DIRECTIONS = [
  {
    is: /\b(marketplaces?|platforms?|match(es|ing)?|connects?|exchanges?|directory)\b/i,
    name: 'A marketplace for the same people',
    painful: 'Only if they already trade',
    weakest: 'Both sides show up at once',
  },
  {
    is: /\b(apps?|tools?|software|saas|trackers?|assistants?|calculators?)\b/i,
    name: 'A tool they use on their own',
    painful: 'Only if they feel it often',
    weakest: 'They change a habit for it',
  },
  {
    is: /\b(services?|repairs?|agency|agencies|consult\w*|coach\w*|tutor\w*)\b/i,
    name: 'A service done for them',
    painful: 'Only if it costs them money',
    weakest: 'They pay someone to do it',
  },
] as const;

const otherDirection = (idea: string) => OTHER_DIRECTIONS.find((direction) => !direction.is.test(idea)) ?? OTHER_DIRECTIONS[0];

/** The two directions compared: the founder's own idea beside one of another kind, or two examples when they have none yet. */
const directions = ({ idea }: FounderWords) =>
  idea ? { a: shortName(idea), b: otherDirection(idea).name } : { a: 'Scheduling assistant for clinics', b: 'Supplier review exchange' };

/** The chosen idea the demo saves: the founder's own problem when they wrote one, else the example. */
const chosenIdeaOf = (words: FounderWords): ChosenIdea =>
  words.idea
    ? {
        problem: quote(words.idea, MEMORY_LIMITS.field),
        whoHasIt: words.people ? quote(words.people, MEMORY_LIMITS.field) : PEOPLE_UNKNOWN,
        proposedSolution: 'To be shaped once the problem is sized.',
        whyNow: 'To be questioned: what changed that makes it solvable now.',
        riskiestAssumption: 'That the people who have it pay to solve it.',
        openQuestions: ['Who pays?', 'How often does it happen?'],
      }
    : {
        problem: 'Last-minute cancellations leave clinic chairs empty.',
        whoHasIt: 'Practice managers of small private clinics.',
        proposedSolution: 'An assistant that fills cancelled slots from a waiting list.',
        whyNow: 'Patients now expect to book and rebook by text message.',
        riskiestAssumption: 'Clinics will change their booking habits for it.',
        openQuestions: ['How many slots are lost a week?', 'Who decides on new tools in a clinic?'],
      };

const EXAMPLE_TABLE = [
  '| Who has it | Practice managers | New restaurant owners |',
  '| How painful | Empty chairs cost money daily | A bad supplier costs a month |',
  '| Weakest assumption | Clinics will switch booking tools | Buyers will write reviews |',
];
const ownIdeaTable = (words: FounderWords) => {
  const other = otherDirection(words.idea ?? '');
  const people = words.people ? peopleInSentence({ ...words.subject, people: words.people, peopleKnown: true }) : 'the people you will name';
  return [
    `| Who has it | ${upperFirst(people).replace(/\|/g, '/')} | The same people |`,
    `| How painful | Your answers above will tell | ${other.painful} |`,
    `| Weakest assumption | They pay to solve it | ${other.weakest} |`,
  ];
};

/**
 * The offline demo in phase 1: a quick-reply question, a memory write, two ideas compared, one
 * chosen. It answers the founder's own idea in their words when they wrote one.
 */
export const FIND_IDEA_DEMO: readonly DemoStep[] = [
  {
    text: ({ idea }) =>
      idea
        ? `*Offline demo — not AI.* ${fitting(`You wrote: “${idea.replace(/\s+/g, ' ').trim()}”.`, 400, 'Thank you for writing your idea down.')} I'm your co-founder for phase 1, **Find an idea**. Before we build anything, let's question it, or brainstorm alternatives beside it.`
        : "*Offline demo — not AI.* I'm your co-founder for phase 1, **Find an idea**. We can start from a problem you already know, or brainstorm from your skills and interests.",
    quickReply: { question: 'How would you like to start?', choices: ['I have a problem in mind', 'Help me brainstorm ideas'] },
  },
  {
    text: '*Offline demo — not AI.* Noted in the project memory. Who has this problem most often, and what do they do about it today? Be as specific as you can: a job title, a place, a budget.',
    act: (actions, founderText, { idea }) =>
      actions.writeMemory({ kind: 'note', title: 'Starting point', body: quote(idea ?? founderText, MEMORY_LIMITS.body) || 'The founder chose how to start.' }),
  },
  {
    text: (words) => {
      const { a, b } = directions(words);
      return [
        words.idea
          ? '*Offline demo — not AI.* Here is your idea beside one other direction:'
          : '*Offline demo — not AI.* Here are two directions, side by side:',
        '',
        `| | A: ${a} | B: ${b} |`,
        '|---|---|---|',
        ...(words.idea ? ownIdeaTable(words) : EXAMPLE_TABLE),
        '',
        words.idea ? 'I would keep **A**, and test who pays first.' : 'I would pick **A**: the pain is daily and measured in money.',
      ].join('\n');
    },
    quickReply: { question: 'Which idea should we keep?', choices: ['A', 'B', 'You pick'] },
  },
  {
    text: (words) =>
      `*Offline demo — not AI.* Saved as the chosen idea. **Phase 1 is done.** A working name for the project: **${directions(words).a}** (rename it in the project settings). I put it on the canvas with its riskiest assumption and open questions, as proposals to keep or dismiss. Next is phase 2, *Estimate the problem's scale and impact*: shall we size how many people have it, and how much it costs them?`,
    act: async (actions, _founderText, words) => {
      const saved = actions.saveArtifact({ kind: 'chosen_idea', title: directions(words).a, idea: chosenIdeaOf(words) });
      await actions.acceptArtifact(saved.id);
    },
    // The chosen idea and its open questions on the canvas, as the co-founder proposes them.
    tool: async ({ actions }, { toolCallId, words }) => {
      const idea = chosenIdeaOf(words);
      const input: PlaceCanvasNotesInput = {
        frameTitle: 'Chosen idea',
        notes: [
          { text: directions(words).a, colour: 'green' },
          { text: `Riskiest assumption: ${idea.riskiestAssumption}`, colour: 'pink' },
          ...idea.openQuestions.map((question) => ({ text: question })),
        ],
      };
      const placed = actions.placeCanvasNotes(input, toolCallId);
      return { name: 'place_canvas_notes', input, output: { placed: placed.filter((item) => item.kind === 'note').length, proposals: true } };
    },
  },
];
