import { tool } from 'ai';
import { MEMORY_LIMITS } from '#contracts/phases/fields';
import {
  ChannelIdeaSchema,
  ChannelRankingContentSchema,
  GROW_TOOLS,
  innerRingOf,
  RANKED_RINGS,
  TRACTION_CHANNELS,
  type TractionChannel,
} from '#contracts/phases/grow';
import { singleLineText } from '#contracts/text-fields';
import { z } from '#contracts/zod';
import type { CofounderActions } from '../../tools/actions';
import { firstIssue, rankingEntryOf } from './memory-reads';

const CHANNELS = Object.keys(TRACTION_CHANNELS) as TractionChannel[];

const SaveChannelRankingInput = z.strictObject({
  title: singleLineText(MEMORY_LIMITS.title),
  ideas: z
    .array(ChannelIdeaSchema.extend({ ring: z.enum(RANKED_RINGS) }))
    .length(CHANNELS.length, `Give one idea for each of the ${CHANNELS.length} traction channels`)
    .describe(`All ${CHANNELS.length} traction channels, one concrete idea each fitted to this product, each ranked promising, possible or long_shot`),
});

/**
 * Saves the 19 traction channels ranked, one idea each, in the three rings it may rank them in.
 * The inner ring is the founders' choice among the promising (the grow_inner_ring frame): the
 * co-founder never sets it, and a ranking saved again keeps it as it is; one that would no longer
 * rank an inner-ring channel promising is refused.
 */
export const saveChannelRanking = (actions: CofounderActions) =>
  tool({
    description: `Save the ${CHANNELS.length} traction channels ranked: one concrete idea per channel fitted to this product, each ranked promising, possible or long_shot. The founders choose the inner ring of three among the promising ones themselves; saving again keeps their choice.`,
    inputSchema: SaveChannelRankingInput,
    execute: async ({ title, ideas }) => {
      const missing = CHANNELS.filter((channel) => !ideas.some((idea) => idea.channel === channel));
      if (missing.length > 0)
        throw new Error(
          `Every traction channel gets one idea: ${missing.map((channel) => TRACTION_CHANNELS[channel]).join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing. Nothing was saved.`,
        );
      // The founders' inner ring stays as they chose it: each of its channels must still be ranked promising.
      const current = rankingEntryOf(actions.memory);
      const innerRing = current ? innerRingOf(current.ranking) : [];
      const demoted = innerRing.filter((channel) => ideas.find((idea) => idea.channel === channel)?.ring !== 'promising');
      if (demoted.length > 0)
        throw new Error(
          `${demoted.map((channel) => TRACTION_CHANNELS[channel]).join(', ')} ${demoted.length === 1 ? 'is' : 'are'} in the founders' inner ring: keep ${demoted.length === 1 ? 'it' : 'them'} promising, or ask them to change their inner ring first. Nothing was saved.`,
        );
      const ranked = ideas.map((idea) => (innerRing.includes(idea.channel) ? { ...idea, ring: 'inner' as const } : idea));
      const parsed = ChannelRankingContentSchema.safeParse({ kind: 'channel_ranking', title, ranking: { ideas: ranked } });
      if (!parsed.success) throw new Error(`${firstIssue(parsed.error)}. Nothing was saved.`);
      const entry = actions.saveArtifact(parsed.data);
      const promising = ideas.filter((idea) => idea.ring === 'promising' && !innerRing.includes(idea.channel)).map((idea) => TRACTION_CHANNELS[idea.channel]);
      return {
        saved: { id: entry.id, version: entry.version },
        promising,
        innerRing: innerRing.map((channel) => TRACTION_CHANNELS[channel]),
        next:
          innerRing.length > 0
            ? `The founders' inner ring stays ${innerRing.map((channel) => TRACTION_CHANNELS[channel]).join(', ')}. Design or revise an experiment per inner-ring channel with ${GROW_TOOLS.saveExperiment}.`
            : `Ask the founders to choose their inner ring of three among the promising channels, under the ranking in the memory; then design an experiment per channel with ${GROW_TOOLS.saveExperiment}. Accepting the ranking completes phase 8.`,
      };
    },
  });
