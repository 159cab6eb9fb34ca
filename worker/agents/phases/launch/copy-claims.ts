import { unsupportedFigures } from '#contracts/phases/launch';
import type { MemoryEntry } from '#contracts/workspace';
import { evidenceText } from './memory-reads';

/**
 * What every launch asset's tool answers: the figures of its copy that no artifact of the earlier
 * phases states, and what the co-founder does with them. Comparing numbers catches an invented
 * figure; whether a stated one is used fairly is for the co-founder's critique.
 */

/** Every piece of text a draft shows its readers: its strings, not the sources its claims name. */
export function copyText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(copyText).join('\n');
  if (value && typeof value === 'object')
    return Object.entries(value)
      .filter(([key]) => key !== 'source')
      .map(([, field]) => copyText(field))
      .join('\n');
  return '';
}

export function claimsOutput(memory: readonly MemoryEntry[], draft: unknown, entry: MemoryEntry, critique: string) {
  const unsupported = unsupportedFigures(copyText(draft), evidenceText(memory));
  return {
    saved: { id: entry.id, version: entry.version },
    unsupported,
    next: [
      unsupported.length > 0
        ? `No artifact of the memory states ${unsupported.map((figure) => `"${figure}"`).join(', ')}. Name each to the founders as a claim no data shows ("no data shows that clinics save 5 hours a week") and ask for the evidence, or cut it.`
        : 'No figure in it lacks a source in the memory; still check each claim says what the evidence says.',
      critique,
      'It is a draft: the founders edit it in the memory.',
    ].join(' '),
  };
}
