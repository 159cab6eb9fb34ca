import { ASSUMPTION } from '#contracts/phases/fields';
import { LAUNCH_PHASE } from '#contracts/phases/launch';
import { artifactDefinition, isArtifactKind } from '#contracts/phases/registry';
import type { MemoryEntry } from '#contracts/workspace';

/**
 * What phase 7 reads of the memory: the artifacts a channel or a benefit may come from, named as
 * '<its label>: <its title>' ('Persona: Dana Whitfield').
 */

const LAUNCH_KINDS = new Set<string>(LAUNCH_PHASE.artifacts.map((artifact) => artifact.kind));

/** The artifacts of the earlier phases: never phase 7's own, whose figures are what is checked. */
const upstreamArtifacts = (memory: readonly MemoryEntry[]) => memory.filter((entry) => isArtifactKind(entry.kind) && !LAUNCH_KINDS.has(entry.kind));

/** An artifact as a source names it: '<its label>: <its title>'. */
export const sourceNameOf = (entry: { kind: string; title: string }) => `${artifactDefinition(entry.kind)!.artifact.label}: ${entry.title}`;

/** Every artifact of the memory a channel may be chosen from. */
export const channelSourcesOf = (memory: readonly MemoryEntry[]): string[] => upstreamArtifacts(memory).map(sourceNameOf);

/** The personas of the memory, as a benefit names the one whose words it uses. */
export const personaSourcesOf = (memory: readonly MemoryEntry[]): string[] => memory.filter((entry) => entry.kind === 'persona').map(sourceNameOf);

/**
 * A source as the memory names it (spaces and case aside), 'assumption' included, or undefined
 * when the memory holds no such artifact.
 */
export function knownSource(sources: readonly string[], given: string): string | undefined {
  const wanted = given.trim().toLowerCase();
  return [...sources, ASSUMPTION].find((source) => source.toLowerCase() === wanted);
}

/** The sources for a refusal's sentence: '"Persona: Dana Whitfield", "Lean Canvas: Clinics" or "assumption"'. */
export const sourceList = (sources: readonly string[]) => [...sources, ASSUMPTION].map((source) => `"${source}"`).join(', ');
