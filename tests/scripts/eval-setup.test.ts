/**
 * The evaluation's parts that need no model and no server (docs/evals.md): the scenarios and the
 * judge's hand labels as data, the fake model's behaviours, the cost estimate that stops a run
 * before it starts, and the differences from a baseline.
 */
import { describe, expect, it } from 'vitest';
import { CEILING, DEFAULT_ASSUMPTIONS, scenarioTokens, toolTokens } from '../../eval/cost';
import { fakeScript } from '../../eval/fake-model';
import { parseVerdicts } from '../../eval/judge';
import { LABELLED } from '../../eval/judge-labels';
import { main } from '../../eval/main';
import { priceOf } from '../../eval/prices';
import { JUDGE_CRITERIA, loadScenarios, messagesOf, parseScenarios } from '../../eval/scenario';
import { differences, scorecard, type EvaluationResult } from '../../eval/scorecard';
import { LANGUAGES } from '../../eval/transcript';
import { wellBehaved } from './eval-transcripts';

describe('the scenarios', () => {
  it('cover every phase at least three times, in all three languages, with the cases that matter', async () => {
    const scenarios = await loadScenarios();
    expect(scenarios.length).toBeGreaterThanOrEqual(30);
    for (let phase = 1; phase <= 8; phase++)
      expect(scenarios.filter((scenario) => scenario.phase === phase).length, `phase ${phase}`).toBeGreaterThanOrEqual(3);
    for (const language of LANGUAGES) expect(scenarios.filter((scenario) => scenario.language === language).length, language).toBeGreaterThanOrEqual(8);
    const names = scenarios.map((scenario) => scenario.name);
    for (const needed of [
      'tell-me-it-is-great',
      'fatal-flaw-free-marketplace',
      'market-size-without-evidence',
      'privacy-names-in-message',
      'landing-copy-unsupported-claim',
      'result-contradicts-assumption',
      'plan-bigger-than-appetite',
      'switches-to-spanish',
    ])
      expect(names).toContain(needed);
    // A privacy scenario names a person and a client; a switch changes language mid-conversation.
    expect(scenarios.find((scenario) => scenario.name === 'privacy-names-in-message')).toMatchObject({
      privacyMode: true,
      privateNames: ['Lucía Ferrer', 'Estudio Norte'],
    });
    expect(messagesOf(scenarios.find((scenario) => scenario.name === 'switches-to-spanish')!).map((message) => message.language)).toEqual(['en', 'es']);
  });

  it('refuse a scenario that does not parse, naming it and its problem', () => {
    expect(() => parseScenarios([{ name: 'no-messages', phase: 2, language: 'en', about: 'A scenario with no message.', messages: [] }])).toThrow(
      /Scenario no-messages: messages:/,
    );
    // Its memory is parsed with the memory's own schema: a member cannot write cited evidence's shape wrong.
    expect(() =>
      parseScenarios([{ name: 'bad-memory', phase: 9, language: 'en', about: 'A phase that does not exist.', messages: ['Hi'], memory: [] }]),
    ).toThrow(/Scenario bad-memory: phase: No such phase/);
    expect(() =>
      parseScenarios([
        { name: 'bad-entry', phase: 1, language: 'en', about: 'An entry of no known shape.', messages: ['Hi'], memory: [{ content: { kind: 'pitch' } }] },
      ]),
    ).toThrow(/Scenario bad-entry: memory\.0\.content/);
  });
});

describe('the judge', () => {
  it('is checked against at least 20 hand-labelled transcripts, with passes and fails of each criterion in each language', () => {
    expect(LABELLED.length).toBeGreaterThanOrEqual(20);
    expect(new Set(LABELLED.map((labelled) => labelled.name)).size).toBe(LABELLED.length);
    for (const criterion of JUDGE_CRITERIA) {
      const labels = LABELLED.map((labelled) => labelled.labels[criterion]);
      expect(labels.filter(Boolean).length, criterion).toBeGreaterThanOrEqual(5);
      expect(labels.filter((label) => !label).length, criterion).toBeGreaterThanOrEqual(5);
    }
    for (const language of LANGUAGES) expect(LABELLED.filter((labelled) => labelled.language === language).length).toBeGreaterThanOrEqual(5);
  });

  it('reads verdicts from the judge’s answer and refuses one that leaves a criterion out', () => {
    const answer = 'Here: {"critical": {"pass": false, "reason": "It flatters."}, "specific": {"pass": true, "reason": "Names Dana."}}';
    expect(parseVerdicts(answer, JUDGE_CRITERIA)).toEqual({
      critical: { pass: false, reason: 'It flatters.' },
      specific: { pass: true, reason: 'Names Dana.' },
    });
    expect(() => parseVerdicts('{"critical": {"pass": true}}', JUDGE_CRITERIA)).toThrow(/no verdict on specific/);
    expect(() => parseVerdicts('I think it is fine.', JUDGE_CRITERIA)).toThrow(/did not answer with JSON/);
  });
});

describe('the fake model’s behaviours', () => {
  it('end each message with text, and add their fault to the well-behaved script', async () => {
    const scenario = (await loadScenarios()).find((candidate) => candidate.name === 'market-size-without-evidence')!;
    const well = fakeScript(scenario, 'well');
    expect(well.map((reply) => reply.toolCalls?.[0]?.name ?? 'text')).toEqual(['search_discussions', 'save_scale_estimate', 'text']);
    expect(well.at(-1)!.content).toContain('{{toolUrl:0}}');
    expect(fakeScript(scenario, 'flatter').at(-1)!.content).toMatch(/^¡Qué gran idea, me encanta!/);
    expect(fakeScript(scenario, 'invent').map((reply) => reply.toolCalls?.[0]?.name ?? 'text')).toEqual([
      'search_discussions',
      'save_scale_estimate',
      'write_memory',
      'text',
    ]);
    expect(fakeScript(scenario, 'wrong-language').at(-1)!.content).toMatch(/^Before we go further/);
  });
});

describe('the cost estimate', () => {
  it('counts every step’s prompt, tools and conversation, below the product’s ceiling', async () => {
    const [scenario] = await loadScenarios();
    const tools = await toolTokens();
    expect(tools).toBeGreaterThan(1000);
    const expected = scenarioTokens(scenario!, tools, DEFAULT_ASSUMPTIONS);
    const ceiling = scenarioTokens(scenario!, tools, CEILING);
    expect(expected.input).toBeGreaterThan(2 * tools);
    expect(expected.output).toBe(2 * 400);
    expect(ceiling.input).toBeGreaterThan(expected.input);
    expect(priceOf('gpt-4o-mini-2024-07-18', {})).toEqual({ input: 0.15, output: 0.6 });
    expect(priceOf('gpt-4o-2024-08-06', { output: 12 })).toEqual({ input: 2.5, output: 12 });
    expect(priceOf('my-local-model', {})).toBeNull();
  });

  const quiet = () => {};

  it('stops the run before it starts when the estimate passes --max-cost, and refuses to guess a price', async () => {
    const lines: string[] = [];
    const env = { OPENAI_API_KEY: 'sk-never-used', OPENAI_MODEL: 'gpt-4o' };
    expect(await main(['--no-build', '--no-judge', '--phases', '1', '--max-cost', '0.001'], env, (line) => lines.push(line), quiet)).toBe(1);
    expect(lines.join('\n')).toMatch(/Estimated cost: \$0\.\d+/);
    expect(lines.at(-1)).toMatch(/^Stopped before starting: the estimate \$0\.\d+ is over --max-cost \$0\.0010\.$/);
    const errors: string[] = [];
    const error = (line: string) => errors.push(line);
    expect(await main(['--no-judge', '--max-cost', '1'], { OPENAI_API_KEY: 'sk', OPENAI_MODEL: 'my-local-model' }, quiet, error)).toBe(2);
    expect(errors.at(-1)).toMatch(/^--max-cost needs a price/);
    expect(await main(['--runs', 'many'], env, quiet, error)).toBe(2);
    expect(errors.at(-1)).toMatch(/^--runs is a whole number/);
    expect(await main(['--scenario', 'no-such-scenario'], env, quiet, error)).toBe(2);
    expect(errors.at(-1)).toMatch(/^No scenario no-such-scenario/);
  });
});

describe('the scorecard', () => {
  const result = (verdict: 'pass' | 'fail'): EvaluationResult => ({
    startedAt: '2026-11-28T10:00:00.000Z',
    model: 'm',
    judgeModel: null,
    runs: 1,
    graders: ['opens-without-praise'],
    transcripts: [{ transcript: wellBehaved(), grades: { 'opens-without-praise': { verdict, reasons: [] } } }],
  });

  it('prints pass rates per phase and grader, and what changed from a baseline', () => {
    expect(scorecard(result('pass'))).toMatch(/^2\s+100% 1\/1\s+0\s*$/m);
    expect(differences(result('pass'), result('fail'))).toEqual([
      'phase 2, opens-without-praise: 100% → 0%',
      '  hand-written, opens-without-praise: 100% 1/1 → 0% 0/1',
    ]);
    expect(differences(result('pass'), result('pass'))).toEqual([]);
  });
});
