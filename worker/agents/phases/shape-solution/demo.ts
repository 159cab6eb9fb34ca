import { artifactDefinition } from '#contracts/phases/registry';
import { ASSUMPTION } from '#contracts/phases/fields';
import { SHAPE_SOLUTION_TOOLS, sourceName, type Box, type CanvasField } from '#contracts/phases/shape-solution';
import type { MemoryEntry } from '#contracts/workspace';
import { demoToolCall } from '../common/demo-tool-call';
import { fitting, inSentence, peopleInSentence, quote, upperFirst, type DemoSubject } from '../common/demo-subject';
import type { DemoStep } from '../types';
import { personaNeedsOf } from './memory-reads';
import { saveLeanCanvas } from './save-lean-canvas';
import { savePitch } from './save-pitch';
import { saveRiskiestAssumptions } from './save-riskiest-assumptions';
import { saveValueMap } from './save-value-map';

/**
 * The offline demo in phase 5, through the phase's own tools and about the project's own subject:
 * a value map answering the pains and gains of the memory's personas (none without a persona), a
 * Lean Canvas whose boxes cite the artifacts the memory holds or say 'assumption', three riskiest
 * assumptions with cheap tests, and a 2-week pitch. The scripted demo reads nothing, so what it
 * does not carry over from the memory is an assumption, and says so.
 */

const DEMO = '*Offline demo — not AI.*';

/** The memory's artifact of `kind` as a canvas box names it, else 'assumption'. */
function sourceOf(memory: readonly MemoryEntry[], kind: string): string {
  const entry = memory.find((candidate) => candidate.kind === kind);
  return entry ? sourceName(artifactDefinition(kind)!.artifact.label, entry.title) : ASSUMPTION;
}

const box = (text: string, source: string): Box => ({ text: quote(text, 300), source });

function demoCanvas(memory: readonly MemoryEntry[], subject: DemoSubject): Record<CanvasField, Box> {
  const persona = personaNeedsOf(memory)[0];
  const idea = sourceOf(memory, 'chosen_idea');
  const people = sourceOf(memory, 'persona');
  return {
    problem: box(subject.problem, idea),
    existingAlternatives: box('What they do today: by hand, with general tools, or not at all.', sourceOf(memory, 'landscape')),
    solution: box(`The smallest version of ${inSentence(subject.name)} that removes the worst pain.`, sourceOf(memory, 'value_map')),
    keyMetrics: box('How many who try it use it again the next week.', ASSUMPTION),
    uniqueValueProposition: box(
      persona?.pains[0]
        ? fitting(`Gets rid of this, without extra work: ${persona.pains[0]}`, 300, 'Gets rid of their worst pain, without extra work.')
        : `${subject.name}, without extra work.`,
      people,
    ),
    unfairAdvantage: box('None yet: say so rather than invent one.', ASSUMPTION),
    channels: box('Where the personas already talk about the problem.', people),
    customerSegments: box(upperFirst(peopleInSentence(subject, 300)), people === ASSUMPTION ? idea : people),
    earlyAdopters: box('Those who already lose time or money to the problem and look for a fix.', people),
    costStructure: box('The founders’ time, and what the first version needs to run: to be listed.', ASSUMPTION),
    revenueStreams: box('Not known yet: ask the first users to pay, and see what they accept.', ASSUMPTION),
  };
}

export const SHAPE_SOLUTION_DEMO: readonly DemoStep[] = [
  {
    text: ({ memory }) =>
      personaNeedsOf(memory).length > 0
        ? `${DEMO} Here is a value map: each pain reliever and gain creator answers a pain or gain a persona of phase 4 states, in the persona's own words.`
        : `${DEMO} The memory holds no persona yet, so nothing can answer their pains and there is no value map to draw: define the personas in phase 4 first.`,
    tool: async ({ actions }, { words }) => {
      const personas = personaNeedsOf(actions.memory);
      if (personas.length === 0) return null;
      const persona = personas[0]!;
      return demoToolCall(SHAPE_SOLUTION_TOOLS.saveValueMap, saveValueMap(actions), {
        title: quote(`Value map of ${inSentence(words.subject.name)}`, 120),
        valueMap: {
          products: [quote(words.subject.name, 300)],
          relievers: persona.pains.slice(0, 3).map((pain) => ({
            text: fitting(`Takes this pain away: ${pain}`, 300, 'Takes their worst pain away.'),
            answers: { persona: persona.name, text: pain },
          })),
          creators: persona.gains
            .slice(0, 2)
            .map((gain) => ({ text: fitting(`Brings this gain: ${gain}`, 300, 'Brings what they hope for.'), answers: { persona: persona.name, text: gain } })),
        },
      });
    },
  },
  {
    text: `${DEMO} Here is a Lean Canvas. Each box says where it came from: an artifact of the memory, or an assumption. The weakest box is the unfair advantage: there is none yet, and saying so beats inventing one.`,
    tool: ({ actions }, { words }) =>
      demoToolCall(SHAPE_SOLUTION_TOOLS.saveLeanCanvas, saveLeanCanvas(actions), {
        title: quote(`Lean Canvas of ${inSentence(words.subject.name)}`, 120),
        canvas: demoCanvas(actions.memory, words.subject),
      }),
  },
  {
    text: `${DEMO} The three assumptions most likely to sink this, riskiest first, each with the cheapest test that would prove it wrong. The first can be a question on the research page.`,
    tool: ({ actions }, { words: { subject } }) =>
      demoToolCall(SHAPE_SOLUTION_TOOLS.saveRiskiestAssumptions, saveRiskiestAssumptions(actions), {
        title: 'Riskiest assumptions',
        risks: [
          {
            assumption: upperFirst(`${peopleInSentence(subject, 300)} meet the problem often enough to look for a fix.`),
            whyRisky: 'Everything else rests on it, and nothing read so far measures how often it happens.',
            test: 'Ask ten of them how often it happened last month; fewer than half saying "every week" disproves it.',
            cost: '2 days, $0',
            researchQuestion: 'How often did this problem happen to you last month?',
          },
          {
            assumption: 'They would pay for a fix rather than live with the problem.',
            whyRisky: 'People complain about many problems they never pay to solve.',
            test: 'Ask the first five who try it to pay the first month up front; none paying disproves it.',
            cost: '1 week, $0',
            researchQuestion: null,
          },
          {
            assumption: quote(`The smallest version of ${inSentence(subject.name)} can be ready in 2 weeks.`, 400),
            whyRisky: 'A first version that takes longer leaves no time to learn from users.',
            test: 'Make the core step work first, time-boxed to 3 days; not working by then disproves it.',
            cost: '3 days',
            researchQuestion: null,
          },
        ],
      }),
  },
  {
    text: `${DEMO} Here is a pitch in the Shape Up form with a 2-week appetite: three main elements, no more. Anything bigger is cut, not stretched. Accepting the pitch in the memory completes phase 5.`,
    tool: ({ actions }, { words: { subject } }) =>
      demoToolCall(SHAPE_SOLUTION_TOOLS.savePitch, savePitch(actions), {
        title: quote(subject.name, 120),
        pitch: {
          problem: quote(subject.problem, 1000),
          appetite: '2 weeks',
          elements: [
            { name: 'Start', description: 'How someone asks for it, in under a minute.' },
            {
              name: 'The fix',
              description: fitting(
                `The one step of ${inSentence(subject.name)} that removes the worst pain.`,
                400,
                'The one step that removes the worst pain.',
              ),
            },
            { name: 'The result', description: 'What changed, said at once, to keep or share.' },
          ],
          flows: ['Ask for it → get the fix → see what changed → done.'],
          rabbitHoles: ['Doing it for every case at once: one common case done well instead.'],
          noGos: ['Anything nobody has asked for yet.'],
        },
      }),
  },
];
