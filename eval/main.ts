import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { ROOT } from '../tests/e2e/global-setup';
import { addTokens, CEILING, DEFAULT_ASSUMPTIONS, scenarioTokens, toolTokens, type Tokens } from './cost';
import { FAKE_BEHAVIOURS, type FakeBehaviour } from './fake-model';
import { GRADERS, type Grader } from './graders/index';
import { judgeGraders, RUBRIC, type JudgeConfig } from './judge';
import { judgeAgreement } from './judge-check';
import { dollars, priceOf } from './prices';
import { startRunner, type ModelChoice } from './runner';
import { loadScenarios, type Scenario } from './scenario';
import { differences, failures, scorecard, type EvaluationResult, type GradedTranscript } from './scorecard';
import { answersOf, type Transcript } from './transcript';

/**
 * `npm run eval`: the co-founder's behaviour on the scenarios, graded (docs/evals.md).
 * eval/cli.mjs builds the product and runs this through Vite's module runner.
 */

const USAGE = `Usage: npm run eval -- [options]
  --fake BEHAVIOUR      the project's fake model instead of OPENAI_*: ${FAKE_BEHAVIOURS.join(' | ')}
  --phases 1,5          only these phases' scenarios
  --scenario NAME[,…]   only these scenarios
  --runs N              runs of each scenario (default 1; the model varies between runs)
  --max-cost USD        stop before the estimated spend passes this (model and judge together)
  --price-in USD --price-out USD   price per million tokens, over eval/prices.ts (EVAL_PRICE_INPUT, EVAL_PRICE_OUTPUT)
  --baseline FILE       print the differences from an earlier run's JSON
  --out FILE            where to write every transcript and grade (default eval/results/<time>.json)
  --judge-check         grade the hand-labelled transcripts with the judge and report agreement
  --no-judge            skip the judge model
  --turn-timeout S      seconds to wait for one answer (default 180)
  --list                list the scenarios and exit
  --no-build            serve the existing build`;

const listOf = (value: string | undefined) =>
  value
    ?.split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** The judge's settings: its own EVAL_JUDGE_* or the co-founder's OPENAI_*; none under the fake model unless given. */
function judgeConfig(env: NodeJS.ProcessEnv, fake: boolean): JudgeConfig | null {
  const apiKey = env.EVAL_JUDGE_API_KEY ?? (fake ? undefined : env.OPENAI_API_KEY);
  if (!apiKey) return null;
  return {
    apiKey,
    baseUrl: env.EVAL_JUDGE_BASE_URL ?? env.OPENAI_BASE_URL ?? 'https://api.openai.com/v1',
    model: env.EVAL_JUDGE_MODEL ?? env.OPENAI_MODEL ?? 'gpt-4o-mini',
  };
}

/** Tokens the judge reads and writes for a transcript of this many tokens. */
const judgeTokens = (transcriptTokens: number): Tokens => ({ input: encode(RUBRIC).length + transcriptTokens + 100, output: 150 });

/** What a finished run actually exchanged, estimated again from its transcript: its steps and what the model wrote. */
function spentTokens(scenario: Scenario, transcript: Transcript, tools: number): Tokens {
  const answers = answersOf(transcript).map(({ answer }) => answer);
  const steps = answers.reduce((total, answer) => total + 1 + answer.toolCalls.length, 0);
  const written = answers.reduce((total, answer) => total + encode(answer.text + JSON.stringify(answer.toolCalls.map((call) => call.input))).length, 0);
  const perTurn = Math.max(1, Math.round(steps / Math.max(1, answers.length)));
  return scenarioTokens(scenario, tools, { stepsPerTurn: perTurn, outputPerStep: Math.max(1, Math.round(written / Math.max(1, steps))) });
}

const usd = (value: number) => `$${value.toFixed(value < 1 ? 4 : 2)}`;

export async function main(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  log: (line: string) => void = console.log,
  logError: (line: string) => void = console.error,
): Promise<number> {
  const fail = (message: string): number => {
    logError(`${message}\n\n${USAGE}`);
    return 2;
  };
  let args;
  try {
    args = parseArgs({
      args: argv,
      options: {
        fake: { type: 'string' },
        phases: { type: 'string' },
        scenario: { type: 'string' },
        runs: { type: 'string', default: '1' },
        'max-cost': { type: 'string' },
        'price-in': { type: 'string' },
        'price-out': { type: 'string' },
        baseline: { type: 'string' },
        out: { type: 'string' },
        'judge-check': { type: 'boolean', default: false },
        'no-judge': { type: 'boolean', default: false },
        'turn-timeout': { type: 'string', default: '180' },
        list: { type: 'boolean', default: false },
        'no-build': { type: 'boolean', default: false },
      },
    }).values;
  } catch (error) {
    return fail((error as Error).message);
  }
  const runs = Number(args.runs);
  if (!Number.isInteger(runs) || runs < 1 || runs > 20) return fail('--runs is a whole number from 1 to 20.');
  const turnTimeout = Number(args['turn-timeout']);
  if (!(turnTimeout > 0)) return fail('--turn-timeout is a number of seconds.');
  const fakeBehaviour = args.fake as FakeBehaviour | undefined;
  if (fakeBehaviour !== undefined && !FAKE_BEHAVIOURS.includes(fakeBehaviour)) return fail(`--fake is one of ${FAKE_BEHAVIOURS.join(', ')}.`);
  const maxCost = args['max-cost'] === undefined ? undefined : Number(args['max-cost']);
  if (maxCost !== undefined && !(maxCost >= 0)) return fail('--max-cost is an amount of US dollars.');
  const priceInput = args['price-in'] ?? env.EVAL_PRICE_INPUT;
  const priceOutput = args['price-out'] ?? env.EVAL_PRICE_OUTPUT;
  const judge = args['no-judge'] ? null : judgeConfig(env, fakeBehaviour !== undefined);

  if (args['judge-check']) {
    if (!judge) return fail('--judge-check needs a judge model: set OPENAI_API_KEY (or EVAL_JUDGE_API_KEY, with EVAL_JUDGE_MODEL and EVAL_JUDGE_BASE_URL).');
    log(`Judge ${judge.model} against the hand-labelled transcripts (eval/judge-labels.ts):`);
    const agreement = await judgeAgreement(judge, log);
    return agreement.agreed === agreement.total ? 0 : 1;
  }

  let scenarios = await loadScenarios();
  const phases = listOf(args.phases)?.map(Number);
  if (phases?.some((phase) => !Number.isInteger(phase))) return fail('--phases is a list of phase numbers, e.g. 1,5.');
  if (phases) scenarios = scenarios.filter((scenario) => phases.includes(scenario.phase));
  const names = listOf(args.scenario);
  const unknown = names?.filter((name) => !scenarios.some((scenario) => scenario.name === name));
  if (unknown?.length) return fail(`No scenario ${unknown.join(', ')}${phases ? ' in those phases' : ''}; --list shows them.`);
  if (names) scenarios = scenarios.filter((scenario) => names.includes(scenario.name));
  if (args.list) {
    for (const scenario of scenarios) log(`phase ${scenario.phase}  ${scenario.language}  ${scenario.name.padEnd(34)} ${scenario.about}`);
    return 0;
  }
  if (scenarios.length === 0) return fail('No scenario matches.');

  let model: ModelChoice;
  if (fakeBehaviour) model = { kind: 'fake', behaviour: fakeBehaviour };
  else if (!env.OPENAI_API_KEY)
    return fail('No model: set OPENAI_API_KEY (and OPENAI_BASE_URL, OPENAI_MODEL for another server or model), or run against the fake with --fake well.');
  else model = { kind: 'configured', apiKey: env.OPENAI_API_KEY, baseUrl: env.OPENAI_BASE_URL, name: env.OPENAI_MODEL ?? 'gpt-4o-mini' };
  const modelName = model.kind === 'fake' ? `fake:${model.behaviour}` : model.name;

  // The estimate, printed before anything is spent.
  const tools = await toolTokens();
  const estimate = (assumptions: typeof DEFAULT_ASSUMPTIONS) =>
    scenarios.map((scenario) => scenarioTokens(scenario, tools, assumptions)).reduce(addTokens, { input: 0, output: 0 });
  const times = (tokens: Tokens, count: number): Tokens => ({ input: tokens.input * count, output: tokens.output * count });
  const expected = times(estimate(DEFAULT_ASSUMPTIONS), runs);
  const ceiling = times(estimate(CEILING), runs);
  const judging = judge
    ? times(judgeTokens(Math.round(expected.output / Math.max(1, scenarios.length * runs))), scenarios.length * runs)
    : { input: 0, output: 0 };
  const override = {
    ...(priceInput !== undefined ? { input: Number(priceInput) } : {}),
    ...(priceOutput !== undefined ? { output: Number(priceOutput) } : {}),
  };
  const price = model.kind === 'fake' ? { input: 0, output: 0 } : priceOf(model.name, override);
  const judgePrice = judge ? priceOf(judge.model, override) : { input: 0, output: 0 };
  log(`${scenarios.length} scenarios × ${runs} run${runs === 1 ? '' : 's'} against ${modelName}${judge ? `, judged by ${judge.model}` : ', no judge'}.`);
  log(
    `Estimated tokens: ${expected.input.toLocaleString('en')} in, ${expected.output.toLocaleString('en')} out (${DEFAULT_ASSUMPTIONS.stepsPerTurn} model calls of ${DEFAULT_ASSUMPTIONS.outputPerStep} tokens per message); at most ${ceiling.input.toLocaleString('en')} in, ${ceiling.output.toLocaleString('en')} out; judge ${judging.input.toLocaleString('en')} in.`,
  );
  let expectedCost: number | null = null;
  if (price && judgePrice) {
    expectedCost = dollars(expected, price) + dollars(judging, judgePrice);
    log(`Estimated cost: ${usd(expectedCost)} (at most ${usd(dollars(ceiling, price) + dollars(judging, judgePrice))}).`);
  } else {
    log(`No price for ${price ? judge!.model : modelName} in eval/prices.ts: give --price-in and --price-out (US dollars per million tokens) for a cost.`);
    if (maxCost !== undefined) return fail('--max-cost needs a price for the model and the judge.');
  }
  if (maxCost !== undefined && expectedCost !== null && expectedCost > maxCost) {
    log(`Stopped before starting: the estimate ${usd(expectedCost)} is over --max-cost ${usd(maxCost)}.`);
    return 1;
  }

  const graders: Grader[] = [...GRADERS, ...(judge ? judgeGraders(judge) : [])];
  const startedAt = new Date().toISOString();
  const result: EvaluationResult = {
    startedAt,
    model: modelName,
    judgeModel: judge?.model ?? null,
    runs,
    graders: graders.map((grader) => grader.name),
    transcripts: [],
  };
  const runner = await startRunner(model, { turnTimeoutMs: turnTimeout * 1000, log });
  let spent = 0;
  try {
    plays: for (let run = 1; run <= runs; run++)
      for (const scenario of scenarios) {
        const next = scenarioTokens(scenario, tools, DEFAULT_ASSUMPTIONS);
        if (maxCost !== undefined && price && spent + dollars(next, price) > maxCost) {
          log(`Stopped: the next scenario would take the estimated spend past --max-cost ${usd(maxCost)} (${usd(spent)} so far).`);
          break plays;
        }
        const transcript = await runner.run(scenario, run);
        if (price) spent += dollars(spentTokens(scenario, transcript, tools), price) + (judgePrice ? dollars(judgeTokens(0), judgePrice) : 0);
        const grades: GradedTranscript['grades'] = {};
        if (!transcript.error) for (const grader of graders) grades[grader.name] = await grader.grade(transcript);
        result.transcripts.push({ transcript, grades });
        const failed = Object.entries(grades).filter(([, grade]) => grade.verdict === 'fail');
        log(
          `  phase ${scenario.phase} ${scenario.name} run ${run}: ${transcript.error ? `broke (${transcript.error})` : failed.length ? `failed ${failed.map(([name]) => name).join(', ')}` : 'passed'}`,
        );
      }
  } finally {
    await runner.stop();
  }

  const out = args.out ?? join(ROOT, 'eval', 'results', `${startedAt.replace(/[:.]/g, '-')}.json`);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  log(`\nScorecard (pass rate over runs; — when no transcript applied):\n${scorecard(result)}`);
  const failed = failures(result);
  if (failed.length > 0) log(`\nWhat failed:\n${failed.map((line) => `  ${line}`).join('\n')}`);
  if (args.baseline) {
    const baseline = JSON.parse(readFileSync(args.baseline, 'utf8')) as EvaluationResult;
    const changes = differences(baseline, result);
    log(`\nAgainst ${args.baseline} (${baseline.model}, ${baseline.startedAt}):\n${changes.length ? changes.join('\n') : 'no pass rate changed'}`);
  }
  if (price) log(`\nEstimated spend: ${usd(spent)}.`);
  log(`Every transcript and grade: ${out}`);
  return 0;
}
