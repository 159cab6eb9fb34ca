import { AIChatAgent, type ChatRecoveryOptions, type ChatResponseResult, type OnChatMessageOptions } from '@cloudflare/ai-chat';
import type { Connection, ConnectionContext, WSMessage } from 'agents';
import { getToolName, hasToolCall, isStepCount, isToolUIPart, streamText, type ToolSet } from 'ai';
import { COMPETITOR_LIMITS } from '#contracts/phases/competitors';
import { personasReviewedAt } from '#contracts/phases/personas';
import { ASSUMPTION } from '#contracts/phases/fields';
import { artifactDefinition, inventedCitations, isArtifactKind, PHASES, unlockedPhases, type ArtifactContent } from '#contracts/phases/registry';
import {
  MESSAGE_MAX_CHARS,
  CheckAgainFrameSchema,
  MemoryFrameSchema,
  PhaseOpenFrameSchema,
  RunFrameSchema,
  type MemoryContent,
  type MemoryEntry,
  type MemoryResultFrame,
  type MessageAuthor,
  type MessageMetadata,
  type PhaseResultFrame,
  type RunResultFrame,
  type SendRefusal,
  type SendRefusedFrame,
  type WorkspaceMessage,
  type WorkspaceState,
  WORKSPACE_CLOSE_CODES,
  ENGINE_TOOLS,
} from '#contracts/workspace';
import { PLACE_CANVAS_NOTES, type CanvasItem } from '#contracts/canvas';
import { hasControlCharacters } from '#contracts/text';
import { z } from '#contracts/zod';
import {
  completedPhases,
  completePhase,
  reopenPhase,
  connectionStanding,
  nextUtcMidnight,
  projectAnswersToday,
  projectPlan,
  projectPrivacyMode,
  releaseAnswer,
  reserveAnswer,
  type Reservation,
} from '../db/queries/cofounder';
import { responsesSince } from '../db/queries/research';
import { cofounderCaps, config } from '../config';
import { connectedCompetitorSources } from '../services/competitor-search';
import { llmMode, model, type LlmMode } from '../services/llm';
import { CANVAS_WRITES, CanvasStore, handleCanvasFrame } from './canvas';
import { buildPrompt, textOf } from './context';
import { acceptEntry, createEntry, deleteEntry, updateEntry, type Applied, type Refusal } from './memory';
import { conversationExport, readMemoryHistory, recordMemoryChange, sourceReadTimes, type MemoryChange } from './memory-history';
import type { ProjectConversationExport } from '#contracts/user';
import { offlineDemoAnswer } from './offline-demo';
import { ANSWER_LIMITS, describeFailure, FAILURE_MESSAGES } from './answer';
import { limitMessage, phasesState, planEdit, planRegenerate, previousVersionsOf, type PlannedTurn } from './turns';
import { checkAgain } from './phases/competitors/check-again';
import { cardContent, proposedRun, runEndText, runStep } from './phases/competitors/research-run';
import { allModules, builtModules, canOpen, phaseModule } from './phases/registry';
import { copiedPrivateWording } from './privacy';
import { allRuns, loadRun, runningRunIds, saveRun, transition } from './research-runs';
import type { CofounderActions, ReadPage } from './tools/actions';
import { askMultipleChoice } from './tools/ask-multiple-choice';
import { placeCanvasNotes } from './tools/place-canvas-notes';
import { updateMemory } from './tools/update-memory';
import { writeMemory } from './tools/write-memory';

/**
 * The co-founder workspace of one project (named by the project id): the conversation, the
 * memory and the live connections, with WebSockets that hibernate. The Worker authenticates each
 * connection and passes the member in these headers; nothing the browser sends can set them
 * (worker/routes/cofounder.ts strips them). Why the object owns the conversation and refuses
 * most SDK frames: docs/decisions/0025-cofounder-object.md.
 */
export const TRUSTED_HEADERS = {
  userId: 'X-Launchmate-User-Id',
  name: 'X-Launchmate-User-Name',
  role: 'X-Launchmate-Role',
  /** The refresh family (session) of the access token that opened the connection. */
  sessionFamily: 'X-Launchmate-Session',
} as const;

const CLOSE_CODES = WORKSPACE_CLOSE_CODES;
const CLOSE_REASONS = {
  signedOut: 'You were signed out.',
  removed: 'You are no longer a member of this project.',
  deleted: 'This project was deleted.',
} as const;

interface Member {
  userId: string;
  name: string;
  role: 'owner' | 'collaborator';
  /** The session that opened the connection: when it ends, so does the connection. */
  sessionFamily: string;
  /**
   * How this member's sends are answered, decided when they connect: the offline demo needs a
   * development Worker AND a connection to a loopback host (services/development.ts).
   */
  mode: LlmMode;
}

/** A send being answered: who sent it, the message it answers and the quota it holds. */
interface Turn {
  sender: Member;
  answering: string | undefined;
  reservation: Reservation | null;
  /** A note to the team: stored in order with the sends, never answered. */
  note: boolean;
  /** The answer a Regenerate or an edit replaces: kept as a previous version of the new one. */
  replaced?: WorkspaceMessage;
  /** Set when onChatMessage takes the turn; from then on onChatResponse settles it. */
  started?: boolean;
  failure?: string;
}

const NewMessageSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/),
  role: z.literal('user'),
  parts: z.array(z.object({ type: z.literal('text'), text: z.string() })).length(1),
});
const ChatRequestSchema = z.object({
  type: z.literal('cf_agent_use_chat_request'),
  id: z.string().min(1).max(100),
  init: z.object({ method: z.literal('POST'), body: z.string().max(MESSAGE_MAX_CHARS * 4 + 1_000_000) }),
});

/** Chat frames of the SDK that would let a member rewrite the conversation: refused. */
const REFUSED_FRAMES = new Set(['cf_agent_chat_messages', 'cf_agent_chat_clear', 'cf_agent_tool_result', 'cf_agent_tool_approval']);
/** Chat frames passed to the SDK as they are: resuming a stream (Stop is screened: #cancel). */
/** The product's own frames that change something (beyond the memory's). */
const PRODUCT_FRAMES = new Set(['phase_open', 'run_approve', 'run_stop', 'competitor_check', ...CANVAS_WRITES]);
const PASSED_FRAMES = new Set(['cf_agent_stream_resume_request', 'cf_agent_stream_resume_ack']);
const CANCEL_FRAME = 'cf_agent_chat_request_cancel';

export class CofounderAgent extends AIChatAgent<Cloudflare.Env, WorkspaceState> {
  override initialState: WorkspaceState = {
    phases: { done: [], current: 1, unlocked: unlockedPhases('free') },
    memory: [],
    presence: [],
    limits: { messagesPerMemberPerDay: 0, messagesPerProjectPerDay: 0, projectMessagesToday: 0, resetsAt: 0 },
    mode: 'ai',
    run: null,
    newResearchAnswers: 0,
  };

  /** One answer at a time, in the order the sends were stored. */
  override messageConcurrency = 'queue' as const;
  /** An answer interrupted by a restart is stored as failed with Retry, never re-run unasked (it would cost twice). */
  override chatRecovery = { maxAttempts: 1, terminalMessage: FAILURE_MESSAGES.interrupted };

  #turns = new Map<string, Turn>();
  /** Set once the project is deleted: the storage is gone, so closing sockets must not touch it. */
  #deleted = false;
  #canvasStore: CanvasStore | undefined;
  /** Accepted sends not yet in `messages` (the SDK stores them a moment later). */
  #pendingSends: WorkspaceMessage[] = [];

  constructor(ctx: DurableObjectState, env: Cloudflare.Env) {
    super(ctx, env);
    // The SDK installs its frame handler in its constructor; ours runs first and decides what
    // reaches it (see REFUSED_FRAMES and #acceptSend).
    const sdkOnMessage = this.onMessage.bind(this);
    this.onMessage = (connection, message) => this.#screenFrame(connection, message, sdkOnMessage);
  }

  /**
   * The project this object serves: the name the Worker addressed it by (idFromName), and nothing
   * a request carries. Sub-agents, whose name comes from a path, are refused (onBeforeSubAgent).
   */
  get #projectId(): string {
    const name = this.ctx.id.name;
    if (!name) throw new Error('The workspace object was not addressed by its project id.');
    return name;
  }

  override async onStart() {
    const projectId = this.#projectId;
    const [done, today, plan] = await Promise.all([
      completedPhases(this.env.DB, projectId),
      projectAnswersToday(this.env.DB, projectId),
      projectPlan(this.env.DB, projectId),
    ]);
    this.setState({
      ...this.state,
      // The phase the founders chose stays theirs while it is open to them.
      phases: phasesState(done, unlockedPhases(plan), this.state.phases.current),
      presence: this.#presentMembers(),
      limits: this.#limits(today),
    });
    // A run that was running when the object was evicted carries on (one scheduled step at a time).
    for (const runId of runningRunIds(this.sql.bind(this))) await this.schedule(0, 'continueResearchRun', { runId }, { idempotent: true });
  }

  override onConnect(connection: Connection, ctx: ConnectionContext) {
    const headers = ctx.request.headers;
    const userId = headers.get(TRUSTED_HEADERS.userId);
    const role = headers.get(TRUSTED_HEADERS.role);
    const sessionFamily = headers.get(TRUSTED_HEADERS.sessionFamily);
    if (!userId || !sessionFamily || (role !== 'owner' && role !== 'collaborator')) {
      connection.close(CLOSE_CODES.signedOut, CLOSE_REASONS.signedOut);
      return;
    }
    const mode = llmMode(this.env, ctx.request);
    const member: Member = { userId, name: decodeURIComponent(headers.get(TRUSTED_HEADERS.name) ?? ''), role, sessionFamily, mode };
    connection.setState(member);
    // The label follows the latest connection; every member of one Worker connects the same way,
    // unless a local server is also opened through a network address (then sends from there are refused).
    this.setState({ ...this.state, presence: this.#presentMembers(), mode: mode === 'offline-demo' ? 'offline-demo' : 'ai' });
    // The owner's plan may have changed since the object started: every new connection reads it.
    void this.#unlockedPhases().catch(() => {});
    // Answers keep arriving on the public research pages: a member opening the workspace sees their count now.
    void this.#refreshNewResearchAnswers().catch(() => {});
  }

  override onClose(connection: Connection) {
    if (this.#deleted) return;
    this.setState({ ...this.state, presence: this.#presentMembers(connection.id) });
  }

  override async onRequest(): Promise<Response> {
    // The SDK answers /get-messages itself; nothing else is served over HTTP.
    return Response.json({ error: 'Not found.' }, { status: 404 });
  }

  /**
   * No sub-agents: a `/sub/{class}/{name}` path would make a child object named by the request,
   * with this project's tools and bindings. The Worker never forwards such a path either
   * (worker/routes/cofounder.ts); this is the second wall.
   */
  override async onBeforeSubAgent(): Promise<Response> {
    return Response.json({ error: 'Not found.' }, { status: 404 });
  }

  /** Clients may read the state but never write it. */
  override validateStateChange(_next: WorkspaceState, source: Connection | 'server') {
    if (source !== 'server') throw new Error('The workspace state is read-only.');
  }

  override async onChatRecovery(): Promise<ChatRecoveryOptions> {
    return { persist: true, continue: false };
  }

  // -------------------------------------------------------------------------------------------
  // Frames from browsers

  async #screenFrame(connection: Connection, message: WSMessage, sdkOnMessage: (connection: Connection, message: WSMessage) => void | Promise<void>) {
    if (typeof message !== 'string' || message.length > 1_000_000) return;
    let frame: unknown;
    try {
      frame = JSON.parse(message);
    } catch {
      return;
    }
    const type = typeof frame === 'object' && frame !== null && 'type' in frame ? (frame as { type: unknown }).type : undefined;
    if (typeof type !== 'string') return;
    if (PASSED_FRAMES.has(type)) return sdkOnMessage(connection, message);
    const writes = type === 'cf_agent_use_chat_request' || type === CANCEL_FRAME || type.startsWith('memory_') || PRODUCT_FRAMES.has(type);
    // Frames that change something are taken only while the connection's session and membership stand.
    if (writes && !(await this.#stillTrusted(connection))) return;
    if (type === 'cf_agent_use_chat_request') return this.#acceptSend(connection, frame, sdkOnMessage);
    if (type === CANCEL_FRAME) return this.#cancel(connection, frame, message, sdkOnMessage);
    if (type.startsWith('memory_')) return this.#editMemory(connection, frame);
    if (type === 'phase_open') return this.#openPhase(connection, frame);
    if (type.startsWith('canvas_')) return this.#canvasFrame(connection, frame);
    if (type === 'run_approve' || type === 'run_stop') return this.#changeRun(connection, frame);
    if (type === 'competitor_check') return this.#checkCompetitor(connection, frame);
    // A rewrite, clear or client tool result: the sender's view is reset to the stored conversation.
    if (REFUSED_FRAMES.has(type)) this.#sendTranscript(connection);
    // Anything else (client state, RPC, unknown types) is dropped.
  }

  /**
   * Whether the member behind a connection may still write: the session that opened it has not
   * ended (signed out, signed out everywhere, a password change or reset, a reused refresh token,
   * the account deleted) and they are still a member. Ending a session closes its sockets at once
   * (closeSessions); this check holds even when that news never reached the object.
   */
  async #stillTrusted(connection: Connection): Promise<boolean> {
    const member = memberOf(connection);
    if (!member) return false;
    const standing = await connectionStanding(this.env.DB, { projectId: this.#projectId, userId: member.userId, sessionFamily: member.sessionFamily });
    if (standing === 'trusted') return true;
    if (standing === 'signed_out') connection.close(CLOSE_CODES.signedOut, CLOSE_REASONS.signedOut);
    else connection.close(CLOSE_CODES.removed, CLOSE_REASONS.removed);
    return false;
  }

  /** The canvas, in this object's SQLite (worker/agents/canvas.ts); each change in one storage transaction. */
  get #canvas(): CanvasStore {
    this.#canvasStore ??= new CanvasStore(this.sql.bind(this), (run) => this.ctx.storage.transactionSync(run));
    return this.#canvasStore;
  }

  #canvasFrame(connection: Connection, frame: unknown) {
    const member = memberOf(connection);
    if (member) handleCanvasFrame(this.#canvas, connection, member, frame, (message, without) => this.broadcast(message, without));
  }

  /** Stop: only the member who asked, or the project's owner, may cut an answer (it is charged to the asker). */
  async #cancel(connection: Connection, frame: unknown, message: string, sdkOnMessage: (connection: Connection, message: WSMessage) => void | Promise<void>) {
    const member = memberOf(connection);
    const requestId = typeof frame === 'object' && frame !== null && 'id' in frame ? (frame as { id: unknown }).id : undefined;
    const turn = typeof requestId === 'string' ? this.#turns.get(requestId) : undefined;
    if (!member || !turn) return;
    if (turn.sender.userId !== member.userId && member.role !== 'owner') return;
    return sdkOnMessage(connection, message);
  }

  /**
   * A member's chat request: a message for the co-founder, a note to the team (stored, never
   * answered, never charged), a Retry or Regenerate of the latest answer, or an edit of the
   * member's own latest message that asks again. The member may only append their own message or
   * change their own latest one: the conversation passed to the SDK is the stored one plus that
   * change, stamped with the sender, never the transcript the browser sent. Nothing is rewritten
   * silently: an edited message keeps what it said before, and a regenerated answer keeps the
   * versions it replaced (docs/decisions/0043-team-notes-and-turns.md).
   */
  async #acceptSend(connection: Connection, frame: unknown, sdkOnMessage: (connection: Connection, message: WSMessage) => void | Promise<void>) {
    const sender = memberOf(connection);
    const request = ChatRequestSchema.safeParse(frame);
    if (!sender || !request.success) return;
    const requestId = request.data.id;
    const refuse = (refusal: SendRefusal) => this.#refuseSend(connection, requestId, refusal);

    let body: { messages?: unknown[]; trigger?: unknown; note?: unknown; edits?: unknown };
    try {
      body = JSON.parse(request.data.init.body) as typeof body;
    } catch {
      return refuse({ reason: 'invalid', error: 'That message could not be read.' });
    }
    const stored = this.messages as WorkspaceMessage[];
    const author = { kind: 'member' as const, userId: sender.userId, name: sender.name };

    let turn: PlannedTurn;
    if (body.trigger === 'regenerate-message') {
      if (this.#turns.size > 0) return refuse({ reason: 'busy', error: FAILURE_MESSAGES.busy });
      const planned = planRegenerate(stored);
      if ('error' in planned) return refuse({ reason: 'invalid', error: planned.error });
      turn = planned;
    } else {
      const candidate = NewMessageSchema.safeParse(Array.isArray(body.messages) ? body.messages.at(-1) : undefined);
      const text = candidate.success ? candidate.data.parts[0]!.text.trim() : '';
      if (!candidate.success || !text) return refuse({ reason: 'invalid', error: 'Please write a message.' });
      if (text.length > MESSAGE_MAX_CHARS)
        return refuse({ reason: 'invalid', error: `Please keep your message under ${MESSAGE_MAX_CHARS.toLocaleString('en')} characters.` });
      if (hasControlCharacters(text, { multiline: true })) return refuse({ reason: 'invalid', error: 'Please remove control characters from your message.' });
      const id = candidate.data.id;
      if (typeof body.edits === 'string') {
        if (body.edits !== id) return refuse({ reason: 'invalid', error: 'That message could not be read.' });
        if (this.#turns.size > 0) return refuse({ reason: 'busy', error: FAILURE_MESSAGES.busy });
        const planned = planEdit(stored, id, text, sender.userId);
        if ('error' in planned) return refuse({ reason: 'invalid', error: planned.error });
        turn = planned;
      } else {
        if (stored.some((message) => message.id === id) || this.#pendingSends.some((message) => message.id === id)) {
          return refuse({ reason: 'invalid', error: 'Earlier messages cannot be changed.' });
        }
        const note = body.note === true;
        const metadata: MessageMetadata = { author, createdAt: Date.now(), ...(note ? { note: true } : {}) };
        turn = { kind: note ? 'note' : 'send', appended: { id, role: 'user', parts: [{ type: 'text', text }], metadata } };
      }
    }

    const silent = turn.kind === 'note' || (turn.kind === 'edit' && turn.note === true);
    let reservation: Reservation | null = null;
    if (!silent) {
      if (sender.mode === 'unavailable') return refuse({ reason: 'unavailable', error: FAILURE_MESSAGES.unavailable });
      if (sender.mode === 'provider') {
        const taken = await reserveAnswer(this.env.DB, { userId: sender.userId, projectId: this.#projectId }, cofounderCaps(this.env));
        if ('refused' in taken) {
          const waiting = [...this.#turns.values()].filter(
            (queued) => queued.reservation && (taken.refused !== 'member_daily' || queued.sender.userId === sender.userId),
          ).length;
          return refuse({ reason: 'limit', limit: taken.refused, resetsAt: nextUtcMidnight(), error: limitMessage(taken.refused, waiting) });
        }
        reservation = taken.reservation;
      }
    }

    // Built after the only await, so sends accepted meanwhile are included in their order.
    let transcript: WorkspaceMessage[];
    let answering: string | undefined;
    let ownMessageId: string | undefined;
    if ('appended' in turn) {
      const current = this.messages as WorkspaceMessage[];
      const pending = this.#pendingSends.filter((message) => !current.some((known) => known.id === message.id));
      this.#pendingSends = [...pending, turn.appended];
      transcript = [...current, ...this.#pendingSends];
      ownMessageId = turn.appended.id;
      answering = turn.kind === 'note' ? undefined : ownMessageId;
    } else {
      transcript = turn.transcript;
      answering = turn.answering;
    }
    this.#turns.set(requestId, { sender, answering, reservation, note: silent, replaced: 'replaced' in turn ? turn.replaced : undefined });
    const trigger = turn.kind === 'regenerate' ? 'regenerate-message' : 'submit-message';
    const rewritten = { ...request.data, init: { method: 'POST', body: JSON.stringify({ messages: transcript, trigger }) } };
    try {
      await sdkOnMessage(connection, JSON.stringify(rewritten));
    } finally {
      this.#pendingSends = this.#pendingSends.filter((message) => message.id !== ownMessageId);
      // A send the SDK never answered (skipped, or the object failed first) gives its quota back.
      const settled = this.#turns.get(requestId);
      if (settled && !settled.started) {
        this.#turns.delete(requestId);
        if (settled.reservation) await releaseAnswer(this.env.DB, settled.reservation);
      }
    }
  }

  #refuseSend(connection: Connection, requestId: string, refusal: SendRefusal) {
    connection.send(JSON.stringify({ type: 'send_refused', requestId, ...refusal } as SendRefusedFrame));
    // Settles the browser's request, and drops its optimistic copy of the message.
    connection.send(JSON.stringify({ type: 'cf_agent_use_chat_response', id: requestId, body: refusal.error, done: true, error: true }));
    this.#sendTranscript(connection);
  }

  #sendTranscript(connection: Connection) {
    connection.send(JSON.stringify({ type: 'cf_agent_chat_messages', messages: this.messages }));
  }

  async #editMemory(connection: Connection, frame: unknown) {
    const editor = memberOf(connection);
    const requestId = typeof frame === 'object' && frame && 'requestId' in frame && typeof frame.requestId === 'string' ? frame.requestId.slice(0, 100) : null;
    if (!editor || requestId === null) return;
    const parsed = MemoryFrameSchema.safeParse(frame);
    const reply = (result: MemoryResultFrame) => connection.send(JSON.stringify(result));
    if (!parsed.success) {
      const error = parsed.error.issues[0]?.message ?? 'Invalid entry.';
      return reply({ type: 'memory_result', requestId, ok: false, reason: 'invalid', error, current: null });
    }
    const author = { kind: 'member' as const, userId: editor.userId, name: editor.name };
    const edit = parsed.data;
    const memory = this.state.memory;
    // The results of a phase the plan does not open stay readable, and unchanged (Pro, from D1).
    const kind = edit.type === 'memory_create' || edit.type === 'memory_update' ? edit.content.kind : memory.find((entry) => entry.id === edit.id)?.kind;
    const owner = kind !== undefined && isArtifactKind(kind) ? artifactDefinition(kind)!.phase : undefined;
    if (owner && !owner.free && !(await this.#unlockedPhases()).includes(owner.number)) {
      return reply({
        type: 'memory_result',
        requestId,
        ok: false,
        reason: 'invalid',
        error: `Phase ${owner.number}, "${owner.title}", needs Pro: its results stay readable.`,
        current: null,
      });
    }
    if (edit.type === 'memory_create' || edit.type === 'memory_update') {
      const invented = this.#inventedByMember(edit);
      if (invented) return reply({ type: 'memory_result', requestId, ok: false, reason: 'invalid', error: invented, current: null });
    }
    if (edit.type === 'memory_accept') return reply({ type: 'memory_result', requestId, ...(await this.#accept(edit.id, edit.baseVersion, author)) });
    if (edit.type === 'memory_delete') return reply({ type: 'memory_result', requestId, ...(await this.#delete(edit.id, edit.baseVersion, author)) });
    const result: Applied | Refusal =
      edit.type === 'memory_create' ? createEntry(memory, edit.content, author) : updateEntry(memory, edit.id, edit.baseVersion, edit.content, author);
    if (result.ok) {
      this.#commitMemory(result.memory, {
        action: edit.type === 'memory_create' ? 'created' : 'updated',
        entryId: result.entry!.id,
        entry: result.entry,
        by: author,
      });
    }
    reply(result.ok ? { type: 'memory_result', requestId, ok: true, entry: result.entry } : { type: 'memory_result', requestId, ...result });
  }

  /**
   * A member's edit keeps or deletes an artifact's cited evidence and may add claims labelled as
   * assumptions, but never a citation of its own: quotes, prices and sources come from the tools,
   * which check them (docs/decisions/0048-members-edit-artifacts.md). The refusal names what was invented.
   */
  #inventedByMember(edit: { type: 'memory_create'; content: MemoryContent } | { type: 'memory_update'; id: string; content: MemoryContent }): string | null {
    const content = edit.content;
    if (!isArtifactKind(content.kind)) return null;
    const memory = this.state.memory;
    // What the edit replaces: the entry it names, or the one a project holds of a single artifact (a new one replaces it).
    const previous =
      edit.type === 'memory_update'
        ? memory.find((entry) => entry.id === edit.id)
        : artifactDefinition(content.kind)!.artifact.max === 1
          ? memory.find((entry) => entry.kind === content.kind)
          : undefined;
    const invented = inventedCitations(content as ArtifactContent, previous && isArtifactKind(previous.kind) ? (previous as ArtifactContent) : null);
    if (invented.length === 0) return null;
    return `Only the co-founder's tools add cited evidence, which they check: ${invented[0]!.label} is not in this entry. Delete it, or write it as a claim labelled '${ASSUMPTION}'.`;
  }

  /**
   * Accepts an artifact (the version read, or the latest for the co-founder's tools). When its
   * phase is done by accepting it, the phase is recorded in D1 first: if that fails, the artifact
   * is not shown as accepted either.
   */
  async #accept(id: string, baseVersion: number | undefined, by: MessageAuthor): Promise<(Applied | Refusal) & { entry?: MemoryEntry | null }> {
    const checked = acceptEntry(this.state.memory, id, baseVersion);
    if (!checked.ok) return checked;
    const phase = PHASES.find((candidate) => candidate.doneWhenAccepted === checked.entry!.kind);
    if (phase) {
      try {
        await completePhase(this.env.DB, this.#projectId, phase.number);
      } catch {
        return { ok: false, reason: 'invalid', error: 'This could not be accepted just now. Please try again.', current: null };
      }
    }
    // Applied to the memory as it is now: other edits may have landed during the write.
    const now = acceptEntry(this.state.memory, id, baseVersion);
    if (!now.ok) return now;
    this.#commitMemory(now.memory, { action: 'accepted', entryId: id, entry: now.entry, by });
    if (phase) await this.#refreshPhases(phase.number);
    return now;
  }

  /**
   * Deletes an entry. Deleting what completed a phase (its chosen idea, its accepted estimate)
   * reopens that phase, in D1 first, so the phases panel and the dashboard always agree with the
   * memory: if D1 cannot be written, nothing is deleted.
   */
  async #delete(id: string, baseVersion: number, by: MessageAuthor): Promise<Applied | Refusal> {
    const checked = deleteEntry(this.state.memory, id, baseVersion);
    if (!checked.ok) return checked;
    const entry = this.state.memory.find((candidate) => candidate.id === id)!;
    const phase = PHASES.find((candidate) => candidate.doneWhenAccepted === entry.kind);
    const reopens = phase !== undefined && this.state.phases.done.includes(phase.number);
    if (reopens) {
      try {
        await reopenPhase(this.env.DB, this.#projectId, phase.number);
      } catch {
        return { ok: false, reason: 'invalid', error: 'This could not be deleted just now. Please try again.', current: null };
      }
    }
    // Applied to the memory as it is now: other edits may have landed during the write.
    const now = deleteEntry(this.state.memory, id, baseVersion);
    if (!now.ok) return now;
    this.#commitMemory(now.memory, { action: 'deleted', entryId: id, entry: null, by });
    if (reopens) {
      const phases = this.state.phases;
      this.setState({ ...this.state, phases: phasesState(await completedPhases(this.env.DB, this.#projectId), phases.unlocked, phases.current) });
    }
    return now;
  }

  /** A member opens a phase to work in: every member sees it, and the next answer follows its guide. */
  async #openPhase(connection: Connection, frame: unknown) {
    const parsed = PhaseOpenFrameSchema.safeParse(frame);
    if (!memberOf(connection) || !parsed.success) return;
    const reply = (result: PhaseResultFrame) => connection.send(JSON.stringify(result));
    const { requestId, phase } = parsed.data;
    const unlocked = await this.#unlockedPhases();
    const definition = PHASES.find((candidate) => candidate.number === phase)!;
    if (!unlocked.includes(phase)) return reply({ type: 'phase_result', requestId, ok: false, error: `Phase ${phase}, "${definition.title}", needs Pro.` });
    if (!canOpen(phase, unlocked))
      return reply({ type: 'phase_result', requestId, ok: false, error: `Phase ${phase}, "${definition.title}", is not available yet.` });
    this.setState({ ...this.state, phases: { ...this.state.phases, current: phase } });
    reply({ type: 'phase_result', requestId, ok: true });
  }

  /** The phases the owner's plan opens, read from D1 now; the shared state follows it. */
  async #unlockedPhases(): Promise<number[]> {
    const unlocked = unlockedPhases(await projectPlan(this.env.DB, this.#projectId));
    const phases = this.state.phases;
    if (unlocked.join() !== phases.unlocked.join()) this.setState({ ...this.state, phases: phasesState(phases.done, unlocked, phases.current) });
    return unlocked;
  }

  /** After a phase is done: the done list from D1, and the founders move on when they were working in it. */
  async #refreshPhases(completed: number) {
    const done = await completedPhases(this.env.DB, this.#projectId);
    const phases = this.state.phases;
    this.setState({ ...this.state, phases: phasesState(done, phases.unlocked, phases.current === completed ? undefined : phases.current, phases.current) });
  }

  // -------------------------------------------------------------------------------------------
  // Answers

  override async onChatMessage(_onFinish: unknown, options?: OnChatMessageOptions): Promise<Response | undefined> {
    const turn = options ? this.#turns.get(options.requestId) : undefined;
    // A note to the team is stored and not answered: the SDK ends its request as skipped.
    if (!turn || turn.note) return undefined;
    turn.started = true;
    const messages = this.messages as WorkspaceMessage[];
    // Pro is enforced here, per turn: the owner's plan from D1 decides which phases' tools exist.
    const unlocked = await this.#unlockedPhases();
    const phase = phaseModule(this.state.phases.current) ?? phaseModule(1)!;
    if (turn.sender.mode === 'offline-demo') {
      const privacyMode = await projectPrivacyMode(this.env.DB, this.#projectId);
      return offlineDemoAnswer({
        env: this.env,
        messages,
        actions: this.#actions(turn.answering),
        phase: phase.number,
        privacyMode,
        signal: options?.abortSignal,
      });
    }

    const [privacyMode] = await Promise.all([projectPrivacyMode(this.env.DB, this.#projectId), this.#refreshNewResearchAnswers()]);
    // The phase's own notes, and what any open phase's artifacts need now (new research answers for the personas).
    const phaseNotes = [phase.notes?.(this.env), ...builtModules(unlocked).map((module) => module.reminder?.(this.state))].filter(Boolean).join('\n');
    const prompt = await buildPrompt(messages, turn.answering, this.state, { privacyMode, phase, phaseNotes });
    const actions = this.#actions(turn.answering);
    const toolContext = { env: this.env, projectId: this.#projectId, actions, privateWording: privacyMode ? this.#privateWordingCheck(messages) : null };
    const phaseTools = Object.assign({}, ...builtModules(unlocked).map((module) => module.tools(toolContext))) as ToolSet;
    // Our own signal: Stop (the SDK's) and our limits (size) both end the call.
    const controller = new AbortController();
    options?.abortSignal?.addEventListener('abort', () => controller.abort(options.abortSignal?.reason), { once: true });
    let answerChars = 0;
    const fail = (failure: string) => {
      turn.failure ??= failure;
    };
    const settings = config(this.env);
    const result = streamText({
      // The stall clock starts with the request: a model that sends its headers and then nothing
      // is cut after the stall time-out, not the step's.
      model: model(this.env, { stallMs: settings.COFOUNDER_STALL_TIMEOUT_MS }),
      system: prompt.system,
      messages: prompt.messages,
      // The tools of every phase (only the unlocked ones), and those of every phase.
      tools: {
        ...phaseTools,
        [ENGINE_TOOLS.askMultipleChoice]: askMultipleChoice(),
        [ENGINE_TOOLS.writeMemory]: writeMemory(actions),
        [ENGINE_TOOLS.updateMemory]: updateMemory(actions),
        [PLACE_CANVAS_NOTES]: placeCanvasNotes(actions),
      },
      stopWhen: [isStepCount(ANSWER_LIMITS.maxSteps), hasToolCall(ENGINE_TOOLS.askMultipleChoice)],
      maxOutputTokens: ANSWER_LIMITS.maxOutputTokens,
      maxRetries: 1,
      abortSignal: controller.signal,
      timeout: { stepMs: settings.COFOUNDER_STEP_TIMEOUT_MS },
      // Privacy mode: the provider is asked not to keep the conversation.
      ...(privacyMode ? { providerOptions: { openai: { store: false } } } : {}),
      onChunk: ({ chunk }) => {
        if (chunk.type !== 'text-delta') return;
        answerChars += chunk.text.length;
        if (answerChars > ANSWER_LIMITS.maxChars) {
          fail(FAILURE_MESSAGES.tooLong);
          controller.abort();
        }
      },
      onError: ({ error }) => fail(describeFailure(error)),
      // A time-out ends the call as an abort, not an error; Stop (the SDK's signal) is no failure.
      onAbort: () => {
        if (!options?.abortSignal?.aborted) fail(FAILURE_MESSAGES.timeout);
      },
      onFinish: ({ finishReason }) => {
        if (finishReason === 'length') fail(FAILURE_MESSAGES.tooLong);
        else if (finishReason !== 'stop' && finishReason !== 'tool-calls') fail(FAILURE_MESSAGES.incomplete);
      },
    });
    return result.toUIMessageStreamResponse<WorkspaceMessage>({
      messageMetadata: ({ part }) =>
        part.type === 'start' ? ({ author: { kind: 'cofounder' }, createdAt: Date.now(), phase: phase.number } satisfies MessageMetadata) : undefined,
      // A tool's refusal (an unknown memory id, a link that was not found) is part of a normal
      // answer: its message goes to the model, which corrects itself, and the answer completes
      // and is charged. Only a failure of the answer itself reaches onError below. Tool messages
      // are the product's own words or the model's own arguments, never internals.
      redactToolErrors: false,
      onError: (error) => {
        fail(describeFailure(error));
        return turn.failure ?? FAILURE_MESSAGES.model;
      },
    });
  }

  /**
   * Every answer ends here. A failure the SDK took for an ordinary finish (a time-out, a stall, a
   * stream that stopped) is stored as failed with its partial text; a failed answer costs nothing.
   */
  override async onChatResponse(result: ChatResponseResult) {
    const turn = this.#turns.get(result.requestId);
    this.#turns.delete(result.requestId);
    const failed = turn?.failure !== undefined || result.status === 'error';
    const status: MessageMetadata['status'] = failed ? 'failed' : result.status === 'aborted' ? 'stopped' : 'complete';
    const message = result.message as WorkspaceMessage;
    const metadata: MessageMetadata = {
      author: { kind: 'cofounder' },
      createdAt: message.metadata?.createdAt ?? Date.now(),
      ...(message.metadata?.offlineDemo ? { offlineDemo: true } : {}),
      ...(message.metadata?.phase ? { phase: message.metadata.phase } : {}),
      status,
      ...(failed ? { failure: turn?.failure ?? FAILURE_MESSAGES.model } : {}),
      ...(turn?.answering ? { answers: turn.answering } : {}),
      ...(turn?.replaced ? { previousVersions: previousVersionsOf(turn.replaced) } : {}),
    };
    const stamped: WorkspaceMessage = { ...message, metadata };
    const stored = this.messages as WorkspaceMessage[];
    const known = stored.some((existing) => existing.id === message.id);
    await this.persistMessages(known ? stored.map((existing) => (existing.id === message.id ? stamped : existing)) : [...stored, stamped]);

    const charged = status === 'complete' || (status === 'stopped' && textOf(message).length > 0);
    if (turn?.reservation && !charged) await releaseAnswer(this.env.DB, turn.reservation);
    if (turn?.reservation) this.setState({ ...this.state, limits: this.#limits(await projectAnswersToday(this.env.DB, this.#projectId)) });
  }

  /** What the tools may do in a turn; `answering` is the member's message the turn answers. */
  #actions(answering: string | undefined): CofounderActions {
    const author = { kind: 'cofounder' as const };
    const apply = (result: Applied | Refusal): MemoryEntry => {
      if (!result.ok) throw new Error(result.error);
      const entry = result.entry!;
      this.#commitMemory(result.memory, { action: entry.version === 1 ? 'created' : 'updated', entryId: entry.id, entry, by: author });
      return entry;
    };
    const evidence = this.#evidence();
    const current = () => this.state;
    return {
      // Read on each use: a tool called after another in the same answer sees what that one saved.
      get memory() {
        return current().memory;
      },
      foundUrls: evidence.urls,
      placeCanvasNotes: (input, toolCallId) => {
        const placed = this.#canvas.placeProposals(input, { messageId: answering ?? null, toolCallId, foundUrls: evidence.urls });
        for (const change of placed.broadcasts) this.broadcast(JSON.stringify(change));
        return placed.items;
      },
      readPages: evidence.pages,
      proposeResearchRun: (plan) => {
        if (this.state.run?.status === 'running') throw new Error('A research run is already running: wait for it to end, or a member can stop it.');
        const record = proposedRun(crypto.randomUUID(), plan, connectedCompetitorSources(this.env));
        saveRun(this.sql.bind(this), record);
        this.setState({ ...this.state, run: record.state });
        return record.state;
      },
      writeMemory: (content: MemoryContent) => apply(createEntry(this.state.memory, content, author)),
      updateMemory: (id: string, content: MemoryContent) => apply(updateEntry(this.state.memory, id, undefined, content, author)),
      saveArtifact: (content) => apply(createEntry(this.state.memory, content, author)),
      acceptArtifact: async (id) => {
        const accepted = await this.#accept(id, undefined, author);
        if (!accepted.ok) throw new Error(accepted.error);
        return accepted.entry!;
      },
    };
  }

  /**
   * Every change to the memory lands here: the new memory goes to every member, and the change
   * is kept in the object's own history (who, when, what), which the account export carries.
   */
  #commitMemory(memory: MemoryEntry[], change: MemoryChange) {
    const personasBefore = personasReviewedAt(this.state.memory);
    this.setState({ ...this.state, memory });
    recordMemoryChange(this.sql.bind(this), change);
    // Personas written by the co-founder, accepted or deleted: what counts as new research answers changes with them.
    if (personasReviewedAt(memory) !== personasBefore) void this.#refreshNewResearchAnswers().catch(() => {});
  }

  #answersRead: Promise<void> | null = null;
  #answersReadAgain = false;

  /**
   * How many research-page answers arrived since the co-founder last wrote the personas or a
   * member accepted them (0 without personas), read from D1 into the shared state: the persona
   * view offers a review and every turn's prompt tells the co-founder to propose an update. One read at a time, and one
   * more after it when asked meanwhile, so the last read starts after the last answer arrived and
   * the count never goes back to an older one.
   */
  #refreshNewResearchAnswers(): Promise<void> {
    if (this.#answersRead) {
      this.#answersReadAgain = true;
      return this.#answersRead;
    }
    this.#answersRead = (async () => {
      do {
        this.#answersReadAgain = false;
        const since = personasReviewedAt(this.state.memory);
        const count = since === null ? 0 : await responsesSince(this.env.DB, this.#projectId, since);
        if (personasReviewedAt(this.state.memory) !== since) this.#answersReadAgain = true;
        else if (this.state.newResearchAnswers !== count) this.setState({ ...this.state, newResearchAnswers: count });
      } while (this.#answersReadAgain);
    })().finally(() => {
      this.#answersRead = null;
    });
    return this.#answersRead;
  }

  /**
   * What the co-founder may cite: the addresses every phase's tools returned in this conversation
   * (each phase says which outputs count), with the pages read, and what research runs found.
   */
  #evidence(): { urls: Set<string>; pages: Map<string, ReadPage> } {
    const urls = new Set<string>();
    const pages = new Map<string, ReadPage>();
    const modules = allModules();
    for (const message of this.messages as WorkspaceMessage[]) {
      for (const part of message.parts) {
        if (!isToolUIPart(part) || part.state !== 'output-available') continue;
        const name = getToolName(part);
        for (const module of modules) {
          const found = module.evidence?.(name, part.output, this.env);
          for (const url of found?.urls ?? []) urls.add(url);
          for (const page of found?.pages ?? []) {
            // The same address read twice (a discussion in two searches, answers read again): both texts count.
            const known = pages.get(page.url);
            pages.set(page.url, known && known.text !== page.text ? { ...page, text: `${known.text}\n${page.text}` } : page);
          }
        }
      }
    }
    for (const run of allRuns(this.sql.bind(this))) {
      for (const candidate of run.candidates) urls.add(candidate.url);
      for (const page of run.pages) pages.set(page.url, page);
    }
    return { urls, pages };
  }

  // -------------------------------------------------------------------------------------------
  // Research runs (docs/decisions/0041-research-runs.md)

  /** A member approves the proposed run (exactly one approval starts it) or stops it. */
  async #changeRun(connection: Connection, frame: unknown) {
    const member = memberOf(connection);
    const parsed = RunFrameSchema.safeParse(frame);
    if (!member || !parsed.success) return;
    const { type, requestId, runId } = parsed.data;
    const reply = (result: RunResultFrame) => connection.send(JSON.stringify(result));
    const sql = this.sql.bind(this);
    if (type === 'run_stop') {
      const stopped = transition(sql, runId, ['proposed', 'running'], (record) => ({
        ...record,
        state: { ...record.state, status: 'stopped', doing: `Stopped by ${member.name}` },
      }));
      if (!stopped) return reply({ type: 'run_result', requestId, ok: false, error: 'This research run has already ended.' });
      this.setState({ ...this.state, run: stopped.state });
      return reply({ type: 'run_result', requestId, ok: true });
    }
    // Runs read the plan: approving one is a phase 3 tool at work, Pro only.
    if (!(await this.#unlockedPhases()).includes(3)) return reply({ type: 'run_result', requestId, ok: false, error: 'Research runs need Pro.' });
    // No await between the check and the write: of any number of approvals, one starts the run.
    const started = transition(sql, runId, ['proposed'], (record) => ({
      ...record,
      state: { ...record.state, status: 'running', approvedBy: member.name, doing: 'Starting' },
    }));
    if (!started) return reply({ type: 'run_result', requestId, ok: false, error: 'This research run was already approved, or has ended.' });
    this.setState({ ...this.state, run: started.state });
    await this.schedule(0, 'continueResearchRun', { runId }, { idempotent: true });
    reply({ type: 'run_result', requestId, ok: true });
  }

  #stepping = false;

  /** One step of a running research run, then the next one scheduled (called by the object's scheduler). */
  async continueResearchRun({ runId }: { runId: string }) {
    if (this.#stepping) return;
    const sql = this.sql.bind(this);
    const record = loadRun(sql, runId);
    if (!record || record.state.status !== 'running') return;
    this.#stepping = true;
    try {
      const progress = (doing: string) => {
        // Live for every member, without writing: the step's result is what is stored.
        if (this.state.run?.id === runId && this.state.run.status === 'running') this.setState({ ...this.state, run: { ...this.state.run, doing } });
      };
      const { run, card } = await runStep(this.env, record, progress);
      let cards = run.state.cards;
      if (
        card &&
        this.state.memory.filter((entry) => entry.kind === 'competitor').length < COMPETITOR_LIMITS.competitors &&
        !this.state.memory.some((entry) => entry.kind === 'competitor' && entry.competitor.url === card.url)
      ) {
        const created = createEntry(this.state.memory, cardContent(card), { kind: 'cofounder' });
        if (created.ok) {
          this.#commitMemory(created.memory, { action: 'created', entryId: created.entry!.id, entry: created.entry, by: { kind: 'cofounder' } });
          cards++;
        }
      }
      const finished = run.state.step >= run.state.steps;
      // Stored only if the run is still running: a Stop during the step wins.
      const stored = transition(sql, runId, ['running'], () => ({
        ...run,
        state: { ...run.state, cards, status: finished ? 'done' : 'running', doing: finished ? runEndText({ ...run.state, cards }) : run.state.doing },
      }));
      if (stored) this.setState({ ...this.state, run: stored.state });
      // Not idempotent: this very call's schedule row still exists and would be taken for the next one.
      if (stored && !finished) await this.schedule(0, 'continueResearchRun', { runId });
    } finally {
      this.#stepping = false;
    }
  }

  /** 'Check again' on a competitor card: its pages read again, the changes stored on the card by the member who asked. */
  async #checkCompetitor(connection: Connection, frame: unknown) {
    const member = memberOf(connection);
    const parsed = CheckAgainFrameSchema.safeParse(frame);
    if (!member || !parsed.success) return;
    const { requestId, id } = parsed.data;
    const reply = (result: MemoryResultFrame) => connection.send(JSON.stringify(result));
    if (!(await this.#unlockedPhases()).includes(3))
      return reply({
        type: 'memory_result',
        requestId,
        ok: false,
        reason: 'invalid',
        error: 'Phase 3, "Research competitors and gaps", needs Pro: its results stay readable.',
        current: null,
      });
    const entry = this.state.memory.find((candidate) => candidate.id === id);
    if (!entry || entry.kind !== 'competitor')
      return reply({ type: 'memory_result', requestId, ok: false, reason: 'not_found', error: 'This competitor was deleted by someone else.', current: null });
    const checked = await checkAgain(this.env, entry.competitor);
    const author = { kind: 'member' as const, userId: member.userId, name: member.name };
    // Applied to the card as it is now: an edit made during the read is kept.
    const now = this.state.memory.find((candidate) => candidate.id === id);
    if (!now || now.kind !== 'competitor')
      return reply({ type: 'memory_result', requestId, ok: false, reason: 'not_found', error: 'This competitor was deleted by someone else.', current: null });
    const result = updateEntry(
      this.state.memory,
      id,
      undefined,
      {
        kind: 'competitor',
        title: now.title,
        competitor: {
          ...now.competitor,
          checkedAt: checked.checkedAt ?? now.competitor.checkedAt,
          priceLines: checked.priceLines ?? now.competitor.priceLines,
          lastCheck: checked.lastCheck,
        },
      },
      author,
    );
    if (!result.ok) return reply({ type: 'memory_result', requestId, ...result });
    this.#commitMemory(result.memory, { action: 'updated', entryId: id, entry: result.entry, by: author });
    reply({ type: 'memory_result', requestId, ok: true, entry: result.entry });
  }

  /**
   * Privacy mode: what a search phrase may not copy (worker/agents/privacy.ts) is the memory and
   * what the members wrote, except the chosen idea's problem statement.
   */
  #privateWordingCheck(messages: readonly WorkspaceMessage[]) {
    const memory = this.state.memory;
    const problem = memory.find((entry) => entry.kind === 'chosen_idea');
    const privateTexts = [
      ...memory.map((entry) => JSON.stringify(entry.kind === 'chosen_idea' ? { ...entry.idea, problem: '' } : entry)),
      ...messages.filter((message) => message.role === 'user').map(textOf),
    ];
    const statement = problem?.kind === 'chosen_idea' ? problem.idea.problem : '';
    return (phrase: string) => copiedPrivateWording(phrase, privateTexts, statement);
  }

  // -------------------------------------------------------------------------------------------
  // Called by the Worker (RPC)

  /** A research page of the project was answered: members watching see the new count now (nobody watching: the next connection reads it). */
  async researchAnswerArrived(): Promise<void> {
    if (this.#deleted || personasReviewedAt(this.state.memory) === null || [...this.getConnections()].length === 0) return;
    await this.#refreshNewResearchAnswers();
  }

  /** A removed member: their open workspaces close at once. */
  async closeMember(userId: string): Promise<number> {
    let closed = 0;
    for (const connection of this.getConnections()) {
      if (memberOf(connection)?.userId === userId) {
        connection.close(CLOSE_CODES.removed, CLOSE_REASONS.removed);
        closed++;
      }
    }
    return closed;
  }

  /** The project was deleted: every connection closes and the object's storage is erased. */
  async deleteConversation(): Promise<void> {
    this.#deleted = true;
    for (const connection of this.getConnections()) connection.close(CLOSE_CODES.deleted, CLOSE_REASONS.deleted);
    await this.destroy();
  }

  /**
   * Sessions of a user ended (sign-out, sign-out everywhere, a password change or reset, a reused
   * refresh token, account deletion): their connections opened by those sessions close at once.
   * `families` null: every session of the user; `except`: the one that stays signed in.
   */
  async closeSessions(userId: string, families: string[] | null, except?: string): Promise<number> {
    let closed = 0;
    for (const connection of this.getConnections()) {
      const member = memberOf(connection);
      if (!member || member.userId !== userId || member.sessionFamily === except) continue;
      if (families && !families.includes(member.sessionFamily)) continue;
      connection.close(CLOSE_CODES.signedOut, CLOSE_REASONS.signedOut);
      closed++;
    }
    return closed;
  }

  /** The conversation, the memory with its history and the canvas, for the account export (contracts/user.ts). */
  async exportConversation(): Promise<ProjectConversationExport> {
    return {
      ...conversationExport(this.messages as WorkspaceMessage[], this.state.memory, readMemoryHistory(this.sql.bind(this))),
      canvas: this.#canvas.read(),
    };
  }

  /** What the project export reads of the object: the memory, the canvas, and when each source was read. */
  async exportSource(): Promise<{ memory: MemoryEntry[]; canvas: CanvasItem[]; sourceReadAt: Record<string, string> }> {
    return { memory: this.state.memory, canvas: this.#canvas.read(), sourceReadAt: sourceReadTimes(this.messages as WorkspaceMessage[]) };
  }

  // -------------------------------------------------------------------------------------------

  #presentMembers(closingId?: string) {
    const present = new Map<string, { userId: string; name: string }>();
    for (const connection of this.getConnections()) {
      const member = connection.id === closingId ? null : memberOf(connection);
      if (member && !present.has(member.userId)) present.set(member.userId, { userId: member.userId, name: member.name });
    }
    return [...present.values()];
  }

  #limits(projectMessagesToday: number): WorkspaceState['limits'] {
    const caps = cofounderCaps(this.env);
    return { messagesPerMemberPerDay: caps.memberPerDay, messagesPerProjectPerDay: caps.projectPerDay, projectMessagesToday, resetsAt: nextUtcMidnight() };
  }
}

const memberOf = (connection: Connection): Member | null => {
  const state = connection.state as Partial<Member> | null;
  return state?.userId && state.role && state.mode ? (state as Member) : null;
};
