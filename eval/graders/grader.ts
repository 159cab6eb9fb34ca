import type { Transcript } from '../transcript';

/** A grader's verdict on one transcript: 'n/a' when what it checks did not happen (no tool call, privacy mode off). */
export interface Grade {
  verdict: 'pass' | 'fail' | 'n/a';
  /** Why it failed (each problem found), or why it does not apply. */
  reasons: string[];
}

export interface Grader {
  name: string;
  /** One line: what a pass means (docs/evals.md lists them). */
  meaning: string;
  grade(transcript: Transcript): Grade | Promise<Grade>;
}

export const pass = (): Grade => ({ verdict: 'pass', reasons: [] });
export const notApplicable = (reason: string): Grade => ({ verdict: 'n/a', reasons: [reason] });
/** Pass when nothing was found, else fail with what was found. */
export const failIfAny = (problems: string[]): Grade => (problems.length > 0 ? { verdict: 'fail', reasons: problems } : pass());

/** Text folded for comparing words: lower case, without diacritics ('Ștefan' is 'stefan'). */
export const folded = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/** Every string inside a value, however deep. */
export function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsIn);
  return [];
}
