import { PLACE_CANVAS_NOTES, type CanvasItem, type PlaceCanvasNotesInput } from '#contracts/canvas';
import { ENGINE_TOOLS, type MemoryContent, type MemoryEntry, type MessageAuthor } from '#contracts/workspace';
import { createEntry, updateEntry, type Applied, type Refusal } from './memory';
import type { MemoryChange } from './memory-history';
import type { CofounderActions, ReadPage } from './tools/actions';
import { askMultipleChoice } from './tools/ask-multiple-choice';
import { placeCanvasNotes } from './tools/place-canvas-notes';
import { updateMemory } from './tools/update-memory';
import { writeMemory } from './tools/write-memory';

/** What a turn's tools are lent, built by the object for one answer. */
export interface TurnObject {
  readonly memory: MemoryEntry[];
  commitMemory(memory: MemoryEntry[], change: MemoryChange): void;
  acceptArtifact(id: string, by: MessageAuthor): Promise<Applied | Refusal>;
  /** Places canvas proposals linked to the answer and the tool call, and tells every member. */
  placeCanvasNotes(input: PlaceCanvasNotesInput, link: { messageId: string | null; toolCallId: string; foundUrls: Set<string> }): CanvasItem[];
}

/**
 * What the co-founder's tools may do in one answer (./tools/actions.ts): each change is the
 * co-founder's, through the memory's rules; `answering` is the member's message the turn answers.
 */
export function turnActions(
  object: TurnObject,
  answering: string | undefined,
  evidence: { urls: Set<string>; pages: Map<string, ReadPage> },
): CofounderActions {
  const author = { kind: 'cofounder' as const };
  const apply = (result: Applied | Refusal): MemoryEntry => {
    if (!result.ok) throw new Error(result.error);
    const entry = result.entry!;
    object.commitMemory(result.memory, { action: entry.version === 1 ? 'created' : 'updated', entryId: entry.id, entry, by: author });
    return entry;
  };
  return {
    // Read on each use: a tool called after another in the same answer sees what that one saved.
    get memory() {
      return object.memory;
    },
    foundUrls: evidence.urls,
    readPages: evidence.pages,
    placeCanvasNotes: (input, toolCallId) => object.placeCanvasNotes(input, { messageId: answering ?? null, toolCallId, foundUrls: evidence.urls }),
    writeMemory: (content: MemoryContent) => apply(createEntry(object.memory, content, author)),
    updateMemory: (id: string, content: MemoryContent) => apply(updateEntry(object.memory, id, undefined, content, author)),
    saveArtifact: (content) => apply(createEntry(object.memory, content, author)),
    acceptArtifact: async (id) => {
      const accepted = await object.acceptArtifact(id, author);
      if (!accepted.ok) throw new Error(accepted.error);
      return accepted.entry!;
    },
  };
}

/** The engine's own tools, offered in every phase. */
export const engineTools = (actions: CofounderActions) => ({
  [ENGINE_TOOLS.askMultipleChoice]: askMultipleChoice(),
  [ENGINE_TOOLS.writeMemory]: writeMemory(actions),
  [ENGINE_TOOLS.updateMemory]: updateMemory(actions),
  [PLACE_CANVAS_NOTES]: placeCanvasNotes(actions),
});
