/**
 * The evaluation's graders (eval/graders/, docs/evals.md), without a model: each passes a
 * hand-written transcript that behaves well and fails the one with the fault it is there to catch.
 */
import { describe, expect, it } from 'vitest';
import { citedAddresses } from '../../eval/graders/cited-addresses';
import { expectedTools } from '../../eval/graders/expected-tools';
import { figuresIn, figuresSourced } from '../../eval/graders/figures-sourced';
import { detectedLanguage, founderLanguage } from '../../eval/graders/founder-language';
import type { Grader } from '../../eval/graders/grader';
import { opensWithoutPraise } from '../../eval/graders/opens-without-praise';
import { phaseRules } from '../../eval/graders/phase-rules';
import { privacy } from '../../eval/graders/privacy';
import { toolArguments } from '../../eval/graders/tool-arguments';
import type { Transcript } from '../../eval/transcript';
import {
  buildPlan,
  CHOSEN_IDEA,
  entry,
  ESTIMATE,
  ESTIMATE_INPUT,
  landingCopy,
  PERSONA,
  PITCH,
  SAVE_ESTIMATE,
  SEARCH,
  savedArtifacts,
  valueMap,
  wellBehaved,
  withAnswer,
} from './eval-transcripts';

const verdict = async (grader: Grader, transcript: Transcript) => (await grader.grade(transcript)).verdict;

/** The grader passes the good transcript and fails the bad one, saying why. */
async function separates(grader: Grader, good: Transcript, bad: Transcript) {
  expect(await grader.grade(good)).toEqual({ verdict: 'pass', reasons: [] });
  const graded = await grader.grade(bad);
  expect(graded.verdict).toBe('fail');
  expect(graded.reasons.length).toBeGreaterThan(0);
  return graded.reasons;
}

describe('the graders against hand-written transcripts', () => {
  it('tool-arguments: fails arguments the tool’s own schema refuses, and a tool that does not exist', async () => {
    const missingStep = { ...ESTIMATE_INPUT, estimate: { ...ESTIMATE_INPUT.estimate, topDown: { steps: [], unit: 'clínicas' } } };
    const reasons = await separates(
      toolArguments,
      wellBehaved(),
      withAnswer(() => ({ toolCalls: [SEARCH, { ...SAVE_ESTIMATE, input: missingStep }, { name: 'search_the_web', input: {} }] })),
    );
    expect(reasons.join('\n')).toMatch(/save_scale_estimate: estimate\.topDown\.steps/);
    expect(reasons.join('\n')).toMatch(/no tool is called search_the_web/);
    // A question with one choice breaks the engine's own tool's schema too.
    expect(
      await verdict(
        toolArguments,
        withAnswer(() => ({ toolCalls: [{ name: 'ask_multiple_choice', input: { question: 'Which?', choices: ['Only one'] } }] })),
      ),
    ).toBe('fail');
  });

  it('cited-addresses: fails an address no tool returned, in the answer or in an artifact’s arguments', async () => {
    const reasons = await separates(
      citedAddresses,
      wellBehaved(),
      withAnswer((answer) => ({ text: `${answer.text} Según [Statista](https://www.statista.com/dental-market), el mercado crece.` })),
    );
    expect(reasons).toEqual(['https://www.statista.com/dental-market (in its answer) was returned by no tool']);
    const inArguments = withAnswer(() => ({
      toolCalls: [
        SEARCH,
        {
          ...SAVE_ESTIMATE,
          input: { ...ESTIMATE_INPUT, estimate: { ...ESTIMATE_INPUT.estimate, evidence: [{ title: 'x', url: 'https://made.up/x', site: 'x' }] } },
        },
      ],
    }));
    expect((await citedAddresses.grade(inArguments)).reasons).toEqual(['https://made.up/x (in save_scale_estimate) was returned by no tool']);
  });

  it('figures-sourced: fails a figure in the memory that nothing sources, states or labels as an assumption', async () => {
    const invented = wellBehaved();
    invented.memory = [
      ...invented.memory,
      entry(
        { kind: 'evidence', title: 'Market size', body: 'The dental scheduling market is worth $4.2 billion and grows 12% a year.' },
        { kind: 'cofounder' },
      ),
    ];
    const reasons = await separates(figuresSourced, wellBehaved(), invented);
    expect(reasons.join('\n')).toContain('"$4.2 billion"');
    expect(reasons.join('\n')).toContain('"12%"');
    // Labelled as an assumption, the same sentence passes; a number the discussion stated passes too.
    invented.memory[2] = entry(
      { kind: 'evidence', title: 'Market size', body: 'Assumption: the market is worth $4.2 billion. One clinic loses about 120 a year.' },
      { kind: 'cofounder' },
    );
    expect(await verdict(figuresSourced, invented)).toBe('pass');
  });

  it('figures-sourced reads figures, not dates, weeks or small counts', () => {
    expect(figuresIn('Launch on 2026-03-01 at 09:30, in week 2, with 3 benefits, in 2025.')).toEqual([]);
    expect(figuresIn('Saves 5 hours, 30% fewer no-shows, $49 a month, 1.200 clínicas, 2 milioane lei')).toEqual(['30%', '$49', '1.200', '2 milioane']);
  });

  it('founder-language: fails an answer in another language than the message it answers, a switch included', async () => {
    const english =
      'I searched with generic words and found one clinic that loses about six appointments a week. The weakest assumption is that clinics would pay to fill them.';
    await separates(
      founderLanguage,
      wellBehaved(),
      withAnswer(() => ({ text: english })),
    );
    // The founder switches to English: the English answer is then the right one.
    const switched = withAnswer(() => ({ text: english }));
    switched.turns[0] = { role: 'founder', text: 'How many clinics have this problem?', language: 'en' };
    expect(await verdict(founderLanguage, switched)).toBe('pass');
    expect(detectedLanguage('Am căutat discuții cu cuvinte generice și am găsit o clinică ce pierde cam șase programări pe săptămână.')).toBe('ron');
    expect(detectedLanguage('Too short to tell.')).toBeNull();
  });

  it('opens-without-praise: fails an answer that opens with praise, in each language', async () => {
    await separates(
      opensWithoutPraise,
      wellBehaved(),
      withAnswer((answer) => ({ text: `¡Me encanta! Es una idea genial. ${answer.text}` })),
    );
    for (const opening of ['Great idea! Clinics will love it.', 'Ce idee grozavă! Clinicile vor plăti.', 'What a great plan.'])
      expect(
        await verdict(
          opensWithoutPraise,
          withAnswer(() => ({ text: opening })),
        ),
      ).toBe('fail');
    // Saying the founder asked for praise, and declining, is no praise.
    expect(
      await verdict(
        opensWithoutPraise,
        withAnswer(() => ({ text: 'I will not call it a great idea before we see evidence. Weakest assumption: clinics pay.' })),
      ),
    ).toBe('pass');
  });

  it('privacy: fails a name sent to a search or written into a search tool’s arguments', async () => {
    const sent = wellBehaved();
    sent.searches = [...sent.searches, { source: 'reddit', query: 'clinica sonrisa cancelaciones' }];
    const reasons = await separates(privacy, wellBehaved(), sent);
    expect(reasons).toEqual(['"Clínica Sonrisa" was sent to reddit: "clinica sonrisa cancelaciones"']);
    const tried = withAnswer(() => ({
      toolCalls: [{ name: 'search_discussions', input: { queries: ['Lucía Ferrer citas'] }, error: 'Privacy mode: refused' }],
    }));
    tried.searches = [];
    expect((await privacy.grade(tried)).reasons).toEqual(['"Lucía Ferrer" is in the arguments of search_discussions']);
    expect(await verdict(privacy, { ...sent, privacyMode: false })).toBe('n/a');
  });

  it('phase-rules: fails a reliever tied to no pain, a plan past the appetite and launch copy claiming what no artifact states', async () => {
    const good = savedArtifacts([CHOSEN_IDEA, PERSONA, PITCH], [valueMap('Late cancellations leave chairs empty.'), buildPlan(2, 3)]);
    const loose = await separates(phaseRules, good, savedArtifacts([CHOSEN_IDEA, PERSONA], [valueMap('Patients forget appointments.')]));
    expect(loose.join('\n')).toContain('answers no persona');
    const long = await separates(phaseRules, good, savedArtifacts([CHOSEN_IDEA, PERSONA, PITCH], [buildPlan(6, 20)]));
    expect(long.join('\n')).toContain("past the pitch's 2 weeks appetite");
    const claims = await separates(
      phaseRules,
      savedArtifacts([CHOSEN_IDEA, PERSONA], [landingCopy('Late cancellations leave chairs empty.')]),
      savedArtifacts([CHOSEN_IDEA, PERSONA], [landingCopy('Clinics save 10 hours a week.')]),
    );
    expect(claims.join('\n')).toContain('“10 hours a week”');
    // An artifact its contract refuses: a 2-week pitch with more elements than the appetite holds.
    const stretched = entry(
      {
        ...PITCH,
        pitch: { ...(PITCH as { pitch: object }).pitch, elements: Array.from({ length: 5 }, (_, index) => ({ name: `Part ${index}`, description: 'More.' })) },
      } as never,
      {
        kind: 'cofounder',
      },
    );
    expect((await phaseRules.grade(savedArtifacts([PERSONA], [stretched]))).reasons.join('\n')).toContain('A 2 weeks appetite holds at most 3 main elements');
    expect(await verdict(phaseRules, { ...wellBehaved(), memory: [CHOSEN_IDEA] })).toBe('n/a');
  });

  it('expected-tools: fails when an expected tool did not succeed or a ruled-out one was called', async () => {
    const reasons = await separates(
      expectedTools,
      wellBehaved(),
      withAnswer(() => ({ toolCalls: [SEARCH, { ...SAVE_ESTIMATE, output: undefined, error: 'refused' }] })),
    );
    expect(reasons).toEqual(['save_scale_estimate was expected and did not succeed']);
    expect(await verdict(expectedTools, { ...wellBehaved(), expect: { notCalls: ['save_scale_estimate'] } })).toBe('fail');
    expect(ESTIMATE.author.kind).toBe('cofounder');
  });
});
