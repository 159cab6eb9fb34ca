import { tool } from 'ai';
import { SearchDiscussionsInputSchema, SOURCE_LABELS } from '#contracts/discussions';
import * as discussionSearch from '../../../services/discussion-search';
import type { CofounderActions } from '../../tools/actions';

/**
 * Searches public discussions for the problem (worker/services/discussion-search.ts). A source
 * that fails is reported as unavailable in the result, never as a failed tool: the answer goes
 * on with the others. The result is what the app shows as source cards.
 */
export const searchDiscussions = (
  env: Cloudflare.Env,
  actions: CofounderActions,
  /** Privacy mode: the private wording a phrase copies, if any (worker/agents/privacy.ts); null when off. */
  privateWording: ((phrase: string) => string | null) | null,
) =>
  tool({
    description: `Search real discussions (${discussionSearch
      .offeredSources(env)
      .map((source) => SOURCE_LABELS[source])
      .join(
        ', ',
      )}) for people describing the problem. Returns discussions with title, excerpt, score, comment count, date and link; the founder sees them as cards.`,
    inputSchema: SearchDiscussionsInputSchema,
    execute: async (input) => {
      for (const phrase of input.queries) {
        const copied = privateWording?.(phrase);
        if (copied) {
          throw new Error(`Privacy mode: "${phrase}" copies the project's private wording ("${copied}"). Search with generic words for the problem instead.`);
        }
      }
      const result = await discussionSearch.searchDiscussions(env, input);
      for (const discussion of result.discussions) {
        actions.foundUrls.add(discussion.url);
        actions.readPages.set(discussion.url, {
          url: discussion.url,
          text: `${discussion.title}\n${discussion.excerpt}`,
          priceLines: [],
          readAt: discussion.createdAt ?? '',
        });
      }
      return result;
    },
  });
