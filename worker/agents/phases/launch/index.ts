import type { PhaseModule } from '../types';

/** Phase 7, 'Launch' (contracts/phases/launch.ts): done when the founders accept the launch plan. */
export const LAUNCH: PhaseModule = {
  number: 7,
  guide: '',
  tools: () => ({}),
  demo: [],
};
