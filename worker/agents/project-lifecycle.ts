import { getAgentByName } from 'agents';
import type { Bindings } from '../env';

/**
 * What the rest of the Worker may ask of a project's workspace object: the member-removal and
 * project-deletion flows call these.
 */

/** Closes every open workspace of a member who was removed from the project, at once. */
export async function closeMemberConnections(env: Pick<Bindings, 'COFOUNDER'>, projectId: string, userId: string): Promise<void> {
  const workspace = await getAgentByName(env.COFOUNDER, projectId);
  await workspace.closeMember(userId);
}

/** Erases the project's conversation and memory (the object's storage) and closes its connections. */
export async function deleteProjectConversation(env: Pick<Bindings, 'COFOUNDER'>, projectId: string): Promise<void> {
  const workspace = await getAgentByName(env.COFOUNDER, projectId);
  await workspace.deleteConversation();
}
