import { PHASES as REGISTRY } from '#contracts/phases/registry';

/** The 8 phases as the app lists them: title, summary, which are free and which are built come from the phase registry. */
export const PHASES = REGISTRY.map(({ number, title, summary, free, built }) => ({ number, title, summary, free, built }));

/** The phases as the registry lists them now (a phase registered at run time counts): for what is drawn at render time. */
export const listedPhases = () => REGISTRY.map(({ number, title, summary, free, built }) => ({ number, title, summary, free, built }));

/** How a phase that is not built yet reads wherever it is listed; nothing sells it. */
export const COMING_SOON = 'Coming soon';

/** "phase 5", "phases 3 and 4", "phases 5 to 8": consecutive numbers as people say them. */
export function phaseRange(numbers: readonly number[]): string {
  const sorted = [...numbers].sort((a, b) => a - b);
  const runs: number[][] = [];
  for (const number of sorted) {
    const run = runs.at(-1);
    if (run && number === run.at(-1)! + 1) run.push(number);
    else runs.push([number]);
  }
  // Three or more in a row are a range; shorter runs are listed one by one.
  const parts = runs.flatMap((run) => (run.length >= 3 ? [`${run[0]} to ${run.at(-1)}`] : run.map(String)));
  const joined = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? '');
  return `${sorted.length === 1 ? 'phase' : 'phases'} ${joined}`;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const proPhases = PHASES.filter((phase) => !phase.free);
const proBuilt = proPhases.filter((phase) => phase.built).map((phase) => phase.number);
const proComingSoon = proPhases.filter((phase) => !phase.built).map((phase) => phase.number);
const built = PHASES.filter((phase) => phase.built).map((phase) => phase.number);

/**
 * What Pro opens today, in words made from the registry, so that the copy follows as phases are
 * built: "Phases 3 and 4 come with Pro, and phases 5 to 8 as each is ready" until then,
 * "Phases 3 to 8 come with Pro" once every phase is.
 */
const verb = (numbers: readonly number[], one: string, many: string) => (numbers.length === 1 ? one : many);
export const PRO_PHASES_NOW =
  proComingSoon.length === 0
    ? `${capitalised(phaseRange(proBuilt))} ${verb(proBuilt, 'comes', 'come')} with Pro`
    : `${capitalised(phaseRange(proBuilt))} ${verb(proBuilt, 'comes', 'come')} with Pro, and ${phaseRange(proComingSoon)} as each is ready`;

/**
 * Which phases can be used today, for the pricing page; null once all are built. Pro is bought
 * once, so the phases still to come are included when they are ready.
 */
export const PHASES_AVAILABLE_NOW: string | null =
  proComingSoon.length === 0
    ? null
    : `Available now: ${phaseRange(built)}. ${capitalised(phaseRange(proComingSoon))} ${verb(proComingSoon, 'is', 'are')} ${COMING_SOON.toLowerCase()}, and included in Pro when they are ready.`;

/** What Pro unlocks in phases, as the Pro welcome page lists it. */
export const PRO_PHASES_UNLOCKED =
  proComingSoon.length === 0
    ? `All ${PHASES.length} phases, from idea to launch`
    : `${capitalised(phaseRange(proBuilt))} now; ${phaseRange(proComingSoon)} ${verb(proComingSoon, 'is', 'are')} ${COMING_SOON.toLowerCase()}, and yours when each is ready`;

/** Whether every one of these phases is built; a feature that needs one that is not reads 'Coming soon'. */
export const allBuilt = (numbers: readonly number[]) => numbers.every((number) => PHASES.find((phase) => phase.number === number)?.built ?? false);

/**
 * Where 'Get Pro' leads, in one place (app/components/GetPro.tsx is the only button that uses it
 * in the workspace): the pricing page until the purchase exists.
 */
export const PRO_PAGE = '/pricing';
