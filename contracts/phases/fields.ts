import { isWebAddress } from '../discussions';
import { singleLineText } from '../text-fields';
import { z } from '../zod';

/**
 * Field rules every phase's artifacts share: limits, evidence links and confidence levels (text
 * fields follow the product's one text rule, contracts/text-fields.ts). A phase's own file (contracts/phases/<phase>.ts) builds its artifacts from these.
 */

/** `entries` counts the memory's own entries; each artifact kind has its own maximum (its phase's file). */
export const MEMORY_LIMITS = { title: 120, body: 2000, field: 1000, openQuestions: 10, entries: 100, history: 5 } as const;

export const EvidenceLinkSchema = z.strictObject({
  title: singleLineText(200),
  url: z.string().max(2000).refine(isWebAddress, 'A link must be an http(s) address'),
  /** Where it was said: 'Hacker News', 'r/smallbusiness', a site's name. */
  site: singleLineText(80),
});
export type EvidenceLink = z.infer<typeof EvidenceLinkSchema>;

export const CONFIDENCE_LEVELS = ['low', 'medium', 'high'] as const;
export const ASSUMPTION = 'assumption';

/**
 * An artifact as plain sections, the same for every phase: what the co-founder reads back in its
 * prompt and what a generic reader (export, canvas) renders without knowing the phase.
 */
export interface ArtifactOutline {
  /** When nothing but assumptions backs the artifact, the sentence that says so: accepted, it reads 'accepted on assumptions' on the screen and in the export. */
  assumptionsOnly?: string;
  sections: { label: string; text?: string; items?: string[]; links?: { title: string; url: string }[] }[];
}

/**
 * One piece of cited evidence in an artifact: a claim with its source, a quote, a price read from
 * a page, an address a tool returned. `key` is what it says and where from, so that a member's edit
 * can keep or drop it but not invent one (docs/decisions/0048-members-edit-artifacts.md);
 * `label` names it in a refusal.
 */
export interface Citation {
  key: string;
  label: string;
}

/**
 * Words of an artifact quoted inside a sentence: “…”, without the stop they may end with, so the
 * sentence reads “like this”. and never “like this.”. (review flags, refusals).
 */
export const quoted = (text: string) => `“${text.trim().replace(/[.!?;:,]+$/, '')}”`;

const short = (text: string) => (text.length > 60 ? `${text.slice(0, 59)}…` : text);

/** A claim's citation: none when it is labelled an assumption. */
export const claimCitations = (claims: readonly { text: string; source: string }[]): Citation[] =>
  claims
    .filter((claim) => claim.source !== ASSUMPTION)
    .map((claim) => ({ key: `claim\n${claim.source}\n${claim.text}`, label: `“${short(claim.text)}” citing ${claim.source}` }));

export const addressCitation = (url: string): Citation => ({ key: `address\n${url}`, label: `the address ${url}` });

export const quoteCitation = (text: string, url: string): Citation => ({ key: `quote\n${url}\n${text}`, label: `the quote “${short(text)}” from ${url}` });

/** What every phase declares in its contract file; the registry (contracts/phases/registry.ts) lists them. */
export interface PhaseDefinition<Kind extends string = string> {
  number: number;
  title: string;
  /** One line, shown beside the title and given to the co-founder when the founders work elsewhere. */
  summary: string;
  /** Free phases are open on every plan; the others need Pro. */
  free: boolean;
  /** The artifacts the phase leaves; accepting `doneWhenAccepted` completes the phase. */
  artifacts: readonly ArtifactDefinition<Kind>[];
  doneWhenAccepted: Kind | null;
}

export interface ArtifactDefinition<Kind extends string = string> {
  kind: Kind;
  label: string;
  /** At most this many in a project; with 1, saving another replaces it. */
  max: number;
  /** Artifacts of earlier phases it is built on: accepting it records their versions (stale flags). */
  builtOn: readonly string[];
}

/**
 * A review flag on an artifact: what another artifact says that it does not agree with (an
 * experiment's result against an accepted assumption). A phase's contract may declare the flags
 * its artifacts raise, on its own entries and on earlier ones (contracts/phases/registry.ts).
 */
export interface ReviewFlag {
  entryId: string;
  text: string;
}
