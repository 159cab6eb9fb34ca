import { artifactDefinition, isArtifactKind } from '#contracts/phases/registry';
import { personaNeedsIn, sourceName, type PersonaNeeds } from '#contracts/phases/shape-solution';
import type { MemoryEntry } from '#contracts/workspace';

/** The personas of the memory with the pains and gains they state now, which the value map answers. */
export const personaNeedsOf = (memory: readonly MemoryEntry[]): PersonaNeeds[] => personaNeedsIn(memory);

/** Every artifact of the memory a Lean Canvas box may come from, as a box names it ('Persona: Dana Whitfield'); not the canvas itself. */
export const canvasSourcesOf = (memory: readonly MemoryEntry[]): string[] =>
  memory
    .filter((entry) => entry.kind !== 'lean_canvas' && isArtifactKind(entry.kind))
    .map((entry) => sourceName(artifactDefinition(entry.kind)!.artifact.label, entry.title));
