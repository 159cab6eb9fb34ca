import { getToolName, isToolUIPart } from 'ai';
import { memo, useRef, useState } from 'react';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { PLACE_CANVAS_NOTES } from '#contracts/canvas';
import { SearchDiscussionsInputSchema, type DiscussionSearchResult } from '#contracts/discussions';
import { FindCompetitorsInputSchema, type CompetitorSearchResult, type PageReadResult, COMPETITORS_TOOLS } from '#contracts/phases/competitors';
import { MemoryContentSchema, QuickReplyInputSchema, type MessageAuthor, type WorkspaceMessage, ENGINE_TOOLS } from '#contracts/workspace';
import { Avatar, COFOUNDER_NAME } from './Avatar';
import { sizingResult } from './EstimateView';
import { CompetitorCards } from './CompetitorCards';
import { MessageActions, MessageEditor } from './MessageActions';
import { ResearchDraftCard } from './ResearchDraftCard';
import { SourceCards } from './SourceCards';
import { PROBLEM_SCALE_TOOLS, ResearchDraftSchema, type ResearchDraft } from '#contracts/phases/problem-scale';
import { FIND_IDEA_TOOLS } from '#contracts/phases/find-idea';
import { PERSONAS_TOOLS } from '#contracts/phases/personas';

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

export interface MessageRowProps {
  message: WorkspaceMessage;
  me: { userId: string; name: string };
  /** The co-founder is still writing this one. */
  streaming: boolean;
  /** Given to the last answer only, when it failed or stopped. */
  onRetry?: (messageId: string) => void;
  /** Given to the last answer only, while its quick replies can still be clicked. */
  onQuickReply?: (choice: string) => void;
  /** Opens the research page editor with a draft of the co-founder. */
  onCreateResearchPage?: (draft: ResearchDraft) => void;
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
  /** The scale estimate in the memory now (id and version), so an answer that quoted an older one says so. */
  estimateId?: string;
  estimateVersion?: number;
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
  onCreateResearchPage,
  answeredId,
  answeredName,
  answeredExcerpt,
  onShowMessage,
  onRegenerate,
  onEdit,
  onSaveToMemory,
  onPinToCanvas,
  onReviewMemory,
  estimateId,
  estimateVersion,
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
                return (
                  <ToolPart
                    key={index}
                    part={part}
                    onQuickReply={onQuickReply}
                    onCreateResearchPage={onCreateResearchPage}
                    onReviewMemory={onReviewMemory}
                    estimateNow={estimateId !== undefined && estimateVersion !== undefined ? { id: estimateId, version: estimateVersion } : null}
                  />
                );
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

/**
 * What the co-founder did through a tool, shown in its message. Inputs may still be streaming in,
 * and were written by the model: each is shown only once it validates against its contract.
 */
function ToolPart({
  part,
  onQuickReply,
  onCreateResearchPage,
  onReviewMemory,
  estimateNow,
}: {
  part: Parameters<typeof getToolName>[0];
  onQuickReply?: (choice: string) => void;
  onCreateResearchPage?: (draft: ResearchDraft) => void;
  onReviewMemory?: (entryId: string) => void;
  estimateNow: { id: string; version: number } | null;
}) {
  const name = getToolName(part);
  const input: unknown = part.input;
  const done = part.state === 'output-available';
  if (part.state === 'output-error') return <p className="message__tool-note">{FAILED_TOOL_NOTES[name] ?? 'A step of this answer did not work.'}</p>;

  if (name === ENGINE_TOOLS.askMultipleChoice) {
    const parsed = QuickReplyInputSchema.safeParse(input);
    if (!parsed.success) return null;
    const { question, choices } = parsed.data;
    return (
      <div className="quick-replies" role="group" aria-label={question}>
        <p className="quick-replies__question">{question}</p>
        <div className="quick-replies__choices">
          {choices.map((choice) => (
            <button
              key={choice}
              type="button"
              className="button button--secondary quick-replies__choice"
              disabled={!onQuickReply}
              onClick={() => onQuickReply?.(choice)}
            >
              {choice}
            </button>
          ))}
        </div>
      </div>
    );
  }
  if (name === PROBLEM_SCALE_TOOLS.searchDiscussions) {
    const parsed = SearchDiscussionsInputSchema.safeParse(input);
    if (!parsed.success) return null;
    return <SourceCards queries={parsed.data.queries} result={done ? (part.output as DiscussionSearchResult) : null} />;
  }
  if (name === PROBLEM_SCALE_TOOLS.draftResearchPage) {
    const parsed = ResearchDraftSchema.safeParse(input);
    if (!parsed.success) return null;
    return <ResearchDraftCard draft={parsed.data} onCreate={done ? onCreateResearchPage : undefined} />;
  }
  if (name === PROBLEM_SCALE_TOOLS.saveScaleEstimate) {
    const parsed = MemoryContentSchema.safeParse({ kind: 'scale_estimate', ...(typeof input === 'object' ? input : {}) });
    if (!parsed.success || parsed.data.kind !== 'scale_estimate' || !done) return null;
    const { estimate } = parsed.data;
    const saved = (part.output as { saved?: { id?: unknown; version?: unknown } } | undefined)?.saved;
    const entryId = typeof saved?.id === 'string' ? saved.id : null;
    const savedVersion = typeof saved?.version === 'number' ? saved.version : null;
    // The results quoted here are those of the version saved then: say when the estimate moved on.
    const since =
      entryId === null || savedVersion === null
        ? null
        : estimateNow === null || estimateNow.id !== entryId
          ? 'The estimate has been deleted since.'
          : estimateNow.version !== savedVersion
            ? 'The estimate has changed since: these results are those of an earlier version.'
            : null;
    return (
      <p className="message__tool-note">
        Saved the scale estimate to the memory: <strong>{parsed.data.title}</strong>. Top-down {sizingResult(estimate.topDown)}, bottom-up{' '}
        {sizingResult(estimate.bottomUp)}
        {estimate.money && <>, money at stake {sizingResult(estimate.money)}</>}, confidence {estimate.confidence}.{' '}
        {entryId && onReviewMemory ? (
          <button type="button" className="message__inline-link" onClick={() => onReviewMemory(entryId)}>
            Review it in the memory
          </button>
        ) : (
          'Review it in the memory'
        )}{' '}
        and accept it to finish phase 2.
        {since && <strong className="message__stale"> {since}</strong>}
      </p>
    );
  }
  if (name === COMPETITORS_TOOLS.findCompetitors) {
    const parsed = FindCompetitorsInputSchema.safeParse(input);
    if (!parsed.success) return null;
    return <CompetitorCards queries={parsed.data.queries} result={done ? (part.output as CompetitorSearchResult) : null} />;
  }
  if (name === COMPETITORS_TOOLS.readPage) {
    const page = done ? (part.output as PageReadResult) : null;
    const url = input && typeof input === 'object' && 'url' in input && typeof input.url === 'string' ? input.url : '';
    if (!page) return <p className="message__tool-note">Reading {url}…</p>;
    return (
      <p className="message__tool-note">
        {page.status === 'ok' ? (
          <>
            Read{' '}
            <a href={page.url} target="_blank" rel="noopener noreferrer">
              {page.title || page.url}
            </a>
          </>
        ) : (
          <>
            Could not read {page.url}: {page.reason}
          </>
        )}
      </p>
    );
  }
  if (name === COMPETITORS_TOOLS.proposeResearchRun) {
    const output = done ? (part.output as { proposed?: { searches: number; pageReads: number } }) : null;
    return (
      <p className="message__tool-note">
        {output?.proposed
          ? `Proposed a research run: ${output.proposed.searches} searches and up to ${output.proposed.pageReads} page reads. Any member can approve it in the research run card.`
          : 'Proposing a research run…'}
      </p>
    );
  }
  if (name === PLACE_CANVAS_NOTES) {
    const placed = done && part.output && typeof part.output === 'object' && 'placed' in part.output ? Number(part.output.placed) : null;
    return (
      <p className="message__tool-note">
        {placed === null ? 'Placing notes on the canvas…' : `Proposed ${placed} ${placed === 1 ? 'note' : 'notes'} on the canvas: keep or dismiss them there.`}
      </p>
    );
  }
  if (name === PROBLEM_SCALE_TOOLS.readResearchResponses) {
    return <p className="message__tool-note">{done ? 'Read the responses to your research pages.' : 'Reading the responses to your research pages…'}</p>;
  }
  const title = input && typeof input === 'object' && 'title' in input && typeof input.title === 'string' ? input.title : null;
  const what =
    name === FIND_IDEA_TOOLS.saveChosenIdea
      ? 'Saved the chosen idea'
      : name === COMPETITORS_TOOLS.saveCompetitor
        ? 'Saved a competitor card'
        : name === COMPETITORS_TOOLS.saveLandscape
          ? 'Saved the gaps and the positioning map'
          : name === PERSONAS_TOOLS.savePersona
            ? 'Saved a persona'
            : 'Noted in the project memory';
  const named = input && typeof input === 'object' && 'name' in input && typeof input.name === 'string' ? input.name : null;
  return (
    <p className="message__tool-note">
      {what}
      {(title ?? named) && (
        <>
          : <strong>{title ?? named}</strong>
        </>
      )}
    </p>
  );
}

/** A tool call that failed (its arguments were refused, or it could not run): the answer goes on without it. */
const FAILED_TOOL_NOTES: Record<string, string> = {
  [PLACE_CANVAS_NOTES]: 'The notes could not be placed on the canvas.',
  [PROBLEM_SCALE_TOOLS.searchDiscussions]: 'A search could not run.',
  [PROBLEM_SCALE_TOOLS.saveScaleEstimate]: 'The estimate could not be saved as written.',
  [PROBLEM_SCALE_TOOLS.draftResearchPage]: 'The research page draft was not valid.',
  [PROBLEM_SCALE_TOOLS.readResearchResponses]: 'The responses could not be read just now.',
  [COMPETITORS_TOOLS.findCompetitors]: 'A competitor search could not run.',
  [COMPETITORS_TOOLS.readPage]: 'A page was not read: its address was not one the tools returned.',
  [COMPETITORS_TOOLS.saveCompetitor]: 'A competitor card was refused: its evidence was not among what the tools returned.',
  [COMPETITORS_TOOLS.saveLandscape]: 'The gaps and map were refused as written.',
  [COMPETITORS_TOOLS.proposeResearchRun]: 'The research run could not be proposed.',
  [PERSONAS_TOOLS.savePersona]: 'A persona was refused: a quote or a link was not among what the tools returned.',
};
