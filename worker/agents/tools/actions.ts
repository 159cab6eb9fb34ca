import type { CanvasItem, PlaceCanvasNotesInput } from '#contracts/canvas';
import type { ArtifactContent } from '#contracts/phases/registry';
import type { MemoryContent, MemoryEntry } from '#contracts/workspace';

/**
 * What the co-founder's tools may do to the project, provided by the object for one turn. Each
 * call either applies whole or throws, and a throw reaches the model as the tool's error.
 */
export interface CofounderActions {
  readonly memory: readonly MemoryEntry[];
  writeMemory(content: MemoryContent): MemoryEntry;
  updateMemory(id: string, content: MemoryContent): MemoryEntry;
  /** Saves (or, for a kind the project holds one of, replaces) a phase's artifact, for the founders to accept. */
  saveArtifact(content: ArtifactContent): MemoryEntry;
  /**
   * Accepts an artifact on the founders' word (phase 1's chosen idea is accepted as it is
   * picked): its phase is recorded as done in D1 first, then in the memory.
   */
  acceptArtifact(id: string): Promise<MemoryEntry>;
  /**
   * Addresses the tools returned in this conversation (this turn's included): the only links
   * the co-founder may cite as evidence.
   */
  readonly foundUrls: Set<string>;
  /** Places notes on the canvas as proposals, linked to the message being answered and this tool call; all or none. */
  placeCanvasNotes(input: PlaceCanvasNotesInput, toolCallId: string): CanvasItem[];
  /** Pages the reader returned in this conversation (and research runs read), by address: the only text a quote may copy. */
  readonly readPages: Map<string, ReadPage>;
}

export interface ReadPage {
  url: string;
  text: string;
  priceLines: string[];
  readAt: string;
}
