import { tool } from 'ai';
import { MEMORY_LIMITS } from '#contracts/phases/fields';
import {
  ExperimentContentSchema,
  ExperimentFieldsSchema,
  GROW_LIMITS,
  GROW_TOOLS,
  innerRingOf,
  sameTest,
  testChoices,
  testProblem,
  ThresholdSchema,
  TRACTION_CHANNELS,
} from '#contracts/phases/grow';
import { artifactLabelOf } from '#contracts/phases/registry';
import { singleLineText } from '#contracts/text-fields';
import { z } from '#contracts/zod';
import type { CofounderActions } from '../../tools/actions';
import { experimentsOf, experimentTitled, firstIssue, rankingEntryOf } from './memory-reads';

/** What an experiment tests, as the co-founder chooses it: an assumption by its number, an artifact by its id, or nothing. */
const ChosenTestInput = z
  .discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('assumption'), number: z.number().int().min(1).max(3).describe('Its number in the riskiest assumptions of the memory') }),
    z.strictObject({ kind: z.literal('artifact'), id: z.string().min(1).max(100).describe("The artifact's id in the memory") }),
  ])
  .nullable();

const SaveExperimentInput = z.strictObject({
  title: singleLineText(MEMORY_LIMITS.title),
  experiment: ExperimentFieldsSchema.omit({ results: true, verdict: true, tests: true }).extend({
    threshold: ThresholdSchema,
    tests: ChosenTestInput.describe(
      'What it puts to the test: one of the riskiest assumptions of phase 5 by its number, or another artifact of the memory by its id; null for nothing',
    ),
  }),
});

/**
 * Saves an experiment on a channel of the founders' inner ring: hypothesis, budget, start, the
 * threshold that counts as success (what is counted, at least or at most how many, by which day),
 * and what it tests, chosen from the memory (an assumption by its number, an artifact by its id)
 * and checked against it, or nothing. At most three. Saving again under the same title updates
 * it: the results members logged stay, and a verdict on the earlier design is dropped (it judged
 * another experiment).
 */
export const saveExperiment = (actions: CofounderActions) =>
  tool({
    description: `Save an experiment for a channel of the founders' inner ring: hypothesis, budget, startedOn (YYYY-MM-DD), threshold (metric: what is counted; comparison at_least or at_most; value; by: the day, YYYY-MM-DD, it must be met, 1 to ${GROW_LIMITS.durationDays} days after the start), and tests: what it puts to the test, { kind: 'assumption', number } for a riskiest assumption, { kind: 'artifact', id } for another artifact of the memory, or null. At most ${GROW_LIMITS.experiments}; saving again under the same title updates it and keeps its results.`,
    inputSchema: SaveExperimentInput,
    execute: async ({ title, experiment }) => {
      const ranking = rankingEntryOf(actions.memory);
      if (!ranking) throw new Error(`There are no channels ranked yet: rank them with ${GROW_TOOLS.saveChannelRanking} first. Nothing was saved.`);
      const innerRing = innerRingOf(ranking.ranking);
      if (!innerRing.includes(experiment.channel))
        throw new Error(
          innerRing.length > 0
            ? `${TRACTION_CHANNELS[experiment.channel]} is not in the founders' inner ring (${innerRing.map((channel) => TRACTION_CHANNELS[channel]).join(', ')}): experiments test inner-ring channels only. Nothing was saved.`
            : `The founders have not chosen their inner ring yet: ask them to choose three promising channels under the ranking. Nothing was saved.`,
        );
      // The contract's rule, the same a member's edit meets: what it tests is in the memory now, named as the memory names it.
      const chosen = experiment.tests ? { ...experiment.tests, label: '' } : null;
      const refused = testProblem(actions.memory, chosen, artifactLabelOf);
      if (refused) throw new Error(`${refused} Nothing was saved.`);
      const tests = chosen ? testChoices(actions.memory, artifactLabelOf).find((choice) => sameTest(choice.tested, chosen))!.tested : null;
      const existing = experimentTitled(actions.memory, title);
      if (!existing && experimentsOf(actions.memory).length >= GROW_LIMITS.experiments)
        throw new Error(
          `The project already runs ${GROW_LIMITS.experiments} experiments (${experimentsOf(actions.memory)
            .map((entry) => `"${entry.title}"`)
            .join(', ')}): update one by its title, or ask the founders which to drop. Nothing was saved.`,
        );
      const parsed = ExperimentContentSchema.safeParse({
        kind: 'experiment',
        title: existing?.title ?? title,
        experiment: { ...experiment, tests, results: existing?.experiment.results ?? [], verdict: null },
      });
      if (!parsed.success) throw new Error(`${firstIssue(parsed.error)}. Nothing was saved.`);
      const entry = existing ? actions.updateMemory(existing.id, parsed.data) : actions.saveArtifact(parsed.data);
      return {
        saved: { id: entry.id, version: entry.version, updated: existing !== undefined },
        tests: tests?.label ?? null,
        resultsKept: parsed.data.experiment.results.length,
        next: 'Tell the founders in two lines what the experiment measures, what counts as success and by when, and what it tests; they log each result under it.',
      };
    },
  });
