import { tool } from 'ai';
import { FindCompetitorsInputSchema } from '#contracts/phases/competitors';
import { searchCompetitors } from '../../../services/competitor-search';
import type { CofounderActions } from '../../tools/actions';

/**
 * Searches the competitor sources (worker/services/competitor-search.ts). A source that fails is
 * reported as unavailable, and web search without its key as not connected, never as a failed
 * tool: the answer goes on with the others. The result is what the app shows as source cards.
 */
export const findCompetitors = (env: Cloudflare.Env, actions: CofounderActions) =>
  tool({
    description:
      'Search for products that already solve the problem: Hacker News launches, GitHub, the App Store and the web. Returns candidates with name, address, description and a signal (stars, points, ratings).',
    inputSchema: FindCompetitorsInputSchema,
    execute: async (input) => {
      const result = await searchCompetitors(env, input);
      for (const candidate of result.candidates) actions.foundUrls.add(candidate.url);
      return result;
    },
  });
