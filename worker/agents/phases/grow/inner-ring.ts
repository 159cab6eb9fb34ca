import { ChannelRankingContentSchema, INNER_RING_FRAME, InnerRingFrameSchema, type InnerRingFrame } from '#contracts/phases/grow';
import type { MemberAction } from '../types';
import { firstIssue, rankingEntryOf, withRanking } from './memory-reads';

/**
 * The founders choose the inner ring: up to three channels ranked promising. Applied to the
 * ranking as it is when the frame is taken; a channel not ranked promising there is refused with
 * the contract's sentence.
 */
export const INNER_RING_ACTION: MemberAction<InnerRingFrame> = {
  type: INNER_RING_FRAME,
  schema: InnerRingFrameSchema,
  who: 'member',
  whileLocked: 'refused',
  handle: async (host, member, { channels }) => {
    const entry = rankingEntryOf(host.state.memory);
    if (!entry) return { ok: false, reason: 'not_found', error: 'There are no channels ranked yet.', current: null };
    const parsed = ChannelRankingContentSchema.safeParse(withRanking(entry, { ...entry.ranking, innerRing: channels }));
    if (!parsed.success) return { ok: false, error: `${firstIssue(parsed.error)}.`, current: entry };
    if (entry.ranking.innerRing.join() === channels.join()) return { ok: true, value: entry };
    return host.updateEntry(entry.id, parsed.data, { kind: 'member', userId: member.userId, name: member.name });
  },
};
