import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False in the Worker's render and while the browser hydrates it, true from then on (and at
 * once in a page the browser renders itself). A form the Worker rendered stays inert until
 * then: typed into earlier, its fields would not reach the component's state, and pressed
 * earlier, its submit would make the browser send the form itself (docs/decisions/0035).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
