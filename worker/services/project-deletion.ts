import { deleteProjectConversation } from '../agents/project-lifecycle';
import type { Bindings } from '../env';

/** Statements that delete one project and everything in it, children first. */
function projectRowsDeletion(d1: D1Database, projectId: string): D1PreparedStatement[] {
  const pagesOfProject = 'SELECT id FROM research_pages WHERE project_id = ?1';
  return [
    d1.prepare(`DELETE FROM research_responses WHERE page_id IN (${pagesOfProject})`).bind(projectId),
    d1.prepare(`DELETE FROM research_questions WHERE page_id IN (${pagesOfProject})`).bind(projectId),
    d1.prepare('DELETE FROM research_pages WHERE project_id = ?1').bind(projectId),
    d1.prepare('DELETE FROM invitations WHERE project_id = ?1').bind(projectId),
    d1.prepare('DELETE FROM project_members WHERE project_id = ?1').bind(projectId),
    d1.prepare('DELETE FROM project_phases WHERE project_id = ?1').bind(projectId),
    d1.prepare('DELETE FROM projects WHERE id = ?1').bind(projectId),
  ];
}

/**
 * Deletes projects with their research pages, responses, invitations and memberships, in one
 * D1 batch together with `alongside` (account deletion adds its own statements), so either all
 * of it happens or none. This is the one place that deletes a project: whatever a project keeps
 * outside D1 is wiped here too, after the batch (docs/decisions/0024).
 */
export async function deleteProjects(env: Bindings, projectIds: string[], alongside: D1PreparedStatement[] = []): Promise<void> {
  const statements = [...projectIds.flatMap((id) => projectRowsDeletion(env.DB, id)), ...alongside];
  if (statements.length > 0) await env.DB.batch(statements);
  // The conversation and memory live in the project's co-founder object. Once the rows are gone
  // nobody can reach it again, so a wipe that fails leaves nothing visible; it is logged to be retried.
  await Promise.all(
    projectIds.map((id) =>
      deleteProjectConversation(env, id).catch((error: unknown) => console.error('Wiping the co-founder of a deleted project failed', id, error)),
    ),
  );
}

/** Deletes one project and everything in it (the owner's "Delete project"). */
export const deleteProject = (env: Bindings, projectId: string): Promise<void> => deleteProjects(env, [projectId]);
