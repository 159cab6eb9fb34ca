import type { TeamMember } from '#contracts/phases/build-plan';
import { LAUNCH_LIMITS, LAUNCH_TOOLS } from '#contracts/phases/launch';
import { savedNote } from '../SavedNote';
import type { ArtifactViewProps, EntryOf, PhaseApp } from '../types';
import { LANDING_COPY_EDITOR, LAUNCH_EMAIL_EDITOR, PRODUCT_HUNT_KIT_EDITOR, SHOW_HN_POST_EDITOR } from './AssetEditors';
import { LandingCopyView, LaunchEmailView, ProductHuntKitView, ShowHnPostView } from './AssetViews';
import { LAUNCH_PLAN_EDITOR } from './LaunchPlanEditor';
import { LaunchPlanView } from './LaunchPlanView';
import { savedAssetNote } from './ToolCards';
import './launch.css';

declare module '../types' {
  interface PhaseWorkspaceContext {
    /** The project's members, who can own a task or a checklist item (the shared state's teamMembers). */
    teamMembers?: TeamMember[];
  }
}

/** The launch plan in the memory: its checklist's statuses go through the workspace's requests. */
function LaunchPlanEntryView({ entry, onAccept, workspace }: ArtifactViewProps<EntryOf<'launch_plan'>>) {
  return <LaunchPlanView entry={entry} onAccept={onAccept} onAction={workspace?.onAction} />;
}

const NO_MEMBERS: TeamMember[] = [];

/** Phase 7, 'Launch', in the workspace: the launch plan the team works through, live for every member, and the four launch assets. */
export const LAUNCH_APP = {
  phase: 7,
  artifactViews: {
    launch_plan: LaunchPlanEntryView,
    landing_copy: LandingCopyView,
    product_hunt_kit: ProductHuntKitView,
    show_hn_post: ShowHnPostView,
    launch_email: LaunchEmailView,
  },
  editors: {
    launch_plan: LAUNCH_PLAN_EDITOR,
    landing_copy: LANDING_COPY_EDITOR,
    product_hunt_kit: PRODUCT_HUNT_KIT_EDITOR,
    show_hn_post: SHOW_HN_POST_EDITOR,
    launch_email: LAUNCH_EMAIL_EDITOR,
  },
  toolCards: {
    [LAUNCH_TOOLS.saveLaunchPlan]: savedNote('Saved the launch plan'),
    [LAUNCH_TOOLS.saveLandingCopy]: savedAssetNote('Saved the landing page copy'),
    [LAUNCH_TOOLS.saveProductHuntKit]: savedAssetNote('Saved the Product Hunt kit'),
    [LAUNCH_TOOLS.saveShowHnPost]: savedAssetNote('Saved the Show HN post'),
    [LAUNCH_TOOLS.saveLaunchEmail]: savedAssetNote('Saved the launch e-mail'),
  },
  failedToolNotes: {
    [LAUNCH_TOOLS.saveLaunchPlan]:
      'The launch plan was refused: a checklist item was due on the wrong side of the launch day, or the moment was not a real day and time.',
    [LAUNCH_TOOLS.saveLandingCopy]: 'The landing page copy was refused: it needs exactly 3 benefits, each naming whose words it uses.',
    [LAUNCH_TOOLS.saveProductHuntKit]: `The Product Hunt kit was refused: the tagline is over ${LAUNCH_LIMITS.tagline} characters or the description over ${LAUNCH_LIMITS.description}.`,
    [LAUNCH_TOOLS.saveShowHnPost]: `The Show HN post was refused: its title is over ${LAUNCH_LIMITS.hackerNewsTitle} characters or does not read “Show HN: X – Y”.`,
    [LAUNCH_TOOLS.saveLaunchEmail]: `The launch e-mail was refused: its subject is over ${LAUNCH_LIMITS.emailSubject} characters or its body over ${LAUNCH_LIMITS.postBody.toLocaleString('en-US')}.`,
  },
  workspaceContext: (state) => ({ teamMembers: state?.teamMembers ?? NO_MEMBERS }),
} satisfies PhaseApp;
