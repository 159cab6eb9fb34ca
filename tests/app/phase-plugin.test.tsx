/**
 * Phases are plug-ins of the workspace: a phase registered at run time (a throw-away phase nine,
 * tests/fixtures/phase-nine/) has its tool card in the conversation and its artifact's view
 * and editor in the memory panel, with no change to the workspace's own files; unregistered, it is gone.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkspaceMessage } from '#contracts/workspace';
import { MemoryPanel } from '../../app/pages/app/workspace/MemoryPanel';
import { MessageRow } from '../../app/pages/app/workspace/MessageRow';
import { registerPhaseApp } from '../../app/pages/app/workspace/phases/registry';
import type { MemoryResult } from '../../app/pages/app/workspace/use-workspace';
import { PHASE_NINE_APP } from '../fixtures/phase-nine/app';
import { VOTE_TALLY_ENTRY } from '../fixtures/phase-nine/app/vote-tally';

const ME = { userId: 'u1', name: 'Ada' };

const answer = (parts: WorkspaceMessage['parts']): WorkspaceMessage => ({
  id: 'a1',
  role: 'assistant',
  parts,
  metadata: { author: { kind: 'cofounder' }, createdAt: Date.UTC(2026, 10, 23, 9, 30), status: 'complete' },
});

const TALLIED = answer([
  { type: 'tool-tally_votes', toolCallId: 'c1', state: 'output-available', input: { question: 'Ship on Friday?' }, output: { votesFor: 3, entryId: 't1' } },
]);

type Change = Parameters<Parameters<typeof MemoryPanel>[0]['changeMemory']>[0];

let unregister: () => void = () => {};
beforeEach(() => {
  unregister = registerPhaseApp(PHASE_NINE_APP);
});
afterEach(() => unregister());

describe('a phase registered at run time', () => {
  it("shows its tool's card in an assistant message, given what the row gives its cards", () => {
    const onReviewMemory = vi.fn();
    render(
      <ol>
        <MessageRow message={TALLIED} me={ME} streaming={false} onReviewMemory={onReviewMemory} />
      </ol>,
    );
    const row = screen.getByRole('listitem');
    expect(row.textContent).toContain('Counted 3 votes for “Ship on Friday?”.');
    fireEvent.click(within(row).getByRole('button', { name: 'See the tally' }));
    expect(onReviewMemory).toHaveBeenCalledWith('t1');
  });

  it('shows its card while the call runs, and its own sentence when the call failed', () => {
    render(
      <ol>
        <MessageRow
          message={answer([
            { type: 'tool-tally_votes', toolCallId: 'c1', state: 'input-available', input: { question: 'Ship on Friday?' } },
            { type: 'tool-tally_votes', toolCallId: 'c2', state: 'output-error', input: { question: 'Ship on Monday?' }, errorText: 'refused' },
          ])}
          me={ME}
          streaming
        />
      </ol>,
    );
    const row = screen.getByRole('listitem');
    expect(row.textContent).toContain('Counting the votes on “Ship on Friday?”…');
    expect(row.textContent).toContain('The votes could not be counted.');
  });

  it('shows its artifact in the memory panel through its view, and edits it through its editor', async () => {
    const changes: Change[] = [];
    const changeMemory = vi.fn(async (change: Change): Promise<MemoryResult> => {
      changes.push(change);
      return { type: 'request_result', requestId: 'r', ok: true, value: null };
    });
    render(<MemoryPanel entries={[VOTE_TALLY_ENTRY]} changeMemory={changeMemory} />);
    const entry = screen.getByRole('listitem', { name: 'Vote tally: Friday release' });
    const votes = within(entry).getByLabelText('Votes');
    expect(votes.textContent).toBe('QuestionShip on Friday?For3');

    fireEvent.click(within(entry).getByRole('button', { name: 'Edit Friday release' }));
    const form = screen.getByRole('form', { name: 'Edit Friday release' });
    // Its editor's fields, under the memory editor's title, and no choice of kind.
    expect(within(form).queryByLabelText('Kind')).toBeNull();
    expect((within(form).getByLabelText('Title') as HTMLInputElement).value).toBe('Friday release');
    const question = within(form).getByLabelText('Question') as HTMLInputElement;
    expect(question.value).toBe('Ship on Friday?');

    // Its own validation, its fields named by its editor.
    fireEvent.change(question, { target: { value: ' ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Question: Say what was voted on');
    expect(changes).toEqual([]);

    fireEvent.change(question, { target: { value: 'Ship on Monday?' } });
    fireEvent.change(within(form).getByLabelText('Votes for'), { target: { value: '5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(changes).toHaveLength(1));
    expect(changes[0]).toEqual({
      type: 'memory_update',
      id: 't1',
      baseVersion: 2,
      content: { kind: 'vote_tally', title: 'Friday release', tally: { question: 'Ship on Monday?', votesFor: 5 } },
    });
  });

  it("sends its members' own frames through the workspace, and shows a refusal where it was asked", async () => {
    const onAction = vi.fn(async (_frame: { type: string; [key: string]: unknown }): Promise<string | null> => null);
    const { rerender } = render(<MemoryPanel entries={[VOTE_TALLY_ENTRY]} changeMemory={vi.fn()} workspace={{ onAction }} />);
    const entry = screen.getByRole('listitem', { name: 'Vote tally: Friday release' });
    fireEvent.click(within(entry).getByRole('button', { name: 'Vote for' }));
    expect(onAction).toHaveBeenCalledWith({ type: 'vote_cast', choice: 'for' });
    await waitFor(() => expect(onAction).toHaveBeenCalledTimes(1));
    expect(within(entry).queryByRole('alert')).toBeNull();

    onAction.mockResolvedValueOnce('Voting closed at noon.');
    fireEvent.click(within(entry).getByRole('button', { name: 'Vote for' }));
    expect((await within(entry).findByRole('alert')).textContent).toBe('Voting closed at noon.');

    // Where the workspace lends no way to act, the view only reads.
    rerender(<MemoryPanel entries={[VOTE_TALLY_ENTRY]} changeMemory={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Vote for' })).toBeNull();
  });

  it('is gone once unregistered: its tool is an ordinary note again, and its entries have no view', () => {
    unregister();
    render(
      <>
        <ol>
          <MessageRow message={TALLIED} me={ME} streaming={false} />
        </ol>
        <MemoryPanel entries={[VOTE_TALLY_ENTRY]} changeMemory={vi.fn()} />
      </>,
    );
    expect(screen.queryByText(/Counted 3 votes/)).toBeNull();
    expect(screen.getByText('Noted in the project memory')).toBeTruthy();
    expect(screen.queryByLabelText('Votes')).toBeNull();
  });
});
