import { describe, expect, it } from 'vitest';
import { staleUpstreams } from '#contracts/phases/registry';
import {
  LeanCanvasContentSchema,
  PitchContentSchema,
  RiskiestAssumptionsContentSchema,
  ValueMapContentSchema,
  CANVAS_FIELDS,
} from '#contracts/phases/shape-solution';
import type { MemoryEntry } from '#contracts/workspace';
import { SHAPE_SOLUTION_DEMO } from '../../worker/agents/phases/shape-solution/demo';
import type { DemoStep } from '../../worker/agents/phases/types';
import { db } from '../utils';
import { demoContext, demoText, demoWords } from './demo-context';
import { answerEnd, ask, currentOrNextState, lane, openSocket, ownerWithProject, PERSONA, send, type TestSocket, toolResultsIn } from './workspace-support';

/**
 * Phase 5 in the workspace, through the object with the fake model over HTTP: a value map whose
 * relievers answer what the personas state; a Lean Canvas whose boxes cite the memory or say
 * 'assumption'; exactly three riskiest assumptions; a pitch held to its appetite; accepting the
 * pitch completes the phase; a persona edited after the map was accepted marks it for review;
 * members' bad edits refused; Free; and the offline demo's steps.
 */

type State = { phases: { done: number[]; current: number }; memory: MemoryEntry[] };

const waitForState = currentOrNextState<State>;
const entryOf = (state: State, kind: string) => state.memory.find((entry) => entry.kind === kind);

async function create(socket: TestSocket, content: object) {
  const saved = await ask(socket, { type: 'memory_create', content });
  expect(saved).toMatchObject({ ok: true });
  return saved.value!;
}

/** A Pro project with a persona in its memory. */
async function proProject() {
  const owner = await ownerWithProject();
  await db().prepare("UPDATE users SET plan = 'pro' WHERE email = ?").bind(owner.email).run();
  const socket = await openSocket(owner.projectId, owner.jar);
  const persona = await create(socket, { kind: 'persona', title: 'Dana Whitfield', persona: PERSONA });
  return { owner, socket, persona };
}

const PAIN = PERSONA.pains[0]!.text;
const GAIN = PERSONA.gains[0]!.text;
const valueMap = (relieverAnswers: { persona: string; text: string } | null) => ({
  products: ['Texts to the waiting list'],
  relievers: [{ text: 'Offers a cancelled slot to the waiting list at once.', answers: relieverAnswers }],
  creators: [{ text: 'Books the first reply without a call.', answers: { persona: 'Dana Whitfield', text: GAIN } }],
});
const canvas = (source: string) =>
  Object.fromEntries(Object.keys(CANVAS_FIELDS).map((field) => [field, { text: `The ${field} of the clinic idea.`, source }])) as Record<
    keyof typeof CANVAS_FIELDS,
    { text: string; source: string }
  >;
const RISK = {
  assumption: 'Clinics lose several slots a week.',
  whyRisky: 'Everything rests on it.',
  test: 'Ask ten clinics; fewer than half losing a slot a week disproves it.',
  cost: '2 days, $0',
  researchQuestion: 'How many slots did you lose last week?',
};
const element = (name: string) => ({ name, description: `The ${name.toLowerCase()}.` });
const pitch = (appetite: '2 weeks' | '6 weeks', elements: number) => ({
  problem: 'Dana’s 9 o’clock cancels at 8:15 and the chair stays empty.',
  appetite,
  elements: ['Offer', 'Reply', 'Booking', 'Reminders'].slice(0, elements).map(element),
  flows: ['A slot frees up → the list gets a text → the first reply is booked.'],
  rabbitHoles: ['Calendar sync with every vendor.'],
  noGos: ['Payments'],
});

describe("phase 5's tools", () => {
  it('refuse a value map whose reliever answers no pain a persona states, and save one in the personas’ words', async () => {
    const { socket } = await proProject();
    const model = await lane({
      replies: [
        {
          toolCalls: [
            { name: 'save_value_map', arguments: { title: 'Map', valueMap: valueMap(null) } },
            { name: 'save_value_map', arguments: { title: 'Map', valueMap: valueMap({ persona: 'Dana Whitfield', text: 'Paperwork on Fridays.' }) } },
          ],
        },
        { content: 'Refused.' },
        { toolCalls: [{ name: 'save_value_map', arguments: { title: 'Map', valueMap: valueMap({ persona: 'dana whitfield', text: PAIN.toUpperCase() }) } }] },
        { content: 'Saved.' },
      ],
    });
    await answerEnd(socket, send(socket, `Map it ${model.tag}`).requestId);
    const refusals = toolResultsIn((await model.bodies())[1]!);
    expect(refusals).toHaveLength(2);
    for (const refusal of refusals) {
      expect(refusal).toContain('answers no pain that a persona states');
      expect(refusal).toContain(`Dana Whitfield: pains "${PAIN}"`);
    }
    expect(entryOf(socket.latestState<State>()!, 'value_map')).toBeUndefined();

    await answerEnd(socket, send(socket, 'Again').requestId);
    expect(toolResultsIn((await model.bodies())[3]!).at(-1)).toContain('which pain the map relieves best');
    const saved = entryOf(await waitForState(socket, (state) => entryOf(state, 'value_map') !== undefined, 'the map saved'), 'value_map') as Extract<
      MemoryEntry,
      { kind: 'value_map' }
    >;
    // Stored in the persona's own words, whatever case the model wrote.
    expect(saved.valueMap.relievers[0]!.answers).toEqual({ persona: 'Dana Whitfield', text: PAIN });
    expect(ValueMapContentSchema.safeParse({ kind: saved.kind, title: saved.title, valueMap: saved.valueMap }).success).toBe(true);
    socket.close();
  });

  it('refuse a canvas box citing what the memory does not hold, and name the weakest box once saved', async () => {
    const { socket } = await proProject();
    const model = await lane({
      replies: [
        { toolCalls: [{ name: 'save_lean_canvas', arguments: { title: 'Canvas', canvas: canvas('Competitor: Nobody knows') } }] },
        { content: 'Refused.' },
        {
          toolCalls: [
            {
              name: 'save_lean_canvas',
              arguments: {
                title: 'Canvas',
                canvas: { ...canvas('assumption'), customerSegments: { text: 'Practice managers.', source: 'persona: dana whitfield' } },
              },
            },
          ],
        },
        { content: 'Saved.' },
      ],
    });
    await answerEnd(socket, send(socket, `Canvas ${model.tag}`).requestId);
    const [refused] = toolResultsIn((await model.bodies())[1]!);
    expect(refused).toContain('Problem cites "Competitor: Nobody knows", which is not in the memory');
    expect(refused).toContain('"Persona: Dana Whitfield"');
    expect(entryOf(socket.latestState<State>()!, 'lean_canvas')).toBeUndefined();

    await answerEnd(socket, send(socket, 'Again').requestId);
    expect(toolResultsIn((await model.bodies())[3]!).at(-1)).toContain('Name the weakest box');
    const saved = entryOf(await waitForState(socket, (state) => entryOf(state, 'lean_canvas') !== undefined, 'the canvas saved'), 'lean_canvas') as Extract<
      MemoryEntry,
      { kind: 'lean_canvas' }
    >;
    expect(saved.canvas.customerSegments.source).toBe('Persona: Dana Whitfield');
    expect(LeanCanvasContentSchema.safeParse({ kind: saved.kind, title: saved.title, canvas: saved.canvas }).success).toBe(true);
    socket.close();
  });

  it('refuse two riskiest assumptions and a pitch bigger than its appetite; accepting the pitch completes phase 5 in D1', async () => {
    const { owner, socket } = await proProject();
    const model = await lane({
      replies: [
        {
          toolCalls: [
            { name: 'save_riskiest_assumptions', arguments: { title: 'Risks', risks: [RISK, RISK] } },
            { name: 'save_pitch', arguments: { title: 'Pitch', pitch: pitch('2 weeks', 4) } },
          ],
        },
        { content: 'Refused.' },
        {
          toolCalls: [
            {
              name: 'save_riskiest_assumptions',
              arguments: { title: 'Risks', risks: [RISK, { ...RISK, researchQuestion: null }, { ...RISK, researchQuestion: null }] },
            },
            { name: 'save_pitch', arguments: { title: 'Pitch', pitch: pitch('2 weeks', 3) } },
          ],
        },
        { content: 'Saved.' },
      ],
    });
    await answerEnd(socket, send(socket, `Risks and pitch ${model.tag}`).requestId);
    const [risks, tooBig] = toolResultsIn((await model.bodies())[1]!);
    expect(risks).toContain('Name exactly 3 assumptions');
    expect(tooBig).toContain('A 2 weeks appetite holds at most 3 main elements: cut 1, do not stretch the appetite');
    const before = socket.latestState<State>()!;
    expect(entryOf(before, 'riskiest_assumptions') ?? entryOf(before, 'pitch')).toBeUndefined();

    await answerEnd(socket, send(socket, 'Again').requestId);
    const [drafted] = toolResultsIn((await model.bodies())[3]!).slice(-2);
    expect(drafted).toContain('draft_research_page');
    const state = await waitForState(socket, (candidate) => entryOf(candidate, 'pitch') !== undefined, 'the pitch saved');
    const risksSaved = entryOf(state, 'riskiest_assumptions') as Extract<MemoryEntry, { kind: 'riskiest_assumptions' }>;
    expect(RiskiestAssumptionsContentSchema.safeParse({ kind: risksSaved.kind, title: risksSaved.title, risks: risksSaved.risks }).success).toBe(true);
    const saved = entryOf(state, 'pitch')!;
    expect(await ask(socket, { type: 'memory_accept', id: saved.id, baseVersion: saved.version })).toMatchObject({ ok: true });
    await waitForState(socket, (candidate) => candidate.phases.done.includes(5), 'phase 5 done');
    const row = await db().prepare('SELECT phase FROM project_phases WHERE project_id = ? AND phase = 5').bind(owner.projectId).first();
    expect(row).toEqual({ phase: 5 });
    socket.close();
  });
});

describe("members' edits", () => {
  it('are refused with the field named when a box is empty or too long, or a pitch outgrows its appetite, and change nothing', async () => {
    const { socket } = await proProject();
    const saved = await create(socket, { kind: 'lean_canvas', title: 'Canvas', canvas: canvas('assumption') });
    const tooLong = await ask(socket, {
      type: 'memory_update',
      id: saved.id,
      baseVersion: saved.version,
      content: { kind: 'lean_canvas', title: 'Canvas', canvas: { ...canvas('assumption'), unfairAdvantage: { text: 'x'.repeat(301), source: 'assumption' } } },
    });
    expect(tooLong).toMatchObject({ ok: false, reason: 'invalid' });
    expect(tooLong.error).toMatch(/300/);
    const empty = await ask(socket, {
      type: 'memory_update',
      id: saved.id,
      baseVersion: saved.version,
      content: { kind: 'lean_canvas', title: 'Canvas', canvas: { ...canvas('assumption'), problem: { text: '  ', source: 'assumption' } } },
    });
    expect(empty).toMatchObject({ ok: false, reason: 'invalid' });
    const overAppetite = await ask(socket, { type: 'memory_create', content: { kind: 'pitch', title: 'Pitch', pitch: pitch('2 weeks', 4) } });
    expect(overAppetite).toMatchObject({ ok: false, error: 'A 2 weeks appetite holds at most 3 main elements: cut 1, do not stretch the appetite' });
    const state = socket.latestState<State>()!;
    expect(entryOf(state, 'lean_canvas')).toMatchObject({ version: saved.version });
    expect(entryOf(state, 'pitch')).toBeUndefined();
    socket.close();
  });
});

describe('stale flags', () => {
  it('mark the accepted value map for review when its persona changes, and clear when it is accepted again', async () => {
    const { socket, persona } = await proProject();
    const map = await create(socket, { kind: 'value_map', title: 'Map', valueMap: valueMap({ persona: 'Dana Whitfield', text: PAIN }) });
    expect(await ask(socket, { type: 'memory_accept', id: map.id, baseVersion: map.version })).toMatchObject({ ok: true });
    const accepted = await waitForState(socket, (state) => entryOf(state, 'value_map')!.acceptedAt !== undefined, 'the map accepted');
    expect(staleUpstreams(entryOf(accepted, 'value_map')!, accepted.memory)).toEqual([]);

    const edited = await ask(socket, {
      type: 'memory_update',
      id: persona.id,
      baseVersion: persona.version,
      content: { kind: 'persona', title: 'Dana Whitfield', persona: { ...PERSONA, role: 'Clinic owner' } },
    });
    expect(edited).toMatchObject({ ok: true });
    const after = await waitForState(socket, (state) => entryOf(state, 'persona')!.version > persona.version, 'the persona edited');
    expect(staleUpstreams(entryOf(after, 'value_map')!, after.memory).map((upstream) => upstream.kind)).toEqual(['persona']);

    const current = entryOf(after, 'value_map')!;
    expect(await ask(socket, { type: 'memory_accept', id: current.id, baseVersion: current.version })).toMatchObject({ ok: true });
    const again = await waitForState(socket, (state) => (entryOf(state, 'value_map')!.acceptedAt ?? 0) > (current.acceptedAt ?? 0), 'accepted again');
    expect(staleUpstreams(entryOf(again, 'value_map')!, again.memory)).toEqual([]);
    socket.close();
  });
});

describe('on Free', () => {
  it('offers none of the tools of phase 5 and refuses a member’s edit of its artifacts; on Pro the prompt carries its guide', async () => {
    const { owner, socket } = await proProject();
    await db().prepare("UPDATE users SET plan = 'free' WHERE email = ?").bind(owner.email).run();
    const refused = await ask(socket, { type: 'memory_create', content: { kind: 'pitch', title: 'Pitch', pitch: pitch('2 weeks', 1) } });
    expect(refused).toMatchObject({ ok: false, error: 'Phase 5, "Shape the solution", needs Pro: its results stay readable.' });
    // One lane for both turns: the second turn's conversation holds the first one's tag.
    const model = await lane({ replies: [{ content: 'Free.' }, { content: 'Pro.' }] });
    await answerEnd(socket, send(socket, `Shape it ${model.tag}`).requestId);
    const offered = ((await model.bodies())[0]!.tools ?? []).map((offeredTool) => offeredTool.function.name);
    for (const name of ['save_value_map', 'save_lean_canvas', 'save_riskiest_assumptions', 'save_pitch']) expect(offered).not.toContain(name);

    await db().prepare("UPDATE users SET plan = 'pro' WHERE email = ?").bind(owner.email).run();
    expect(await ask(socket, { type: 'phase_open', phase: 5 })).toMatchObject({ ok: true });
    await answerEnd(socket, send(socket, 'Shape it now').requestId);
    const body = (await model.bodies())[1];
    expect((body!.tools ?? []).map((offeredTool) => offeredTool.function.name)).toEqual(
      expect.arrayContaining(['save_value_map', 'save_lean_canvas', 'save_riskiest_assumptions', 'save_pitch']),
    );
    const system = JSON.stringify(body!.messages.filter((message) => message.role === 'system'));
    expect(system).toContain('Phase 5, \\"Shape the solution\\"');
    expect(system).toContain('never stretch the time');
    socket.close();
  });
});

describe('the offline demo in phase 5', () => {
  const words = demoWords('Bike repair at home', 'Shape it');

  it('maps nothing without a persona; with one, walks the value map, the canvas, three risks and a 2-week pitch through the tools', async () => {
    const empty = demoContext();
    expect(await SHAPE_SOLUTION_DEMO[0]!.tool!(empty.context, { toolCallId: 'demo-1', words })).toBeNull();
    const textOf = (step: DemoStep, memory: readonly MemoryEntry[]) => demoText(step, { ...words, memory });
    expect(textOf(SHAPE_SOLUTION_DEMO[0]!, empty.memory())).toMatch(/holds no persona yet.*define the personas in phase 4 first/);

    const { context, memory } = demoContext();
    context.actions.writeMemory({ kind: 'persona', title: 'Sam Rivera', persona: PERSONA } as never);
    expect(textOf(SHAPE_SOLUTION_DEMO[0]!, memory())).toMatch(/^\*Offline demo — not AI\.\* Here is a value map/);
    for (const [index, step] of SHAPE_SOLUTION_DEMO.entries()) {
      expect(textOf(step, memory())).toMatch(/^\*Offline demo — not AI\.\*/);
      expect(await step.tool!(context, { toolCallId: `demo-${index}`, words })).not.toBeNull();
    }
    const kinds = memory().map((entry) => entry.kind);
    expect(kinds).toEqual(['persona', 'value_map', 'lean_canvas', 'riskiest_assumptions', 'pitch']);
    const map = memory().find((entry) => entry.kind === 'value_map') as Extract<MemoryEntry, { kind: 'value_map' }>;
    expect(map.valueMap.relievers[0]!.answers).toEqual({ persona: 'Sam Rivera', text: PAIN });
    const leanCanvas = memory().find((entry) => entry.kind === 'lean_canvas') as Extract<MemoryEntry, { kind: 'lean_canvas' }>;
    expect(leanCanvas.canvas.customerSegments.source).toBe('Persona: Sam Rivera');
    expect(leanCanvas.canvas.solution.source).toBe('Value map: Value map of bike repair at home');
    const saved = memory().find((entry) => entry.kind === 'pitch') as Extract<MemoryEntry, { kind: 'pitch' }>;
    expect(PitchContentSchema.safeParse({ kind: saved.kind, title: saved.title, pitch: saved.pitch }).success).toBe(true);
    expect(saved.title).toContain('Bike repair at home');
  });
});
