/**
 * Phase 8, 'Market and grow', in the workspace: the Bullseye of the 19 traction channels with
 * the inner ring the members choose (sent as the phase's frame, refused inline); the weekly
 * check-in turned on and off, and asked for by e-mail by each member; an experiment with its
 * threshold, its results compared to it and a result logged (a number, or nothing is sent); the
 * editors, whose mistakes are said at their field and never saved; the tool calls' notes.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CHECK_IN_FRAME,
  INNER_RING_FRAME,
  RESULT_FRAME,
  TRACTION_CHANNELS,
  type ChannelIdea,
  type ChannelRanking,
  type Experiment,
  type GrowState,
  type TestChoice,
  type TractionChannel,
} from '#contracts/phases/grow';
import type { MemoryEntry, WorkspaceMessage } from '#contracts/workspace';
import { MemoryPanel } from '../../app/pages/app/workspace/MemoryPanel';
import { MessageRow } from '../../app/pages/app/workspace/MessageRow';
import { ChannelRankingView } from '../../app/pages/app/workspace/phases/grow/ChannelRankingView';
import { ExperimentView, NOT_A_NUMBER } from '../../app/pages/app/workspace/phases/grow/ExperimentView';
import type { MemoryResult } from '../../app/pages/app/workspace/use-workspace';

const AT = Date.UTC(2026, 10, 24, 9, 30);
const ADA = { userId: 'u1', name: 'Ada' };
const CHANNELS = Object.keys(TRACTION_CHANNELS) as TractionChannel[];
const PROMISING: TractionChannel[] = ['content_marketing', 'community_building', 'targeting_blogs', 'sales'];
const POSSIBLE: TractionChannel[] = ['email_marketing', 'search_engine_optimization'];

const RANKING: ChannelRanking = {
  ideas: CHANNELS.map((channel): ChannelIdea => ({
    channel,
    idea: `An idea for ${TRACTION_CHANNELS[channel].toLowerCase()}`,
    ring: PROMISING.includes(channel) ? 'promising' : POSSIBLE.includes(channel) ? 'possible' : 'long_shot',
  })),
};
/** The ranking with these channels moved into the inner ring. */
const withInner = (...channels: TractionChannel[]): ChannelRanking => ({
  ideas: RANKING.ideas.map((idea) => (channels.includes(idea.channel) ? { ...idea, ring: 'inner' } : idea)),
});

const rankingEntry = (ranking: ChannelRanking = RANKING, rest: Partial<MemoryEntry> = {}) =>
  ({
    id: 'rank1',
    kind: 'channel_ranking',
    title: 'Where users come from',
    ranking,
    version: 2,
    author: { kind: 'cofounder' },
    updatedAt: AT,
    ...rest,
  }) as Extract<MemoryEntry, { kind: 'channel_ranking' }>;

const EXPERIMENT: Experiment = {
  channel: 'targeting_blogs',
  hypothesis: 'Clinic managers read two blogs; a guest post brings sign-ups.',
  budget: 0,
  startedOn: '2026-12-01',
  threshold: { metric: 'sign-ups', comparison: 'at_least', value: 20, by: '2026-12-15' },
  tests: { kind: 'assumption', number: 2, label: 'Assumption 2: Clinic managers look for tools online' },
  results: [
    { on: '2026-12-04', value: 8, note: 'First post live', by: 'Ada' },
    { on: '2026-12-09', value: 14, note: '', by: 'Grace' },
  ],
  verdict: null,
};

const experimentEntry = (experiment: Experiment = EXPERIMENT, rest: Partial<MemoryEntry> = {}) =>
  ({ id: 'exp1', kind: 'experiment', title: 'Guest posts', experiment, version: 1, author: { kind: 'cofounder' }, updatedAt: AT, ...rest }) as Extract<
    MemoryEntry,
    { kind: 'experiment' }
  >;

type Change = Parameters<Parameters<typeof MemoryPanel>[0]['changeMemory']>[0];
type Frame = { type: string; [key: string]: unknown };

function actions(...answers: (string | null)[]) {
  const frames: Frame[] = [];
  const onAction = vi.fn(async (frame: Frame) => {
    frames.push(frame);
    return answers.shift() ?? null;
  });
  return { frames, onAction };
}

const CHECK_IN_OFF: GrowState['checkIn'] = { enabled: false, emailUserIds: [], nextAt: null, lastWeek: null, lastMessageId: null, lastAt: null };
const CHECK_IN_ON: GrowState['checkIn'] = {
  enabled: true,
  emailUserIds: ['u2'],
  nextAt: Date.UTC(2026, 11, 7, 9),
  lastWeek: null,
  lastMessageId: null,
  lastAt: null,
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the channels in the Bullseye', () => {
  it('shows the inner ring, then each ring with its channels and their ideas, each channel once', () => {
    render(<ChannelRankingView entry={rankingEntry(withInner('content_marketing'))} />);
    const bullseye = screen.getByRole('list', { name: 'The Bullseye, from the centre out' });
    const rings = within(bullseye)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === bullseye);
    expect(rings.map((ring) => ring.querySelector('h4')!.textContent)).toEqual([
      'Inner ring: chosen to test now (1)',
      'Promising (3)',
      'Possible (2)',
      'Long shot (13)',
    ]);
    expect(rings[0]!.textContent).toContain('Content marketing: An idea for content marketing');
    // In the inner ring, and in no other.
    expect(bullseye.textContent!.split('Content marketing:')).toHaveLength(2);
    expect(rings[2]!.textContent).toContain('Email marketing: An idea for email marketing');
    // Read without a way to act: no choice offered.
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('says the inner ring is not chosen yet', () => {
    render(<ChannelRankingView entry={rankingEntry()} />);
    expect(screen.getByText('Not chosen yet: choose up to 3 promising channels below.')).toBeTruthy();
  });

  it('lets a member choose up to 3 promising channels as the inner ring, sent as the frame, and says a refusal inline', async () => {
    const { frames, onAction } = actions('Only members of this project can choose the inner ring.');
    render(<ChannelRankingView entry={rankingEntry()} onAction={onAction} />);
    const choice = screen.getByRole('group', { name: /Choose the inner ring/ });
    expect(
      within(choice)
        .getAllByRole('checkbox')
        .map((box) => box.parentElement!.textContent),
    ).toEqual(['Content marketing', 'Targeting blogs', 'Sales', 'Community building']);
    for (const name of ['Content marketing', 'Targeting blogs', 'Sales']) fireEvent.click(within(choice).getByRole('checkbox', { name }));
    expect((within(choice).getByRole('checkbox', { name: 'Community building' }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(within(choice).getByRole('button', { name: 'Choose as the inner ring' }));
    expect(frames).toEqual([{ type: INNER_RING_FRAME, channels: ['content_marketing', 'targeting_blogs', 'sales'] }]);
    expect((await within(choice).findByRole('alert')).textContent).toBe('Only members of this project can choose the inner ring.');
  });

  it('offers the inner ring’s channels, ticked, among the promising ones to choose again', () => {
    const { onAction } = actions();
    render(<ChannelRankingView entry={rankingEntry(withInner('sales', 'content_marketing'))} onAction={onAction} />);
    const choice = screen.getByRole('group', { name: /Choose the inner ring/ });
    const boxes = within(choice).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((box) => [box.parentElement!.textContent, box.checked])).toEqual([
      ['Content marketing', true],
      ['Targeting blogs', false],
      ['Sales', true],
      ['Community building', false],
    ]);
  });

  it('is accepted with "Accept the ranking", which completes phase 8', async () => {
    const onAccept = vi.fn(async () => null);
    const { rerender } = render(<ChannelRankingView entry={rankingEntry()} onAccept={onAccept} />);
    expect(screen.getByText(/Accepting the ranking completes phase 8/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Accept the ranking' }));
    await waitFor(() => expect(onAccept).toHaveBeenCalledOnce());
    rerender(<ChannelRankingView entry={rankingEntry(RANKING, { acceptedAt: AT })} onAccept={onAccept} />);
    expect(screen.getByText('Accepted: phase 8 is done.')).toBeTruthy();
  });
});

describe('the weekly check-in', () => {
  it('is turned on for the project, and the e-mail is the member’s own choice', async () => {
    const { frames, onAction } = actions();
    const { rerender } = render(<ChannelRankingView entry={rankingEntry()} onAction={onAction} checkIn={CHECK_IN_OFF} userId="u1" />);
    const control = screen.getByRole('group', { name: 'Weekly check-in' });
    // The box says what it does, not the group's name again.
    expect(within(control).queryByRole('checkbox', { name: 'Weekly check-in' })).toBeNull();
    const email = within(control).getByRole('checkbox', { name: 'E-mail it to me' }) as HTMLInputElement;
    expect(email.disabled).toBe(true);
    expect(control.textContent).not.toContain('Next check-in');
    fireEvent.click(within(control).getByRole('checkbox', { name: 'Post a check-in every week' }));
    expect(frames).toEqual([{ type: CHECK_IN_FRAME, enabled: true, email: false }]);
    await act(async () => {});

    // On, as the shared state says; another member asked for e-mails, this one did not.
    rerender(<ChannelRankingView entry={rankingEntry()} onAction={onAction} checkIn={CHECK_IN_ON} userId="u1" />);
    expect((within(control).getByRole('checkbox', { name: 'Post a check-in every week' }) as HTMLInputElement).checked).toBe(true);
    expect(email.checked).toBe(false);
    expect(within(control).getByText(/Next check-in/).textContent).toBe('Next check-in: 7 December 2026');
    fireEvent.click(email);
    expect(frames.at(-1)).toEqual({ type: CHECK_IN_FRAME, enabled: true, email: true });
    await act(async () => {});

    rerender(<ChannelRankingView entry={rankingEntry()} onAction={onAction} checkIn={{ ...CHECK_IN_ON, emailUserIds: ['u1'] }} userId="u1" />);
    expect(email.checked).toBe(true);
    fireEvent.click(within(control).getByRole('checkbox', { name: 'Post a check-in every week' }));
    expect(frames.at(-1)).toEqual({ type: CHECK_IN_FRAME, enabled: false, email: true });
  });

  it('reaches the ranking in the memory panel with the member from the workspace, and says a refusal', async () => {
    const { frames, onAction } = actions('Only members can change the check-in.');
    render(
      <MemoryPanel entries={[rankingEntry()]} changeMemory={vi.fn()} workspace={{ onAction, checkIn: { ...CHECK_IN_ON, emailUserIds: ['u1'] }, me: ADA }} />,
    );
    const control = screen.getByRole('group', { name: 'Weekly check-in' });
    expect((within(control).getByRole('checkbox', { name: 'E-mail it to me' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(control).getByRole('checkbox', { name: 'E-mail it to me' }));
    expect(frames).toEqual([{ type: CHECK_IN_FRAME, enabled: true, email: false }]);
    expect((await within(control).findByRole('alert')).textContent).toBe('Only members can change the check-in.');
  });
});

describe('an experiment', () => {
  it('shows its channel, hypothesis, threshold with its metric and day, and what it tests as the memory names it now', () => {
    const choices: TestChoice[] = [
      { tested: { kind: 'assumption', number: 1, label: 'Assumption 1: Clinics lose slots' }, label: 'Assumption 1: Clinics lose slots' },
      { tested: { kind: 'assumption', number: 2, label: 'Assumption 2: Managers search online' }, label: 'Assumption 2: Managers search online' },
    ];
    const { rerender } = render(<ExperimentView entry={experimentEntry()} choices={choices} />);
    const fields = () => document.querySelector('dl')!;
    const field = (name: string) => within(fields()).getByText(name).nextElementSibling!.textContent;
    expect(field('Channel')).toBe('Targeting blogs');
    expect(field('Success')).toBe('at least 20 sign-ups by 15 December 2026');
    expect(field('Budget')).toBe('None');
    expect(field('Duration')).toBe('14 days, from 1 December 2026 to 15 December 2026');
    expect(field('Tests')).toBe('Assumption 2: Managers search online');
    rerender(<ExperimentView entry={experimentEntry()} choices={choices.slice(0, 1)} />);
    expect(field('Tests')).toBe('Assumption 2: Clinic managers look for tools online (no longer in the memory)');
    rerender(<ExperimentView entry={experimentEntry({ ...EXPERIMENT, tests: null })} />);
    expect(field('Tests')).toBe('Nothing named');
  });

  it('logs its results in a table, the latest compared to the threshold', () => {
    const { rerender } = render(<ExperimentView entry={experimentEntry()} />);
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Day', 'Value', 'Note', 'By']);
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['2026-12-048First post liveAda', '2026-12-0914Grace']);
    expect(screen.getByText(/^Latest:/).textContent).toBe('Latest: 14 on 2026-12-09, threshold not met (at least 20 sign-ups by 15 December 2026).');
    const met = { ...EXPERIMENT, results: [...EXPERIMENT.results, { on: '2026-12-12', value: 23, note: '', by: 'Ada' }] };
    rerender(<ExperimentView entry={experimentEntry(met)} />);
    expect(screen.getByText(/^Latest:/).textContent).toBe('Latest: 23 on 2026-12-12, threshold met (at least 20 sign-ups by 15 December 2026).');
  });

  it('sends a result logged as the frame, and an empty or non-numeric value is said at the field and sends nothing', async () => {
    const { frames, onAction } = actions(null, 'The experiment holds 50 results: remove one first.');
    render(<ExperimentView entry={experimentEntry()} onAction={onAction} />);
    const form = screen.getByRole('form', { name: 'Log a result' });
    const value = within(form).getByLabelText('Value (sign-ups)') as HTMLInputElement;
    const submit = () => fireEvent.click(within(form).getByRole('button', { name: 'Log the result' }));

    submit();
    expect(value.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(value.getAttribute('aria-describedby')!)!.textContent).toBe(NOT_A_NUMBER);
    fireEvent.change(value, { target: { value: 'abc' } });
    submit();
    expect(frames).toEqual([]);

    fireEvent.change(value, { target: { value: '19' } });
    fireEvent.change(within(form).getByLabelText('Note (optional)'), { target: { value: ' After the second post ' } });
    submit();
    expect(frames).toEqual([{ type: RESULT_FRAME, id: 'exp1', value: 19, note: 'After the second post' }]);
    await waitFor(() => expect(value.value).toBe(''));
    expect(value.getAttribute('aria-invalid')).toBeNull();

    fireEvent.change(value, { target: { value: '2.5' } });
    submit();
    expect(frames.at(-1)).toEqual({ type: RESULT_FRAME, id: 'exp1', value: 2.5, note: '' });
    expect((await within(form).findByRole('alert')).textContent).toBe('The experiment holds 50 results: remove one first.');
  });

  it('shows the verdict with its reasoning once judged, and is accepted like every artifact', () => {
    const judged = {
      ...EXPERIMENT,
      verdict: { recommendation: 'change' as const, reasoning: '14 of 20: the posts bring readers, not sign-ups.', on: '2026-12-10' },
    };
    render(<ExperimentView entry={experimentEntry(judged)} onAccept={vi.fn(async () => null)} />);
    const verdict = screen.getByRole('region', { name: 'Verdict' });
    expect(verdict.textContent).toBe('Verdict, 10 December 2026Change the approach14 of 20: the posts bring readers, not sign-ups.');
    expect(screen.getByRole('button', { name: 'Accept the experiment' })).toBeTruthy();
  });
});

const saved: MemoryResult = { type: 'request_result', requestId: 'r', ok: true, value: null };

function editing(entry: MemoryEntry, workspace?: Parameters<typeof MemoryPanel>[0]['workspace']) {
  const changes: Change[] = [];
  const changeMemory = vi.fn(async (change: Change) => {
    changes.push(change);
    return saved;
  });
  render(<MemoryPanel entries={[entry]} changeMemory={changeMemory} workspace={workspace} />);
  fireEvent.click(screen.getByRole('button', { name: `Edit ${entry.title}` }));
  const form = screen.getByRole('form', { name: `Edit ${entry.title}` });
  const field = (label: string) => within(form).getByLabelText(label) as HTMLInputElement;
  const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
  const save = () => fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
  const said = (input: HTMLElement) => {
    const id = input.getAttribute('aria-describedby');
    return id ? document.getElementById(id)!.textContent : null;
  };
  return { changes, form, field, type, save, said };
}

const updated = (changes: Change[]) => {
  const change = changes.at(-1);
  if (change?.type !== 'memory_update') throw new Error('No update was sent');
  return change.content as unknown as Record<string, unknown>;
};

describe('editing the ranking', () => {
  it('edits each channel’s idea and its one ring, the inner ring included, and saves the ranking', async () => {
    const { changes, field, type, save } = editing(rankingEntry());
    type('Sales: idea', 'Call ten clinic managers a week');
    fireEvent.change(field('Email marketing: ring'), { target: { value: 'promising' } });
    fireEvent.change(field('Sales: ring'), { target: { value: 'inner' } });
    save();
    await waitFor(() => expect(changes).toHaveLength(1));
    const { ranking } = updated(changes) as { ranking: ChannelRanking };
    expect(Object.keys(ranking)).toEqual(['ideas']);
    expect(ranking.ideas.find((idea) => idea.channel === 'sales')).toMatchObject({ idea: 'Call ten clinic managers a week', ring: 'inner' });
    expect(ranking.ideas.find((idea) => idea.channel === 'email_marketing')!.ring).toBe('promising');
  });

  it('says a fourth channel in the inner ring at its field, and saves nothing', async () => {
    const { changes, form, field, save } = editing(rankingEntry(withInner('sales', 'content_marketing', 'targeting_blogs')));
    fireEvent.change(field('Community building: ring'), { target: { value: 'inner' } });
    expect(within(within(form).getByRole('group', { name: 'Community building' })).getByText('The inner ring holds at most 3 channels')).toBeTruthy();
    save();
    expect((await within(form).findByRole('alert')).textContent).toMatch(/^Community building: ring: The inner ring holds at most 3 channels/);
    expect(changes).toEqual([]);
  });
});

describe('editing an experiment', () => {
  const CHOICES: TestChoice[] = [
    { tested: { kind: 'assumption', number: 1, label: 'Assumption 1: Clinics lose slots' }, label: 'Assumption 1: Clinics lose slots' },
    { tested: { kind: 'artifact', id: 'lc1', label: 'Lean Canvas: Chairs that refill' }, label: 'Lean Canvas: Chairs that refill' },
  ];

  it('edits its fields and the threshold’s metric, comparison, number and day, chooses what it tests from the memory, removes a result, and saves it', async () => {
    const { changes, form, field, type, save } = editing(experimentEntry(), { experimentTests: CHOICES });
    expect(field('Threshold').value).toBe('20');
    fireEvent.change(field('Success is'), { target: { value: 'at_most' } });
    type('Threshold', '5');
    type('Metric (what is counted)', 'cost per sign-up');
    type('By', '2026-12-22');
    const tests = field('Tests') as unknown as HTMLSelectElement;
    // Nothing, the test it has now (no longer in the memory's list), then the memory's choices; nothing is typed.
    expect([...tests.options].map((option) => option.textContent)).toEqual([
      'Nothing named',
      'Assumption 2: Clinic managers look for tools online (no longer in the memory)',
      'Assumption 1: Clinics lose slots',
      'Lean Canvas: Chairs that refill',
    ]);
    fireEvent.change(tests, { target: { value: 'artifact lc1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Remove the result “2026-12-04: 8 (First post live), by Ada”' }));
    save();
    await waitFor(() => expect(changes).toHaveLength(1));
    const { experiment } = updated(changes) as { experiment: Experiment };
    expect(experiment.threshold).toEqual({ metric: 'cost per sign-up', comparison: 'at_most', value: 5, by: '2026-12-22' });
    expect(experiment.tests).toEqual({ kind: 'artifact', id: 'lc1', label: 'Lean Canvas: Chairs that refill' });
    expect(experiment.results).toEqual([EXPERIMENT.results[1]]);
  });

  it('says a threshold day beyond the limit and an empty threshold at their fields, and saves nothing', async () => {
    const { changes, form, field, type, save } = editing(experimentEntry(), { experimentTests: CHOICES });
    type('By', '2027-06-01');
    save();
    expect((await within(form).findByRole('alert')).textContent).toMatch(/^By: The threshold's day comes 1 to 90 days after the start/);
    type('By', '2026-12-15');
    type('Threshold', '');
    expect(field('Threshold').getAttribute('aria-invalid')).toBe('true');
    save();
    expect((await within(form).findByRole('alert')).textContent).toMatch(/^Threshold: /);
    expect(changes).toEqual([]);
  });
});

const answer = (parts: WorkspaceMessage['parts']): WorkspaceMessage => ({
  id: 'a1',
  role: 'assistant',
  parts,
  metadata: { author: { kind: 'cofounder' }, createdAt: AT, status: 'complete' },
});

describe("the phase's tool calls in the conversation", () => {
  it('say what was saved and judged, and why a call failed', () => {
    render(
      <ol>
        <MessageRow
          message={answer([
            { type: 'tool-save_channel_ranking', toolCallId: 'c1', state: 'output-available', input: { title: 'Where users come from' }, output: {} },
            { type: 'tool-save_experiment', toolCallId: 'c2', state: 'output-available', input: { title: 'Guest posts' }, output: {} },
            { type: 'tool-judge_experiment', toolCallId: 'c3', state: 'output-available', input: { id: 'exp1' }, output: {} },
            { type: 'tool-save_channel_ranking', toolCallId: 'c4', state: 'output-error', input: {}, errorText: 'refused' },
            { type: 'tool-save_experiment', toolCallId: 'c5', state: 'output-error', input: {}, errorText: 'refused' },
            { type: 'tool-judge_experiment', toolCallId: 'c6', state: 'output-error', input: {}, errorText: 'refused' },
          ])}
          me={ADA}
          streaming={false}
        />
      </ol>,
    );
    const row = screen.getByRole('listitem');
    expect(row.textContent).toContain('Ranked the 19 traction channels: Where users come from');
    expect(row.textContent).toContain('Saved the experiment: Guest posts');
    expect(row.textContent).toContain('Judged the latest result against the threshold');
    expect(row.textContent).toContain('The channel ranking was refused: each of the 19 channels needs one idea and a ring.');
    expect(row.textContent).toContain('The experiment was refused as written');
    expect(row.textContent).toContain('The verdict was refused: the numbers logged do not show');
  });
});
