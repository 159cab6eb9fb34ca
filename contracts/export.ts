import { z } from './zod';

/**
 * The project export (docs/decisions/0046-project-export.md): one document, built once from the
 * project through the phase registry, written as Markdown, Word or PDF. Every writer reads only
 * this model, so the three files say the same thing.
 */

export const EXPORT_FORMATS = ['md', 'docx', 'pdf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_FORMAT_LABELS: Record<ExportFormat, string> = { md: 'Markdown (.md)', docx: 'Word (.docx)', pdf: 'PDF' };
export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  md: 'text/markdown; charset=utf-8',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
};

/** What a member asks for: a format and the phases to include (the memory and canvas come with any choice). */
export const ExportRequestSchema = z.strictObject({
  format: z.enum(EXPORT_FORMATS, { error: 'Choose Markdown, Word or PDF.' }),
  phases: z
    .array(z.int().min(1).max(8), { error: 'Choose the phases to include.' })
    .min(1, 'Choose at least one phase to include.')
    .max(8)
    .refine((phases) => new Set(phases).size === phases.length, 'Each phase can be chosen once.'),
  includeCanvas: z.boolean().default(true),
});
export type ExportRequest = z.infer<typeof ExportRequestSchema>;

/** Text, or text that links to an address. */
export type ExportInline = { text: string; url?: string };

/** A source as the export lists it: a link with the day it was read, when known. */
export interface ExportSource {
  title: string;
  url: string;
  /** ISO date or time the page was read; null when the source carries no date. */
  readAt: string | null;
}

/** The canvas drawn as a picture, in its own coordinates: (0, 0) is the board's top-left corner. */
export interface CanvasPicture {
  width: number;
  height: number;
  frames: { x: number; y: number; width: number; height: number; title: string }[];
  /** `fill` is a #rrggbb colour; a proposed note is the co-founder's, not kept yet. */
  notes: { x: number; y: number; width: number; height: number; fill: string; text: string; proposed: boolean }[];
  connectors: { from: { x: number; y: number }; to: { x: number; y: number } }[];
}

export type ExportBlock =
  | { type: 'heading'; level: 1 | 2 | 3; text: string }
  | { type: 'paragraph'; inlines: ExportInline[] }
  | { type: 'list'; items: ExportInline[][] }
  | { type: 'sources'; sources: ExportSource[] }
  | { type: 'canvas'; picture: CanvasPicture; description: string };

export interface ExportDocument {
  /** The project's name. */
  title: string;
  /** ISO time the document was made. */
  exportedAt: string;
  blocks: ExportBlock[];
}

/**
 * A file name's stem made from a title: lower-case letters and digits of any language, words
 * joined by '-', at most 60 characters cut between words ('The first version, step by step'
 * gives 'the-first-version-step-by-step'). No space, comma or character a file system or a
 * download header refuses; the title itself stays inside the file. `fallback` when nothing is left.
 */
export function fileSlug(title: string, fallback: string): string {
  const words =
    title
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > 60) break;
    slug = next;
  }
  return slug || [...(words[0] ?? '')].slice(0, 60).join('') || fallback;
}
