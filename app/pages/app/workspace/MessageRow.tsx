import { isToolUIPart } from 'ai';
import { memo, useRef, useState } from 'react';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import type { MessageAuthor, WorkspaceMessage } from '#contracts/workspace';
import { Avatar, COFOUNDER_NAME } from './Avatar';
import { MessageActions, MessageEditor } from './MessageActions';
import type { PhaseRowProps } from './phases/types';
import { ToolPart } from './ToolPart';

/**
 * Links in messages leave the product in a new tab that cannot reach back into it. Raw HTML in
 * a message is never rendered: react-markdown turns it into text (decision 0030). A table sits
 * in a region that scrolls sideways on a narrow screen, and can be focused to scroll it with the keyboard.
 */
const MARKDOWN_COMPONENTS: Components = {
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer" />,
  table: ({ node: _node, ...props }) => (
    <div className="message__table" role="region" aria-label="Table" tabIndex={0}>
      <table {...props} />
    </div>
  ),
};

export function MessageMarkdown({ text }: { text: string }) {
  return (
    <Markdown remarkPlugins={[remarkGfm]} components={MARKDOWN_COMPONENTS}>
      {text}
    </Markdown>
  );
}

/** Who wrote a message: the server stamps it; a message still on its way is the sender's own. */
export function authorOf(message: WorkspaceMessage, me: { userId: string; name: string }): MessageAuthor {
  if (message.metadata?.author) return message.metadata.author;
  return message.role === 'assistant' ? { kind: 'cofounder' } : { kind: 'member', ...me };
}

const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();

export function MessageTime({ at }: { at: number }) {
  const date = new Date(at);
  const time = date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  const label = sameDay(date, new Date()) ? time : `${date.toLocaleDateString([], { day: 'numeric', month: 'short' })}, ${time}`;
  return <time dateTime={date.toISOString()}>{label}</time>;
}

/** The text of a message, its parts joined: what the live region reads out once an answer is complete. */
export const plainText = (message: WorkspaceMessage) =>
  message.parts
    .map((part) => (part.type === 'text' ? part.text : ''))
    .join('')
    .trim();

/** A row's props: the engine's, and what the phases give their tool cards (PhaseRowProps). */
export interface MessageRowProps extends PhaseRowProps {
  message: WorkspaceMessage;
  me: { userId: string; name: string };
  /** The co-founder is still writing this one. */
  streaming: boolean;
  /** Given to the last answer only, when it failed or stopped. */
  onRetry?: (messageId: string) => void;
  /** Given to the last answer only, while its quick replies can still be clicked. */
  onQuickReply?: (choice: string) => void;
  /** An answer: who wrote the message it answers, and how it begins ('In reply to'). */
  answeredId?: string;
  answeredName?: string;
  answeredExcerpt?: string;
  /** Scrolls to a message of the conversation and focuses it. */
  onShowMessage?: (messageId: string) => void;
  /** Given to the latest complete answer. */
  onRegenerate?: () => void;
  /** Given to the member's own latest message. */
  onEdit?: (messageId: string, text: string) => void;
  /** Keeps a message in the memory; resolves with an error, or null. */
  onSaveToMemory?: (message: WorkspaceMessage) => Promise<string | null>;
  /** Pins a message to the canvas; resolves with an error, or null. */
  onPinToCanvas?: (message: WorkspaceMessage) => Promise<string | null>;
  /** 'Review it in the memory': opens the memory at this entry. */
  onReviewMemory?: (entryId: string) => void;
}

/**
 * One message of the conversation. Memoised: a streamed token changes only the last message,
 * so only its row renders again (the SDK keeps the other message objects as they were).
 */
export const MessageRow = memo(function MessageRow({
  message,
  me,
  streaming,
  onRetry,
  onQuickReply,
  answeredId,
  answeredName,
  answeredExcerpt,
  onShowMessage,
  onRegenerate,
  onEdit,
  onSaveToMemory,
  onPinToCanvas,
  onReviewMemory,
  ...phaseProps
}: MessageRowProps) {
  const author = authorOf(message, me);
  const metadata = message.metadata;
  const status = metadata?.status;
  const unfinished = status === 'failed' || status === 'stopped';
  const name = author.kind === 'cofounder' ? COFOUNDER_NAME : author.name;
  const fromMe = author.kind === 'member' && author.userId === me.userId;
  const [editing, setEditing] = useState(false);
  const row = useRef<HTMLLIElement>(null);
  const text = plainText(message);
  // Focus goes back to the message once an edit is saved or cancelled, never to the page's body.
  const stopEditing = () => {
    setEditing(false);
    requestAnimationFrame(() => row.current?.focus());
  };

  return (
    <li
      ref={row}
      tabIndex={-1}
      id={`message-${message.id}`}
      className={`message message--${author.kind}${fromMe ? ' message--mine' : ''}${metadata?.note ? ' message--note' : ''}${unfinished ? ` message--${status}` : ''}`}
      aria-busy={streaming || undefined}
      data-message-id={message.id}
    >
      <Avatar name={name} cofounder={author.kind === 'cofounder'} />
      <div className="message__body">
        {answeredId && answeredName && (
          <button type="button" className="message__reply-to" onClick={() => onShowMessage?.(answeredId)}>
            In reply to {answeredName}: “{answeredExcerpt}”
          </button>
        )}
        <p className="message__meta">
          <span className="message__author">{fromMe ? `${name} (you)` : name}</span>
          {metadata?.createdAt !== undefined && <MessageTime at={metadata.createdAt} />}
          {metadata?.note && <span className="badge">Note to the team</span>}
          {metadata?.edited && <span className="badge">Edited</span>}
          {metadata?.previousVersions && <span className="badge">Regenerated</span>}
          {metadata?.offlineDemo && <span className="badge">offline demo — not AI</span>}
          {status === 'failed' && <span className="badge badge--danger">Failed</span>}
          {status === 'stopped' && <span className="badge">Stopped</span>}
        </p>
        {unfinished && plainText(message) !== '' && (
          <p className="message__partial-label">{status === 'failed' ? 'Partial answer, not finished:' : 'Stopped before the end:'}</p>
        )}
        {editing && onEdit ? (
          <MessageEditor
            initial={text}
            isNote={metadata?.note === true}
            onCancel={stopEditing}
            onSave={(edited) => {
              onEdit(message.id, edited);
              stopEditing();
            }}
          />
        ) : (
          <div className={`message__content${unfinished ? ' message__content--partial' : ''}`}>
            {message.parts.map((part, index) => {
              if (part.type === 'text') return <MessageMarkdown key={index} text={part.text} />;
              if (isToolUIPart(part)) {
                return <ToolPart key={index} part={part} row={{ onQuickReply, onReviewMemory, ...phaseProps }} />;
              }
              return null;
            })}
            {streaming && <span className="message__cursor" aria-hidden="true" />}
          </div>
        )}
        {metadata?.edited && (
          <details className="message__history">
            <summary>What it said before the edit</summary>
            <p className="message__history-version">{metadata.edited.previousText}</p>
          </details>
        )}
        {metadata?.previousVersions && (
          <details className="message__history">
            <summary>
              Earlier version{metadata.previousVersions.length === 1 ? '' : 's'} ({metadata.previousVersions.length})
            </summary>
            {metadata.previousVersions.map((version) => (
              <div key={version.createdAt} className="message__history-version">
                <MessageTime at={version.createdAt} />
                <MessageMarkdown text={version.text} />
              </div>
            ))}
          </details>
        )}
        {status === 'failed' && (
          <p className="message__failure" role="alert">
            {metadata?.failure ?? 'The co-founder could not finish this answer.'}
          </p>
        )}
        {onRetry && (
          <button type="button" className="button button--secondary message__retry" onClick={() => onRetry(message.id)}>
            Retry
          </button>
        )}
        {!streaming && !editing && text !== '' && (
          <MessageActions
            text={text}
            onRegenerate={onRegenerate}
            onEdit={onEdit ? () => setEditing(true) : undefined}
            onSaveToMemory={onSaveToMemory ? () => onSaveToMemory(message) : undefined}
            onPinToCanvas={onPinToCanvas ? () => onPinToCanvas(message) : undefined}
          />
        )}
      </div>
    </li>
  );
});
