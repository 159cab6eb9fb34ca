import { GROW_TOOLS, testChoices, type GrowState, type TestChoice } from '#contracts/phases/grow';
import { artifactLabelOf } from '#contracts/phases/registry';
import { savedNote } from '../SavedNote';
import type { ArtifactViewProps, EntryOf, PhaseApp } from '../types';
import { CHANNEL_RANKING_EDITOR } from './ChannelRankingEditor';
import { ChannelRankingView } from './ChannelRankingView';
import { EXPERIMENT_EDITOR } from './ExperimentEditor';
import { ExperimentView } from './ExperimentView';
import './grow.css';

declare module '../types' {
  interface PhaseWorkspaceContext {
    /** The project's weekly check-in (the shared state's checkIn). */
    checkIn?: GrowState['checkIn'];
    /** What an experiment may test, from the memory now: phase 5's assumptions one by one, then the other artifacts. */
    experimentTests?: readonly TestChoice[];
  }
}

/** The ranking in the memory: the inner ring and the weekly check-in go through the workspace's requests. */
function ChannelRankingEntryView({ entry, onAccept, workspace }: ArtifactViewProps<EntryOf<'channel_ranking'>>) {
  return (
    <ChannelRankingView
      entry={entry}
      onAccept={onAccept}
      onAction={workspace?.onAction}
      checkIn={workspace?.checkIn}
      userId={workspace?.me?.userId}
      isOwner={workspace?.me?.role === 'owner'}
      onShowMessage={workspace?.onShowMessage}
    />
  );
}

/** An experiment in the memory: a result logged goes through the workspace's requests. */
function ExperimentEntryView({ entry, onAccept, workspace }: ArtifactViewProps<EntryOf<'experiment'>>) {
  return <ExperimentView entry={entry} onAccept={onAccept} onAction={workspace?.onAction} choices={workspace?.experimentTests} />;
}

/** Phase 8, 'Market and grow', in the workspace: the 19 channels in the Bullseye, the inner ring's experiments and their results, the weekly check-in. */
export const GROW_APP = {
  phase: 8,
  artifactViews: { channel_ranking: ChannelRankingEntryView, experiment: ExperimentEntryView },
  editors: { channel_ranking: CHANNEL_RANKING_EDITOR, experiment: EXPERIMENT_EDITOR },
  toolCards: {
    [GROW_TOOLS.saveChannelRanking]: savedNote('Ranked the 19 traction channels'),
    [GROW_TOOLS.saveExperiment]: savedNote('Saved the experiment'),
    [GROW_TOOLS.judgeExperiment]: savedNote('Judged the latest result against the threshold'),
  },
  failedToolNotes: {
    [GROW_TOOLS.saveChannelRanking]: 'The channel ranking was refused: each of the 19 channels needs one idea and a ring.',
    [GROW_TOOLS.saveExperiment]:
      'The experiment was refused as written: it needs a threshold (what is counted, how many, by which day) and what it tests from the memory.',
    [GROW_TOOLS.judgeExperiment]: 'The verdict was refused: the numbers logged do not show what it claimed against the threshold.',
  },
  workspaceContext: (state) =>
    state ? { ...(state.checkIn ? { checkIn: state.checkIn } : {}), experimentTests: testChoices(state.memory, artifactLabelOf) } : {},
} satisfies PhaseApp;
