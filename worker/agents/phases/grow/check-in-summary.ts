import { experimentEnds, isoWeek, latestResult, thresholdText } from '#contracts/phases/grow';
import { reviewFlagsOf } from '#contracts/phases/registry';
import type { MemoryEntry } from '#contracts/workspace';
import { experimentsOf, today } from './memory-reads';

const DAY_MS = 86_400_000;
const MAX_CHANGED = 10;

/**
 * The weekly check-in, written from the memory alone, with no model call: the experiments due or
 * ending this week, those with no result logged in the last 7 days, what changed in the memory in
 * the last 7 days and the contradictions flagged for review.
 */
export function checkInSummary(memory: readonly MemoryEntry[], now: number): { text: string; lines: string[] } {
  const day = today(now);
  const week = isoWeek(now);
  const weekAgo = today(now - 7 * DAY_MS);
  const experiments = experimentsOf(memory);
  const lines: string[] = [];
  for (const entry of experiments) {
    const { experiment } = entry;
    const ends = experimentEnds(experiment);
    const latest = latestResult(experiment);
    const threshold = thresholdText(experiment.threshold);
    const measured = latest ? `latest result ${latest.value} (${latest.on}) against a threshold of ${threshold}` : `no result logged, threshold ${threshold}`;
    if (ends <= day) lines.push(`Due: “${entry.title}” ended on ${ends}, ${measured}. Judge it: focus, change or drop.`);
    else if (isoWeek(Date.parse(`${ends}T00:00:00Z`)) === week) lines.push(`Ending this week: “${entry.title}”, on ${ends}, ${measured}.`);
  }
  const missing = experiments.filter(
    (entry) =>
      entry.experiment.startedOn <= day && experimentEnds(entry.experiment) > weekAgo && !entry.experiment.results.some((result) => result.on >= weekAgo),
  );
  if (missing.length > 0) lines.push(`Results missing: nothing logged in the last 7 days for ${missing.map((entry) => `“${entry.title}”`).join(', ')}.`);
  const changed = memory.filter((entry) => entry.updatedAt >= now - 7 * DAY_MS);
  if (changed.length > 0)
    lines.push(
      `Changed in the memory in the last 7 days: ${changed
        .slice(0, MAX_CHANGED)
        .map((entry) => `“${entry.title}”`)
        .join(', ')}${changed.length > MAX_CHANGED ? ` and ${changed.length - MAX_CHANGED} more` : ''}.`,
    );
  for (const text of new Set(reviewFlagsOf(memory, now).map((flag) => flag.text))) lines.push(`To review: ${text}`);
  const body = lines.length > 0 ? lines.map((line) => `- ${line}`).join('\n') : 'Nothing is due, no result is missing and the memory did not change this week.';
  const text = `**Weekly check-in, ${week}.** Written from the memory, without AI.\n\n${body}\n\nAny member can turn the weekly check-in off under the channels ranked.`;
  return { text, lines };
}
