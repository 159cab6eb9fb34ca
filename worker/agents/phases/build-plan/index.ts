import type { PhaseModule } from '../types';

/** Phase 6, 'Plan the build' (contracts/phases/build-plan.ts): done when the founders accept the plan. */
export const BUILD_PLAN: PhaseModule = {
  number: 6,
  guide: '',
  tools: () => ({}),
  initialState: { planProposal: null, teamMembers: [] },
  demo: [],
};
