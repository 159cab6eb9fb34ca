import type { Grade } from './graders/grader';
import type { Transcript } from './transcript';

/**
 * What a run of the evaluation leaves: every transcript with its grades (the JSON file), the
 * scorecard printed from it (pass rates per phase and per grader, over runs), and the differences
 * from an earlier file (`--baseline`).
 */

export interface GradedTranscript {
  transcript: Transcript;
  /** By grader name; absent when the run itself broke (transcript.error). */
  grades: Record<string, Grade>;
}

export interface EvaluationResult {
  startedAt: string;
  model: string;
  judgeModel: string | null;
  runs: number;
  graders: string[];
  transcripts: GradedTranscript[];
}

/** Passes and fails of one grader over a set of transcripts ('n/a' counts in neither). */
export interface Tally {
  pass: number;
  fail: number;
}

const tallyOf = (graded: readonly GradedTranscript[], grader: string): Tally => {
  const tally = { pass: 0, fail: 0 };
  for (const { grades } of graded) {
    const verdict = grades[grader]?.verdict;
    if (verdict === 'pass') tally.pass++;
    if (verdict === 'fail') tally.fail++;
  }
  return tally;
};

export const rate = (tally: Tally): number | null => (tally.pass + tally.fail === 0 ? null : tally.pass / (tally.pass + tally.fail));

const cell = (tally: Tally) => (tally.pass + tally.fail === 0 ? '—' : `${Math.round(rate(tally)! * 100)}% ${tally.pass}/${tally.pass + tally.fail}`);

/** Pass rates by phase (rows) and grader (columns), then every grader over all phases. */
export function scorecard(result: EvaluationResult): string {
  const phases = [...new Set(result.transcripts.map(({ transcript }) => transcript.phase))].sort((a, b) => a - b);
  const header = ['phase', ...result.graders, 'broken runs'];
  const rows = phases.map((phase) => {
    const graded = result.transcripts.filter(({ transcript }) => transcript.phase === phase);
    return [`${phase}`, ...result.graders.map((grader) => cell(tallyOf(graded, grader))), String(graded.filter(({ transcript }) => transcript.error).length)];
  });
  rows.push([
    'all',
    ...result.graders.map((grader) => cell(tallyOf(result.transcripts, grader))),
    String(result.transcripts.filter(({ transcript }) => transcript.error).length),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) => row.map((value, column) => value.padEnd(widths[column]!)).join('  ');
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

/** The failures, one line each, for the reader to open the transcript behind them. */
export function failures(result: EvaluationResult): string[] {
  return result.transcripts.flatMap(({ transcript, grades }) => [
    ...(transcript.error ? [`${transcript.scenario} run ${transcript.run}: the run broke: ${transcript.error}`] : []),
    ...Object.entries(grades)
      .filter(([, grade]) => grade.verdict === 'fail')
      .map(([grader, grade]) => `${transcript.scenario} run ${transcript.run}, ${grader}: ${grade.reasons.slice(0, 2).join('; ')}`),
  ]);
}

/**
 * The changes from an earlier result: each grader's pass rate per phase that moved, and each
 * scenario whose verdicts under a grader changed.
 */
export function differences(baseline: EvaluationResult, result: EvaluationResult): string[] {
  const lines: string[] = [];
  const phases = [...new Set([...baseline.transcripts, ...result.transcripts].map(({ transcript }) => transcript.phase))].sort((a, b) => a - b);
  const graders = [...new Set([...baseline.graders, ...result.graders])];
  const percent = (value: number | null) => (value === null ? '—' : `${Math.round(value * 100)}%`);
  for (const phase of phases)
    for (const grader of graders) {
      const before = rate(
        tallyOf(
          baseline.transcripts.filter(({ transcript }) => transcript.phase === phase),
          grader,
        ),
      );
      const after = rate(
        tallyOf(
          result.transcripts.filter(({ transcript }) => transcript.phase === phase),
          grader,
        ),
      );
      if (before !== after) lines.push(`phase ${phase}, ${grader}: ${percent(before)} → ${percent(after)}`);
    }
  const scenarios = [...new Set(result.transcripts.map(({ transcript }) => transcript.scenario))];
  for (const scenario of scenarios)
    for (const grader of graders) {
      const of = (from: EvaluationResult) =>
        tallyOf(
          from.transcripts.filter(({ transcript }) => transcript.scenario === scenario),
          grader,
        );
      const before = of(baseline);
      const after = of(result);
      if (rate(before) !== rate(after)) lines.push(`  ${scenario}, ${grader}: ${cell(before)} → ${cell(after)}`);
    }
  return lines;
}
