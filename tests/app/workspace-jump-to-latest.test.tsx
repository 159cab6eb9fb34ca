/**
 * New messages while a member reads above: the view stays where it is, 'Jump to the latest' says
 * how many came (a streamed answer counts once) and takes them there; reaching the bottom by
 * scrolling hides it, and the member's own message is always shown. jsdom has no layout: the
 * list's heights and scroll position are stubbed, each message 300px tall in a 600px window.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WorkspaceMessage } from '#contracts/workspace';
import type { ConversationProps } from '../../app/pages/app/workspace/Conversation';
import { renderConversation } from './conversation-support';

const ME = { userId: 'u1', name: 'Ada' };
const GRACE = { kind: 'member' as const, userId: 'u2', name: 'Grace' };
const AT = Date.UTC(2026, 10, 27, 9, 30);
const ROW_PX = 300;
const WINDOW_PX = 600;

const member = (id: string, text: string, author: { kind: 'member'; userId: string; name: string } = { kind: 'member', ...ME }): WorkspaceMessage => ({
  id,
  role: 'user',
  parts: [{ type: 'text', text }],
  metadata: { author, createdAt: AT },
});
/** An answer; while it streams it has no status yet. */
const answer = (id: string, text: string, status: 'streaming' | 'complete' = 'complete'): WorkspaceMessage => ({
  id,
  role: 'assistant',
  parts: [{ type: 'text', text }],
  metadata: { author: { kind: 'cofounder' }, createdAt: AT, ...(status === 'complete' ? { status } : {}) },
});

const EARLIER = [member('m1', 'Dentists lose hours to no-shows'), answer('a1', 'Test whether clinics track empty slots.'), member('m2', 'And vets?')];

/** The conversation, with a layout: the list as tall as its rows, scrolled to the bottom as on opening. */
function conversation(overrides: Partial<ConversationProps> = {}) {
  const view = renderConversation(ME, { messages: EARLIER, ...overrides });
  const list = document.querySelector<HTMLElement>('.conversation__scroll')!;
  let top = 0;
  const bottom = () => list.scrollHeight - list.clientHeight;
  Object.defineProperty(list, 'clientHeight', { configurable: true, get: () => WINDOW_PX });
  Object.defineProperty(list, 'scrollHeight', { configurable: true, get: () => Math.max(list.querySelectorAll('.message').length * ROW_PX, WINDOW_PX) });
  Object.defineProperty(list, 'scrollTop', {
    configurable: true,
    get: () => top,
    set: (value: number) => {
      top = Math.max(0, Math.min(value, bottom()));
    },
  });
  /** The member (or the browser) scrolls the list to `to`. */
  const scroll = (to: number) => {
    list.scrollTop = to;
    fireEvent.scroll(list);
  };
  const scrollTo = vi.fn((options: ScrollToOptions) => scroll(options.top ?? top));
  list.scrollTo = scrollTo as typeof list.scrollTo;
  scroll(bottom());
  return { ...view, list, scroll, scrollTo, bottom };
}

const jumpButton = () => screen.queryByRole('button', { name: /^Jump to the latest/ });
/** The button, by its whole accessible name, which says how many messages are new. */
const jumpSaying = (count: string) => screen.queryByRole('button', { name: `Jump to the latest, ${count}` });

afterEach(() => vi.restoreAllMocks());

describe('new messages while the member reads above', () => {
  it('follows new messages without a button while the member is at the bottom', () => {
    const { rerender, list, bottom } = conversation();
    expect(list.scrollTop).toBe(bottom());
    rerender({ messages: [...EARLIER, member('n1', 'I will call two vets', GRACE)] });
    expect(list.scrollTop).toBe(4 * ROW_PX - WINDOW_PX);
    expect(jumpButton()).toBeNull();
  });

  it('keeps the view still and counts what came, a streamed answer once; the button takes the member to the bottom and goes', async () => {
    const { rerender, list, scroll, scrollTo, bottom } = conversation();
    scroll(0);
    const note = member('n1', 'I will call two vets', GRACE);
    rerender({ messages: [...EARLIER, note] });
    expect(list.scrollTop).toBe(0);
    expect(jumpSaying('1 new message')).toBeTruthy();
    expect(within(jumpButton()!).getByText('1 new message')).toBeTruthy();
    // Announced politely, placed between the list and the composer.
    expect(jumpButton()!.closest('[aria-live="polite"]')).toBeTruthy();
    expect(jumpButton()!.compareDocumentPosition(screen.getByRole('form', { name: 'Send a message' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    rerender({ messages: [...EARLIER, note, answer('a2', 'Vets', 'streaming')], streaming: true });
    rerender({ messages: [...EARLIER, note, answer('a2', 'Vets overbook on Mondays', 'streaming')], streaming: true });
    rerender({ messages: [...EARLIER, note, answer('a2', 'Vets overbook on Mondays.')], streaming: false });
    expect(list.scrollTop).toBe(0);
    expect(jumpSaying('2 new messages')).toBeTruthy();

    await userEvent.click(jumpButton()!);
    expect(scrollTo).toHaveBeenCalledWith({ top: 5 * ROW_PX, behavior: 'smooth' });
    expect(list.scrollTop).toBe(bottom());
    expect(jumpButton()).toBeNull();
    // Focus goes to the newest message, not to the page's body.
    expect(document.activeElement?.id).toBe('message-a2');

    // At the bottom again, the list follows.
    rerender({ messages: [...EARLIER, note, answer('a2', 'Vets overbook on Mondays.'), member('n2', 'Nice', GRACE)], streaming: false });
    expect(list.scrollTop).toBe(6 * ROW_PX - WINDOW_PX);
    expect(jumpButton()).toBeNull();
  });

  it('counts an answer that goes on streaming after the member scrolled up as one new message', () => {
    const streamingAnswer = (text: string) => [...EARLIER, answer('a2', text, 'streaming')];
    const { rerender, list, scroll } = conversation({ messages: streamingAnswer('Vets'), streaming: true });
    scroll(0);
    rerender({ messages: streamingAnswer('Vets overbook'), streaming: true });
    rerender({ messages: streamingAnswer('Vets overbook on Mondays'), streaming: true });
    expect(list.scrollTop).toBe(0);
    expect(jumpSaying('1 new message')).toBeTruthy();
  });

  it('goes when the member scrolls to the bottom, and works from the keyboard without smooth scrolling under reduced motion', async () => {
    const prefers = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({ ...prefers(query), matches: query === '(prefers-reduced-motion: reduce)' }));
    const { rerender, scroll, scrollTo, bottom } = conversation();
    scroll(0);
    rerender({ messages: [...EARLIER, member('n1', 'I will call two vets', GRACE)] });
    expect(jumpButton()).toBeTruthy();
    scroll(bottom() - 10);
    expect(jumpButton()).toBeNull();

    scroll(0);
    rerender({ messages: [...EARLIER, member('n1', 'I will call two vets', GRACE), member('n2', 'Done', GRACE)] });
    expect(jumpSaying('1 new message')).toBeTruthy();
    jumpButton()!.focus();
    await userEvent.keyboard('{Enter}');
    expect(scrollTo).toHaveBeenCalledWith({ top: 5 * ROW_PX, behavior: 'auto' });
    expect(jumpButton()).toBeNull();
  });

  it('scrolls to the bottom when the member sends their own message, even while reading above', async () => {
    const { rerender, list, scroll, bottom, props } = conversation({ draft: 'I can call the vets tomorrow' });
    scroll(0);
    const note = member('n1', 'Who calls the vets?', GRACE);
    rerender({ messages: [...EARLIER, note] });
    expect(jumpButton()).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(props.onSend).toHaveBeenCalledWith('I can call the vets tomorrow', 'ask');
    expect(list.scrollTop).toBe(bottom());
    expect(jumpButton()).toBeNull();
    // The own message lands at the bottom, in view.
    rerender({ messages: [...EARLIER, note, member('m3', 'I can call the vets tomorrow')], draft: '' });
    expect(list.scrollTop).toBe(5 * ROW_PX - WINDOW_PX);
    expect(jumpButton()).toBeNull();
  });
});
