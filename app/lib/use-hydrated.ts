import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False in the Worker's render and while the browser hydrates it, true from then on (and at
 * once in a page the browser renders itself). A form the Worker rendered keeps its submit
 * button disabled until then: pressed earlier, the browser would send the form itself and
 * reload the page, losing what was typed (docs/decisions/0035).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
