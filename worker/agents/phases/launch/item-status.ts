import { CHECKLIST_STATUS_FRAME, ChecklistStatusFrameSchema, type ChecklistStatusFrame } from '#contracts/phases/launch';
import type { MemberAction } from '../types';
import { launchEntryOf, withLaunch } from './plan-input';

/**
 * A member moves a checklist item (to do, doing, done). The move is applied to the launch plan as
 * it is when the frame is taken, not to the version the member saw, with no wait between reading
 * the plan and writing it: members moving items at once all land. A member's change keeps the
 * plan accepted, as every member edit does.
 */
export const ITEM_STATUS_ACTION: MemberAction<ChecklistStatusFrame> = {
  type: CHECKLIST_STATUS_FRAME,
  schema: ChecklistStatusFrameSchema,
  who: 'member',
  whileLocked: 'refused',
  handle: async (host, member, { itemId, status }) => {
    const entry = launchEntryOf(host.state.memory);
    if (!entry) return { ok: false, reason: 'not_found', error: 'There is no launch plan any more.', current: null };
    const item = entry.launch.checklist.find((candidate) => candidate.id === itemId);
    if (!item)
      return {
        ok: false,
        reason: 'not_found',
        error: `The launch checklist has no item "${itemId}" any more: the plan may have been rewritten.`,
        current: entry,
      };
    // Already there (another member moved it first): nothing to write.
    if (item.status === status) return { ok: true, value: entry };
    const launch = { ...entry.launch, checklist: entry.launch.checklist.map((candidate) => (candidate.id === itemId ? { ...candidate, status } : candidate)) };
    return host.updateEntry(entry.id, withLaunch(entry, launch), { kind: 'member', userId: member.userId, name: member.name });
  },
};
