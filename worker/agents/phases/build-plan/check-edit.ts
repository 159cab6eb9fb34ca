import type { BuildPlanContent, TeamMember } from '#contracts/phases/build-plan';
import type { MemoryContent, MemoryEntry, WorkspaceState } from '#contracts/workspace';

/**
 * The sentence refusing a plan whose task is given to someone who is not a member, or null. A
 * task that keeps the owner it had in `previous` passes: a member who left still names the tasks
 * they owned until the team gives them to someone else, and the rest of the plan stays editable.
 */
export function ownerNotMember(content: BuildPlanContent, members: readonly TeamMember[], previous: BuildPlanContent | null = null): string | null {
  const ids = new Set(members.map((member) => member.userId));
  const kept = new Set((previous?.plan.tasks ?? []).flatMap((task) => (task.owner ? [`${task.id}\n${task.owner.userId}`] : [])));
  const task = content.plan.tasks.find(
    (candidate) => candidate.owner !== null && !ids.has(candidate.owner.userId) && !kept.has(`${candidate.id}\n${candidate.owner.userId}`),
  );
  return task ? `"${task.title}" is owned by ${task.owner!.name}, who is not a member of this project: choose a member, or no owner.` : null;
}

/** A member's edit of the build plan: every task given an owner is given a member of the project as it is now. */
export const checkPlanEdit = (content: MemoryContent, state: WorkspaceState, previous: MemoryEntry | undefined): string | null =>
  content.kind === 'build_plan' ? ownerNotMember(content, state.teamMembers ?? [], previous?.kind === 'build_plan' ? previous : null) : null;
