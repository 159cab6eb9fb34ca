import { BUILD_PLAN_TOOLS } from '#contracts/phases/build-plan';
import type { MemberAction, PhaseHooks, PhaseHost, PhaseModule } from '../types';
import { checkPlanEdit } from './check-edit';
import { BUILD_PLAN_DEMO } from './demo';
import { planEntryOf } from './plan-input';
import { proposeReplan } from './propose-replan';
import { clearProposal, restoreProposal } from './proposal-store';
import { REPLAN_ACCEPT_ACTION, REPLAN_DISMISS_ACTION } from './replan-answers';
import { saveBuildPlan } from './save-build-plan';
import { saveMvpScope } from './save-mvp-scope';
import { TASK_STATUS_ACTION } from './task-status';
import { refreshTeamMembers } from './team-members';

const members = (host: PhaseHost) => refreshTeamMembers(host).catch(() => {});

const HOOKS: PhaseHooks = {
  // After an eviction the re-plan waiting for an answer is shown again, and the members read afresh.
  onStart: async (host) => {
    restoreProposal(host);
    await members(host);
  },
  // A member who just joined can own tasks at once.
  onConnect: (host) => void members(host),
  beforeTurn: members,
  // A member removed, gone or deleted owns nothing from now on: read before the removal is answered.
  onMembersChanged: (host) => refreshTeamMembers(host),
  // The plan a re-plan revised was deleted: there is nothing left to answer.
  onMemoryChange: (host, _before, after) => {
    const proposal = host.state.planProposal;
    if (proposal && planEntryOf(after)?.id !== proposal.entryId) clearProposal(host);
  },
};

/** Phase 6, 'Plan the build' (contracts/phases/build-plan.ts): done when the founders accept the plan. */
export const BUILD_PLAN: PhaseModule = {
  number: 6,
  guide: `Phase 6, "Plan the build", turns the pitch and the value map of phase 5 into an MVP scope and a build plan the team works from. A plan that cannot ship inside the appetite is worse than none: say so when it cannot. Write the scope and the plan in the founders' language.

1. save_mvp_scope: what is in, out and later. Each "in" item names, word for word, the pain reliever of the value map it delivers. An item that delivers none is saved with null: challenge it by name (which pain does it relieve?) and propose moving it out or to later. Do the same for an item whose reliever answers no pain of a persona, and for every scope item the memory flags for review, whoever wrote it.
2. save_build_plan: the pitch's appetite in weeks; 2 to 4 milestones inside it, the last reaching a traction goal stated as a number of people ("first 10 paying customers"); tasks with an estimate in days, the tasks each waits for, an owner among the members by name (or null, and say who should take it) and its milestone; technical choices, each with its reason and its risk.
3. Then name the task most likely to slip and why (the tool's answer reads it), and any warning it gives. Do not praise the plan.
4. Members move the tasks' statuses themselves: read them in the memory.
5. When the founders say the scope, the team or the date changed, call propose_replan with the reason and the whole revised plan, and tell them nothing changes until a member accepts the difference shown under the build plan. Never rewrite an accepted plan with save_build_plan.
6. Tell the founders that accepting the build plan in the memory completes phase 6.`,
  tools: ({ actions, host }) => ({
    [BUILD_PLAN_TOOLS.saveMvpScope]: saveMvpScope(actions),
    [BUILD_PLAN_TOOLS.saveBuildPlan]: saveBuildPlan(actions, host),
    [BUILD_PLAN_TOOLS.proposeReplan]: proposeReplan(host),
  }),
  checkEdit: checkPlanEdit,
  initialState: { planProposal: null, teamMembers: [] },
  actions: [TASK_STATUS_ACTION, REPLAN_ACCEPT_ACTION, REPLAN_DISMISS_ACTION] as readonly MemberAction[],
  hooks: HOOKS,
  demo: BUILD_PLAN_DEMO,
};
