import type { ArtifactKind } from '#contracts/phases/registry';
import type { MemoryEntry } from '#contracts/workspace';
import { EstimateView } from '../EstimateView';
import { CompetitorView, LandscapeView } from './CompetitorView';
import { ChosenIdeaView } from './FindIdeaView';
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
