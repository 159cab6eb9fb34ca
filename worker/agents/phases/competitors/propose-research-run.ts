import { tool } from 'ai';
import { COMPETITOR_LIMITS, FindCompetitorsInputSchema } from '#contracts/phases/competitors';
import { z } from '#contracts/zod';
import type { CofounderActions } from '../../tools/actions';

const ProposeResearchRunInput = z.strictObject({
  queries: z
    .array(FindCompetitorsInputSchema.shape.queries.element)
    .min(1)
    .max(COMPETITOR_LIMITS.runQueries)
    .describe('Up to 6 phrases naming the kind of product'),
  pageReads: z.number().int().min(0).max(COMPETITOR_LIMITS.runPageReads).describe('How many of the competitors found to read (their home page), up to 20'),
});

/**
 * Proposes a long research run: the members see what it spends (searches and page reads) and one
 * of them approves it before anything is searched (docs/decisions/0041-research-runs.md).
 */
export const proposeResearchRun = (actions: CofounderActions) =>
  tool({
    description:
      'Propose a research run: many searches and page reads done in the background, making a competitor card for each page read. The founders see what it spends and approve it; nothing runs until they do. Use it for a broad first survey, and find_competitors / read_page for a few targeted lookups.',
    inputSchema: ProposeResearchRunInput,
    execute: async (plan) => {
      const run = actions.proposeResearchRun(plan);
      return {
        proposed: { id: run.id, searches: run.searches, pageReads: plan.pageReads },
        next: 'Tell the founders what the run spends and that a member starts it with Approve; do not wait for it in this answer.',
      };
    },
  });
