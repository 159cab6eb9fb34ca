import { ASSUMPTION } from '#contracts/phases/fields';
import { contentOf, toolCallsOf, writtenByCofounder, type Transcript } from '../transcript';
import { failIfAny, folded, notApplicable, stringsIn, type Grader } from './grader';

/**
 * A figure is a claim of size: an amount of money, a percentage, a multiple, a number with a
 * magnitude ('2 million', '40k') or any number of 100 or more that is not a year. Small counts
 * ('3 benefits', 'week 2') are the artifact's own structure, not claims.
 */
const FIGURE =
  /(?:[$€£¥]\s?)?\d+(?:[.,]\d+)*(?:\s?(?:%|x\b|k\b|m\b|bn\b|b\b|percent|per cent|procente|por ciento|million|billion|thousand|milioane|miliarde|mii\b|millones|miles\b|mil\b|usd|eur|ron|lei|euros?|dollars?|dolari|dólares))?/giu;

/** The product's label for a claim no source backs, and the words the founders' languages use for it. */
const ASSUMPTION_WORDS = [ASSUMPTION, 'presupunere', 'ipoteza', 'suposicion', 'supuesto', 'hipotesis'];

/** A number as a comparable value: thousands separators of either convention removed ('1.200' and '1,200' are 1200). */
export function numberOf(written: string): string {
  const digits = written.match(/\d+(?:[.,]\d+)*/)?.[0] ?? '';
  if (/^\d{1,3}(?:[.,]\d{3})+$/.test(digits)) return digits.replace(/[.,]/g, '');
  return String(Number(digits.replace(',', '.')));
}

/** The figures a text claims (see FIGURE). */
export function figuresIn(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(FIGURE)) {
    const written = match[0].trim();
    const value = Number(numberOf(written));
    const marked = /[$€£¥%]|[a-z]$/iu.test(written);
    // Dates and times ('2026-03-01', '09:30') are structure, not claims.
    const around = text.slice(Math.max(0, match.index - 1), match.index + match[0].length + 1);
    if (/\d[-:/]|[-:/]\d/.test(around) && !marked) continue;
    const year = /^\d{4}$/.test(written) && value >= 1900 && value <= 2100;
    if (marked || (value >= 100 && !year)) found.push(written);
  }
  return found;
}

/** Every number the evidence states: what the tools returned, the memory held at the start and the founders wrote. */
function knownNumbers(transcript: Transcript): Set<string> {
  const texts = [
    ...toolCallsOf(transcript).flatMap((call) => stringsIn(call.output)),
    ...toolCallsOf(transcript).map((call) => JSON.stringify(call.output ?? null)),
    JSON.stringify(transcript.startingMemory),
    ...transcript.turns.filter((turn) => turn.role === 'founder').map((turn) => turn.text),
  ];
  return new Set(texts.flatMap((text) => text.match(/\d+(?:[.,]\d+)*/g) ?? []).map(numberOf));
}

/**
 * The figures of a value that neither a source beside them nor the word 'assumption' vouches
 * for and that the evidence does not state. An object with a `source`, `url` or `quote` (a claim,
 * a step, a price) vouches for its own strings: whether that source is real is the
 * cited-addresses grader's question.
 */
function unvouched(value: unknown, known: Set<string>, path: string): string[] {
  if (typeof value === 'string') {
    if (ASSUMPTION_WORDS.some((word) => folded(value).includes(word))) return [];
    return figuresIn(value)
      .filter((figure) => !known.has(numberOf(figure)))
      .map((figure) => `"${figure}" at ${path}`);
  }
  if (Array.isArray(value)) return value.flatMap((item, index) => unvouched(item, known, `${path}[${index}]`));
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const source = [record.source, record.url].find((field) => typeof field === 'string' && field.trim() !== '');
    if (source !== undefined) return [];
    return Object.entries(record)
      .filter(([field]) => field !== 'kind')
      .flatMap(([field, item]) => unvouched(item, known, `${path}.${field}`));
  }
  return [];
}

/** Every figure in what the co-founder wrote to the memory cites a source or says it is an assumption. */
export const figuresSourced: Grader = {
  name: 'figures-sourced',
  meaning: "every figure in an artifact or memory entry the co-founder wrote cites a source, says 'assumption', or is stated by the evidence",
  grade(transcript) {
    // An entry of kind 'assumption' says what it is.
    const written = writtenByCofounder(transcript).filter((entry) => entry.kind !== 'assumption');
    if (written.length === 0) return notApplicable('the co-founder wrote nothing to the memory');
    const known = knownNumbers(transcript);
    return failIfAny(written.flatMap((entry) => unvouched(contentOf(entry), known, `${entry.kind} "${entry.title}"`)));
  },
};
