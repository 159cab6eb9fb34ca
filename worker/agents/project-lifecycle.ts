import { getAgentByName } from 'agents';
import type { ProjectConversationExport } from '#contracts/user';
import type { Bindings } from '../env';
import type { CofounderAgent } from './cofounder';

/**
 * What the rest of the Worker may ask of a project's workspace object: member removal, ended
 * sessions and accounts, project deletion, the account export and research answers arriving
 * call these.
 */

type Objects = Pick<Bindings, 'COFOUNDER'>;

/**
 * The one door to the workspace objects: the binding is typed loosely in worker/env.ts (so the
 * bindings do not import the object's module) and exactly here.
 */
export const workspaceNamespace = (env: Objects) => env.COFOUNDER as DurableObjectNamespace<CofounderAgent>;

/** The workspace object of a project, addressed by its id as the Worker addresses it (the object knows its name). */
export const workspaceOf = (env: Objects, projectId: string) => getAgentByName(workspaceNamespace(env), projectId);

/**
 * A member was removed from the project or left it: their open workspaces close at once, and the
 * lists of members the workspace keeps (task owners, who gets the check-in by e-mail) drop them
 * before this returns.
 */
export async function memberLeft(env: Objects, projectId: string, userId: string): Promise<void> {
  const workspace = await workspaceOf(env, projectId);
  await workspace.membershipEnded(userId, 'removed');
}

/**
 * An account was deleted: in each project that lives on, its open workspaces close at once as
 * signed out, and the lists of members drop it, as for a removal. A project whose object cannot
 * be reached is logged: its sockets are still refused on their next write, which checks the
 * session, and the e-mails of the check-in go only to members.
 */
export async function accountLeft(env: Objects, projectIds: readonly string[], userId: string): Promise<void> {
  await Promise.all(
    projectIds.map(async (projectId) => {
      try {
        const workspace = await workspaceOf(env, projectId);
        await workspace.membershipEnded(userId, 'signedOut');
      } catch (error) {
        console.error('Telling the workspace about a deleted account failed', projectId, error);
      }
    }),
  );
}

/**
 * Sessions of a user ended: their open workspaces in each of these projects close at once with
 * 'You were signed out'. `families` null means every session of the user; `except` is the one
 * that stays signed in (a password change). A project whose object cannot be reached is logged:
 * its sockets are still refused on their next write, which checks the session.
 */
export async function closeSessionConnections(
  env: Objects,
  projectIds: readonly string[],
  userId: string,
  { families, except }: { families: string[] | null; except?: string },
): Promise<void> {
  await Promise.all(
    projectIds.map(async (projectId) => {
      try {
        const workspace = await workspaceOf(env, projectId);
        await workspace.closeSessions(userId, families, except);
      } catch (error) {
        console.error('Closing the workspace sockets of an ended session failed', projectId, error);
      }
    }),
  );
}

/** Erases the project's conversation and memory (the object's storage) and closes its connections. */
export async function deleteProjectConversation(env: Objects, projectId: string): Promise<void> {
  const workspace = await workspaceOf(env, projectId);
  await workspace.deleteConversation();
}

/** The project's conversation and memory with its history, for the account export. */
export async function exportProjectConversation(env: Objects, projectId: string): Promise<ProjectConversationExport> {
  const workspace = await workspaceOf(env, projectId);
  return workspace.exportConversation();
}

/** The memory, canvas and source read times of a project, for its export (worker/routes/export.ts). */
export async function projectExportSource(env: Objects, projectId: string) {
  const workspace = await workspaceOf(env, projectId);
  return workspace.exportSource();
}

/**
 * A research page of the project was answered: members with the workspace open see the count of
 * answers the personas have not seen at once. Called after the answer is stored (waitUntil): a
 * failure costs only that live update, which the next connection or turn makes anyway.
 */
export async function researchAnswerArrived(env: Objects, projectId: string): Promise<void> {
  try {
    const workspace = await workspaceOf(env, projectId);
    await workspace.researchAnswerArrived();
  } catch (error) {
    console.error('Telling the workspace about a research answer failed', projectId, error);
  }
}
