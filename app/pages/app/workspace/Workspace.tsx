// First: the phases' stylesheets, imported with their code, come after the engine's.
import './Workspace.css';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { WorkspaceMessage } from '#contracts/workspace';
import { Spinner } from '../../../components/Spinner';
import { api, withSession } from '../../../lib/api';
import { useNotify } from '../../../lib/notifications';
import { errorMessage, logUnexpected } from '../../../lib/forms';
import { clearLandingDraft, firstMessageFor } from '../../../lib/landing-draft';
import { Component as NotFound } from '../../NotFound';
import { useCurrentUser } from '../AppLayout';
import { displayName } from '../project-name';
import { Avatar } from './Avatar';
import { Conversation } from './Conversation';
import { ExportDialog } from './ExportDialog';
import { MemoryPanel } from './MemoryPanel';
import { PhasesPanel } from './PhasesPanel';
import { phaseConversationProps, phaseWorkspaceContext, workspaceCards } from './phases/registry';
import { refusalMessage, useOutgoing } from './use-outgoing';
import { useWorkspace, type WorkspaceEnded } from './use-workspace';
import type { ComposerMode } from './Composer';
import { memoryNoteOf } from './memory-note';
import { authorOf } from './MessageRow';

// Its own chunk: the conversation never waits for the canvas's code (docs/decisions/0045-canvas.md).
const CanvasView = lazy(() => import('./canvas/CanvasView'));

interface Project {
  id: string;
  name: string;
  role: 'owner' | 'collaborator';
}

type Loaded = { state: 'loading' } | { state: 'failed'; error: string } | { state: 'missing' } | { state: 'ready'; project: Project };

/** The project, if the signed-in user is a member of it (the list holds only their projects). */
function useProject(projectId: string): [Loaded, () => void] {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    withSession(() => api.project.$get())
      .then((response) => response.json())
      .then(
        ({ projects }) => {
          if (!current) return;
          const project = projects.find((candidate) => candidate.id === projectId);
          setLoaded(project ? { state: 'ready', project } : { state: 'missing' });
        },
        (error: unknown) => {
          if (!current) return;
          logUnexpected('Loading the project failed', error);
          setLoaded({ state: 'failed', error: errorMessage(error, 'We could not open this project. Please try again.') });
        },
      );
    return () => {
      current = false;
    };
  }, [projectId, attempt]);
  return [loaded, () => setAttempt((n) => n + 1)];
}

/**
 * The co-founder workspace of one project: phases, conversation and memory, live for every
 * member who has it open. Members only: anyone else gets the not-found page.
 */
export function Component() {
  const { projectId = '' } = useParams();
  const [loaded, retry] = useProject(projectId);

  if (loaded.state === 'missing') return <NotFound />;
  if (loaded.state === 'failed') {
    return (
      <div className="workspace-message page" role="alert">
        <p>{loaded.error}</p>
        <button type="button" className="button" onClick={retry}>
          Try again
        </button>
      </div>
    );
  }
  if (loaded.state === 'loading') return <OpeningSpinner />;
  return (
    // The chat hook suspends while it fetches the conversation so far.
    <Suspense fallback={<OpeningSpinner />}>
      <WorkspaceScreen key={loaded.project.id} project={loaded.project} />
    </Suspense>
  );
}

const ENDED_NOTICES: Record<WorkspaceEnded, { title: string; text: string; link: { to: string; label: string } }> = {
  signed_out: {
    title: 'You were signed out',
    text: 'This session ended: you or someone with your account signed out, changed the password or deleted the account. Sign in again to go on.',
    link: { to: '/signin', label: 'Sign in' },
  },
  removed: {
    title: 'You are no longer a member of this project',
    text: 'The owner removed you from this project, so its conversation and memory are no longer shared with you.',
    link: { to: '/dashboard', label: 'Go to your dashboard' },
  },
  deleted: {
    title: 'This project was deleted',
    text: 'Its owner deleted the project with its conversation and memory.',
    link: { to: '/dashboard', label: 'Go to your dashboard' },
  },
};

/** The server ended the connection for good: say why, and where to go, never 'Connecting…' forever. */
function WorkspaceEndedNotice({ ended }: { ended: WorkspaceEnded }) {
  const notice = ENDED_NOTICES[ended];
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="workspace-message page" role="alert">
      <h1 ref={heading} tabIndex={-1}>
        {notice.title}
      </h1>
      <p>{notice.text}</p>
      <Link to={notice.link.to} className="button">
        {notice.link.label}
      </Link>
    </div>
  );
}

function OpeningSpinner() {
  return (
    <div className="workspace-message">
      <Spinner label="Opening the workspace" />
    </div>
  );
}

type Sheet = 'phases' | 'memory' | null;

function WorkspaceScreen({ project }: { project: Project }) {
  const { user } = useCurrentUser();
  // Named as the server names members: the account's name, else the address before the @.
  const me = useMemo(() => ({ userId: user.id, name: user.name?.trim() || user.email.split('@')[0]! }), [user.id, user.name, user.email]);
  const outgoing = useOutgoing();
  const { agent, chat, state, connected, ended, changeMemory, openPhase, request, pinToCanvas } = useWorkspace(project.id, {
    onSendRefused: (frame) => outgoing.refused(refusalMessage(frame)),
  });
  const [sheet, setSheet] = useState<Sheet>(null);
  const notify = useNotify();
  const [view, setView] = useState<'conversation' | 'canvas'>('conversation');
  const [exporting, setExporting] = useState(false);
  const showMessage = useCallback((messageId: string) => {
    setView('conversation');
    requestAnimationFrame(() => document.getElementById(`message-${messageId}`)?.focus());
  }, []);

  // A note to the team is stored and never answered: Stop is not offered while it is on its way.
  const [noteOnItsWay, setNoteOnItsWay] = useState(false);
  const send = useCallback(
    (text: string, mode: ComposerMode = 'ask', id?: string) => {
      outgoing.start(text);
      setNoteOnItsWay(mode === 'note');
      const message: Omit<WorkspaceMessage, 'id'> & { id?: string } = { id, role: 'user', parts: [{ type: 'text', text }] };
      void chat.sendMessage(message, mode === 'note' ? { body: { note: true } } : undefined);
    },
    [chat, outgoing],
  );
  // An edit replaces the member's latest message and asks again (a note stays a note): the server keeps what it said before.
  const editMessage = useCallback((messageId: string, text: string) => void chat.sendMessage({ text, messageId }, { body: { edits: messageId } }), [chat]);
  const saveToMemory = useCallback(
    async (message: WorkspaceMessage) => {
      const result = await changeMemory({ type: 'memory_create', content: memoryNoteOf(message) });
      return result.ok ? null : result.error;
    },
    [changeMemory],
  );
  // A message pinned to the canvas keeps a link back to it (the note's 'Pinned from …').
  const pinMessage = useCallback(
    (message: WorkspaceMessage) => {
      const author = authorOf(message, me);
      const { body } = memoryNoteOf(message);
      return pinToCanvas(body, { messageId: message.id, title: author.kind === 'cofounder' ? "the co-founder's answer" : `${author.name}'s message` });
    },
    [pinToCanvas, me],
  );
  const showMessageFromMemory = useCallback(
    (messageId: string) => {
      setSheet(null);
      showMessage(messageId);
    },
    [showMessage],
  );
  const reviewMemory = useCallback((entryId: string) => {
    setSheet('memory');
    requestAnimationFrame(() => {
      const entry = document.getElementById(`memory-entry-${entryId}`);
      entry?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      entry?.focus({ preventScroll: true });
    });
  }, []);

  useSendSettlement(chat.status, chat.error, outgoing);
  useFirstMessage(project.id, chat.messages, connected, chat.status, send);
  const busy = chat.status === 'submitted' || chat.status === 'streaming';
  useEffect(() => {
    if (!busy) setNoteOnItsWay(false);
  }, [busy]);

  if (ended) return <WorkspaceEndedNotice ended={ended} />;
  return (
    <div className="workspace">
      <header className="workspace__header">
        <div className="workspace__title">
          {/* Shown whole on up to two lines; a longer name is cut there, its whole text in the tooltip. */}
          <h1 title={displayName(project.name)}>{displayName(project.name)}</h1>
          <div className="workspace__title-links">
            <Link to={`/dashboard?projectId=${encodeURIComponent(project.id)}`} className="workspace__settings">
              Project settings
            </Link>
            <button type="button" className="workspace__export" onClick={() => setExporting(true)}>
              Export
            </button>
          </div>
        </div>
        <ExportDialog
          open={exporting}
          onClose={() => setExporting(false)}
          projectId={project.id}
          projectName={project.name}
          unlocked={state?.phases.unlocked}
          isOwner={project.role === 'owner'}
          user={user}
        />
        <Presence members={state?.presence} meId={me.userId} />
        {!connected && (
          <p className="workspace__connection" role="status">
            Connecting…
          </p>
        )}
        <div className="workspace__sheet-buttons">
          <button
            type="button"
            className="button button--secondary"
            aria-expanded={sheet === 'phases'}
            aria-controls="workspace-phases"
            onClick={() => setSheet(sheet === 'phases' ? null : 'phases')}
          >
            Phases
          </button>
          <button
            type="button"
            className="button button--secondary"
            aria-expanded={sheet === 'memory'}
            aria-controls="workspace-memory"
            onClick={() => setSheet(sheet === 'memory' ? null : 'memory')}
          >
            Memory
          </button>
        </div>
      </header>
      {workspaceCards().map((Card, index) => (
        <Card key={index} state={state} request={request} />
      ))}
      {state?.mode === 'offline-demo' && (
        <p className="workspace__demo-note">Offline demo — not AI: a scripted co-founder for trying the screens without a model key.</p>
      )}
      <div className="workspace__columns">
        <SidePanel id="workspace-phases" label="Phases" side="left" open={sheet === 'phases'} onClose={() => setSheet(null)}>
          <PhasesPanel phases={state?.phases} openPhase={openPhase} user={user} />
        </SidePanel>
        <div className="workspace__centre">
          <div className="workspace__views" role="group" aria-label="Workspace view">
            <button type="button" className="workspace__view" aria-pressed={view === 'conversation'} onClick={() => setView('conversation')}>
              Conversation
            </button>
            <button type="button" className="workspace__view" aria-pressed={view === 'canvas'} onClick={() => setView('canvas')}>
              Canvas
            </button>
          </div>
          {/* The conversation stays mounted behind the canvas: its stream and scroll go on. */}
          <div className="workspace__view-body" hidden={view !== 'conversation'}>
            <Conversation
              messages={chat.messages}
              me={me}
              streaming={chat.isStreaming}
              canStop={busy && !noteOnItsWay}
              sending={outgoing.sending}
              draft={outgoing.draft}
              onDraftChange={outgoing.setDraft}
              error={outgoing.error}
              onError={outgoing.setError}
              onSend={send}
              onStop={() => void chat.stop()}
              onRetry={(messageId) => void chat.regenerate({ messageId })}
              onEdit={editMessage}
              onSaveToMemory={saveToMemory}
              onPinToCanvas={pinMessage}
              onReviewMemory={reviewMemory}
              {...phaseConversationProps({ state, notify })}
            />
          </div>
          {view === 'canvas' && (
            <Suspense fallback={<Spinner label="Opening the canvas" />}>
              <CanvasView socket={agent} me={me} present={state?.presence ?? []} onShowMessage={showMessage} />
            </Suspense>
          )}
        </div>
        <SidePanel id="workspace-memory" label="Memory" side="right" open={sheet === 'memory'} onClose={() => setSheet(null)}>
          <MemoryPanel
            entries={state?.memory}
            changeMemory={changeMemory}
            phasesDone={state?.phases.done}
            pinToCanvas={pinToCanvas}
            workspace={{
              ...phaseWorkspaceContext(state),
              onAsk: send,
              onAction: request,
              me: { ...me, role: project.role },
              onShowMessage: showMessageFromMemory,
            }}
          />
        </SidePanel>
      </div>
    </div>
  );
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * On a desktop a column; on a phone a sheet over the conversation, opened by its button in the
 * header. Open, it is a modal dialog: Tab stays inside it, Escape or its Close button closes
 * it, and focus goes back to the button that opened it.
 */
function SidePanel({
  id,
  label,
  side,
  open,
  onClose,
  children,
}: {
  id: string;
  label: string;
  side: 'left' | 'right';
  open: boolean;
  onClose: () => void;
  children: React.ReactNode;
}) {
  const panelRef = useRef<HTMLElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeRef.current?.focus();
    return () => opener?.focus();
  }, [open]);

  function keepFocusInside(event: React.KeyboardEvent) {
    if (!open) return;
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const focusable = [...panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.getClientRects().length > 0);
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <aside
      ref={panelRef}
      id={id}
      className={`workspace__panel workspace__panel--${side}${open ? ' workspace__panel--open' : ''}`}
      role={open ? 'dialog' : undefined}
      aria-modal={open ? true : undefined}
      aria-label={open ? label : undefined}
      onKeyDown={keepFocusInside}
    >
      <button ref={closeRef} type="button" className="button button--secondary workspace__panel-close" onClick={onClose}>
        Close<span className="visually-hidden"> {label.toLowerCase()}</span>
      </button>
      {children}
    </aside>
  );
}

function Presence({ members, meId }: { members: { userId: string; name: string }[] | undefined; meId: string }) {
  if (!members || members.length === 0) return null;
  return (
    <div className="presence">
      <span className="presence__label">Here now</span>
      <ul className="presence__list" aria-label="Here now">
        {members.map((member) => (
          <li key={member.userId} className="presence__member">
            <Avatar name={member.name} />
            <span className="visually-hidden">{member.userId === meId ? `${member.name} (you)` : member.name}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Settles the member's own message on its way: taken once the server starts on it (the request
 * leaves 'submitted'), given back to the composer when the request fails. A refusal frame
 * (a limit) settles it first, through useWorkspace.
 */
function useSendSettlement(status: string, error: Error | undefined, outgoing: ReturnType<typeof useOutgoing>) {
  const sawSubmitted = useRef(false);
  const { sending, accepted, refused } = outgoing;
  useEffect(() => {
    if (!sending) {
      sawSubmitted.current = false;
      return;
    }
    if (status === 'submitted') sawSubmitted.current = true;
    else if (status === 'streaming') accepted();
    else if (status === 'error') refused(error?.message ? `Your message was not sent: ${error.message}` : 'Your message was not sent. Please try again.');
    else if (status === 'ready' && sawSubmitted.current) accepted();
  }, [status, error, sending, accepted, refused]);
}

/**
 * The landing page's idea, bound to this project when it was created, becomes its first
 * message once the workspace is connected: sent with the id minted when it was queued, so a
 * reload can tell that the server has it already (decision 0031). The draft is cleared once
 * the server has the message, not before.
 */
function useFirstMessage(
  projectId: string,
  messages: WorkspaceMessage[],
  connected: boolean,
  status: string,
  send: (text: string, mode: ComposerMode, id?: string) => void,
) {
  const [waiting, setWaiting] = useState(() => firstMessageFor(projectId));
  const sent = useRef(false);
  useEffect(() => {
    if (!waiting) return;
    // The server stamps what it stores with its author; an answer streaming means it took the message.
    const stored = messages.some((message) => message.id === waiting.id && message.metadata?.author !== undefined);
    if (stored || (sent.current && status === 'streaming')) {
      clearLandingDraft();
      setWaiting(null);
      return;
    }
    if (sent.current || !connected) return;
    sent.current = true;
    send(waiting.text, 'ask', waiting.id);
  }, [waiting, messages, connected, status, send]);
}
