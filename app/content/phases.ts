import { PHASES as REGISTRY } from '#contracts/phases/registry';

/** The 8 phases as the app lists them: title, summary and which are free come from the phase registry. */
export const PHASES = REGISTRY.map(({ number, title, summary, free, built }) => ({ number, title, summary, free, built }));

/**
 * Where 'Get Pro' leads, in one place (app/components/GetPro.tsx is the only button that uses it
 * in the workspace): the pricing page until the purchase exists.
 */
export const PRO_PAGE = '/pricing';
