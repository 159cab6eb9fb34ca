import type { TeamMember } from '#contracts/phases/build-plan';
import type { LaunchPlanContent } from '#contracts/phases/launch';
import type { MemoryContent, WorkspaceState } from '#contracts/workspace';

/** The sentence refusing a launch plan whose checklist item is owned by someone who is not a member, or null. */
export function itemOwnerNotMember(content: LaunchPlanContent, members: readonly TeamMember[]): string | null {
  const ids = new Set(members.map((member) => member.userId));
  const item = content.launch.checklist.find((candidate) => candidate.owner !== null && !ids.has(candidate.owner.userId));
  return item ? `"${item.title}" is owned by ${item.owner!.name}, who is not a member of this project: choose a member, or no owner.` : null;
}

/** A member's edit of the launch plan: every checklist item's owner is a member of the project as it is now. */
export const checkLaunchEdit = (content: MemoryContent, state: WorkspaceState): string | null =>
  content.kind === 'launch_plan' ? itemOwnerNotMember(content, state.teamMembers ?? []) : null;
