import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

// Files share one jsdom per worker (vitest.config.ts): a file leaves no fake clock, spy or stub
// behind for the next one.
afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

// Testing Library recognises only Jest's fake timers: under vi.useFakeTimers() its async helpers
// (user-event, waitFor) would wait forever on a setTimeout that never fires. Lending it Vitest's
// clock under Jest's name lets them advance it. Nothing changes while timers are real.
Object.assign(globalThis, { jest: { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) } });

// jsdom has no matchMedia. This default answers "no" to every query (a touch device without
// motion preferences); a test that needs otherwise replaces it with vi.spyOn(window, 'matchMedia').
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}
