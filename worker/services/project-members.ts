import { accountLeft, memberLeft } from '../agents/project-lifecycle';
import { deleteCollaborator } from '../db/queries/projects';
import type { Bindings } from '../env';

/**
 * How memberships end. Whatever else must end with a membership (a live connection to the
 * project's workspace) belongs here, so that no removal can skip it.
 */

/**
 * Ends a collaborator's membership of a project: the one function every removal goes through.
 * Their next request for the project is a 404, since every project route checks membership.
 * False when they were not a collaborator.
 */
export async function removeProjectMember(env: Bindings, projectId: string, userId: string): Promise<boolean> {
  const removed = await deleteCollaborator(env.DB, projectId, userId);
  // Their open workspaces close at once and the workspace's lists of members drop them; the
  // Worker refuses them reconnecting (no membership).
  if (removed) await memberLeft(env, projectId, userId);
  return removed;
}

/**
 * After an account was deleted (its memberships went in the deletion's batch): its open
 * workspaces in the projects that live on close at once, as signed out, and those workspaces'
 * lists of members drop it. Deleted projects close their own sockets when their object is wiped.
 */
export async function accountMembershipsEnded(env: Bindings, userId: string, projectIds: readonly string[]): Promise<void> {
  await accountLeft(env, projectIds, userId);
}
