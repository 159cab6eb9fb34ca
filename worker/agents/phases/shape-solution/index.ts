import type { PhaseModule } from '../types';

/** Phase 5, 'Shape the solution' (contracts/phases/shape-solution.ts): done when the founders accept the pitch. */
export const SHAPE_SOLUTION: PhaseModule = {
  number: 5,
  guide: '',
  tools: () => ({}),
  demo: [],
};
