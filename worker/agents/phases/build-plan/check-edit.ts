import type { BuildPlanContent, TeamMember } from '#contracts/phases/build-plan';
import type { MemoryContent, WorkspaceState } from '#contracts/workspace';

/** The sentence refusing a plan whose task is owned by someone who is not a member, or null. */
export function ownerNotMember(content: BuildPlanContent, members: readonly TeamMember[]): string | null {
  const ids = new Set(members.map((member) => member.userId));
  const task = content.plan.tasks.find((candidate) => candidate.owner !== null && !ids.has(candidate.owner.userId));
  return task ? `"${task.title}" is owned by ${task.owner!.name}, who is not a member of this project: choose a member, or no owner.` : null;
}

/** A member's edit of the build plan: every task's owner is a member of the project as it is now. */
export const checkPlanEdit = (content: MemoryContent, state: WorkspaceState): string | null =>
  content.kind === 'build_plan' ? ownerNotMember(content, state.teamMembers ?? []) : null;
