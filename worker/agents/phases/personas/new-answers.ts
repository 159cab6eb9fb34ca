import { personasReviewedAt } from '#contracts/phases/personas';
import type { MemoryEntry } from '#contracts/workspace';
import { responsesSince } from '../../../db/queries/research';
import type { PhaseHooks, PhaseHost } from '../types';

/**
 * Phase 4's slice of the shared state, `newResearchAnswers`: how many research-page answers
 * arrived since the co-founder last wrote the personas or a member accepted them (0 without
 * personas), read from D1. The persona view offers a review and every turn's prompt tells the
 * co-founder to propose an update (./index.ts, the reminder).
 */

interface Reading {
  current: Promise<void> | null;
  again: boolean;
}
const readings = new WeakMap<PhaseHost, Reading>();

/**
 * One read at a time per object, and one more after it when asked meanwhile, so the last read
 * starts after the last answer arrived and the count never goes back to an older one.
 */
function refresh(host: PhaseHost): Promise<void> {
  const reading = readings.get(host) ?? { current: null, again: false };
  readings.set(host, reading);
  if (reading.current) {
    reading.again = true;
    return reading.current;
  }
  reading.current = (async () => {
    do {
      reading.again = false;
      const since = personasReviewedAt(host.state.memory);
      const count = since === null ? 0 : await responsesSince(host.env.DB, host.projectId, since);
      if (personasReviewedAt(host.state.memory) !== since) reading.again = true;
      else if (host.state.newResearchAnswers !== count) host.setState({ newResearchAnswers: count });
    } while (reading.again);
  })().finally(() => {
    reading.current = null;
  });
  return reading.current;
}

export const NEW_ANSWERS_HOOKS: PhaseHooks = {
  // Answers keep arriving on the public research pages: a member opening the workspace sees their count now.
  onConnect: (host) => void refresh(host).catch(() => {}),
  // Personas written by the co-founder, accepted or deleted: what counts as new research answers changes with them.
  onMemoryChange: (host, before: readonly MemoryEntry[], after: readonly MemoryEntry[]) => {
    if (personasReviewedAt(after) !== personasReviewedAt(before)) void refresh(host).catch(() => {});
  },
  // Members watching see the new count now (nobody watching: the next connection reads it).
  onResearchAnswer: (host) => (personasReviewedAt(host.state.memory) === null ? undefined : refresh(host)),
  beforeTurn: refresh,
};
