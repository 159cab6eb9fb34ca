import type { TeamMember } from '#contracts/phases/build-plan';
import type { LaunchPlanContent } from '#contracts/phases/launch';
import type { MemoryContent, MemoryEntry, WorkspaceState } from '#contracts/workspace';

/**
 * The sentence refusing a launch plan whose checklist item is given to someone who is not a
 * member, or null. An item that keeps the owner it had in `previous` passes, as in the build plan.
 */
export function itemOwnerNotMember(content: LaunchPlanContent, members: readonly TeamMember[], previous: LaunchPlanContent | null = null): string | null {
  const ids = new Set(members.map((member) => member.userId));
  const kept = new Set((previous?.launch.checklist ?? []).flatMap((item) => (item.owner ? [`${item.id}\n${item.owner.userId}`] : [])));
  const item = content.launch.checklist.find(
    (candidate) => candidate.owner !== null && !ids.has(candidate.owner.userId) && !kept.has(`${candidate.id}\n${candidate.owner.userId}`),
  );
  return item ? `"${item.title}" is owned by ${item.owner!.name}, who is not a member of this project: choose a member, or no owner.` : null;
}

/** A member's edit of the launch plan: every checklist item given an owner is given a member of the project as it is now. */
export const checkLaunchEdit = (content: MemoryContent, state: WorkspaceState, previous: MemoryEntry | undefined): string | null =>
  content.kind === 'launch_plan' ? itemOwnerNotMember(content, state.teamMembers ?? [], previous?.kind === 'launch_plan' ? previous : null) : null;
