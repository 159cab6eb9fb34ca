import type { ChosenIdea, MemoryContent, MemoryEntry, ScaleEstimate } from '#contracts/workspace';

/**
 * What the co-founder's tools may do to the project, provided by the object for one turn. Each
 * call either applies whole or throws, and a throw reaches the model as the tool's error.
 */
export interface CofounderActions {
  readonly memory: readonly MemoryEntry[];
  writeMemory(content: MemoryContent): MemoryEntry;
  updateMemory(id: string, content: MemoryContent): MemoryEntry;
  /** Saves the chosen idea, marks phase 1 done and offers phase 2. */
  chooseIdea(title: string, idea: ChosenIdea): Promise<MemoryEntry>;
  /** Saves (or replaces) the scale estimate, for the founder to accept. */
  saveScaleEstimate(title: string, estimate: ScaleEstimate): MemoryEntry;
  /**
   * Addresses of the discussions search_discussions returned in this conversation (this turn's
   * included): the only links the co-founder may cite as evidence.
   */
  readonly foundUrls: Set<string>;
}
