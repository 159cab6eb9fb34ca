/**
 * The workspace's conversation as a state machine, without a server: the composer's states
 * (blank, too long, sending, streaming, refused), messages while streaming, failed and stopped,
 * Markdown safety, quick replies, the polite announcement of complete answers, and rows that
 * do not render again when another message changes.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SendRefusedFrame, WorkspaceMessage } from '#contracts/workspace';
import { BLANK_MESSAGE, Composer, type ComposerProps } from '../../app/pages/app/workspace/Composer';
import type { ConversationProps } from '../../app/pages/app/workspace/Conversation';
import { renderConversation } from './conversation-support';
import { refusalMessage } from '../../app/pages/app/workspace/use-outgoing';

// Counts how often each text is rendered as Markdown, to see which rows render again.
const markdownRenders = vi.hoisted(() => new Map<string, number>());
vi.mock('react-markdown', async (importOriginal) => {
  const original = await importOriginal<typeof import('react-markdown')>();
  const Counted = (props: Parameters<typeof original.default>[0]) => {
    const text = String(props.children);
    markdownRenders.set(text, (markdownRenders.get(text) ?? 0) + 1);
    return original.default(props);
  };
  return { ...original, default: Counted };
});

const ME = { userId: 'u1', name: 'Ada Lovelace' };
const AT = Date.UTC(2026, 10, 23, 9, 30);

const member = (id: string, text: string, author = { kind: 'member' as const, userId: 'u1', name: 'Ada Lovelace' }): WorkspaceMessage => ({
  id,
  role: 'user',
  parts: [{ type: 'text', text }],
  metadata: { author, createdAt: AT },
});
const answer = (id: string, text: string, metadata: Partial<WorkspaceMessage['metadata'] & object> = {}): WorkspaceMessage => ({
  id,
  role: 'assistant',
  parts: [{ type: 'text', text }],
  metadata: { author: { kind: 'cofounder' }, createdAt: AT, status: 'complete', ...metadata },
});
const quickReplyAnswer = (id: string): WorkspaceMessage => ({
  id,
  role: 'assistant',
  parts: [
    { type: 'text', text: 'Two directions stand out.' },
    {
      type: 'tool-ask_multiple_choice',
      toolCallId: 'call-1',
      state: 'output-available',
      input: { question: 'Which one do you know best?', choices: ['Dental clinics', 'Dog owners'] },
      output: { shown: true },
    },
  ],
  metadata: { author: { kind: 'cofounder' }, createdAt: AT, status: 'complete' },
});

const conversation = (overrides: Partial<ConversationProps> = {}) => renderConversation(ME, overrides);

beforeEach(() => markdownRenders.clear());
afterEach(() => vi.restoreAllMocks());

describe('the composer', () => {
  function composer(overrides: Partial<ComposerProps> = {}) {
    const props: ComposerProps = {
      mode: 'ask',
      onModeChange: vi.fn(),
      value: '',
      onChange: vi.fn(),
      onSend: vi.fn(),
      sending: false,
      canStop: false,
      onStop: vi.fn(),
      error: null,
      onError: vi.fn(),
      ...overrides,
    };
    const view = render(<Composer {...props} />);
    return { props, view, box: screen.getByRole('textbox', { name: 'Message to your co-founder' }) as HTMLTextAreaElement };
  }

  it('refuses a blank message with a clear error', () => {
    const { props, box } = composer({ value: '  \n ' });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(props.onSend).not.toHaveBeenCalled();
    expect(props.onError).toHaveBeenCalledWith(BLANK_MESSAGE);
  });

  it('sends with Enter and with Send, but Shift+Enter writes a new line', () => {
    const { props, box } = composer({ value: 'Clinics lose hours to scheduling' });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(props.onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(props.onSend).toHaveBeenNthCalledWith(1, 'Clinics lose hours to scheduling');
    expect(props.onSend).toHaveBeenCalledTimes(2);
  });

  it('says a message over 8,000 characters is too long, and will not send it', () => {
    const { props, box } = composer({ value: 'x'.repeat(8001) });
    expect(screen.getByRole('alert').textContent).toBe('Messages can be up to 8,000 characters; this one has 8,001.');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(props.onSend).not.toHaveBeenCalled();
  });

  it('waits, keeping the text readable, only while the own message is being sent', () => {
    const { props, box, view } = composer({ value: 'My idea', sending: true });
    expect(box.readOnly).toBe(true);
    expect(box.value).toBe('My idea');
    expect((screen.getByRole('button', { name: 'Sending…' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(props.onSend).not.toHaveBeenCalled();

    // Someone else's answer streaming does not block typing or sending.
    view.rerender(<Composer {...props} sending={false} />);
    expect(box.readOnly).toBe(false);
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('offers Stop only while the own request is answered', () => {
    const { props, view } = composer();
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
    view.rerender(<Composer {...props} canStop />);
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(props.onStop).toHaveBeenCalledOnce();
  });

  it('shows a refusal and keeps the text', () => {
    const frame: SendRefusedFrame = {
      type: 'send_refused',
      requestId: 'r1',
      error: 'Daily limit reached.',
      reason: 'limit',
      limit: 'member_daily',
      resetsAt: Date.UTC(2026, 10, 24),
    };
    const message = refusalMessage(frame, Date.UTC(2026, 10, 23, 21));
    expect(message).toMatch(/^You have sent all the messages your plan allows per day: the limit resets at .+ \(in 3 hours\)\. Your message is kept below\.$/);
    composer({ value: 'Unsent idea', error: message });
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect((screen.getByRole('textbox') as HTMLTextAreaElement).value).toBe('Unsent idea');
  });

  it('names the project and global limits too', () => {
    const base = { type: 'send_refused', requestId: 'r', error: '', reason: 'limit', resetsAt: Date.UTC(2026, 10, 24) } as const;
    expect(refusalMessage({ ...base, limit: 'project_daily' }, Date.UTC(2026, 10, 23, 23, 50))).toMatch(/^This project has used .+ \(in 10 minutes\)/);
    expect(refusalMessage({ ...base, limit: 'global_daily' })).toMatch(/^The co-founder has answered all the free messages it can today/);
    expect(refusalMessage({ type: 'send_refused', requestId: 'r', error: 'Please wait for the answer.', reason: 'busy' })).toBe('Please wait for the answer.');
  });
});

describe('messages', () => {
  it('shows each author with initials and name, and the time', () => {
    conversation({
      messages: [member('m1', 'Hi'), member('m2', 'Hello', { kind: 'member', userId: 'u2', name: 'Grace Hopper' }), answer('a1', 'Welcome.')],
    });
    const rows = within(screen.getByRole('list', { name: 'Messages' })).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('.message__author')!.textContent)).toEqual(['Ada Lovelace (you)', 'Grace Hopper', 'AI co-founder']);
    expect(rows.map((row) => row.querySelector('.avatar')!.textContent)).toEqual(['AL', 'GH', 'AI']);
    expect(rows[0]!.querySelector('time')!.getAttribute('datetime')).toBe(new Date(AT).toISOString());
  });

  it('renders Markdown safely: HTML is text, links open in a new tab without access back', () => {
    conversation({
      messages: [
        answer('a1', '**Bold** <script>window.hacked = true</script> <img src=x onerror="alert(1)"> [docs](https://example.com) [bad](javascript:alert(1))'),
      ],
    });
    const row = screen.getByRole('listitem');
    expect(row.querySelector('strong')!.textContent).toBe('Bold');
    expect(row.querySelector('script')).toBeNull();
    expect(row.querySelector('img')).toBeNull();
    expect(row.textContent).toContain('<script>window.hacked = true</script>');
    const link = within(row).getByRole('link', { name: 'docs' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(row).getByText('bad').getAttribute('href') ?? '').not.toContain('javascript:');
  });

  it('marks the answer being written, and only that one', () => {
    conversation({ messages: [answer('a1', 'Done.'), member('m1', 'Next?'), answer('a2', 'Thinking ab')], streaming: true });
    const rows = screen.getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('aria-busy'))).toEqual([null, null, 'true']);
  });

  it('labels a failed answer, keeps its partial text, and offers Retry on the last one only', () => {
    const { props } = conversation({
      messages: [
        answer('a1', 'Old partial', { status: 'failed', failure: 'The model did not answer in time.' }),
        member('m1', 'Try again later'),
        answer('a2', 'Clinics lose', { status: 'failed', failure: 'The model stopped halfway.' }),
      ],
    });
    const rows = screen.getAllByRole('listitem');
    expect(rows[2]!.textContent).toContain('Failed');
    expect(rows[2]!.textContent).toContain('Partial answer, not finished:');
    expect(rows[2]!.textContent).toContain('Clinics lose');
    expect(rows[2]!.textContent).toContain('The model stopped halfway.');
    expect(within(rows[0]!).queryByRole('button', { name: 'Retry' })).toBeNull();
    fireEvent.click(within(rows[2]!).getByRole('button', { name: 'Retry' }));
    expect(props.onRetry).toHaveBeenCalledWith('a2');
  });

  it('labels a stopped answer, with Retry', () => {
    conversation({ messages: [member('m1', 'Go'), answer('a1', 'Half an ans', { status: 'stopped' })] });
    const row = screen.getAllByRole('listitem')[1]!;
    expect(row.textContent).toContain('Stopped');
    expect(row.textContent).toContain('Stopped before the end:');
    expect(within(row).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('labels the offline demo co-founder', () => {
    conversation({ messages: [answer('a1', 'Scripted.', { offlineDemo: true })] });
    expect(screen.getByText('offline demo — not AI')).toBeTruthy();
  });
});

describe('quick replies', () => {
  it('shows the choices as buttons that send the choice as the member’s message', () => {
    const { props } = conversation({ messages: [member('m1', 'Help me brainstorm ideas'), quickReplyAnswer('a1')] });
    const group = screen.getByRole('group', { name: 'Which one do you know best?' });
    fireEvent.click(within(group).getByRole('button', { name: 'Dog owners' }));
    expect(props.onSend).toHaveBeenCalledWith('Dog owners');
  });

  it('are not clickable once answered, while streaming, or while sending', () => {
    const { rerender } = conversation({ messages: [quickReplyAnswer('a1'), member('m1', 'Dental clinics'), answer('a2', 'Good.')] });
    expect((screen.getByRole('button', { name: 'Dental clinics' }) as HTMLButtonElement).disabled).toBe(true);
    rerender({ messages: [quickReplyAnswer('a1')], streaming: true });
    expect((screen.getByRole('button', { name: 'Dental clinics' }) as HTMLButtonElement).disabled).toBe(true);
    rerender({ messages: [quickReplyAnswer('a1')], sending: true });
    expect((screen.getByRole('button', { name: 'Dental clinics' }) as HTMLButtonElement).disabled).toBe(true);
    rerender({ messages: [quickReplyAnswer('a1')] });
    expect((screen.getByRole('button', { name: 'Dental clinics' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('the empty conversation', () => {
  it("offers 'Help me brainstorm ideas'", async () => {
    const { props } = conversation();
    await userEvent.click(screen.getByRole('button', { name: 'Help me brainstorm ideas' }));
    expect(props.onSend).toHaveBeenCalledWith('Help me brainstorm ideas');
  });
});

describe('screen readers', () => {
  it('hear a new answer once it is complete, not while it streams, and not the history', () => {
    const history = [member('m1', 'Hi'), answer('a1', 'Earlier answer.')];
    const { rerender } = conversation({ messages: history });
    const live = screen.getByRole('status');
    expect(live.getAttribute('aria-live')).toBe('polite');
    expect(live.textContent).toBe('');

    rerender({ messages: [...history, member('m2', 'More'), answer('a2', 'Half')], streaming: true });
    expect(live.textContent).toBe('');
    rerender({ messages: [...history, member('m2', 'More'), answer('a2', 'Half of it')], streaming: true });
    expect(live.textContent).toBe('');
    rerender({ messages: [...history, member('m2', 'More'), answer('a2', 'Half of it, whole.')], streaming: false });
    expect(live.textContent).toBe('AI co-founder: Half of it, whole.');
  });
});

describe('long conversations', () => {
  it('render only the streaming message again when a token arrives', () => {
    const history = Array.from({ length: 40 }, (_, i) => (i % 2 ? answer(`a${i}`, `Answer ${i}`) : member(`m${i}`, `Question ${i}`)));
    const { rerender } = conversation({ messages: [...history, answer('live', 'To')], streaming: true });
    expect(markdownRenders.get('Answer 1')).toBe(1);

    // As the SDK does: the same objects for the history, a new one for the streaming message.
    for (const text of ['Tok', 'Token', 'Token by', 'Token by token']) {
      act(() => rerender({ messages: [...history, answer('live', text)], streaming: true }));
    }
    expect(markdownRenders.get('Answer 1')).toBe(1);
    expect(markdownRenders.get('Question 38')).toBe(1);
    expect(markdownRenders.get('Token by token')).toBe(1);
  });
});
