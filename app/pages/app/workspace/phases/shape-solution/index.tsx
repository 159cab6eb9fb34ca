import { artifactDefinition } from '#contracts/phases/registry';
import { personaNeedsIn, SHAPE_SOLUTION_TOOLS, sourceName, type PersonaNeeds } from '#contracts/phases/shape-solution';
import type { MemoryEntry } from '#contracts/workspace';
import { savedNote } from '../SavedNote';
import type { ArtifactViewProps, EntryOf, PhaseApp } from '../types';
import { LEAN_CANVAS_EDITOR } from './LeanCanvasEditor';
import { LeanCanvasView } from './LeanCanvasView';
import { PITCH_EDITOR } from './PitchEditor';
import { PitchView } from './PitchView';
import { RISKIEST_ASSUMPTIONS_EDITOR } from './RiskiestAssumptionsEditor';
import { RiskiestAssumptionsView } from './RiskiestAssumptionsView';
import { VALUE_MAP_EDITOR } from './ValueMapEditor';
import { ValueMapView } from './ValueMapView';
import './shape-solution.css';

declare module '../types' {
  interface PhaseWorkspaceContext {
    /** The personas of the memory as the value map reads them: each one's name, pains and gains. */
    personaNeeds?: readonly PersonaNeeds[];
    /** The artifacts of the memory a Lean Canvas box may come from, named as a box names them ('Persona: Sam Rivera'). */
    memorySources?: readonly string[];
  }
}

/** The artifacts of the memory, but the canvas itself, as a Lean Canvas box names its source, by phase; each name once. */
export function memorySourcesOf(memory: readonly MemoryEntry[]): string[] {
  const sources = memory.flatMap((entry) => {
    const definition = entry.kind === 'lean_canvas' ? undefined : artifactDefinition(entry.kind);
    return definition ? [{ phase: definition.phase.number, name: sourceName(definition.artifact.label, entry.title) }] : [];
  });
  // The earlier phases first, as the canvas is read.
  return [...new Set(sources.sort((a, b) => a.phase - b.phase).map((source) => source.name))];
}

/** The value map, its relievers and creators checked against the personas as they are now. */
function ValueMapEntryView({ entry, onAccept, workspace }: ArtifactViewProps<EntryOf<'value_map'>>) {
  return <ValueMapView entry={entry} onAccept={onAccept} personas={workspace?.personaNeeds} />;
}

/** The riskiest assumptions, each research question with a button asking the co-founder to draft it. */
function RiskiestAssumptionsEntryView({ entry, onAccept, workspace }: ArtifactViewProps<EntryOf<'riskiest_assumptions'>>) {
  return <RiskiestAssumptionsView entry={entry} onAccept={onAccept} onAsk={workspace?.onAsk} />;
}

/** Phase 5, 'Shape the solution', in the workspace: the value map, the Lean Canvas, the riskiest assumptions and the pitch. */
export const SHAPE_SOLUTION_APP = {
  phase: 5,
  artifactViews: {
    value_map: ValueMapEntryView,
    lean_canvas: LeanCanvasView,
    riskiest_assumptions: RiskiestAssumptionsEntryView,
    pitch: PitchView,
  },
  editors: {
    value_map: VALUE_MAP_EDITOR,
    lean_canvas: LEAN_CANVAS_EDITOR,
    riskiest_assumptions: RISKIEST_ASSUMPTIONS_EDITOR,
    pitch: PITCH_EDITOR,
  },
  toolCards: {
    [SHAPE_SOLUTION_TOOLS.saveValueMap]: savedNote('Saved the value map'),
    [SHAPE_SOLUTION_TOOLS.saveLeanCanvas]: savedNote('Saved the Lean Canvas'),
    [SHAPE_SOLUTION_TOOLS.saveRiskiestAssumptions]: savedNote('Saved the riskiest assumptions'),
    [SHAPE_SOLUTION_TOOLS.savePitch]: savedNote('Saved the pitch'),
  },
  failedToolNotes: {
    [SHAPE_SOLUTION_TOOLS.saveValueMap]:
      'The value map was refused: a pain reliever or gain creator named a pain or gain that no persona in the memory states.',
    [SHAPE_SOLUTION_TOOLS.saveLeanCanvas]: 'The Lean Canvas was refused: a box named a source that is neither an artifact of the memory nor an assumption.',
    [SHAPE_SOLUTION_TOOLS.saveRiskiestAssumptions]: 'The riskiest assumptions were refused as written.',
    [SHAPE_SOLUTION_TOOLS.savePitch]: 'The pitch was refused: its solution did not fit its appetite, or a part was missing.',
  },
  workspaceContext: (state) => (state ? { personaNeeds: personaNeedsIn(state.memory), memorySources: memorySourcesOf(state.memory) } : {}),
} satisfies PhaseApp;
