import { TASK_STATUS_FRAME, TaskStatusFrameSchema, type TaskStatusFrame } from '#contracts/phases/build-plan';
import type { MemberAction } from '../types';
import { planEntryOf, withPlan } from './plan-input';

/**
 * A member moves a task (to do, doing, done). The move is applied to the plan as it is when the
 * frame is taken, not to the version the member saw, and with no wait between reading the plan
 * and writing it: the object takes one frame's change at a time, so members moving tasks at once
 * all land. A member's change keeps the plan accepted, as every member edit does.
 */
export const TASK_STATUS_ACTION: MemberAction<TaskStatusFrame> = {
  type: TASK_STATUS_FRAME,
  schema: TaskStatusFrameSchema,
  who: 'member',
  whileLocked: 'refused',
  handle: async (host, member, { taskId, status }) => {
    const entry = planEntryOf(host.state.memory);
    if (!entry) return { ok: false, reason: 'not_found', error: 'There is no build plan any more.', current: null };
    const task = entry.plan.tasks.find((candidate) => candidate.id === taskId);
    if (!task)
      return { ok: false, reason: 'not_found', error: `The build plan has no task "${taskId}" any more: a re-plan may have removed it.`, current: entry };
    // Already there (another member moved it first): nothing to write.
    if (task.status === status) return { ok: true, value: entry };
    const plan = { ...entry.plan, tasks: entry.plan.tasks.map((candidate) => (candidate.id === taskId ? { ...candidate, status } : candidate)) };
    return host.updateEntry(entry.id, withPlan(entry, plan), { kind: 'member', userId: member.userId, name: member.name });
  },
};
