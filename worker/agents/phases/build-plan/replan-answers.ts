import { REPLAN_ACCEPT_FRAME, REPLAN_DISMISS_FRAME, ReplanAnswerFrameSchema, type ReplanAnswerFrame } from '#contracts/phases/build-plan';
import type { ActionResult, MemberAction, PhaseHost } from '../types';
import { ownerNotMember } from './check-edit';
import { keepStatuses, planEntryOf, withPlan } from './plan-input';
import { clearProposal } from './proposal-store';

/**
 * A member's answer to the re-plan the co-founder proposed: Accept replaces the plan with it, as
 * that member, the tasks that remain keeping the statuses they have now; Dismiss forgets it. Each
 * answer names the proposal it read (`proposedAt`): once another member answered it, or a newer
 * one was proposed, it is refused.
 */

const STALE = 'This re-plan was already answered by another member, or a newer one was proposed: read the one shown now.';

/** The proposal the member read, or the refusal. */
function proposalRead(host: PhaseHost, proposedAt: number) {
  const proposal = host.state.planProposal;
  if (!proposal || proposal.proposedAt !== proposedAt) return { refusal: { ok: false, reason: 'stale', error: STALE, current: null } as ActionResult };
  return { proposal };
}

export const REPLAN_ACCEPT_ACTION: MemberAction<ReplanAnswerFrame> = {
  type: REPLAN_ACCEPT_FRAME,
  schema: ReplanAnswerFrameSchema,
  who: 'member',
  whileLocked: 'refused',
  handle: async (host, member, { proposedAt }) => {
    const read = proposalRead(host, proposedAt);
    if (!read.proposal) return read.refusal;
    const entry = planEntryOf(host.state.memory);
    if (!entry || entry.id !== read.proposal.entryId) {
      clearProposal(host);
      return { ok: false, reason: 'not_found', error: 'The build plan this re-plan revised was deleted.', current: null };
    }
    const content = withPlan(entry, keepStatuses(read.proposal.plan, entry.plan));
    const refused = ownerNotMember(content, host.state.teamMembers ?? []);
    if (refused) return { ok: false, reason: 'invalid', error: `${refused} Keep the current plan and ask the co-founder again.`, current: null };
    const result = host.updateEntry(entry.id, content, { kind: 'member', userId: member.userId, name: member.name });
    if (result.ok) clearProposal(host);
    return result;
  },
};

export const REPLAN_DISMISS_ACTION: MemberAction<ReplanAnswerFrame> = {
  type: REPLAN_DISMISS_FRAME,
  schema: ReplanAnswerFrameSchema,
  who: 'member',
  whileLocked: 'refused',
  handle: async (host, _member, { proposedAt }) => {
    const read = proposalRead(host, proposedAt);
    if (!read.proposal) return read.refusal;
    clearProposal(host);
    return { ok: true };
  },
};
