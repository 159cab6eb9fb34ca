import type { PhaseModule } from '../types';

/** Phase 8, 'Market and grow' (contracts/phases/grow.ts): done when the founders accept the channels ranked. */
export const GROW: PhaseModule = {
  number: 8,
  guide: '',
  tools: () => ({}),
  initialState: { checkIn: { enabled: false, emailUserIds: [], nextAt: null, lastWeek: null } },
  demo: [],
};
