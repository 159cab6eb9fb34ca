import { tool } from 'ai';
import { MEMORY_LIMITS } from '#contracts/phases/fields';
import { ExperimentFieldsSchema, latestResult, meetsThreshold, RECOMMENDATIONS, thresholdText } from '#contracts/phases/grow';
import { singleLineText } from '#contracts/text-fields';
import { z } from '#contracts/zod';
import type { CofounderActions } from '../../tools/actions';
import { experimentsOf, experimentTitled, today, withExperiment } from './memory-reads';

const verdictShape = ExperimentFieldsSchema.shape.verdict.unwrap().shape;

const JudgeExperimentInput = z.strictObject({
  title: singleLineText(MEMORY_LIMITS.title).describe('The experiment, by its title'),
  recommendation: z.enum(RECOMMENDATIONS).describe('focus (the latest result meets the threshold), change the approach, or drop it'),
  reasoning: verdictShape.reasoning,
});

/**
 * Judges an experiment's latest result against its threshold, and only against it: with no
 * result there is nothing to judge, and 'focus' on a result that misses the threshold is refused
 * (the co-founder never declares a success the numbers do not show).
 */
export const judgeExperiment = (actions: CofounderActions) =>
  tool({
    description:
      "Record the verdict on an experiment's latest result, judged against its threshold only: focus, change or drop, with the reasoning. Refused without a result, and 'focus' is refused when the latest result misses the threshold.",
    inputSchema: JudgeExperimentInput,
    execute: async ({ title, recommendation, reasoning }) => {
      const entry = experimentTitled(actions.memory, title);
      if (!entry)
        throw new Error(
          `There is no experiment "${title}". The experiments are: ${
            experimentsOf(actions.memory)
              .map((candidate) => `"${candidate.title}"`)
              .join(', ') || 'none'
          }.`,
        );
      const { experiment } = entry;
      const latest = latestResult(experiment);
      if (!latest) throw new Error(`"${entry.title}" has no result yet: nothing to judge. Ask the founders to log one under the experiment.`);
      const meets = meetsThreshold(latest.value, experiment.threshold);
      const threshold = thresholdText(experiment.threshold);
      const measured = `The latest result, ${latest.value} on ${latest.on}, ${meets ? 'meets' : 'misses'} the threshold (${threshold}).`;
      if (recommendation === 'focus' && !meets)
        throw new Error(`${measured} Focus is a success the numbers do not show: recommend change or drop. Nothing was saved.`);
      const saved = actions.updateMemory(entry.id, withExperiment(entry, { ...experiment, verdict: { recommendation, reasoning, on: today() } }));
      return {
        saved: { id: saved.id, version: saved.version },
        latest: { value: latest.value, on: latest.on },
        threshold,
        meetsThreshold: meets,
        next: `${measured} Say so first, in those numbers, then your recommendation and why.`,
      };
    },
  });
