import { BUILD_PLAN_TOOLS, scopeStandingsIn, type PlanProposal, type ScopeStanding, type TeamMember } from '#contracts/phases/build-plan';
import type { MemoryEntry } from '#contracts/workspace';
import { savedNote } from '../SavedNote';
import type { ArtifactViewProps, EntryOf, PhaseApp } from '../types';
import { BUILD_PLAN_EDITOR } from './BuildPlanEditor';
import { BuildPlanView } from './BuildPlanView';
import { MVP_SCOPE_EDITOR } from './MvpScopeEditor';
import { MvpScopeView } from './MvpScopeView';
import { ProposedReplanNote } from './ToolCards';
import './build-plan.css';

declare module '../types' {
  interface PhaseWorkspaceContext {
    /** The re-plan waiting for a member's answer (the shared state's planProposal). */
    planProposal?: PlanProposal | null;
    /** The project's members, who can own a task (the shared state's teamMembers). */
    teamMembers?: TeamMember[];
    /** What each 'in' item of the memory's scope delivers, against the value map and the personas now. */
    scopeStandings?: readonly ScopeStanding[];
  }
}

/** The build plan in the memory: its tasks' statuses and the answer to a re-plan go through the workspace's requests. */
function BuildPlanEntryView({ entry, onAccept, workspace }: ArtifactViewProps<EntryOf<'build_plan'>>) {
  const proposal = workspace?.planProposal;
  return (
    <BuildPlanView entry={entry} onAccept={onAccept} onAction={workspace?.onAction} proposal={proposal && proposal.entryId === entry.id ? proposal : null} />
  );
}

function MvpScopeEntryView({ entry, onAccept, workspace }: ArtifactViewProps<EntryOf<'mvp_scope'>>) {
  return <MvpScopeView entry={entry} onAccept={onAccept} standings={workspace?.scopeStandings} />;
}

/** What each 'in' item of the memory's scope delivers, by the contract's rule (the one its review flags follow). */
const standingsOf = (memory: readonly MemoryEntry[]): ScopeStanding[] => scopeStandingsIn(memory).map(({ standing }) => standing);

const NO_MEMBERS: TeamMember[] = [];

/** Phase 6, 'Plan the build', in the workspace: the MVP's scope, and the plan the team works from, live for every member. */
export const BUILD_PLAN_APP = {
  phase: 6,
  artifactViews: { mvp_scope: MvpScopeEntryView, build_plan: BuildPlanEntryView },
  editors: { mvp_scope: MVP_SCOPE_EDITOR, build_plan: BUILD_PLAN_EDITOR },
  toolCards: {
    [BUILD_PLAN_TOOLS.saveMvpScope]: savedNote('Saved the MVP scope'),
    [BUILD_PLAN_TOOLS.saveBuildPlan]: savedNote('Saved the build plan'),
    [BUILD_PLAN_TOOLS.proposeReplan]: ProposedReplanNote,
  },
  failedToolNotes: {
    [BUILD_PLAN_TOOLS.saveMvpScope]: 'The MVP scope was refused as written.',
    [BUILD_PLAN_TOOLS.saveBuildPlan]: 'The build plan was refused: its tasks, dependencies or milestones did not add up.',
    [BUILD_PLAN_TOOLS.proposeReplan]: 'The revised plan could not be proposed.',
  },
  workspaceContext: (state) => ({
    planProposal: state?.planProposal ?? null,
    teamMembers: state?.teamMembers ?? NO_MEMBERS,
    ...(state ? { scopeStandings: standingsOf(state.memory) } : {}),
  }),
} satisfies PhaseApp;
