import {
  citationsOfCompetitor,
  type CompetitorsState,
  citationsOfLandscape,
  COMPETITORS_PHASE,
  CompetitorContentSchema,
  LandscapeContentSchema,
  outlineCompetitor,
  outlineLandscape,
  type CompetitorContent,
  type LandscapeContent,
} from './competitors';
import type { ArtifactOutline, Citation, PhaseDefinition } from './fields';
import { citationsOfPersona, outlinePersona, PersonaContentSchema, PERSONAS_PHASE, type PersonaContent, type PersonasState } from './personas';
import { ChosenIdeaContentSchema, FIND_IDEA_PHASE, outlineChosenIdea, type ChosenIdeaContent } from './find-idea';
import { citationsOfScaleEstimate, outlineScaleEstimate, PROBLEM_SCALE_PHASE, ScaleEstimateContentSchema, type ScaleEstimateContent } from './problem-scale';

/**
 * The registry of the 8 phases, read by the Worker (worker/agents/phases/registry.ts adds each
 * built phase's guide, tools, done rule and offline demo), the app (its views) and anything that
 * reads a project phase by phase. Adding a phase: docs/architecture.md, "Adding a phase".
 */

/** A phase not built yet: listed with its title, with no artifacts and nothing to open. */
const notBuilt = (number: number, title: string, summary: string): PhaseDefinition => ({
  number,
  title,
  summary,
  free: false,
  artifacts: [],
  doneWhenAccepted: null,
});

export const PHASES: readonly (PhaseDefinition & { built: boolean })[] = [
  { ...FIND_IDEA_PHASE, built: true },
  { ...PROBLEM_SCALE_PHASE, built: true },
  { ...COMPETITORS_PHASE, built: true },
  { ...PERSONAS_PHASE, built: true },
  { ...notBuilt(5, 'Shape the solution', 'Turn the problem and your personas into a focused first version.'), built: false },
  { ...notBuilt(6, 'Plan the build', 'A development plan you can follow, one step at a time.'), built: false },
  { ...notBuilt(7, 'Launch', 'Choose your channels and prepare a launch that gets noticed.'), built: false },
  { ...notBuilt(8, 'Market and grow', 'Find what brings users in, and what keeps them coming back.'), built: false },
];

/** The slices of the workspace state that phases own (WorkspaceState = EngineState & PhaseStates). */
export type PhaseStates = CompetitorsState & PersonasState;

/** The content schema of every artifact, for the memory's discriminated union (contracts/workspace.ts). */
export const ARTIFACT_CONTENT_SCHEMAS = [
  ChosenIdeaContentSchema,
  ScaleEstimateContentSchema,
  CompetitorContentSchema,
  LandscapeContentSchema,
  PersonaContentSchema,
] as const;
export type ArtifactContent = ChosenIdeaContent | ScaleEstimateContent | CompetitorContent | LandscapeContent | PersonaContent;
export type ArtifactKind = ArtifactContent['kind'];
export const ARTIFACT_KINDS = ARTIFACT_CONTENT_SCHEMAS.map((schema) => schema.shape.kind.value) as ArtifactKind[];

const OUTLINES: { [Kind in ArtifactKind]: (content: Extract<ArtifactContent, { kind: Kind }>) => ArtifactOutline } = {
  chosen_idea: outlineChosenIdea,
  scale_estimate: outlineScaleEstimate,
  competitor: outlineCompetitor,
  landscape: outlineLandscape,
  persona: outlinePersona,
};

/** Any artifact as labelled sections, whatever its phase (prompts, export, canvas). */
export const outlineOf = (content: ArtifactContent): ArtifactOutline => (OUTLINES[content.kind] as (content: ArtifactContent) => ArtifactOutline)(content);

const CITATIONS: { [Kind in ArtifactKind]: (content: Extract<ArtifactContent, { kind: Kind }>) => Citation[] } = {
  chosen_idea: () => [],
  scale_estimate: citationsOfScaleEstimate,
  competitor: citationsOfCompetitor,
  landscape: citationsOfLandscape,
  persona: citationsOfPersona,
};

/**
 * The cited evidence a member's edit would add to an artifact: what `next` cites that `previous`
 * (the entry it replaces; null for a new one) did not. Members may keep or delete cited evidence
 * and add claims labelled as assumptions; only the co-founder's tools, which check their sources,
 * add citations (docs/decisions/0048-members-edit-artifacts.md).
 */
export function inventedCitations(next: ArtifactContent, previous: ArtifactContent | null): Citation[] {
  const cite = (content: ArtifactContent) => (CITATIONS[content.kind] as (content: ArtifactContent) => Citation[])(content);
  const known = new Set(previous && previous.kind === next.kind ? cite(previous).map((citation) => citation.key) : []);
  return cite(next).filter((citation) => !known.has(citation.key));
}

/**
 * What a member can pin to the canvas from an artifact: each section's text and each item of its
 * outline, labelled, so a phase's artifacts can be pinned without canvas code.
 */
export const pinnableItems = (content: ArtifactContent): string[] =>
  outlineOf(content).sections.flatMap((section) => [
    ...(section.text ? [`${section.label}: ${section.text}`] : []),
    ...(section.items ?? []).map((item) => `${section.label}: ${item}`),
  ]);

export const isArtifactKind = (kind: string): kind is ArtifactKind => (ARTIFACT_KINDS as string[]).includes(kind);

export const phaseOf = (number: number) => PHASES.find((phase) => phase.number === number);

/** An artifact's definition and the phase that owns it. */
export function artifactDefinition(kind: string) {
  for (const phase of PHASES) {
    const artifact = phase.artifacts.find((candidate) => candidate.kind === kind);
    if (artifact) return { phase, artifact };
  }
  return undefined;
}

/** The phases open on a plan: the free ones, and on Pro all of them. */
export const unlockedPhases = (plan: 'free' | 'pro') => PHASES.filter((phase) => phase.free || plan === 'pro').map((phase) => phase.number);

/** The version of an upstream artifact an accepted one was built on. */
export interface ArtifactVersion {
  id: string;
  kind: string;
  version: number;
}

interface Versioned {
  id: string;
  kind: string;
  title: string;
  version: number;
}

/** The versions of the artifacts `kind` is built on, as they are now: recorded when it is accepted. */
export function upstreamVersions(kind: string, memory: readonly Versioned[]): ArtifactVersion[] {
  const builtOn = artifactDefinition(kind)?.artifact.builtOn ?? [];
  return memory.filter((entry) => builtOn.includes(entry.kind)).map(({ id, kind: upstreamKind, version }) => ({ id, kind: upstreamKind, version }));
}

/**
 * The upstream artifacts that changed since an accepted artifact was accepted: it reads 'based on
 * an earlier version of X — review' until someone accepts it again. A replaced or deleted
 * upstream counts as changed.
 */
export function staleUpstreams(entry: { kind: string; acceptedAt?: number; basedOn?: readonly ArtifactVersion[] }, memory: readonly Versioned[]): Versioned[] {
  if (entry.acceptedAt === undefined || !entry.basedOn) return [];
  const builtOn = artifactDefinition(entry.kind)?.artifact.builtOn ?? [];
  const changed: Versioned[] = [];
  for (const upstream of memory.filter((candidate) => builtOn.includes(candidate.kind))) {
    const seen = entry.basedOn.find((base) => base.id === upstream.id);
    if (!seen || seen.version !== upstream.version) changed.push(upstream);
  }
  return changed;
}
