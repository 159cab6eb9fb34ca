import { copyText, LAUNCH_PHASE, unsupportedClaims } from '#contracts/phases/launch';
import { evidenceBefore } from '#contracts/phases/registry';
import type { MemoryEntry } from '#contracts/workspace';

/**
 * What every launch asset's tool answers: the claims of its copy that no artifact of the earlier
 * phases backs (figures, superlatives, guarantees), and what the co-founder does with them. The
 * rule is the contract's (`unsupportedClaims`): the same words are flagged for review on the asset
 * whoever writes it, so a member's edit is held to it too.
 */
export function claimsOutput(memory: readonly MemoryEntry[], draft: unknown, entry: MemoryEntry, critique: string) {
  const unsupported = unsupportedClaims(copyText(draft), evidenceBefore(memory, LAUNCH_PHASE.number));
  return {
    saved: { id: entry.id, version: entry.version },
    unsupported,
    next: [
      unsupported.length > 0
        ? `No artifact of the memory backs ${unsupported.map((claim) => `"${claim}"`).join(', ')}: the asset is flagged for review until it is backed or cut. Name each to the founders as a claim no data shows ("no data shows that clinics save 5 hours a week") and ask for the evidence, or cut it.`
        : 'No figure, superlative or guarantee in it lacks a source in the memory; still check each claim says what the evidence says.',
      critique,
      'It is a draft: the founders edit it in the memory.',
    ].join(' '),
  };
}
