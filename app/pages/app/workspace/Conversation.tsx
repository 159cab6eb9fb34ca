import { getToolName, isToolUIPart } from 'ai';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { COFOUNDER_TOOLS, type ResearchDraft, type WorkspaceMessage } from '#contracts/workspace';
import { BRAINSTORM_MESSAGE } from '../../../content/landing';
import { COFOUNDER_NAME } from './Avatar';
import { Composer } from './Composer';
import { MessageRow, plainText } from './MessageRow';

/** The longest text the live region reads out for one answer; the rest is on screen. */
const ANNOUNCE_MAX_CHARS = 600;
/** Closer than this to the bottom, the list follows new text; farther, the reader has scrolled up to read. */
const FOLLOW_THRESHOLD_PX = 80;

export interface ConversationProps {
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
  onSend: (text: string) => void;
  onStop: () => void;
  onRetry: (messageId: string) => void;
  /** 'Create this research page' on a draft of the co-founder. */
  onCreateResearchPage: (draft: ResearchDraft) => void;
}

const asksQuickReply = (message: WorkspaceMessage) =>
  message.parts.some((part) => isToolUIPart(part) && getToolName(part) === COFOUNDER_TOOLS.askMultipleChoice);

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
  onCreateResearchPage,
}: ConversationProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const last = messages.at(-1);
  const lastIsAnswer = last?.role === 'assistant';
  const status = last?.metadata?.status;
  const canRetry = lastIsAnswer && !streaming && (status === 'failed' || status === 'stopped');
  const canQuickReply = lastIsAnswer && !streaming && !sending && asksQuickReply(last);
  const announcement = useAnswerAnnouncement(messages, streaming);

  // Rows are memoised: these keep one identity for the life of the screen.
  const actions = useRef({ onSend, onRetry, onCreateResearchPage });
  actions.current = { onSend, onRetry, onCreateResearchPage };
  const retry = useCallback((messageId: string) => actions.current.onRetry(messageId), []);
  const quickReply = useCallback((choice: string) => actions.current.onSend(choice), []);
  const createResearchPage = useCallback((researchDraft: ResearchDraft) => actions.current.onCreateResearchPage(researchDraft), []);

  useLayoutEffect(() => {
    const list = listRef.current;
    if (list && following.current) list.scrollTop = list.scrollHeight;
  }, [messages]);

  return (
    <section className="conversation" aria-label="Conversation">
      <div
        ref={listRef}
        className="conversation__scroll"
        onScroll={(event) => {
          const list = event.currentTarget;
          following.current = list.scrollHeight - list.scrollTop - list.clientHeight < FOLLOW_THRESHOLD_PX;
        }}
      >
        {messages.length === 0 ? (
          <div className="conversation__empty">
            <h2>Start with an idea, or with nothing at all</h2>
            <p>
              Tell your co-founder about a problem you have seen or an idea you have. No idea yet? It will ask about your
              skills and interests and brainstorm with you.
            </p>
            <button type="button" className="button button--secondary" disabled={sending} onClick={() => onSend(BRAINSTORM_MESSAGE)}>
              {BRAINSTORM_MESSAGE}
            </button>
          </div>
        ) : (
          <ol className="conversation__messages" aria-label="Messages">
            {messages.map((message, index) => {
              const isLast = index === messages.length - 1;
              return (
                <MessageRow
                  key={message.id}
                  message={message}
                  me={me}
                  streaming={isLast && lastIsAnswer && streaming}
                  onRetry={isLast && canRetry ? retry : undefined}
                  onQuickReply={isLast && canQuickReply ? quickReply : undefined}
                  onCreateResearchPage={createResearchPage}
                />
              );
            })}
          </ol>
        )}
      </div>
      <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
      <Composer
        value={draft}
        onChange={onDraftChange}
        onSend={onSend}
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
      const text = plainText(message);
      const failed = message.metadata?.status === 'failed' ? ' (failed)' : '';
      setAnnouncement(`${COFOUNDER_NAME}${failed}: ${text.length > ANNOUNCE_MAX_CHARS ? `${text.slice(0, ANNOUNCE_MAX_CHARS)}…` : text}`);
    }
  }, [messages, streaming]);

  return announcement;
}
