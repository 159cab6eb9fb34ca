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
import type { z } from '../zod';
import type { ArtifactOutline, Citation, PhaseDefinition, ReviewFlag } from './fields';
import { citationsOfPersona, outlinePersona, PersonaContentSchema, PERSONAS_PHASE, type PersonaContent, type PersonasState } from './personas';
import { ChosenIdeaContentSchema, FIND_IDEA_PHASE, outlineChosenIdea, type ChosenIdeaContent } from './find-idea';
import { citationsOfScaleEstimate, outlineScaleEstimate, PROBLEM_SCALE_PHASE, ScaleEstimateContentSchema, type ScaleEstimateContent } from './problem-scale';
import {
  LeanCanvasContentSchema,
  outlineLeanCanvas,
  outlinePitch,
  outlineRiskiestAssumptions,
  outlineValueMap,
  PitchContentSchema,
  RiskiestAssumptionsContentSchema,
  SHAPE_SOLUTION_PHASE,
  ValueMapContentSchema,
  type LeanCanvasContent,
  type PitchContent,
  type RiskiestAssumptionsContent,
  type ValueMapContent,
} from './shape-solution';
import {
  LandingCopyContentSchema,
  launchClaimFlags,
  LAUNCH_PHASE,
  LaunchEmailContentSchema,
  LaunchPlanContentSchema,
  outlineLandingCopy,
  outlineLaunchEmail,
  outlineLaunchPlan,
  outlineProductHuntKit,
  outlineShowHnPost,
  ProductHuntKitContentSchema,
  ShowHnPostContentSchema,
  type LandingCopyContent,
  type LaunchEmailContent,
  type LaunchPlanContent,
  type ProductHuntKitContent,
  type ShowHnPostContent,
} from './launch';
import {
  ChannelRankingContentSchema,
  ExperimentContentSchema,
  GROW_PHASE,
  growthContradictions,
  outlineChannelRanking,
  outlineExperiment,
  upgradeExperiment,
  upgradeRanking,
  type ChannelRankingContent,
  type ExperimentContent,
  type GrowState,
} from './grow';
import {
  BUILD_PLAN_PHASE,
  BuildPlanContentSchema,
  scopeFlags,
  MvpScopeContentSchema,
  outlineBuildPlan,
  outlineMvpScope,
  type BuildPlanContent,
  type BuildPlanState,
  type MvpScopeContent,
} from './build-plan';

/**
 * The registry of the 8 phases, read by the Worker (worker/agents/phases/registry.ts adds each
 * built phase's guide, tools, done rule and offline demo), the app (its views) and anything that
 * reads a project phase by phase. Adding a phase: docs/architecture.md, "Adding a phase".
 */

const phases: (PhaseDefinition & { built: boolean })[] = [
  { ...FIND_IDEA_PHASE, built: true },
  { ...PROBLEM_SCALE_PHASE, built: true },
  { ...COMPETITORS_PHASE, built: true },
  { ...PERSONAS_PHASE, built: true },
  { ...SHAPE_SOLUTION_PHASE, built: true },
  { ...BUILD_PLAN_PHASE, built: true },
  { ...LAUNCH_PHASE, built: true },
  { ...GROW_PHASE, built: true },
];
export const PHASES: readonly (PhaseDefinition & { built: boolean })[] = phases;

/** The slices of the workspace state that phases own (WorkspaceState = EngineState & PhaseStates). */
export type PhaseStates = CompetitorsState & PersonasState & BuildPlanState & GrowState;

export type ArtifactContent =
  | ChosenIdeaContent
  | ScaleEstimateContent
  | CompetitorContent
  | LandscapeContent
  | PersonaContent
  | ValueMapContent
  | LeanCanvasContent
  | RiskiestAssumptionsContent
  | PitchContent
  | MvpScopeContent
  | BuildPlanContent
  | LaunchPlanContent
  | LandingCopyContent
  | ProductHuntKitContent
  | ShowHnPostContent
  | LaunchEmailContent
  | ChannelRankingContent
  | ExperimentContent;
export type ArtifactKind = ArtifactContent['kind'];

/** What the registry knows of an artifact kind beyond its definition: its schema, how it reads as sections, what it cites. */
export interface ArtifactRules<Content extends { kind: string } = { kind: string }> {
  /** The content's schema, with `kind` a literal: members' edits and the co-founder's tools are parsed with it. */
  schema: z.ZodType<Content>;
  outline(content: Content): ArtifactOutline;
  /** Its cited evidence (none when omitted). */
  citations?(content: Content): Citation[];
  /**
   * A stored entry of an earlier shape brought to the schema's, with the memory it sits in; null
   * when it is already current. The object upgrades its memory when it starts (upgradeMemory).
   */
  upgrade?(entry: Record<string, unknown>, memory: readonly Record<string, unknown>[]): Record<string, unknown> | null;
}

const rules = new Map<string, ArtifactRules>();
const rule = <Content extends { kind: string }>(kind: Content['kind'], artifact: ArtifactRules<Content>) =>
  rules.set(kind, artifact as unknown as ArtifactRules);
rule('chosen_idea', { schema: ChosenIdeaContentSchema, outline: outlineChosenIdea });
rule('scale_estimate', { schema: ScaleEstimateContentSchema, outline: outlineScaleEstimate, citations: citationsOfScaleEstimate });
rule('competitor', { schema: CompetitorContentSchema, outline: outlineCompetitor, citations: citationsOfCompetitor });
rule('landscape', { schema: LandscapeContentSchema, outline: outlineLandscape, citations: citationsOfLandscape });
rule('persona', { schema: PersonaContentSchema, outline: outlinePersona, citations: citationsOfPersona });
rule('value_map', { schema: ValueMapContentSchema, outline: outlineValueMap });
rule('lean_canvas', { schema: LeanCanvasContentSchema, outline: outlineLeanCanvas });
rule('riskiest_assumptions', { schema: RiskiestAssumptionsContentSchema, outline: outlineRiskiestAssumptions });
rule('pitch', { schema: PitchContentSchema, outline: outlinePitch });
rule('mvp_scope', { schema: MvpScopeContentSchema, outline: outlineMvpScope });
rule('build_plan', { schema: BuildPlanContentSchema, outline: outlineBuildPlan });
rule('launch_plan', { schema: LaunchPlanContentSchema, outline: outlineLaunchPlan });
rule('landing_copy', { schema: LandingCopyContentSchema, outline: outlineLandingCopy });
rule('product_hunt_kit', { schema: ProductHuntKitContentSchema, outline: outlineProductHuntKit });
rule('show_hn_post', { schema: ShowHnPostContentSchema, outline: outlineShowHnPost });
rule('launch_email', { schema: LaunchEmailContentSchema, outline: outlineLaunchEmail });
rule('channel_ranking', { schema: ChannelRankingContentSchema, outline: outlineChannelRanking, upgrade: upgradeRanking });
rule('experiment', { schema: ExperimentContentSchema, outline: outlineExperiment, upgrade: upgradeExperiment });

/**
 * The memory with every entry stored in an earlier shape brought to its contract's current one
 * (same id, version and history: the meaning is unchanged), or null when every entry is current.
 */
export function upgradeMemory<Entry extends { kind: string }>(memory: readonly Entry[]): Entry[] | null {
  let changed = false;
  const upgraded = memory.map((entry) => {
    const next = rules.get(entry.kind)?.upgrade?.(entry as unknown as Record<string, unknown>, memory as unknown as Record<string, unknown>[]);
    if (!next) return entry;
    changed = true;
    return next as unknown as Entry;
  });
  return changed ? upgraded : null;
}

/** An artifact as plain text: its title and every line of its outline, as the co-founder reads it back. */
export const artifactText = (entry: { kind: string; title: string }): string =>
  [
    entry.title,
    ...outlineOf(entry).sections.flatMap((section) => [section.text ?? '', ...(section.items ?? []), ...(section.links ?? []).map((link) => link.title)]),
  ].join('\n');

/** What the artifacts of every phase but `phase` state: the evidence a phase's own claims are held to. */
export const evidenceBefore = (memory: readonly MemoryEntryLike[], phase: number): string =>
  memory
    .filter((entry) => isArtifactKind(entry.kind) && artifactDefinition(entry.kind)!.phase.number !== phase)
    .map(artifactText)
    .join('\n');

/**
 * What raises review flags: each rule reads the whole memory, so a flag holds whoever wrote what
 * it is about, the co-founder's tool or a member's edit, and every member sees it (the memory
 * panel), as does the co-founder (its prompt). Phase 6's scope items that relieve no pain,
 * phase 7's claims no artifact backs, phase 8's contradictions.
 */
const flagRules: ((memory: readonly MemoryEntryLike[], now: number) => ReviewFlag[])[] = [
  (memory) => scopeFlags(memory),
  (memory) => launchClaimFlags(memory, () => evidenceBefore(memory, LAUNCH_PHASE.number)),
  (memory, now) => growthContradictions(memory as never, new Date(now).toISOString().slice(0, 10), (kind) => artifactDefinition(kind)?.artifact.builtOn ?? []),
];

/** A memory entry as the flag rules read it. */
type MemoryEntryLike = { id: string; kind: string; title: string; acceptedAt?: number };

/** The review flags the memory raises now (an experiment's threshold day may have passed), on the entries they are about. */
export const reviewFlagsOf = (memory: readonly MemoryEntryLike[], now = Date.now()): ReviewFlag[] => flagRules.flatMap((rule) => rule(memory, now));

/**
 * Adds a phase at run time, or replaces a listed one with the same number; returns what undoes
 * it. The product's phases are listed above; tests register a throw-away phase through this
 * (tests/api/phase-plugin.test.ts), the way a new phase plugs in; `built: false` lists one still to come, shown as
 * 'Coming soon' and opened by nobody.
 */
export function registerPhase(definition: PhaseDefinition, artifacts: Record<string, ArtifactRules>, { built = true } = {}): () => void {
  const listed = phases.findIndex((phase) => phase.number === definition.number);
  const replaced = listed >= 0 ? phases[listed] : undefined;
  const entry = { ...definition, built };
  if (listed >= 0) phases[listed] = entry;
  else phases.push(entry);
  for (const [kind, artifact] of Object.entries(artifacts)) rules.set(kind, artifact);
  return () => {
    const at = phases.indexOf(entry);
    if (at >= 0 && replaced) phases[at] = replaced;
    else if (at >= 0) phases.splice(at, 1);
    for (const kind of Object.keys(artifacts)) rules.delete(kind);
  };
}

/** Every artifact kind of the listed phases. */
export const artifactKinds = (): string[] => phases.flatMap((phase) => phase.artifacts.map((artifact) => artifact.kind));

/** The content schema of an artifact kind. */
export const artifactSchema = (kind: string): z.ZodType<{ kind: string }> | undefined => rules.get(kind)?.schema;

/** Any artifact as labelled sections, whatever its phase (prompts, export, canvas). */
export const outlineOf = (content: ArtifactContent | { kind: string }): ArtifactOutline => rules.get(content.kind)!.outline(content);

/**
 * The cited evidence a member's edit would add to an artifact: what `next` cites that `previous`
 * (the entry it replaces; null for a new one) did not. Members may keep or delete cited evidence
 * and add claims labelled as assumptions; only the co-founder's tools, which check their sources,
 * add citations (docs/decisions/0048-members-edit-artifacts.md).
 */
export function inventedCitations(next: ArtifactContent, previous: ArtifactContent | null): Citation[] {
  const cite = (content: ArtifactContent) => rules.get(content.kind)?.citations?.(content) ?? [];
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

export const isArtifactKind = (kind: string): kind is ArtifactKind => rules.has(kind) && artifactDefinition(kind) !== undefined;

export const phaseOf = (number: number) => PHASES.find((phase) => phase.number === number);

/** An artifact's definition and the phase that owns it. */
export function artifactDefinition(kind: string) {
  for (const phase of PHASES) {
    const artifact = phase.artifacts.find((candidate) => candidate.kind === kind);
    if (artifact) return { phase, artifact };
  }
  return undefined;
}

/** How an artifact kind is named ('Lean Canvas'), or undefined for a kind that is no artifact. */
export const artifactLabelOf = (kind: string): string | undefined => artifactDefinition(kind)?.artifact.label;

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
