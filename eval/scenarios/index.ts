import type { ScenarioInput } from '../scenario';
import { SCENARIOS as PHASE_1 } from './phase-1';
import { SCENARIOS as PHASE_2 } from './phase-2';
import { SCENARIOS as PHASE_3 } from './phase-3';
import { SCENARIOS as PHASE_4 } from './phase-4';
import { SCENARIOS as PHASE_5 } from './phase-5';
import { SCENARIOS as PHASE_6 } from './phase-6';
import { SCENARIOS as PHASE_7 } from './phase-7';
import { SCENARIOS as PHASE_8 } from './phase-8';

/** Every scenario, phase by phase (eval/scenario.ts validates them as they load). */
export const SCENARIOS: ScenarioInput[] = [...PHASE_1, ...PHASE_2, ...PHASE_3, ...PHASE_4, ...PHASE_5, ...PHASE_6, ...PHASE_7, ...PHASE_8];
