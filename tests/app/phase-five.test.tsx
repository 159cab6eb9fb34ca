/**
 * Phase 5, 'Shape the solution', in the memory panel: the value map flags what answers no
 * persona's pain, the Lean Canvas shows its 9 boxes with where each came from, a riskiest
 * assumption's research question is drafted by asking the co-founder, the pitch is held to its
 * appetite; each artifact is edited field by field, and bad input is named and never sent.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  LeanCanvasContentSchema,
  PitchContentSchema,
  RiskiestAssumptionsContentSchema,
  ValueMapContentSchema,
  type LeanCanvas,
} from '#contracts/phases/shape-solution';
import type { MemoryEntry, WorkspaceMessage, WorkspaceState } from '#contracts/workspace';
import { MemoryPanel } from '../../app/pages/app/workspace/MemoryPanel';
import { MessageRow } from '../../app/pages/app/workspace/MessageRow';
import { SHAPE_SOLUTION_APP } from '../../app/pages/app/workspace/phases/shape-solution';
import { draftQuestionRequest } from '../../app/pages/app/workspace/phases/shape-solution/RiskiestAssumptionsView';
import type { MemoryResult } from '../../app/pages/app/workspace/use-workspace';
import { AT, PERSONA } from './artifact-fixtures';

type Entry<Kind extends MemoryEntry['kind']> = Extract<MemoryEntry, { kind: Kind }>;
const meta = { version: 1, author: { kind: 'cofounder' }, updatedAt: AT } as const;

const VALUE_MAP = {
  ...meta,
  id: 'v1',
  kind: 'value_map',
  title: 'Refill without calls',
  valueMap: {
    products: ['A waiting-list texter', 'A calendar sync'],
    relievers: [
      { text: 'Texts the waiting list the moment a slot opens.', answers: { persona: 'Dana Whitfield', text: 'Late cancellations.' } },
      { text: 'A weekly report of refilled slots.', answers: null },
      { text: 'One number for patients to call.', answers: { persona: 'Dana Whitfield', text: 'Voicemail overflow.' } },
    ],
    creators: [{ text: 'The first reply takes the slot.', answers: { persona: 'dana whitfield', text: 'Slots refilled without calls.' } }],
  },
} as Entry<'value_map'>;

const box = (text: string, source = 'assumption') => ({ text, source });
const CANVAS: LeanCanvas = {
  problem: box('Late cancellations leave chairs empty.', 'Persona: Dana Whitfield'),
  existingAlternatives: box('A paper waiting list and the phone.', 'Persona: Dana Whitfield'),
  solution: box('Text the waiting list when a slot opens.', 'Value map: Refill without calls'),
  keyMetrics: box('Slots refilled within an hour.'),
  uniqueValueProposition: box('Empty chairs refill themselves.'),
  unfairAdvantage: box('A calendar sync with the two biggest practice systems.'),
  channels: box('The dental managers forum.', 'Persona: Dana Whitfield'),
  customerSegments: box('Dental clinics of 2 to 10 chairs.', 'Scale estimate: Dental clinics in the US'),
  earlyAdopters: box('Clinics that keep a waiting list already.', 'Persona: Dana Whitfield'),
  costStructure: box('SMS at $0.01 a text, hosting.'),
  revenueStreams: box('$49 per clinic per month.'),
};
const LEAN_CANVAS = { ...meta, id: 'lc1', kind: 'lean_canvas', title: 'Chairs that refill', canvas: CANVAS } as Entry<'lean_canvas'>;

const RISKS = {
  ...meta,
  id: 'r1',
  kind: 'riskiest_assumptions',
  title: 'What could sink it',
  risks: [
    {
      assumption: 'Patients on a waiting list answer a text within an hour.',
      whyRisky: 'If they do not, the slot stays empty and nothing was gained.',
      test: 'Text 20 patients of one clinic by hand; fewer than 5 answers in an hour disproves it.',
      cost: '1 day, $0',
      researchQuestion: 'How quickly do you answer a text from your dentist?',
    },
    {
      assumption: 'Managers will connect their calendar.',
      whyRisky: 'Without the calendar, slots must be entered by hand.',
      test: 'Ask 5 managers to connect a test calendar.',
      cost: '2 days, $0',
      researchQuestion: null,
    },
    {
      assumption: 'Clinics pay $49 a month.',
      whyRisky: 'Below that the texts cost more than they bring.',
      test: 'A pricing page with a pre-order button.',
      cost: '3 days, $50 of ads',
      researchQuestion: null,
    },
  ],
} as Entry<'riskiest_assumptions'>;

const PITCH = {
  ...meta,
  id: 'pi1',
  kind: 'pitch',
  title: 'Refill a cancelled slot',
  pitch: {
    problem: 'Dana gets a cancellation at 8am and spends an hour calling the waiting list.',
    appetite: '2 weeks',
    elements: [
      { name: 'Opening', description: 'Dana marks a slot as open.' },
      { name: 'Texts', description: 'The waiting list gets a text.' },
      { name: 'First reply wins', description: 'The first yes takes the slot.' },
    ],
    flows: ['Dana marks the slot; patients get a text; the first yes books it.'],
    rabbitHoles: ['Two-way calendar sync: read only for now.'],
    noGos: [],
  },
} as Entry<'pitch'>;

const saved: MemoryResult = { type: 'request_result', requestId: 'r', ok: true, value: null };
type Change = Parameters<Parameters<typeof MemoryPanel>[0]['changeMemory']>[0];

/** The workspace the panel lends the views, as the workspace screen builds it from the shared state. */
const workspaceOf = (memory: MemoryEntry[], onAsk = vi.fn()) => ({
  ...SHAPE_SOLUTION_APP.workspaceContext({ memory } as unknown as WorkspaceState),
  onAsk,
});

function editing(entry: MemoryEntry, workspace?: ReturnType<typeof workspaceOf>) {
  const changes: Change[] = [];
  const changeMemory = vi.fn(async (change: Change) => {
    changes.push(change);
    return saved;
  });
  render(<MemoryPanel entries={[entry]} changeMemory={changeMemory} workspace={workspace} />);
  fireEvent.click(screen.getByRole('button', { name: `Edit ${entry.title}` }));
  const form = screen.getByRole('form', { name: `Edit ${entry.title}` });
  const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });
  const save = () => fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
  const sent = async () => {
    await waitFor(() => expect(changes).toHaveLength(1));
    const change = changes[0]!;
    if (change.type !== 'memory_update') throw new Error('No update was sent');
    return change.content;
  };
  return { changes, form, type, save, sent };
}

function select(element: HTMLElement): HTMLSelectElement {
  if (!(element instanceof HTMLSelectElement)) throw new Error('Not a choice');
  return element;
}

beforeAll(() => {
  // jsdom has no modal dialogs: the stand-ins keep the open attribute as browsers do.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

describe('the value map', () => {
  it('shows the products, and each reliever and creator with the persona pain or gain it answers', () => {
    render(<MemoryPanel entries={[PERSONA, VALUE_MAP]} changeMemory={vi.fn()} workspace={workspaceOf([PERSONA, VALUE_MAP])} />);
    const map = screen.getByRole('listitem', { name: 'Value map: Refill without calls' });
    expect(within(map).getByText('A waiting-list texter')).toBeTruthy();
    expect(within(map).getByText('A calendar sync')).toBeTruthy();
    const texter = within(map).getByText('Texts the waiting list the moment a slot opens.').closest('li')!;
    expect(texter.textContent).toContain('Answers Dana Whitfield’s pain: Late cancellations.');
    expect(within(texter).queryByText('Answers no pain of a persona')).toBeNull();
    // A gain named in other letter case is still the persona's.
    const creator = within(map).getByText('The first reply takes the slot.').closest('li')!;
    expect(creator.textContent).toContain('gain: Slots refilled without calls.');
    expect(creator.className).not.toContain('unanswered');
  });

  it('flags a reliever that answers nothing, and one naming a pain no current persona states', () => {
    render(<MemoryPanel entries={[PERSONA, VALUE_MAP]} changeMemory={vi.fn()} workspace={workspaceOf([PERSONA, VALUE_MAP])} />);
    const map = screen.getByRole('listitem', { name: 'Value map: Refill without calls' });
    expect(within(map).getAllByText('Answers no pain of a persona')).toHaveLength(2);
    const report = within(map).getByText('A weekly report of refilled slots.').closest('li')!;
    expect(within(report).getByText('Answers no pain of a persona')).toBeTruthy();
    expect(report.className).toContain('shape-solution-map__fit--unanswered');
    const phone = within(map).getByText('One number for patients to call.').closest('li')!;
    expect(phone.textContent).toContain('Answers no pain of a persona');
    expect(phone.textContent).toContain('It names Dana Whitfield’s Voicemail overflow., which no persona in the memory states now.');
  });

  it('flags a creator once its persona is gone from the memory', () => {
    render(<MemoryPanel entries={[VALUE_MAP]} changeMemory={vi.fn()} workspace={workspaceOf([VALUE_MAP])} />);
    const creator = screen.getByText('The first reply takes the slot.').closest('li')!;
    expect(within(creator).getByText('Answers no gain of a persona')).toBeTruthy();
  });

  it('lends the views the personas of the memory: each name with its pains and gains', () => {
    expect(workspaceOf([PERSONA, VALUE_MAP]).personaNeeds).toEqual([
      { name: 'Dana Whitfield', pains: ['Late cancellations.', 'Phone tag.'], gains: ['Slots refilled without calls.'] },
    ]);
    expect(SHAPE_SOLUTION_APP.workspaceContext(null)).toEqual({});
  });

  it('lends the editors the artifacts a Lean Canvas box may come from, by phase, the canvas itself aside', () => {
    expect(workspaceOf([VALUE_MAP, LEAN_CANVAS, PERSONA, { ...PERSONA, id: 'p2' }]).memorySources).toEqual([
      'Persona: Dana Whitfield',
      'Value map: Refill without calls',
    ]);
  });
});

describe('the Lean Canvas', () => {
  it('shows its 9 boxes in reading order, each field with where it came from, and the whole grid in a dialog', () => {
    const onAccept = vi.fn(async () => null);
    render(<MemoryPanel entries={[LEAN_CANVAS]} changeMemory={vi.fn(async () => saved)} workspace={workspaceOf([LEAN_CANVAS])} />);
    const entry = screen.getByRole('listitem', { name: 'Lean Canvas: Chairs that refill' });
    const boxes = within(entry).getAllByRole('region');
    expect(boxes.map((region) => within(region).getByRole('heading', { level: 4 }).textContent)).toEqual([
      'Problem',
      'Solution',
      'Key metrics',
      'Unique value proposition',
      'Unfair advantage',
      'Channels',
      'Customer segments',
      'Cost structure',
      'Revenue streams',
    ]);
    const problem = within(entry).getByRole('region', { name: 'Problem' });
    expect(problem.textContent).toBe(
      'ProblemLate cancellations leave chairs empty.From Persona: Dana WhitfieldExisting alternativesA paper waiting list and the phone.From Persona: Dana Whitfield',
    );
    const segments = within(entry).getByRole('region', { name: 'Customer segments' });
    expect(within(segments).getByText('From Scale estimate: Dental clinics in the US')).toBeTruthy();
    expect(within(segments).getByRole('heading', { name: 'Early adopters' })).toBeTruthy();
    const advantage = within(entry).getByRole('region', { name: 'Unfair advantage' });
    expect(advantage.textContent).toBe('Unfair advantageA calendar sync with the two biggest practice systems.Assumption');
    // Every field says where it came from: 11 fields in 9 boxes.
    expect(within(entry).getAllByText(/^(From .+|Assumption)$/)).toHaveLength(11);
    expect(onAccept).not.toHaveBeenCalled();

    fireEvent.click(within(entry).getByRole('button', { name: 'See the whole canvas' }));
    const dialog = screen.getByRole('dialog', { name: 'Chairs that refill' });
    expect(within(dialog).getAllByRole('region')).toHaveLength(9);
    expect(dialog.querySelector('.shape-solution-canvas--full')).not.toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(within(dialog).queryAllByRole('region')).toHaveLength(0);
  });

  it('can be accepted', async () => {
    const changeMemory = vi.fn(async () => saved);
    render(<MemoryPanel entries={[LEAN_CANVAS]} changeMemory={changeMemory} />);
    fireEvent.click(screen.getByRole('button', { name: 'Accept the Lean Canvas' }));
    await waitFor(() => expect(changeMemory).toHaveBeenCalledWith({ type: 'memory_accept', id: 'lc1', baseVersion: 1 }));
  });
});

describe('the riskiest assumptions', () => {
  it('shows three numbered assumptions with why, the cheapest test and its cost, and the research question', () => {
    render(<MemoryPanel entries={[RISKS]} changeMemory={vi.fn()} workspace={workspaceOf([RISKS])} />);
    const entry = screen.getByRole('listitem', { name: 'Riskiest assumptions: What could sink it' });
    const risks = within(entry).getAllByRole('listitem');
    expect(risks).toHaveLength(3);
    expect(risks[0]!.parentElement!.tagName).toBe('OL');
    expect(risks.map((risk) => risk.querySelector('.shape-solution-risks__number')!.textContent)).toEqual(['1', '2', '3']);
    expect(risks[0]!.textContent).toContain('Patients on a waiting list answer a text within an hour.');
    expect(risks[0]!.textContent).toContain('Why it is riskyIf they do not, the slot stays empty');
    expect(risks[0]!.textContent).toContain('Cheapest testText 20 patients of one clinic by hand');
    expect(risks[0]!.textContent).toContain('What it costs1 day, $0');
    expect(risks[0]!.textContent).toContain('Research questionHow quickly do you answer a text from your dentist?');
    // Only a test that is a research question has one.
    expect(risks[1]!.textContent).not.toContain('Research question');
    expect(within(entry).getAllByRole('button', { name: 'Draft this question for the research page' })).toHaveLength(1);
  });

  it('asks the co-founder to draft a research question, as a member message, once', () => {
    const onAsk = vi.fn();
    render(<MemoryPanel entries={[RISKS]} changeMemory={vi.fn()} workspace={workspaceOf([RISKS], onAsk)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Draft this question for the research page' }));
    expect(onAsk).toHaveBeenCalledWith(draftQuestionRequest(RISKS.risks[0]!, 0));
    expect(draftQuestionRequest(RISKS.risks[0]!, 0)).toBe(
      'Please draft this question for our research page, to test assumption 1 (“Patients on a waiting list answer a text within an hour.”): How quickly do you answer a text from your dentist?',
    );
    expect((screen.getByRole('button', { name: 'Asked the co-founder' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers no draft where the co-founder cannot be asked', () => {
    render(<MemoryPanel entries={[RISKS]} changeMemory={vi.fn()} />);
    expect(screen.getByText('How quickly do you answer a text from your dentist?')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Draft this question for the research page' })).toBeNull();
  });
});

describe('the pitch', () => {
  it('shows the problem, the appetite, the elements, the flows, the rabbit holes and the no-gos, and accepting it completes phase 5', async () => {
    const changeMemory = vi.fn(async () => saved);
    render(<MemoryPanel entries={[PITCH]} changeMemory={changeMemory} />);
    const entry = screen.getByRole('listitem', { name: 'Pitch: Refill a cancelled slot' });
    const field = (name: string) => within(entry).getByText(name, { selector: 'dt' }).nextElementSibling!.textContent;
    expect(field('Problem')).toBe(PITCH.pitch.problem);
    expect(field('Appetite')).toBe('2 weeks Room for at most 3 main elements.');
    expect(field('Solution')).toBe('Opening: Dana marks a slot as open.Texts: The waiting list gets a text.First reply wins: The first yes takes the slot.');
    expect(field('Flows')).toBe(PITCH.pitch.flows[0]);
    expect(field('Rabbit holes')).toBe('Two-way calendar sync: read only for now.');
    expect(field('No-gos')).toBe('None named.');
    expect(within(entry).getByText('Checked the pitch against its appetite? Accepting it completes phase 5.')).toBeTruthy();
    fireEvent.click(within(entry).getByRole('button', { name: 'Accept this pitch' }));
    await waitFor(() => expect(changeMemory).toHaveBeenCalledWith({ type: 'memory_accept', id: 'pi1', baseVersion: 1 }));
  });

  it('says it is accepted once it is', () => {
    render(<MemoryPanel entries={[{ ...PITCH, acceptedAt: AT }]} changeMemory={vi.fn()} />);
    expect(screen.getByText('Accepted: phase 5 is done.')).toBeTruthy();
  });
});

describe('editing the value map', () => {
  it('edits products, relievers with what they answer, and adds a creator that answers nothing', async () => {
    const { form, type, save, sent } = editing(VALUE_MAP);
    type(within(form).getByLabelText('Products and services (one per line)'), 'A waiting-list texter\nA calendar sync\nA patient app');
    const relievers = within(form).getByRole('group', { name: 'Pain relievers' });
    const second = within(relievers).getByRole('listitem', { name: 'Pain reliever 2' });
    type(within(second).getByLabelText('How it relieves the pain'), 'A weekly report of refilled slots and their worth.');
    type(within(second).getByLabelText('The persona it answers'), 'Dana Whitfield');
    type(within(second).getByLabelText('The pain, word for word'), 'Phone tag.');
    // The third answered a pain no persona states: it now answers none, and the map will flag it.
    const third = within(relievers).getByRole('listitem', { name: 'Pain reliever 3' });
    type(within(third).getByLabelText('The persona it answers'), '');
    type(within(third).getByLabelText('The pain, word for word'), '');
    const creators = within(form).getByRole('group', { name: 'Gain creators' });
    fireEvent.click(within(creators).getByRole('button', { name: 'Add a gain creator' }));
    type(within(within(creators).getByRole('listitem', { name: 'Gain creator 2' })).getByLabelText('How it creates the gain'), 'Patients book themselves.');
    fireEvent.click(within(creators).getByRole('button', { name: 'Remove gain creator 1' }));
    save();
    const content = await sent();
    expect(ValueMapContentSchema.parse(content)).toEqual(content);
    expect(content).toEqual({
      kind: 'value_map',
      title: 'Refill without calls',
      valueMap: {
        products: ['A waiting-list texter', 'A calendar sync', 'A patient app'],
        relievers: [
          VALUE_MAP.valueMap.relievers[0],
          { text: 'A weekly report of refilled slots and their worth.', answers: { persona: 'Dana Whitfield', text: 'Phone tag.' } },
          { text: 'One number for patients to call.', answers: null },
        ],
        creators: [{ text: 'Patients book themselves.', answers: null }],
      },
    });
  });

  it("chooses what each answers among the personas' pains and gains, where the workspace lends them", async () => {
    const { form, save, sent } = editing(VALUE_MAP, workspaceOf([PERSONA, VALUE_MAP]));
    const relievers = within(form).getByRole('group', { name: 'Pain relievers' });
    const answer = (group: HTMLElement, item: string) => select(within(within(group).getByRole('listitem', { name: item })).getByLabelText('What it answers'));
    const first = answer(relievers, 'Pain reliever 1');
    expect([...first.options].map((option) => `${option.parentElement!.getAttribute('label') ?? ''}|${option.textContent}`)).toEqual([
      '|No pain of a persona (the map flags it)',
      'Dana Whitfield|Late cancellations.',
      'Dana Whitfield|Phone tag.',
    ]);
    expect(first.selectedOptions[0]!.textContent).toBe('Late cancellations.');
    expect(answer(relievers, 'Pain reliever 2').selectedOptions[0]!.textContent).toBe('No pain of a persona (the map flags it)');
    // A pain no persona states now stays as it was written until it is changed.
    const third = answer(relievers, 'Pain reliever 3');
    expect(third.selectedOptions[0]!.textContent).toBe('Dana Whitfield: Voicemail overflow. (no persona states this now)');
    fireEvent.change(third, { target: { value: third.options[2]!.value } });
    fireEvent.change(first, { target: { value: 'none' } });
    // The creator names its persona in other letter case: still the persona's gain.
    const creators = within(form).getByRole('group', { name: 'Gain creators' });
    expect(answer(creators, 'Gain creator 1').selectedOptions[0]!.textContent).toBe('Slots refilled without calls.');
    expect(within(form).queryByLabelText('The persona it answers')).toBeNull();
    save();
    const content = await sent();
    expect(ValueMapContentSchema.parse(content)).toEqual(content);
    expect((content as typeof VALUE_MAP).valueMap).toEqual({
      ...VALUE_MAP.valueMap,
      relievers: [
        { text: 'Texts the waiting list the moment a slot opens.', answers: null },
        VALUE_MAP.valueMap.relievers[1],
        { text: 'One number for patients to call.', answers: { persona: 'Dana Whitfield', text: 'Phone tag.' } },
      ],
    });
  });

  it('names a reliever whose persona is missing its pain, and sends nothing', () => {
    const { changes, form, type, save } = editing(VALUE_MAP);
    const first = within(form).getByRole('listitem', { name: 'Pain reliever 1' });
    type(within(first).getByLabelText('The pain, word for word'), ' ');
    save();
    expect(within(form).getByRole('alert').textContent).toBe('Pain reliever 1, the pain it answers: Please write something');
    expect(changes).toEqual([]);
  });
});

describe('editing the Lean Canvas', () => {
  it("edits each box's text and where it came from", async () => {
    const { form, type, save, sent } = editing(LEAN_CANVAS);
    const groups = within(form).getAllByRole('group');
    expect(groups.map((group) => group.querySelector(':scope > legend')?.textContent).filter(Boolean)).toEqual([
      'Problem',
      'Existing alternatives',
      'Solution',
      'Key metrics',
      'Unique value proposition',
      'Unfair advantage',
      'Channels',
      'Customer segments',
      'Early adopters',
      'Cost structure',
      'Revenue streams',
    ]);
    const advantage = within(form).getByRole('group', { name: 'Unfair advantage' });
    type(within(advantage).getByLabelText('Text'), 'Two years of refill data.');
    expect(select(within(advantage).getByLabelText('Where it came from')).value).toBe('assumption');
    fireEvent.change(within(advantage).getByLabelText('Where it came from'), { target: { value: 'memory' } });
    type(within(advantage).getByLabelText('Which artifact, as its label and title'), 'Gaps and map: Where clinics are alone');
    const channels = within(form).getByRole('group', { name: 'Channels' });
    expect((within(channels).getByLabelText('Which artifact, as its label and title') as HTMLInputElement).value).toBe('Persona: Dana Whitfield');
    fireEvent.change(within(channels).getByLabelText('Where it came from'), { target: { value: 'assumption' } });
    expect(within(channels).queryByLabelText('Which artifact, as its label and title')).toBeNull();
    save();
    const content = await sent();
    expect(LeanCanvasContentSchema.parse(content)).toEqual(content);
    expect(content).toEqual({
      kind: 'lean_canvas',
      title: 'Chairs that refill',
      canvas: {
        ...CANVAS,
        unfairAdvantage: { text: 'Two years of refill data.', source: 'Gaps and map: Where clinics are alone' },
        channels: { text: 'The dental managers forum.', source: 'assumption' },
      },
    });
  });

  it('chooses where a box came from among the artifacts of the memory, where the workspace lends them', async () => {
    const { form, save, sent } = editing(LEAN_CANVAS, workspaceOf([PERSONA, VALUE_MAP, LEAN_CANVAS]));
    const source = (name: string) => select(within(within(form).getByRole('group', { name })).getByLabelText('Where it came from'));
    expect([...source('Unfair advantage').options].map((option) => option.textContent)).toEqual([
      'An assumption',
      'Persona: Dana Whitfield',
      'Value map: Refill without calls',
    ]);
    expect(source('Problem').selectedOptions[0]!.textContent).toBe('Persona: Dana Whitfield');
    // A source gone from the memory stays as it was until it is changed.
    expect(source('Customer segments').selectedOptions[0]!.textContent).toBe('Scale estimate: Dental clinics in the US (not in the memory now)');
    expect(within(form).queryByLabelText('Which artifact, as its label and title')).toBeNull();
    fireEvent.change(source('Unfair advantage'), { target: { value: 'Persona: Dana Whitfield' } });
    fireEvent.change(source('Solution'), { target: { value: 'assumption' } });
    save();
    const content = await sent();
    expect(LeanCanvasContentSchema.parse(content)).toEqual(content);
    expect((content as typeof LEAN_CANVAS).canvas).toEqual({
      ...CANVAS,
      unfairAdvantage: { ...CANVAS.unfairAdvantage, source: 'Persona: Dana Whitfield' },
      solution: { ...CANVAS.solution, source: 'assumption' },
    });
  });

  it('shows a box too long at the field, names it, and sends nothing', () => {
    const { changes, form, type, save } = editing(LEAN_CANVAS);
    const advantage = within(form).getByRole('group', { name: 'Unfair advantage' });
    const text = within(advantage).getByLabelText('Text');
    expect(within(advantage).getByText('54 of 300 characters')).toBeTruthy();
    type(text, 'x'.repeat(301));
    const note = within(advantage).getByText('1 character too long: at most 300.');
    expect(text.getAttribute('aria-describedby')).toBe(note.id);
    expect(text.getAttribute('aria-invalid')).toBe('true');
    save();
    expect(within(form).getByRole('alert').textContent).toBe('Unfair advantage: Please keep it to 300 characters or fewer');
    expect(changes).toEqual([]);
  });

  it('names a box whose source is left empty', () => {
    const { changes, form, type, save } = editing(LEAN_CANVAS);
    const solution = within(form).getByRole('group', { name: 'Solution' });
    type(within(solution).getByLabelText('Which artifact, as its label and title'), '');
    save();
    expect(within(form).getByRole('alert').textContent).toBe('Solution, source: Please write something');
    expect(changes).toEqual([]);
  });
});

describe('editing the riskiest assumptions', () => {
  it('edits exactly three, reorders them, and an empty research question is none', async () => {
    const { form, type, save, sent } = editing(RISKS);
    expect(within(form).getAllByRole('group', { name: /^Assumption \d/ })).toHaveLength(3);
    expect(within(form).queryByRole('button', { name: /^Add/ })).toBeNull();
    expect(within(form).queryByRole('button', { name: /^Remove/ })).toBeNull();
    const first = within(form).getByRole('group', { name: 'Assumption 1, the riskiest' });
    type(within(first).getByLabelText('Research-page question (optional)'), '');
    type(within(first).getByLabelText('What the test costs'), 'Half a day, $0');
    const third = within(form).getByRole('group', { name: 'Assumption 3' });
    type(within(third).getByLabelText('Research-page question (optional)'), 'What would you pay to never call a waiting list again?');
    fireEvent.click(within(third).getByRole('button', { name: 'Move assumption 3 up' }));
    save();
    const content = await sent();
    expect(RiskiestAssumptionsContentSchema.parse(content)).toEqual(content);
    const [one, two, three] = RISKS.risks;
    expect(content).toEqual({
      kind: 'riskiest_assumptions',
      title: 'What could sink it',
      risks: [
        { ...one, cost: 'Half a day, $0', researchQuestion: null },
        { ...three, researchQuestion: 'What would you pay to never call a waiting list again?' },
        two,
      ],
    });
  });

  it('names the field of an assumption left empty, and sends nothing', () => {
    const { changes, form, type, save } = editing(RISKS);
    const second = within(form).getByRole('group', { name: 'Assumption 2' });
    type(within(second).getByLabelText('What the test costs'), '');
    save();
    expect(within(form).getByRole('alert').textContent).toBe('Assumption 2, what the test costs: Please write something');
    expect(changes).toEqual([]);
  });
});

describe('editing the pitch', () => {
  it('edits the problem, the appetite as a choice, elements added and removed, and the lists', async () => {
    const { form, type, save, sent } = editing(PITCH);
    type(within(form).getByLabelText('Problem'), 'Dana loses an hour a day to cancellations.');
    const appetite = select(within(form).getByLabelText('Appetite'));
    expect([...appetite.options].map((option) => option.textContent)).toEqual(['2 weeks: at most 3 main elements', '6 weeks: at most 6 main elements']);
    fireEvent.change(appetite, { target: { value: '6 weeks' } });
    const elements = within(form).getByRole('group', { name: 'Solution elements' });
    fireEvent.click(within(elements).getByRole('button', { name: 'Add an element' }));
    type(within(elements).getByLabelText('Element 4: name'), 'Reminders');
    type(within(elements).getByLabelText('Element 4: description'), 'The day before, every patient is reminded.');
    fireEvent.click(within(elements).getByRole('button', { name: 'Remove element 2' }));
    expect(within(elements).getByText('3 of at most 6 main elements for a 6 weeks appetite')).toBeTruthy();
    type(within(form).getByLabelText('No-gos (one per line)'), 'No patient app\nNo payments');
    type(within(form).getByLabelText('Rabbit holes (one per line)'), '');
    save();
    const content = await sent();
    expect(PitchContentSchema.parse(content)).toEqual(content);
    expect(content).toEqual({
      kind: 'pitch',
      title: 'Refill a cancelled slot',
      pitch: {
        ...PITCH.pitch,
        problem: 'Dana loses an hour a day to cancellations.',
        appetite: '6 weeks',
        elements: [PITCH.pitch.elements[0], PITCH.pitch.elements[2], { name: 'Reminders', description: 'The day before, every patient is reminded.' }],
        rabbitHoles: [],
        noGos: ['No patient app', 'No payments'],
      },
    });
  });

  it('shows a solution over its appetite at the field, names it, and sends nothing', () => {
    const { changes, form, type, save } = editing(PITCH);
    const elements = within(form).getByRole('group', { name: 'Solution elements' });
    expect(within(elements).getByText('3 of at most 3 main elements for a 2 weeks appetite')).toBeTruthy();
    fireEvent.click(within(elements).getByRole('button', { name: 'Add an element' }));
    type(within(elements).getByLabelText('Element 4: name'), 'Reminders');
    type(within(elements).getByLabelText('Element 4: description'), 'The day before, every patient is reminded.');
    expect(within(elements).getByText('4 elements: a 2 weeks appetite holds at most 3. Cut 1, do not stretch the appetite.')).toBeTruthy();
    save();
    expect(within(form).getByRole('alert').textContent).toBe(
      'Solution elements: A 2 weeks appetite holds at most 3 main elements: cut 1, do not stretch the appetite',
    );
    expect(changes).toEqual([]);
  });

  it('shows a flow too long at the field, and sends nothing', () => {
    const { changes, form, type, save } = editing(PITCH);
    type(within(form).getByLabelText('Flows (one per line)'), `Dana marks the slot.\n${'y'.repeat(310)}`);
    expect(within(form).getByText('Line 2 is 10 characters too long: at most 300.')).toBeTruthy();
    save();
    expect(within(form).getByRole('alert').textContent).toBe('Flows: Please keep it to 300 characters or fewer');
    expect(changes).toEqual([]);
  });
});

describe("the phase's tool calls in the conversation", () => {
  const answer = (parts: WorkspaceMessage['parts']): WorkspaceMessage => ({
    id: 'a1',
    role: 'assistant',
    parts,
    metadata: { author: { kind: 'cofounder' }, createdAt: AT, status: 'complete' },
  });

  it('say what was saved, with its title, and why a call was refused', () => {
    render(
      <ol>
        <MessageRow
          message={answer([
            { type: 'tool-save_value_map', toolCallId: 'c1', state: 'output-available', input: { title: 'Refill without calls' }, output: {} },
            { type: 'tool-save_lean_canvas', toolCallId: 'c2', state: 'output-available', input: { title: 'Chairs that refill' }, output: {} },
            { type: 'tool-save_riskiest_assumptions', toolCallId: 'c3', state: 'output-available', input: { title: 'What could sink it' }, output: {} },
            { type: 'tool-save_pitch', toolCallId: 'c4', state: 'output-available', input: { title: 'Refill a cancelled slot' }, output: {} },
            { type: 'tool-save_pitch', toolCallId: 'c5', state: 'output-error', input: { title: 'Too big' }, errorText: 'refused' },
          ])}
          me={{ userId: 'u1', name: 'Ada' }}
          streaming={false}
        />
      </ol>,
    );
    const row = screen.getByRole('listitem');
    expect(row.textContent).toContain('Saved the value map: Refill without calls');
    expect(row.textContent).toContain('Saved the Lean Canvas: Chairs that refill');
    expect(row.textContent).toContain('Saved the riskiest assumptions: What could sink it');
    expect(row.textContent).toContain('Saved the pitch: Refill a cancelled slot');
    expect(row.textContent).toContain('The pitch was refused: its solution did not fit its appetite, or a part was missing.');
  });
});
