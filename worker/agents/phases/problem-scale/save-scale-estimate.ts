import { tool } from 'ai';
import { ASSUMPTION, MEMORY_LIMITS } from '#contracts/phases/fields';
import { runningTotals, ScaleEstimateSchema } from '#contracts/phases/problem-scale';
import { singleLineText } from '#contracts/text-fields';
import { z } from '#contracts/zod';
import type { CofounderActions } from '../../tools/actions';

const SaveScaleEstimateInput = z.strictObject({
  title: singleLineText(MEMORY_LIMITS.title).describe('A few words, e.g. "Missed dental appointments, US"'),
  estimate: ScaleEstimateSchema,
});

/**
 * Saves phase 2's estimate to the memory. Its evidence, and every step sourced to a link, must
 * come from this conversation's search results: the co-founder cites what it read, never a link
 * it made up. The tool answers with the results the product computed, so the model reports
 * those rather than its own arithmetic.
 */
export const saveScaleEstimate = (actions: CofounderActions) =>
  tool({
    description:
      'Save the problem-scale estimate (segments, a top-down and a bottom-up sizing as steps with sources, optionally a money line (what the problem costs the people who have it, or the revenue at stake, as steps too), frequency, pain, current alternatives, confidence and the evidence) to the project memory. Saving again replaces it. The founder accepts it to finish phase 2.',
    inputSchema: SaveScaleEstimateInput,
    execute: async ({ title, estimate }) => {
      const unknown = [
        ...estimate.evidence.map((link) => link.url),
        ...[...estimate.topDown.steps, ...estimate.bottomUp.steps, ...(estimate.money?.steps ?? [])]
          .map((step) => step.source)
          .filter((source) => /^https?:\/\//i.test(source)),
      ].filter((url) => !actions.foundUrls.has(url));
      if (unknown.length > 0) {
        throw new Error(
          `These links are not among your search results: ${unknown.slice(0, 3).join(', ')}. Cite only discussions search_discussions returned, and write '${ASSUMPTION}' for any other number.`,
        );
      }
      const entry = actions.saveArtifact({ kind: 'scale_estimate', title, estimate });
      const result = (sizing: typeof estimate.topDown) => ({ result: runningTotals(sizing).at(-1), unit: sizing.unit });
      return {
        saved: { id: entry.id, version: entry.version },
        topDown: result(estimate.topDown),
        bottomUp: result(estimate.bottomUp),
        ...(estimate.money ? { money: result(estimate.money) } : {}),
        next: 'Tell the founder the results above (they are computed from your steps) and that accepting the estimate in the memory completes phase 2.',
      };
    },
  });
