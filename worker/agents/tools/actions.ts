import type { ChosenIdea, MemoryContent, MemoryEntry } from '#contracts/workspace';

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
}
