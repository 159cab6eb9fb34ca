/**
 * A team's conversation, as a state machine without a server (decision 0043): who a message is
 * for, notes shown as notes, answers that name their question, the actions on a message (copy,
 * save to memory, Regenerate, Edit) and where each is offered, focus after an edit, and what the
 * live region reads.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { WorkspaceMessage } from '#contracts/workspace';
import type { ConversationProps } from '../../app/pages/app/workspace/Conversation';
import { renderConversation } from './conversation-support';
import { memoryNoteOf } from '../../app/pages/app/workspace/memory-note';

const ME = { userId: 'u1', name: 'Ada' };
const GRACE = { kind: 'member' as const, userId: 'u2', name: 'Grace' };
const AT = Date.UTC(2026, 10, 24, 9, 30);

const member = (
  id: string,
  text: string,
  extra: Partial<NonNullable<WorkspaceMessage['metadata']>> = {},
  author: { kind: 'member'; userId: string; name: string } = { kind: 'member', ...ME },
): WorkspaceMessage => ({
  id,
  role: 'user',
  parts: [{ type: 'text', text }],
  metadata: { author, createdAt: AT, ...extra },
});
const answer = (id: string, text: string, extra: Partial<NonNullable<WorkspaceMessage['metadata']>> = {}): WorkspaceMessage => ({
  id,
  role: 'assistant',
  parts: [{ type: 'text', text }],
  metadata: { author: { kind: 'cofounder' }, createdAt: AT, status: 'complete', ...extra },
});

const conversation = (overrides: Partial<ConversationProps> = {}) => renderConversation(ME, overrides);

const row = (id: string) => document.querySelector<HTMLElement>(`[data-message-id="${id}"]`)!;

describe('who a message is for', () => {
  it('sends to the co-founder by default, and as a note to the team when chosen', async () => {
    const { props, rerender } = conversation({ draft: 'Hi Grace, I am here' });
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(props.onSend).toHaveBeenLastCalledWith('Hi Grace, I am here', 'ask');

    await userEvent.click(screen.getByRole('radio', { name: 'Note to the team' }));
    rerender({ draft: 'Call the clinic at 10' });
    expect(screen.getByRole('textbox', { name: 'Note to your team' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Send note' }));
    expect(props.onSend).toHaveBeenLastCalledWith('Call the clinic at 10', 'note');
  });

  it('shows a note as a note, and an answer with the question it answers', async () => {
    const messages = [
      member('m1', 'Is **this** worth testing with dentists?', {}, GRACE),
      member('n1', 'I will call two clinics', { note: true }),
      answer('a1', 'Yes, test it.', { answers: 'm1' }),
    ];
    conversation({ messages });
    expect(within(row('n1')).getByText('Note to the team')).toBeTruthy();
    const replyTo = within(row('a1')).getByRole('button', { name: 'In reply to Grace: “Is this worth testing with dentists?”' });
    row('m1').scrollIntoView = vi.fn();
    await userEvent.click(replyTo);
    expect(document.activeElement).toBe(row('m1'));
  });
});

describe('actions on messages', () => {
  it('offers Regenerate on the latest complete answer only, and not while anything is being answered', async () => {
    const messages = [
      member('m1', 'First'),
      answer('a1', 'Old answer', { answers: 'm1' }),
      member('m2', 'Second'),
      answer('a2', 'Latest answer', { answers: 'm2' }),
    ];
    const { props, rerender } = conversation({ messages });
    expect(within(row('a1')).queryByRole('button', { name: 'Regenerate' })).toBeNull();
    await userEvent.click(within(row('a2')).getByRole('button', { name: 'Regenerate' }));
    expect(props.onRetry).toHaveBeenCalledWith('a2');
    rerender({ messages, sending: true });
    expect(within(row('a2')).queryByRole('button', { name: 'Regenerate' })).toBeNull();
  });

  it('offers no Regenerate on a message no member asked for (a scheduled check-in), which answers nothing', () => {
    const messages = [member('m1', 'First'), answer('a1', 'An answer', { answers: 'm1' }), answer('c1', 'Weekly check-in, 2026-W48.', { unprompted: true })];
    conversation({ messages });
    expect(within(row('c1')).getByText('Weekly check-in, 2026-W48.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Regenerate' })).toBeNull();
  });

  it("offers Edit on the member's own latest message only; saving asks again and focus returns to the message", async () => {
    const messages = [
      member('m1', 'Dentists'),
      answer('a1', 'About dentists.', { answers: 'm1' }),
      member('m2', 'From Grace', {}, GRACE),
      answer('a2', 'About Grace.', { answers: 'm2' }),
    ];
    const { rerender } = conversation({ messages });
    // Grace wrote after Ada: Ada's message is no longer the latest member message.
    expect(within(row('m1')).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(row('m2')).queryByRole('button', { name: 'Edit' })).toBeNull();

    const onEdit = vi.fn();
    rerender({ messages: messages.slice(0, 2), onEdit });
    await userEvent.click(within(row('m1')).getByRole('button', { name: 'Edit' }));
    const box = within(row('m1')).getByRole('textbox', { name: 'Your message' });
    expect(document.activeElement).toBe(box);
    await userEvent.clear(box);
    await userEvent.type(box, 'Vets');
    await userEvent.click(within(row('m1')).getByRole('button', { name: 'Save and ask again' }));
    expect(onEdit).toHaveBeenCalledWith('m1', 'Vets');
    await vi.waitFor(() => expect(document.activeElement).toBe(row('m1')));
  });

  it('refuses an unchanged or blank edit at the field, and Escape cancels it', async () => {
    const onEdit = vi.fn();
    conversation({ messages: [member('m1', 'Dentists')], onEdit });
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save and ask again' }));
    expect(screen.getByRole('alert').textContent).toBe('The message is unchanged.');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Your message' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save and ask again' }));
    expect(screen.getByRole('alert').textContent).toBe('Write a message first.');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Your message' })).toBeNull();
    expect(onEdit).not.toHaveBeenCalled();
  });

  it('shows what an edited message said before, and the earlier versions of a regenerated answer', async () => {
    conversation({
      messages: [
        member('m1', 'Vets', { edited: { at: AT, previousText: 'Dentists' } }),
        answer('a1', 'Second take.', { answers: 'm1', previousVersions: [{ text: 'First take.', createdAt: AT - 1000 }] }),
      ],
    });
    expect(within(row('m1')).getByText('Edited')).toBeTruthy();
    await userEvent.click(within(row('m1')).getByText('What it said before the edit'));
    expect(within(row('m1')).getByText('Dentists')).toBeTruthy();
    await userEvent.click(within(row('a1')).getByText('Earlier version (1)'));
    expect(within(row('a1')).getByText('First take.')).toBeTruthy();
  });

  it('copies an answer as Markdown and as plain text', async () => {
    const user = userEvent.setup();
    conversation({ messages: [answer('a1', '**Weakest assumption:** they [track it](https://example.com).')] });
    await user.click(screen.getByRole('button', { name: 'Copy as Markdown' }));
    expect(await navigator.clipboard.readText()).toBe('**Weakest assumption:** they [track it](https://example.com).');
    expect(screen.getByText('Copied as Markdown.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Copy as text' }));
    expect(await navigator.clipboard.readText()).toBe('Weakest assumption: they track it.');
  });

  it('saves any message to the memory as a note, and says so or why not', async () => {
    const onSaveToMemory = vi.fn(async () => null as string | null);
    conversation({ messages: [member('m1', 'Clinics lose four slots a week', {}, GRACE)], onSaveToMemory });
    await userEvent.click(screen.getByRole('button', { name: 'Save to memory' }));
    expect(onSaveToMemory).toHaveBeenCalledWith(expect.objectContaining({ id: 'm1' }));
    expect(await screen.findByText('Saved to the memory.')).toBeTruthy();
    onSaveToMemory.mockResolvedValueOnce('The memory holds at most 100 entries: delete one first.');
    await userEvent.click(screen.getByRole('button', { name: 'Save to memory' }));
    expect(await screen.findByText('The memory holds at most 100 entries: delete one first.')).toBeTruthy();
  });

  it('pins any message to the canvas, and says so', async () => {
    const onPinToCanvas = vi.fn(async () => null as string | null);
    conversation({ messages: [member('m1', 'Clinics lose four slots a week', {}, GRACE)], onPinToCanvas });
    await userEvent.click(screen.getByRole('button', { name: 'Pin to canvas' }));
    expect(onPinToCanvas).toHaveBeenCalledWith(expect.objectContaining({ id: 'm1' }));
    expect(await screen.findByText('Pinned to the canvas.')).toBeTruthy();
  });

  it('makes a memory note of a message within the memory limits', () => {
    const note = memoryNoteOf(answer('a1', `## ${'Long title '.repeat(20)}\n\n${'Body. '.repeat(500)}`));
    expect(note.kind).toBe('note');
    expect(note.kind === 'note' && note.title.length).toBeLessThanOrEqual(120);
    expect(note.kind === 'note' && note.body.length).toBeLessThanOrEqual(2000);
    expect(note.kind === 'note' && note.title.startsWith('Long title')).toBe(true);
  });
});

describe('answers that quoted the estimate', () => {
  const estimateInput = {
    title: 'Empty chairs',
    estimate: {
      segments: ['Dental clinics'],
      topDown: { steps: [{ operation: 'start', value: 1000, label: 'clinics', source: 'assumption' }], unit: 'clinics' },
      bottomUp: { steps: [{ operation: 'start', value: 10, label: 'clinics a year', source: 'assumption' }], unit: 'clinics a year' },
      frequency: 'Weekly',
      pain: 'Lost revenue',
      currentAlternatives: 'Phone calls',
      confidence: 'low',
      confidenceReasons: 'No evidence yet',
      evidence: [],
    },
  };
  const saved: WorkspaceMessage = {
    id: 'a1',
    role: 'assistant',
    parts: [
      { type: 'tool-save_scale_estimate', toolCallId: 'c1', state: 'output-available', input: estimateInput, output: { saved: { id: 'est', version: 1 } } },
    ],
    metadata: { author: { kind: 'cofounder' }, createdAt: AT, status: 'complete' },
  };

  it('say when the estimate has changed or gone since, and link to it in the memory', async () => {
    const { props, rerender } = conversation({ messages: [saved], estimate: { id: 'est', version: 1 } });
    expect(row('a1').textContent).not.toContain('since');
    await userEvent.click(within(row('a1')).getByRole('button', { name: 'Review it in the memory' }));
    expect(props.onReviewMemory).toHaveBeenCalledWith('est');
    rerender({ estimate: { id: 'est', version: 2 } });
    expect(row('a1').textContent).toContain('The estimate has changed since: these results are those of an earlier version.');
    rerender({ estimate: null });
    expect(row('a1').textContent).toContain('The estimate has been deleted since.');
  });
});

describe('focus', () => {
  it('moves to the message box after a quick reply, never to the page body', async () => {
    const quick: WorkspaceMessage = {
      id: 'a1',
      role: 'assistant',
      parts: [
        { type: 'text', text: 'Two directions.' },
        {
          type: 'tool-ask_multiple_choice',
          toolCallId: 'c1',
          state: 'output-available',
          input: { question: 'Which one?', choices: ['Dentists', 'Vets'] },
          output: { shown: true },
        },
      ],
      metadata: { author: { kind: 'cofounder' }, createdAt: AT, status: 'complete' },
    };
    const { props } = conversation({ messages: [quick] });
    await userEvent.click(screen.getByRole('button', { name: 'Vets' }));
    expect(props.onSend).toHaveBeenCalledWith('Vets');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message to your co-founder' }));
  });
});

describe('the live region', () => {
  it('reads a finished answer as plain text, never Markdown characters', () => {
    const { rerender } = conversation({ messages: [member('m1', 'Hi')] });
    rerender({ messages: [member('m1', 'Hi'), answer('a1', '**Bold** and a [link](https://example.com)\n- a point')] });
    expect(screen.getByRole('status').textContent).toBe('AI co-founder: Bold and a link\na point');
  });
});
