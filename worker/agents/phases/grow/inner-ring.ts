import { ChannelRankingContentSchema, INNER_RING_FRAME, InnerRingFrameSchema, TRACTION_CHANNELS, type InnerRingFrame } from '#contracts/phases/grow';
import type { MemberAction } from '../types';
import { firstIssue, rankingEntryOf, withRanking } from './memory-reads';

/**
 * The founders choose the inner ring: up to three channels ranked promising, which move into the
 * inner ring (each channel is in one ring); those it held before and no longer does go back to
 * promising. Applied to the ranking as it is when the frame is taken; a channel not ranked
 * promising there is refused.
 */
export const INNER_RING_ACTION: MemberAction<InnerRingFrame> = {
  type: INNER_RING_FRAME,
  schema: InnerRingFrameSchema,
  who: 'member',
  whileLocked: 'refused',
  handle: async (host, member, { channels }) => {
    const entry = rankingEntryOf(host.state.memory);
    if (!entry) return { ok: false, reason: 'not_found', error: 'There are no channels ranked yet.', current: null };
    const wanted = new Set(channels);
    const outside = entry.ranking.ideas.find((idea) => wanted.has(idea.channel) && idea.ring !== 'promising' && idea.ring !== 'inner');
    if (outside)
      return { ok: false, error: `${TRACTION_CHANNELS[outside.channel]} is not ranked promising: the inner ring holds promising channels.`, current: entry };
    const ideas = entry.ranking.ideas.map((idea) =>
      wanted.has(idea.channel) ? { ...idea, ring: 'inner' as const } : idea.ring === 'inner' ? { ...idea, ring: 'promising' as const } : idea,
    );
    const parsed = ChannelRankingContentSchema.safeParse(withRanking(entry, { ideas }));
    if (!parsed.success) return { ok: false, error: `${firstIssue(parsed.error)}.`, current: entry };
    if (ideas.every((idea, index) => idea.ring === entry.ranking.ideas[index]!.ring)) return { ok: true, value: entry };
    return host.updateEntry(entry.id, parsed.data, { kind: 'member', userId: member.userId, name: member.name });
  },
};
