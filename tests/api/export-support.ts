import { env } from 'cloudflare:workers';
import { runInDurableObject } from 'cloudflare:test';
import { strFromU8, unzipSync } from 'fflate';
import { extractText, getDocumentProxy } from 'unpdf';
import { expect } from 'vitest';
import type { CanvasItem } from '#contracts/canvas';
import { MemoryContentSchema, type MemoryEntry } from '#contracts/workspace';
import { asEntries, fullMemoryContents } from '../fixtures/full-project';
import { db, postJson } from '../utils';
import { workspaceOf } from '../../worker/agents/project-lifecycle';
import { ownerWithProject } from './workspace-support';

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

/**
 * The export of `phases` of a Pro project whose memory holds `contents`, read back as text: the
 * Markdown without its escapes, the Word document's text, the PDF's text, each with its runs of
 * white space made one space.
 */
export async function exportedText(contents: readonly object[], phases: number[], format: 'md' | 'docx' | 'pdf'): Promise<string> {
  const owner = await ownerWithProject('Clinic waitlist');
  await db().prepare("UPDATE users SET plan = 'pro' WHERE email = ?").bind(owner.email).run();
  await seedWorkspace(owner.projectId, asEntries(contents.map((content) => MemoryContentSchema.parse(content))), []);
  const response = await postJson(`/api/project/${owner.projectId}/export`, { format, phases, includeCanvas: false }, {}, { jar: owner.jar });
  expect(response.status).toBe(200);
  const file = new Uint8Array(await response.arrayBuffer());
  const text =
    format === 'md'
      ? new TextDecoder().decode(file).replace(/\\/g, '')
      : format === 'docx'
        ? strFromU8(unzipSync(file)['word/document.xml']!).replace(/<[^>]+>/g, ' ')
        : (await extractText(await getDocumentProxy(file), { mergePages: true })).text;
  return text.replace(/\s+/g, ' ');
}
