import { tool } from 'ai';
import { MEMORY_LIMITS } from '#contracts/phases/fields';
import { ExperimentContentSchema, ExperimentSchema, GROW_LIMITS, GROW_TOOLS, TRACTION_CHANNELS } from '#contracts/phases/grow';
import { singleLineText } from '#contracts/text-fields';
import { z } from '#contracts/zod';
import type { CofounderActions } from '../../tools/actions';
import { assumptionNamed, experimentsOf, experimentTitled, firstIssue, rankingEntryOf, riskiestAssumptionsOf } from './memory-reads';

const SaveExperimentInput = z.strictObject({
  title: singleLineText(MEMORY_LIMITS.title),
  experiment: ExperimentSchema.omit({ results: true, verdict: true }).extend({
    tests: ExperimentSchema.shape.tests.describe('A riskiest assumption of phase 5 it puts to the test, word for word as the memory states it, or null'),
  }),
});

/**
 * Saves an experiment on a channel of the founders' inner ring: hypothesis, metric, budget,
 * duration, start and the threshold that counts as success, and the riskiest assumption it tests
 * (word for word, stored in the memory's wording) or null. At most three. Saving again under the
 * same title updates it: the results members logged stay, and a verdict on the earlier design is
 * dropped (it judged another experiment).
 */
export const saveExperiment = (actions: CofounderActions) =>
  tool({
    description: `Save an experiment for a channel of the founders' inner ring: hypothesis, metric, budget, durationDays, startedOn (YYYY-MM-DD), threshold (at_least or at_most a value: what counts as success), and tests (a riskiest assumption, word for word, or null). At most ${GROW_LIMITS.experiments}; saving again under the same title updates it and keeps its results.`,
    inputSchema: SaveExperimentInput,
    execute: async ({ title, experiment }) => {
      const ranking = rankingEntryOf(actions.memory);
      if (!ranking) throw new Error(`There are no channels ranked yet: rank them with ${GROW_TOOLS.saveChannelRanking} first. Nothing was saved.`);
      const innerRing = ranking.ranking.innerRing;
      if (!innerRing.includes(experiment.channel))
        throw new Error(
          innerRing.length > 0
            ? `${TRACTION_CHANNELS[experiment.channel]} is not in the founders' inner ring (${innerRing.map((channel) => TRACTION_CHANNELS[channel]).join(', ')}): experiments test inner-ring channels only. Nothing was saved.`
            : `The founders have not chosen their inner ring yet: ask them to choose three promising channels under the ranking. Nothing was saved.`,
        );
      let tests: string | null = null;
      if (experiment.tests !== null) {
        tests = assumptionNamed(actions.memory, experiment.tests);
        if (tests === null) {
          const assumptions = riskiestAssumptionsOf(actions.memory);
          throw new Error(
            assumptions.length > 0
              ? `"${experiment.tests}" is not a riskiest assumption of the memory. Name one word for word, or null: ${assumptions.map((text) => `"${text}"`).join('; ')}. Nothing was saved.`
              : `The memory holds no riskiest assumptions, so "${experiment.tests}" is none of them: give tests null. Nothing was saved.`,
          );
        }
      }
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
        resultsKept: parsed.data.experiment.results.length,
        next: 'Tell the founders in two lines what the experiment measures and what counts as success, and that they log each result under it.',
      };
    },
  });
