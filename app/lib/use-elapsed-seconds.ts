import { useEffect, useState } from 'react';

/** The progress timer ticks once a second. */
export const TICK_MS = 1000;

/**
 * Whole seconds since `running` last became true, updated every second; frozen at its last value
 * once `running` is false, and back to 0 at the next start. Counted from the clock, not from the
 * number of ticks, so a throttled background tab still shows the right figure.
 */
export function useElapsedSeconds(running: boolean): number {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (!running) return;
    const startedAt = Date.now();
    setSeconds(0);
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - startedAt) / 1000)), TICK_MS);
    return () => clearInterval(timer);
  }, [running]);
  return seconds;
}
