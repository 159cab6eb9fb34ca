import { artifactDefinition, isArtifactKind } from '#contracts/phases/registry';
import { sourceName, type PersonaNeeds } from '#contracts/phases/shape-solution';
import type { MemoryEntry } from '#contracts/workspace';

/** The personas of the memory with the pains and gains they state now, which the value map answers. */
export const personaNeedsOf = (memory: readonly MemoryEntry[]): PersonaNeeds[] =>
  memory
    .filter((entry): entry is Extract<MemoryEntry, { kind: 'persona' }> => entry.kind === 'persona')
    .map((entry) => ({ name: entry.title, pains: entry.persona.pains.map((pain) => pain.text), gains: entry.persona.gains.map((gain) => gain.text) }));

/** Every artifact of the memory a Lean Canvas box may come from, as a box names it ('Persona: Dana Whitfield'); not the canvas itself. */
export const canvasSourcesOf = (memory: readonly MemoryEntry[]): string[] =>
  memory
    .filter((entry) => entry.kind !== 'lean_canvas' && isArtifactKind(entry.kind))
    .map((entry) => sourceName(artifactDefinition(entry.kind)!.artifact.label, entry.title));
