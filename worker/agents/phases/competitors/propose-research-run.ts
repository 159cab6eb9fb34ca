import { tool } from 'ai';
import { COMPETITOR_LIMITS, FindCompetitorsInputSchema } from '#contracts/phases/competitors';
import { z } from '#contracts/zod';
import { connectedCompetitorSources } from '../../../services/competitor-search';
import type { PhaseHost } from '../types';
import { proposedRun } from './research-run';
import { saveRun } from './run-store';

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
export const proposeResearchRun = (host: PhaseHost) =>
  tool({
    description:
      'Propose a research run: many searches and page reads done in the background, making a competitor card for each page read. The founders see what it spends and approve it; nothing runs until they do. Use it for a broad first survey, and find_competitors / read_page for a few targeted lookups.',
    inputSchema: ProposeResearchRunInput,
    execute: async (plan) => {
      if (host.state.run?.status === 'running') throw new Error('A research run is already running: wait for it to end, or a member can stop it.');
      const record = proposedRun(crypto.randomUUID(), plan, connectedCompetitorSources(host.env));
      saveRun(host.sql, record);
      host.setState({ run: record.state });
      const run = record.state;
      return {
        proposed: { id: run.id, searches: run.searches, pageReads: plan.pageReads },
        next: 'Tell the founders what the run spends and that a member starts it with Approve; do not wait for it in this answer.',
      };
    },
  });
