import type { ArtifactKind } from '#contracts/phases/registry';
import type { MemoryEntry } from '#contracts/workspace';
import { EstimateView } from '../EstimateView';
import { ChosenIdeaView } from './FindIdeaView';

/**
 * The app's side of the phase registry: the view of each phase's artifacts in the memory panel.
 * A new phase adds its views here (docs/architecture.md, "Adding a phase").
 */
type ArtifactViewProps<Kind extends ArtifactKind> = { entry: Extract<MemoryEntry, { kind: Kind }>; onAccept?: () => Promise<string | null> };

const ARTIFACT_VIEWS: { [Kind in ArtifactKind]: (props: ArtifactViewProps<Kind>) => React.ReactNode } = {
  chosen_idea: ChosenIdeaView,
  scale_estimate: EstimateView,
};

export function ArtifactView({ entry, onAccept }: { entry: Extract<MemoryEntry, { kind: ArtifactKind }>; onAccept?: () => Promise<string | null> }) {
  const View = ARTIFACT_VIEWS[entry.kind] as (props: ArtifactViewProps<ArtifactKind>) => React.ReactNode;
  return <View entry={entry} onAccept={onAccept} />;
}
