import type { ArtifactContent, ArtifactKind } from '#contracts/phases/registry';
import type { MemoryEntry } from '#contracts/workspace';
import { EstimateView } from '../EstimateView';
import { CompetitorFields, LandscapeFields } from './CompetitorEditor';
import { CompetitorView, LandscapeView } from './CompetitorView';
import { ChosenIdeaView } from './FindIdeaView';
import { PersonaFields } from './PersonaEditor';
import { PersonaView } from './PersonaView';

/**
 * The app's side of the phase registry: the view of each phase's artifacts in the memory panel.
 * A new phase adds its views here (docs/architecture.md, "Adding a phase").
 */
export interface ArtifactActions {
  onAccept?: () => Promise<string | null>;
  /** Competitors: read its pages again. */
  onCheckAgain?: () => Promise<string | null>;
  /** Research-page answers the personas have not seen (WorkspaceState.newResearchAnswers). */
  newResearchAnswers?: number;
  /** Sends a message to the co-founder as this member, as the composer would. */
  onAsk?: (text: string) => void;
}
type ArtifactViewProps<Kind extends ArtifactKind> = { entry: Extract<MemoryEntry, { kind: Kind }> } & ArtifactActions;

const ARTIFACT_VIEWS: { [Kind in ArtifactKind]: (props: ArtifactViewProps<Kind>) => React.ReactNode } = {
  chosen_idea: ChosenIdeaView,
  scale_estimate: EstimateView,
  competitor: CompetitorView,
  landscape: LandscapeView,
  persona: PersonaView,
};

export function ArtifactView({ entry, ...actions }: { entry: Extract<MemoryEntry, { kind: ArtifactKind }> } & ArtifactActions) {
  const View = ARTIFACT_VIEWS[entry.kind] as (props: ArtifactViewProps<ArtifactKind>) => React.ReactNode;
  return <View entry={entry} {...actions} />;
}

/**
 * The editors of the artifacts edited field by field (the memory editor's own forms cover the
 * chosen idea and the estimate): each edits its artifact's content and leaves the title to the
 * memory editor. A new phase adds its editors here.
 */
type Content<Kind extends ArtifactKind> = Extract<ArtifactContent, { kind: Kind }>;
type EditorProps<Kind extends ArtifactKind> = { id: string; content: Content<Kind>; onChange: (content: Content<Kind>) => void };
const ARTIFACT_EDITORS: { [Kind in 'competitor' | 'landscape' | 'persona']: (props: EditorProps<Kind>) => React.ReactNode } = {
  competitor: ({ id, content, onChange }) => (
    <CompetitorFields id={id} value={content.competitor} onChange={(competitor) => onChange({ ...content, competitor })} />
  ),
  landscape: ({ id, content, onChange }) => <LandscapeFields id={id} value={content.landscape} onChange={(landscape) => onChange({ ...content, landscape })} />,
  persona: ({ id, content, onChange }) => <PersonaFields id={id} value={content.persona} onChange={(persona) => onChange({ ...content, persona })} />,
};
export type EditedArtifact = Content<keyof typeof ARTIFACT_EDITORS>;

/** The content of an entry that has a field editor, to edit; null for the others. */
export function editedArtifactOf(entry: MemoryEntry | null): EditedArtifact | null {
  if (!entry) return null;
  if (entry.kind === 'competitor') return { kind: entry.kind, title: entry.title, competitor: entry.competitor };
  if (entry.kind === 'landscape') return { kind: entry.kind, title: entry.title, landscape: entry.landscape };
  if (entry.kind === 'persona') return { kind: entry.kind, title: entry.title, persona: entry.persona };
  return null;
}

export function ArtifactEditor({ id, content, onChange }: { id: string; content: EditedArtifact; onChange: (content: EditedArtifact) => void }) {
  const Editor = ARTIFACT_EDITORS[content.kind] as (props: EditorProps<EditedArtifact['kind']>) => React.ReactNode;
  return <Editor id={id} content={content} onChange={onChange as (content: Content<EditedArtifact['kind']>) => void} />;
}
