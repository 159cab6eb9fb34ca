// First: the phases' own stylesheets, imported by their apps below, come after the shared one.
import './phases.css';
import { artifactDefinition, type ArtifactKind } from '#contracts/phases/registry';
import type { WorkspaceState } from '#contracts/workspace';
import { BUILD_PLAN_APP } from './build-plan';
import { COMPETITORS_APP } from './competitors';
import { FIND_IDEA_APP } from './find-idea';
import { GROW_APP } from './grow';
import { LAUNCH_APP } from './launch';
import { PERSONAS_APP } from './personas';
import { PROBLEM_SCALE_APP } from './problem-scale';
import { SHAPE_SOLUTION_APP } from './shape-solution';
import type {
  ArtifactEditor,
  ArtifactViewProps,
  PhaseApp,
  PhaseConversationProps,
  PhaseRowProps,
  PhaseWorkspaceContext,
  ToolCardProps,
  WorkspaceCardProps,
  WorkspaceScreenContext,
} from './types';

/**
 * The app's side of the phase registry: each built phase's `PhaseApp` (views, editors, tool cards,
 * …), read by the workspace's engine at render time. A new phase adds its folder and its line
 * here (docs/architecture.md, "Adding a phase"); a test adds a phase of its own with
 * `registerPhaseApp`.
 */
const BUILT_IN = [FIND_IDEA_APP, PROBLEM_SCALE_APP, COMPETITORS_APP, PERSONAS_APP, SHAPE_SOLUTION_APP, BUILD_PLAN_APP, LAUNCH_APP, GROW_APP] as const;

// Every artifact kind of the contracts has a view and an editor: a missing one is a type error here.
type Covered<Key extends 'artifactViews' | 'editors'> = (typeof BUILT_IN)[number] extends infer App
  ? App extends { [K in Key]: infer Table }
    ? keyof Table
    : never
  : never;
const _viewed: Record<ArtifactKind, true> = {} as Record<Covered<'artifactViews'>, true>;
const _edited: Record<ArtifactKind, true> = {} as Record<Covered<'editors'>, true>;

const apps: PhaseApp[] = [...BUILT_IN];

/**
 * Adds a phase's app (a test's throw-away phase); returns the function that takes it out again.
 * What it adds is found from the next render on.
 */
export function registerPhaseApp(app: PhaseApp): () => void {
  apps.push(app);
  return () => {
    const at = apps.indexOf(app);
    if (at >= 0) apps.splice(at, 1);
  };
}

/** The first app's entry under `key` for `name`; own keys only, so a tool named 'constructor' finds nothing. */
function lookUp<Value>(pick: (app: PhaseApp) => Record<string, Value> | undefined, name: string): Value | undefined {
  for (const app of apps) {
    const table = pick(app);
    if (table && Object.hasOwn(table, name)) return table[name];
  }
  return undefined;
}

/*
 * The lookups. The apps' tables are typed loosely at this edge (an entry of any kind, fields of
 * any shape): each phase types its own components, and the engine hands each the entry of the
 * kind it was registered for.
 */

export const artifactViewOf = (kind: string) => lookUp((app) => app.artifactViews, kind) as React.ComponentType<ArtifactViewProps> | undefined;

export const artifactEditorOf = (kind: string) => lookUp((app) => app.editors, kind) as ArtifactEditor<unknown, unknown> | undefined;

/** An artifact kind's label: the phase app's own, else the contract's. */
export const artifactLabelOf = (kind: string): string | undefined => lookUp((app) => app.kindLabels, kind) ?? artifactDefinition(kind)?.artifact.label;

/** Where an entry of this kind goes in the memory panel: higher first; 0 for most. */
export const memoryOrderOf = (kind: string): number => lookUp((app) => app.memoryOrder, kind) ?? 0;

export const toolCardOf = (name: string) => lookUp((app) => app.toolCards, name) as React.ComponentType<ToolCardProps> | undefined;

export const failedToolNoteOf = (name: string): string | undefined => lookUp((app) => app.failedToolNotes, name);

export const workspaceCards = (): React.ComponentType<WorkspaceCardProps>[] => apps.flatMap((app) => app.workspaceCards ?? []);

export const phaseWorkspaceContext = (state: WorkspaceState | null): Partial<PhaseWorkspaceContext> =>
  Object.assign({}, ...apps.map((app) => app.workspaceContext?.(state) ?? {}));

export const phaseConversationProps = (screen: WorkspaceScreenContext): Partial<PhaseConversationProps> =>
  Object.assign({}, ...apps.map((app) => app.conversationProps?.(screen) ?? {}));

export const phaseRowProps = (conversation: PhaseConversationProps): Partial<PhaseRowProps> =>
  Object.assign({}, ...apps.map((app) => app.rowProps?.(conversation) ?? {}));
