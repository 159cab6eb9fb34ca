import { PHASES } from '#contracts/phases/registry';
import { BUILD_PLAN } from './build-plan';
import { COMPETITORS } from './competitors';
import { FIND_IDEA } from './find-idea';
import { GROW } from './grow';
import { LAUNCH } from './launch';
import { PERSONAS } from './personas';
import { PROBLEM_SCALE } from './problem-scale';
import { SHAPE_SOLUTION } from './shape-solution';
import type { PhaseModule } from './types';

/**
 * The Worker's side of the phase registry: each built phase's guide, tools and offline demo, by
 * number. contracts/phases/registry.ts lists all 8 phases; a phase is built when it is here and
 * marked `built` there (docs/architecture.md, "Adding a phase").
 */
const MODULES: PhaseModule[] = [FIND_IDEA, PROBLEM_SCALE, COMPETITORS, PERSONAS, SHAPE_SOLUTION, BUILD_PLAN, LAUNCH, GROW];

/**
 * Adds a phase's module at run time (its contract goes to contracts/phases/registry.ts,
 * registerPhase); returns what undoes it. A workspace object reads the modules when it starts,
 * so a phase registers before the objects that use it. Tests register a throw-away phase this
 * way (tests/api/phase-plugin.test.ts).
 */
export function registerPhaseModule(module: PhaseModule): () => void {
  MODULES.push(module);
  return () => {
    const at = MODULES.indexOf(module);
    if (at >= 0) MODULES.splice(at, 1);
  };
}

export const allModules = (): readonly PhaseModule[] => MODULES;

export const phaseModule = (number: number): PhaseModule | undefined => MODULES.find((module) => module.number === number);

/** The built phases among `numbers`, in order. */
export const builtModules = (numbers: readonly number[]) => MODULES.filter((module) => numbers.includes(module.number));

/** The phase the founders may open: built and unlocked. */
export const canOpen = (number: number, unlocked: readonly number[]) =>
  unlocked.includes(number) && phaseModule(number) !== undefined && PHASES.some((phase) => phase.number === number && phase.built);
