import { getToolName, isToolUIPart } from 'ai';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { type WorkspaceMessage, ENGINE_TOOLS } from '#contracts/workspace';
import { BRAINSTORM_MESSAGE } from '../../../content/landing';
import { markdownToPlainText } from '../../../lib/markdown-text';
import { COFOUNDER_NAME } from './Avatar';
import { Composer, type ComposerMode } from './Composer';
import { authorOf, MessageRow, plainText } from './MessageRow';
import { phaseRowProps } from './phases/registry';
import type { PhaseConversationProps } from './phases/types';
import './Conversation.css';

/** The longest text the live region reads out for one answer; the rest is on screen. */
const ANNOUNCE_MAX_CHARS = 600;
/** How much of a question an answer's 'In reply to' line quotes. */
const REPLY_EXCERPT_CHARS = 60;
/** Closer than this to the bottom, the list follows new text; farther, the reader has scrolled up to read. */
const FOLLOW_THRESHOLD_PX = 80;

const isAtBottom = (list: HTMLElement) => list.scrollHeight - list.scrollTop - list.clientHeight < FOLLOW_THRESHOLD_PX;

const newMessages = (count: number) => (count === 1 ? '1 new message' : `${count} new messages`);

/** Smooth, unless the member's system asks for less motion. */
const scrollBehavior = (): ScrollBehavior => (window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth');

/** The messages of a list by id, kept per list: the list seen last stays the same while the member reads above. */
const indexes = new WeakMap<WorkspaceMessage[], Map<string, WorkspaceMessage>>();
function byIdOf(messages: WorkspaceMessage[]): Map<string, WorkspaceMessage> {
  let index = indexes.get(messages);
  if (!index) {
    index = new Map(messages.map((message) => [message.id, message]));
    indexes.set(messages, index);
  }
  return index;
}

/**
 * How many messages are new since `seen`: each one that was not there, and each one whose text
 * changed (an answer that went on streaming counts once, however much it grew).
 */
function countNew(seen: WorkspaceMessage[], messages: WorkspaceMessage[]): number {
  const before = byIdOf(seen);
  let count = 0;
  for (const message of messages) {
    const earlier = before.get(message.id);
    if (!earlier || (earlier !== message && (earlier.parts.length !== message.parts.length || plainText(earlier) !== plainText(message)))) count++;
  }
  return count;
}

/** The conversation's props: the engine's, and what the phases read (PhaseConversationProps). */
export interface ConversationProps extends PhaseConversationProps {
  messages: WorkspaceMessage[];
  me: { userId: string; name: string };
  /** An answer is streaming (anyone's). */
  streaming: boolean;
  /**
   * The streaming answer is this tab's own request, which Stop cancels (the SDK cancels the
   * turn its transport is attached to; another member's turn is theirs to stop).
   */
  canStop: boolean;
  /** The member's own message is on its way. */
  sending: boolean;
  draft: string;
  onDraftChange: (text: string) => void;
  error: string | null;
  onError: (error: string | null) => void;
  /** Sends a message: to the co-founder ('ask') or to the team ('note'). */
  onSend: (text: string, mode?: ComposerMode) => void;
  onStop: () => void;
  /** Retry of a failed or stopped answer, and Regenerate of a complete one. */
  onRetry: (messageId: string) => void;
  /** An edit of the member's own latest message. */
  onEdit: (messageId: string, text: string) => void;
  /** Keeps a message in the memory; resolves with an error, or null. */
  onSaveToMemory: (message: WorkspaceMessage) => Promise<string | null>;
  /** Pins a message to the canvas; resolves with an error, or null. */
  onPinToCanvas?: (message: WorkspaceMessage) => Promise<string | null>;
  /** Opens the memory at an entry. */
  onReviewMemory: (entryId: string) => void;
}

const isMine = (message: WorkspaceMessage, me: { userId: string; name: string }) => {
  const author = authorOf(message, me);
  return author.kind === 'member' && author.userId === me.userId;
};

/** How a question begins, for its answer's 'In reply to' line; kept per message, which the SDK does not change once written. */
const excerpts = new WeakMap<WorkspaceMessage, string>();
function excerptOf(message: WorkspaceMessage): string {
  let excerpt = excerpts.get(message);
  if (excerpt === undefined) {
    const text = markdownToPlainText(plainText(message)).replace(/\s+/g, ' ');
    excerpt = text.length > REPLY_EXCERPT_CHARS ? `${text.slice(0, REPLY_EXCERPT_CHARS)}…` : text;
    excerpts.set(message, excerpt);
  }
  return excerpt;
}

const asksQuickReply = (message: WorkspaceMessage) => message.parts.some((part) => isToolUIPart(part) && getToolName(part) === ENGINE_TOOLS.askMultipleChoice);

/**
 * The conversation: the messages, newest last, and the composer. Only the last message gets
 * Retry (a failed or stopped answer) and clickable quick replies (a question not yet answered).
 */
export function Conversation({
  messages,
  me,
  streaming,
  canStop,
  sending,
  draft,
  onDraftChange,
  error,
  onError,
  onSend,
  onStop,
  onRetry,
  onEdit,
  onSaveToMemory,
  onPinToCanvas,
  onReviewMemory,
  ...phaseProps
}: ConversationProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  // Set by 'Jump to the latest' until its smooth scroll ends: the scroll on its way is not the member scrolling up.
  const jumping = useRef(false);
  // The messages as the member last saw them at the bottom; what came or changed since is new to them.
  const seen = useRef(messages);
  const [unseen, setUnseen] = useState(0);
  const [mode, setMode] = useState<ComposerMode>('ask');
  const last = messages.at(-1);
  const lastIsAnswer = last?.role === 'assistant';
  const status = last?.metadata?.status;
  const idle = !streaming && !sending;
  const canRetry = lastIsAnswer && !streaming && (status === 'failed' || status === 'stopped');
  // A message no member asked for (a scheduled summary) answers nothing: there is nothing to write again.
  const canRegenerate = lastIsAnswer && idle && status === 'complete' && !last.metadata?.unprompted;
  const canQuickReply = lastIsAnswer && idle && asksQuickReply(last);
  // Only the member's own latest message can be edited, and only while nothing is being answered.
  const lastMemberMessage = messages.findLast((message) => message.role === 'user');
  const editableId = idle && lastMemberMessage && isMine(lastMemberMessage, me) ? lastMemberMessage.id : null;
  const announcement = useAnswerAnnouncement(messages, streaming);
  const byId = useMemo(() => new Map(messages.map((message) => [message.id, message])), [messages]);

  // Rows are memoised: these keep one identity for the life of the screen.
  const actions = useRef({ onSend, onRetry, onEdit, onSaveToMemory, onPinToCanvas, onReviewMemory });
  actions.current = { onSend, onRetry, onEdit, onSaveToMemory, onPinToCanvas, onReviewMemory };
  const retry = useCallback((messageId: string) => actions.current.onRetry(messageId), []);
  const lastId = useRef(last?.id);
  lastId.current = last?.id;
  const regenerate = useCallback(() => {
    if (lastId.current) actions.current.onRetry(lastId.current);
  }, []);
  const edit = useCallback((messageId: string, text: string) => actions.current.onEdit(messageId, text), []);
  const saveToMemory = useCallback((message: WorkspaceMessage) => actions.current.onSaveToMemory(message), []);
  const pinToCanvas = useCallback(async (message: WorkspaceMessage) => (await actions.current.onPinToCanvas?.(message)) ?? null, []);
  const reviewMemory = useCallback((entryId: string) => actions.current.onReviewMemory(entryId), []);
  const composerInput = useRef<HTMLTextAreaElement>(null);
  // The member's own message is shown where it lands, at the bottom, even if they were reading above.
  const followFromNowOn = useCallback(() => {
    following.current = true;
    setUnseen(0);
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, []);
  const sendOwn = useCallback(
    (...message: Parameters<ConversationProps['onSend']>) => {
      followFromNowOn();
      actions.current.onSend(...message);
    },
    [followFromNowOn],
  );
  // The choice's buttons are disabled once it is sent: focus moves to the message box, never to the page's body.
  const quickReply = useCallback(
    (choice: string) => {
      sendOwn(choice);
      composerInput.current?.focus();
    },
    [sendOwn],
  );
  // What the phases give the rows, their functions kept stable like the engine's.
  const rowProps = phaseRowProps(useStableFunctions(phaseProps));
  const showMessage = useCallback((messageId: string) => {
    const row = document.getElementById(`message-${messageId}`);
    row?.scrollIntoView({ block: 'center', behavior: scrollBehavior() });
    row?.focus({ preventScroll: true });
  }, []);

  useLayoutEffect(() => {
    const list = listRef.current;
    if (following.current) {
      if (list) list.scrollTop = list.scrollHeight;
      seen.current = messages;
      setUnseen(0);
    } else {
      // Reading above: the view stays where it is, and the button says what came.
      setUnseen(countNew(seen.current, messages));
    }
  }, [messages]);

  /** Where the member is now: at the bottom, the list follows new messages again and nothing is new. */
  const placeReader = (list: HTMLElement) => {
    const atBottom = isAtBottom(list);
    following.current = atBottom;
    if (atBottom) {
      seen.current = messages;
      setUnseen(0);
    }
  };

  const stopJumping = () => {
    jumping.current = false;
  };

  const jumpToLatest = () => {
    const list = listRef.current;
    if (!list) return;
    following.current = true;
    seen.current = messages;
    setUnseen(0);
    const behavior = scrollBehavior();
    jumping.current = behavior === 'smooth';
    list.scrollTo({ top: list.scrollHeight, behavior });
    // The button goes: focus moves to the newest message, which a screen reader then reads, not to the page's body.
    const newest = messages.at(-1);
    if (newest) document.getElementById(`message-${newest.id}`)?.focus({ preventScroll: true });
  };

  return (
    <section className="conversation" aria-label="Conversation">
      <div
        ref={listRef}
        className="conversation__scroll"
        onScroll={(event) => {
          const list = event.currentTarget;
          // Along the way of a jump, the list is not yet at the bottom; at its end it is.
          if (jumping.current && !isAtBottom(list)) return;
          jumping.current = false;
          placeReader(list);
        }}
        onScrollEnd={(event) => {
          jumping.current = false;
          placeReader(event.currentTarget);
        }}
        // The member scrolling takes over from a jump on its way (where a browser has no scrollend event).
        onWheel={stopJumping}
        onTouchMove={stopJumping}
        onKeyDown={stopJumping}
        onPointerDown={stopJumping}
      >
        {messages.length === 0 ? (
          <div className="conversation__empty">
            <h2>Start with an idea, or with nothing at all</h2>
            <p>
              Tell your co-founder about a problem you have seen or an idea you have. No idea yet? It will ask about your skills and interests and brainstorm
              with you.
            </p>
            <button type="button" className="button button--secondary" disabled={sending} onClick={() => sendOwn(BRAINSTORM_MESSAGE)}>
              {BRAINSTORM_MESSAGE}
            </button>
          </div>
        ) : (
          <ol className="conversation__messages" aria-label="Messages">
            {messages.map((message, index) => {
              const isLast = index === messages.length - 1;
              const answered = message.metadata?.answers ? byId.get(message.metadata.answers) : undefined;
              const answeredAuthor = answered ? authorOf(answered, me) : undefined;
              return (
                <MessageRow
                  {...rowProps}
                  key={message.id}
                  message={message}
                  me={me}
                  streaming={isLast && lastIsAnswer && streaming}
                  onRetry={isLast && canRetry ? retry : undefined}
                  onRegenerate={isLast && canRegenerate ? regenerate : undefined}
                  onEdit={message.id === editableId ? edit : undefined}
                  onSaveToMemory={saveToMemory}
                  onPinToCanvas={onPinToCanvas ? pinToCanvas : undefined}
                  onReviewMemory={reviewMemory}
                  onQuickReply={isLast && canQuickReply ? quickReply : undefined}
                  answeredId={answered?.id}
                  answeredName={
                    answeredAuthor
                      ? answeredAuthor.kind === 'member'
                        ? answeredAuthor.userId === me.userId
                          ? 'you'
                          : answeredAuthor.name
                        : COFOUNDER_NAME
                      : undefined
                  }
                  answeredExcerpt={answered ? excerptOf(answered) : undefined}
                  onShowMessage={showMessage}
                />
              );
            })}
          </ol>
        )}
      </div>
      <div className="conversation__jump" aria-live="polite">
        {unseen > 0 && (
          <button
            type="button"
            className="button button--secondary conversation__jump-button"
            aria-label={`Jump to the latest, ${newMessages(unseen)}`}
            onClick={jumpToLatest}
          >
            <span>Jump to the latest</span>
            <span className="conversation__jump-count">{newMessages(unseen)}</span>
          </button>
        )}
      </div>
      <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
      <Composer
        inputRef={composerInput}
        mode={mode}
        onModeChange={setMode}
        value={draft}
        onChange={onDraftChange}
        onSend={(text) => sendOwn(text, mode)}
        sending={sending}
        canStop={canStop}
        onStop={onStop}
        error={error}
        onError={onError}
      />
    </section>
  );
}

/**
 * What the polite live region says: each answer once, when it is complete (not token by
 * token), and answers already there when the page opened not at all.
 */
function useAnswerAnnouncement(messages: WorkspaceMessage[], streaming: boolean): string {
  const [announcement, setAnnouncement] = useState('');
  const seen = useRef<Set<string> | null>(null);
  seen.current ??= new Set(messages.filter((message) => message.role === 'assistant').map((message) => message.id));

  useEffect(() => {
    const done = seen.current!;
    for (const [index, message] of messages.entries()) {
      const stillWriting = streaming && index === messages.length - 1;
      if (message.role !== 'assistant' || done.has(message.id) || stillWriting) continue;
      done.add(message.id);
      const text = markdownToPlainText(plainText(message));
      const failed = message.metadata?.status === 'failed' ? ' (failed)' : '';
      setAnnouncement(`${COFOUNDER_NAME}${failed}: ${text.length > ANNOUNCE_MAX_CHARS ? `${text.slice(0, ANNOUNCE_MAX_CHARS)}…` : text}`);
    }
  }, [messages, streaming]);

  return announcement;
}

/**
 * The same object with each function replaced by one that keeps its identity for the life of the
 * component and calls the latest one given: memoised rows then render again only when a value changes.
 */
function useStableFunctions<Props extends object>(props: Props): Props {
  const latest = useRef(props);
  latest.current = props;
  const stable = useRef(new Map<string, (...args: unknown[]) => unknown>());
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props)) {
    if (typeof value !== 'function') {
      result[key] = value;
      continue;
    }
    let wrapper = stable.current.get(key);
    if (!wrapper) {
      wrapper = (...args: unknown[]) => (latest.current as Record<string, (...args: unknown[]) => unknown>)[key]?.(...args);
      stable.current.set(key, wrapper);
    }
    result[key] = wrapper;
  }
  return result as Props;
}
