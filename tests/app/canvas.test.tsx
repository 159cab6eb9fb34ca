/**
 * The canvas's state in the browser against a scripted socket: the board read on opening, a
 * change sent with the version its member saw, a stale change undone with the winner shown and
 * said, another member's change applied live, and undo sent as a new change from the current version.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CanvasItem, CanvasNote, CanvasServerFrame } from '#contracts/canvas';
import CanvasView from '../../app/pages/app/workspace/canvas/CanvasView';
import { MemoryPanel } from '../../app/pages/app/workspace/MemoryPanel';

class FakeSocket extends EventTarget {
  readyState = 1;
  readonly sent: Record<string, unknown>[] = [];
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  deliver(frame: CanvasServerFrame) {
    act(() => {
      this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(frame) }));
    });
  }
  last(type: string) {
    return this.sent.findLast((frame) => frame.type === type)!;
  }
}

const ana = { kind: 'member' as const, userId: 'u-ana', name: 'Ana' };
const ben = { kind: 'member' as const, userId: 'u-ben', name: 'Ben' };
const note = (overrides: Partial<CanvasNote> = {}): CanvasNote => ({
  kind: 'note',
  id: 'n1',
  text: 'Call five clinics',
  colour: 'yellow',
  x: 0,
  y: 0,
  width: 200,
  height: 130,
  frameId: 'f1',
  version: 1,
  author: ana,
  updatedBy: ana,
  updatedAt: 1,
  ...overrides,
});
const frame: CanvasItem = {
  kind: 'frame',
  id: 'f1',
  title: 'This week',
  x: -20,
  y: -40,
  width: 500,
  height: 300,
  version: 1,
  author: ana,
  updatedBy: ana,
  updatedAt: 1,
};

function open(items: CanvasItem[] = [frame, note()]) {
  const socket = new FakeSocket();
  render(<CanvasView socket={socket} me={{ userId: 'u-ana', name: 'Ana' }} present={[{ userId: 'u-ana', name: 'Ana' }]} onShowMessage={() => {}} />);
  const read = socket.last('canvas_read');
  socket.deliver({ type: 'canvas_board', requestId: read.requestId as string, items });
  return socket;
}

const theNote = () => screen.getByRole('group', { name: /Call five|Their wording|Shorter|Ben's/ });

describe('the canvas', () => {
  it('reads the board once on opening and announces each note with its text and frame', () => {
    const socket = open();
    expect(socket.sent.filter((frame) => frame.type === 'canvas_read')).toHaveLength(1);
    expect(theNote().getAttribute('aria-label')).toBe('Note by Ana, in frame This week: Call five clinics');
  });

  it('sends an edit with the version seen, and on a stale refusal shows the winner and says so', async () => {
    const socket = open();
    fireEvent.keyDown(theNote(), { key: 'Enter' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Note text' }), { target: { value: 'Shorter' } });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Note text' }), { key: 'Enter' });
    const update = socket.last('canvas_update');
    expect(update).toMatchObject({ id: 'n1', baseVersion: 1, patch: { kind: 'note', text: 'Shorter' } });
    // Shown at once, before the answer.
    expect(theNote().textContent).toContain('Shorter');
    const winner = note({ text: 'Their wording', version: 2, updatedBy: ben });
    socket.deliver({
      type: 'request_result',
      requestId: update.requestId as string,
      ok: false,
      reason: 'stale',
      error: 'Ben changed this note first: your change was not applied.',
      current: winner,
    });
    await waitFor(() => expect(theNote().textContent).toContain('Their wording'));
    // Said in the canvas's live region.
    expect(screen.getByText('Ben changed this note first: your change was not applied.').getAttribute('aria-live')).toBe('polite');
    // Nothing to undo: the change was refused.
    expect((screen.getByRole('button', { name: 'Undo' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("applies another member's change live, and undoes one's own move as a new change from the current version", async () => {
    const socket = open();
    socket.deliver({ type: 'canvas_changed', item: note({ text: "Ben's wording", version: 2, updatedBy: ben }), by: ben });
    expect(theNote().textContent).toContain("Ben's wording");

    fireEvent.keyDown(theNote(), { key: 'ArrowRight' });
    const move = socket.last('canvas_update');
    expect(move).toMatchObject({ baseVersion: 2, patch: { kind: 'note', x: 10 } });
    socket.deliver({ type: 'request_result', requestId: move.requestId as string, ok: true, value: note({ text: "Ben's wording", x: 10, version: 3 }) });
    await waitFor(() => expect((screen.getByRole('button', { name: 'Undo' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(socket.sent.filter((frame) => frame.type === 'canvas_update')).toHaveLength(2));
    expect(socket.last('canvas_update')).toMatchObject({ baseVersion: 3, patch: { kind: 'note', x: 0 } });
  });

  it('undoes the deletion of a note with its connectors, as new changes', async () => {
    const other = note({ id: 'n2', text: 'Second note', x: 300 });
    const connector: CanvasItem = { kind: 'connector', id: 'c1', from: 'n1', to: 'n2', version: 1, author: ana, updatedBy: ana, updatedAt: 1 };
    const socket = open([frame, note(), other, connector]);
    fireEvent.keyDown(screen.getByRole('group', { name: /Call five/ }), { key: 'Delete' });
    const deletion = socket.last('canvas_delete');
    expect(deletion).toMatchObject({ kind: 'note', id: 'n1', baseVersion: 1 });
    socket.deliver({ type: 'request_result', requestId: deletion.requestId as string, ok: true, value: null });
    await waitFor(() => expect(screen.queryByRole('group', { name: /Call five/ })).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(socket.last('canvas_create')).toMatchObject({ item: { kind: 'note', id: 'n1', text: 'Call five clinics' } }));
    socket.deliver({ type: 'request_result', requestId: socket.last('canvas_create').requestId as string, ok: true, value: note() });
    await waitFor(() => expect(socket.last('canvas_create')).toMatchObject({ item: { kind: 'connector', id: 'c1', from: 'n1', to: 'n2' } }));
    socket.deliver({ type: 'request_result', requestId: socket.last('canvas_create').requestId as string, ok: true, value: connector });
    await waitFor(() => expect(screen.getByRole('group', { name: /Call five/ })).toBeTruthy());
  });

  it("shows the co-founder's proposal with Keep and Dismiss, and sends Keep with its version", () => {
    const proposal = note({
      id: 'p1',
      text: 'Will clinics pay monthly?',
      author: { kind: 'cofounder' },
      updatedBy: { kind: 'cofounder' },
      proposed: true,
      frameId: null,
      origin: { messageId: 'm1', toolCallId: 't1', sources: [{ title: 'A thread', url: 'https://news.ycombinator.com/item?id=1' }] },
    });
    const socket = open([proposal]);
    const card = screen.getByRole('group', { name: 'Note by the co-founder, proposed: Will clinics pay monthly?' });
    expect(card.textContent).toContain('Proposed by the co-founder');
    expect(screen.getByRole('link', { name: 'A thread' }).getAttribute('href')).toBe('https://news.ycombinator.com/item?id=1');
    fireEvent.click(screen.getByRole('button', { name: 'Keep' }));
    expect(socket.last('canvas_keep')).toMatchObject({ id: 'p1', baseVersion: 1 });
    expect(screen.getByRole('button', { name: 'Dismiss' })).toBeTruthy();
  });
});

describe('pinning from the memory', () => {
  const idea = {
    id: 'e2',
    kind: 'chosen_idea' as const,
    title: 'Booking assistant',
    idea: {
      problem: 'Cancelled slots stay empty.',
      whoHasIt: 'Practice managers.',
      proposedSolution: 'A waiting list.',
      whyNow: 'Texting.',
      riskiestAssumption: 'They answer.',
      openQuestions: ['How many cancellations a week?'],
    },
    author: { kind: 'cofounder' as const },
    updatedAt: 1,
    version: 1,
  };

  it("pins an artifact's item as a note linked to its entry, and says what happened", async () => {
    const pins: [string, { entryId: string; title: string }][] = [];
    const answers: (string | null)[] = [null, 'The canvas holds at most 500 notes: delete one first.'];
    render(
      <MemoryPanel
        entries={[idea]}
        changeMemory={async () => ({ type: 'request_result', requestId: 'r', ok: true, value: null })}
        pinToCanvas={async (text, from) => (pins.push([text, from]), answers.shift()!)}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Pin to canvas' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pin "Problem: Cancelled slots stay empty."' }));
    await waitFor(() => expect(screen.getByText('Pinned to the canvas.')).toBeTruthy());
    expect(pins).toEqual([['Problem: Cancelled slots stay empty.', { entryId: 'e2', title: 'Booking assistant' }]]);
    fireEvent.click(screen.getByRole('button', { name: 'Pin "Open questions: How many cancellations a week?"' }));
    await waitFor(() => expect(screen.getByText('The canvas holds at most 500 notes: delete one first.')).toBeTruthy());
  });
});
