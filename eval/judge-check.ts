import { askJudge, type JudgeConfig } from './judge';
import { LABELLED } from './judge-labels';
import { JUDGE_CRITERIA } from './scenario';

/** How often the judge agrees with the hand labels of eval/judge-labels.ts, per criterion, with each disagreement. */
export async function judgeAgreement(config: JudgeConfig, log: (line: string) => void): Promise<{ agreed: number; total: number }> {
  const tally = Object.fromEntries(JUDGE_CRITERIA.map((criterion) => [criterion, { agreed: 0, total: 0 }]));
  for (const labelled of LABELLED) {
    try {
      const verdicts = await askJudge(config, labelled, JUDGE_CRITERIA);
      for (const criterion of JUDGE_CRITERIA) {
        const given = verdicts[criterion]!;
        tally[criterion]!.total++;
        if (given.pass === labelled.labels[criterion]) tally[criterion]!.agreed++;
        else
          log(
            `  ${labelled.name}, ${criterion}: labelled ${labelled.labels[criterion] ? 'pass' : 'fail'}, judged ${given.pass ? 'pass' : 'fail'} (${given.reason})`,
          );
      }
    } catch (error) {
      for (const criterion of JUDGE_CRITERIA) tally[criterion]!.total++;
      log(`  ${labelled.name}: the judge failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  let agreed = 0;
  let total = 0;
  for (const criterion of JUDGE_CRITERIA) {
    const { agreed: yes, total: all } = tally[criterion]!;
    log(`${criterion}: agrees on ${yes} of ${all} (${Math.round((100 * yes) / Math.max(1, all))}%)`);
    agreed += yes;
    total += all;
  }
  log(`Overall: ${agreed} of ${total} (${Math.round((100 * agreed) / Math.max(1, total))}%).`);
  return { agreed, total };
}
