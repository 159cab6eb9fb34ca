import { env } from 'cloudflare:workers';
import { runInDurableObject } from 'cloudflare:test';
import type { CanvasItem } from '#contracts/canvas';
import { MemoryContentSchema, type MemoryEntry } from '#contracts/workspace';
import { asEntries, fullMemoryContents } from '../fixtures/full-project';
import { workspaceOf } from '../../worker/agents/project-lifecycle';

export { canvasItems, LANGUAGES } from '../fixtures/full-project';

/**
 * A project's memory and canvas for the export tests, written straight into its object: the
 * export reads what the workspace stored, however it got there. Every artifact goes through its
 * contract first, so the fixtures are ones the tools could have saved.
 */
export const fullMemory = (): MemoryEntry[] => asEntries(fullMemoryContents().map((content) => MemoryContentSchema.parse(content)));

/** Writes the memory and canvas into the project's object. */
export async function seedWorkspace(projectId: string, memory: MemoryEntry[], canvas: CanvasItem[]) {
  // Addressed as the Worker addresses it, so the object knows its name and has started.
  const stub = await workspaceOf(env, projectId);
  await runInDurableObject(stub, async (object, state) => {
    const workspace = object as unknown as { setState: (state: unknown) => void; state: object };
    workspace.setState({ ...workspace.state, memory });
    state.storage.sql.exec('CREATE TABLE IF NOT EXISTS canvas_items (id TEXT PRIMARY KEY, kind TEXT NOT NULL, data TEXT NOT NULL)');
    for (const item of canvas)
      state.storage.sql.exec('INSERT OR REPLACE INTO canvas_items (id, kind, data) VALUES (?, ?, ?)', item.id, item.kind, JSON.stringify(item));
  });
}
