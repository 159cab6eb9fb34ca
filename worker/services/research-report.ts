import { ratingScale, type PublicQuestion } from '#contracts/research';
import type { ResponseRow } from '../db/queries/research';

/**
 * Per-question summary: how many respondents answered it and how many left it empty, counts
 * (with their share of those who answered) per option or rating value, the mean rating.
 * Free-text and e-mail questions get the answered and empty counts only.
 */
export interface QuestionSummary {
  sequence: number;
  text: string;
  type: PublicQuestion['type'];
  answered: number;
  empty: number;
  /** Choice and rating questions: every option (or scale value) with its count, in order. */
  counts: { value: string; count: number; percent: number }[] | null;
  /** Rating questions with at least one answer. */
  average: number | null;
}

/** A whole percentage of those who answered; checkbox percentages may add up to more than 100. */
const percentOf = (count: number, answered: number) => (answered === 0 ? 0 : Math.round((count / answered) * 100));

export function summarize(questions: PublicQuestion[], responses: ResponseRow[]): QuestionSummary[] {
  return questions.map((question) => {
    const values = responses.flatMap((response) => response.answers.filter((answer) => answer.sequence === question.sequence).map((answer) => answer.response));
    const answered = values.length;
    let tally: Map<string, number> | null = null;
    let average: number | null = null;
    if (question.type === 'multiple_choice' || question.type === 'checkbox') {
      tally = new Map((question.options ?? []).map((option) => [option, 0]));
      for (const value of values.flatMap((value) => (Array.isArray(value) ? value : [value]))) {
        tally.set(String(value), (tally.get(String(value)) ?? 0) + 1);
      }
    } else if (question.type === 'rating') {
      const { min, max } = ratingScale(question.config);
      const numbers = values.filter((value): value is number => typeof value === 'number');
      tally = new Map(Array.from({ length: max - min + 1 }, (_, i) => [String(min + i), numbers.filter((n) => n === min + i).length]));
      average = numbers.length > 0 ? Math.round((numbers.reduce((sum, n) => sum + n, 0) / numbers.length) * 100) / 100 : null;
    }
    const counts = tally && [...tally].map(([value, count]) => ({ value, count, percent: percentOf(count, answered) }));
    return { sequence: question.sequence, text: question.text, type: question.type, answered, empty: responses.length - answered, counts, average };
  });
}

/**
 * One CSV cell. Every cell is quoted; a cell that a spreadsheet would read as a formula (it
 * starts with = + - @, a tab or a carriage return) gets a leading apostrophe, as OWASP's CSV
 * injection advice says.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

const answerText = (value: string | number | string[] | undefined) => (value === undefined ? '' : Array.isArray(value) ? value.join('; ') : String(value));

/**
 * UTF-8 with a byte-order mark (Excel reads it as UTF-8 then), CRLF line ends (RFC 4180). The
 * partner id column is there only when a respondent came through the partner.
 */
export function responsesCsv(questions: PublicQuestion[], responses: ResponseRow[]): string {
  const withPartner = responses.some((response) => response.surveyswap_id !== null);
  const header = ['Submitted at', ...(withPartner ? ['Partner id'] : []), ...questions.map((question) => question.text)];
  const rows = responses.map((response) => {
    const bySequence = new Map(response.answers.map((answer) => [answer.sequence, answer.response]));
    return [
      new Date(response.created_at).toISOString(),
      ...(withPartner ? [response.surveyswap_id ?? ''] : []),
      ...questions.map((question) => answerText(bySequence.get(question.sequence))),
    ];
  });
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
