import { AIChatAgent, type ChatRecoveryOptions, type ChatResponseResult, type OnChatMessageOptions } from '@cloudflare/ai-chat';
import type { Connection, ConnectionContext, WSMessage } from 'agents';
import type { ToolSet } from 'ai';
import { PLACE_CANVAS_NOTES, type CanvasItem } from '#contracts/canvas';
import { PHASES, phaseOf, unlockedPhases } from '#contracts/phases/registry';
import type { ProjectConversationExport } from '#contracts/user';
import {
  ENGINE_TOOLS,
  MESSAGE_MAX_CHARS,
  PhaseOpenFrameSchema,
  WORKSPACE_CLOSE_CODES,
  type EngineState,
  type MemoryContent,
  type MemoryEntry,
  type MessageMetadata,
  type PhaseResultFrame,
  type SendRefusal,
  type SendRefusedFrame,
  type WorkspaceMessage,
  type WorkspaceState,
} from '#contracts/workspace';
import { z } from '#contracts/zod';
import { cofounderCaps } from '../config';
import {
  completedPhases,
  connectionStanding,
  nextUtcMidnight,
  projectAnswersToday,
  projectPlan,
  projectPrivacyMode,
  releaseAnswer,
  reserveAnswer,
  type Reservation,
} from '../db/queries/cofounder';
import { llmMode, type LlmMode } from '../services/llm';
import { describeFailure, FAILURE_MESSAGES, streamAnswer } from './answer';
import { CANVAS_WRITES, CanvasStore, handleCanvasFrame } from './canvas';
import { buildPrompt, textOf } from './context';
import { collectEvidence, privateWordingCheck } from './evidence';
import { PASSED_SDK_FRAMES, REFUSED_SDK_FRAMES, screenFrame, type FrameRoute } from './frames';
import { createEntry, updateEntry, type Applied, type Refusal } from './memory';
import { acceptArtifact, editMemory, lockedRefusal, type MemoryDesk } from './memory-edits';
import { conversationExport, readMemoryHistory, recordMemoryChange, sourceReadTimes, type MemoryChange } from './memory-history';
import { offlineDemoAnswer } from './offline-demo';
import { allModules, builtModules, canOpen, phaseModule } from './phases/registry';
import type { MemberAction, PhaseHost, PhaseModule } from './phases/types';
import type { CofounderActions } from './tools/actions';
import { askMultipleChoice } from './tools/ask-multiple-choice';
import { placeCanvasNotes } from './tools/place-canvas-notes';
import { updateMemory } from './tools/update-memory';
import { writeMemory } from './tools/write-memory';
import { limitMessage, phasesState, planChatRequest, previousVersionsOf, type PlannedTurn } from './turns';

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

const ChatRequestSchema = z.object({
  type: z.literal('cf_agent_use_chat_request'),
  id: z.string().min(1).max(100),
  init: z.object({ method: z.literal('POST'), body: z.string().max(MESSAGE_MAX_CHARS * 4 + 1_000_000) }),
});
const CANCEL_FRAME = 'cf_agent_chat_request_cancel';
const MEMORY_FRAMES = ['memory_create', 'memory_update', 'memory_delete', 'memory_accept'] as const;
const CANVAS_READS = ['canvas_read', 'canvas_cursor'] as const;

const ENGINE_STATE: EngineState = {
  phases: { done: [], current: PHASES[0]!.number, unlocked: unlockedPhases('free') },
  memory: [],
  presence: [],
  limits: { messagesPerMemberPerDay: 0, messagesPerProjectPerDay: 0, projectMessagesToday: 0, resetsAt: 0 },
  mode: 'ai',
};

export class CofounderAgent extends AIChatAgent<Cloudflare.Env, WorkspaceState> {
  // The engine's state, and each phase's slice of it (PhaseModule.initialState).
  override initialState = Object.assign({}, ENGINE_STATE, ...allModules().map((module) => module.initialState ?? {})) as WorkspaceState;

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
  #routes: ReadonlyMap<string, FrameRoute>;
  #hosts = new Map<number, PhaseHost>();

  constructor(ctx: DurableObjectState, env: Cloudflare.Env) {
    super(ctx, env);
    // The SDK installs its frame handler in its constructor; ours runs first and decides what
    // reaches it (the routes below; anything else is dropped).
    const sdkOnMessage = this.onMessage.bind(this);
    this.#routes = this.#frameRoutes(sdkOnMessage);
    this.onMessage = (connection, message) => screenFrame(connection, message, this.#routes, (sender) => this.#stillTrusted(sender));
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
    for (const module of allModules()) await module.hooks?.onStart?.(this.#hostFor(module));
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
    for (const module of allModules()) void Promise.resolve(module.hooks?.onConnect?.(this.#hostFor(module))).catch(() => {});
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
  // Frames from browsers (./frames.ts)

  /** Every frame a browser may send, and what it reaches: the engine's own, then each phase's member actions. */
  #frameRoutes(sdkOnMessage: (connection: Connection, message: WSMessage) => void | Promise<void>): Map<string, FrameRoute> {
    const routes = new Map<string, FrameRoute>();
    for (const type of PASSED_SDK_FRAMES) routes.set(type, { writes: false, handle: (connection, _frame, message) => sdkOnMessage(connection, message) });
    // A rewrite, clear or client tool result: the sender's view is reset to the stored conversation.
    for (const type of REFUSED_SDK_FRAMES) routes.set(type, { writes: false, handle: (connection) => this.#sendTranscript(connection) });
    routes.set('cf_agent_use_chat_request', { writes: true, handle: (connection, frame) => this.#acceptSend(connection, frame, sdkOnMessage) });
    routes.set(CANCEL_FRAME, { writes: true, handle: (connection, frame, message) => this.#cancel(connection, frame, message, sdkOnMessage) });
    for (const type of MEMORY_FRAMES) routes.set(type, { writes: true, handle: (connection, frame) => this.#editMemory(connection, frame) });
    routes.set('phase_open', { writes: true, handle: (connection, frame) => this.#openPhase(connection, frame) });
    for (const type of [...CANVAS_WRITES, ...CANVAS_READS])
      routes.set(type, { writes: CANVAS_WRITES.has(type), handle: (connection, frame) => this.#canvasFrame(connection, frame) });
    for (const module of allModules()) {
      for (const action of module.actions ?? [])
        routes.set(action.type, { writes: true, handle: (connection, frame) => this.#memberAction(module, action, connection, frame) });
    }
    return routes;
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
  async #cancel(
    connection: Connection,
    frame: Record<string, unknown>,
    message: string,
    sdkOnMessage: (connection: Connection, message: WSMessage) => void | Promise<void>,
  ) {
    const member = memberOf(connection);
    const turn = typeof frame.id === 'string' ? this.#turns.get(frame.id) : undefined;
    if (!member || !turn) return;
    if (turn.sender.userId !== member.userId && member.role !== 'owner') return;
    return sdkOnMessage(connection, message);
  }

  /**
   * A member's chat request (./turns.ts, planChatRequest). The conversation passed to the SDK is
   * the stored one plus the member's change, stamped with the sender, never the transcript the
   * browser sent. Nothing is rewritten silently: an edited message keeps what it said before, and
   * a regenerated answer keeps the versions it replaced.
   */
  async #acceptSend(connection: Connection, frame: unknown, sdkOnMessage: (connection: Connection, message: WSMessage) => void | Promise<void>) {
    const sender = memberOf(connection);
    const request = ChatRequestSchema.safeParse(frame);
    if (!sender || !request.success) return;
    const requestId = request.data.id;
    const refuse = (refusal: SendRefusal) => this.#refuseSend(connection, requestId, refusal);
    const planned = planChatRequest(request.data.init.body, {
      stored: this.messages as WorkspaceMessage[],
      known: (id) => this.messages.some((message) => message.id === id) || this.#pendingSends.some((message) => message.id === id),
      author: { kind: 'member', userId: sender.userId, name: sender.name },
      busy: this.#turns.size > 0,
    });
    if ('refusal' in planned) return refuse(planned.refusal);
    const turn: PlannedTurn = planned;

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

  /** A member's memory frame (./memory-edits.ts), answered to its sender by request id. */
  async #editMemory(connection: Connection, frame: Record<string, unknown>) {
    const editor = memberOf(connection);
    const requestId = typeof frame.requestId === 'string' ? frame.requestId.slice(0, 100) : null;
    if (!editor || requestId === null) return;
    connection.send(JSON.stringify({ type: 'memory_result', requestId, ...(await editMemory(this.#desk, editor, frame)) }));
  }

  /** A phase's member action (PhaseModule.actions): parsed, checked against who may send it and the plan, then handled by its phase. */
  async #memberAction(module: PhaseModule, action: MemberAction, connection: Connection, frame: unknown) {
    const member = memberOf(connection);
    const parsed = action.schema.safeParse(frame);
    if (!member || !parsed.success) return;
    const reply = (result: object) => connection.send(JSON.stringify({ type: action.reply, requestId: parsed.data.requestId, ...result }));
    if (action.who === 'owner' && member.role !== 'owner')
      return reply({ ok: false, reason: 'invalid', error: 'Only the project owner can do this.', current: null });
    if (action.whileLocked === 'refused' && !(await this.#unlockedPhases()).includes(module.number)) {
      const refusal = lockedRefusal(phaseOf(module.number)!);
      return reply({ ...refusal, error: action.lockedRefusal ?? refusal.error });
    }
    reply(await action.handle(this.#hostFor(module), member, parsed.data));
  }

  /** A member opens a phase to work in: every member sees it, and the next answer follows its guide. */
  async #openPhase(connection: Connection, frame: unknown) {
    const parsed = PhaseOpenFrameSchema.safeParse(frame);
    if (!memberOf(connection) || !parsed.success) return;
    const reply = (result: PhaseResultFrame) => connection.send(JSON.stringify(result));
    const { requestId, phase } = parsed.data;
    const unlocked = await this.#unlockedPhases();
    const definition = phaseOf(phase)!;
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
    const phase = phaseModule(this.state.phases.current) ?? allModules()[0]!;
    const privacyMode = await projectPrivacyMode(this.env.DB, this.#projectId);
    const actions = this.#actions(turn.answering);
    const toolContext = (module: PhaseModule) => ({
      env: this.env,
      projectId: this.#projectId,
      actions,
      host: this.#hostFor(module),
      privateWording: privacyMode ? privateWordingCheck(this.state.memory, messages) : null,
    });
    if (turn.sender.mode === 'offline-demo') {
      return offlineDemoAnswer({ context: toolContext(phase), messages, phase: phase.number, privacyMode, signal: options?.abortSignal });
    }

    const opened = builtModules(unlocked);
    await Promise.all(opened.map((module) => module.hooks?.beforeTurn?.(this.#hostFor(module))));
    // The phase's own notes, and what any open phase's artifacts need now (new research answers for the personas).
    const phaseNotes = [phase.notes?.(this.env), ...opened.map((module) => module.reminder?.(this.state))].filter(Boolean).join('\n');
    const prompt = await buildPrompt(messages, turn.answering, this.state, { privacyMode, phase, phaseNotes });
    const fail = (failure: string) => {
      turn.failure ??= failure;
    };
    const result = streamAnswer({
      env: this.env,
      system: prompt.system,
      messages: prompt.messages,
      // The tools of every open phase, and the engine's own.
      tools: {
        ...(Object.assign({}, ...opened.map((module) => module.tools(toolContext(module)))) as ToolSet),
        [ENGINE_TOOLS.askMultipleChoice]: askMultipleChoice(),
        [ENGINE_TOOLS.writeMemory]: writeMemory(actions),
        [ENGINE_TOOLS.updateMemory]: updateMemory(actions),
        [PLACE_CANVAS_NOTES]: placeCanvasNotes(actions),
      },
      privacyMode,
      stop: options?.abortSignal,
      fail,
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
    const evidence = collectEvidence(this.messages as WorkspaceMessage[], this.env, (number) => this.#hostFor(phaseModule(number)!));
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
      writeMemory: (content: MemoryContent) => apply(createEntry(this.state.memory, content, author)),
      updateMemory: (id: string, content: MemoryContent) => apply(updateEntry(this.state.memory, id, undefined, content, author)),
      saveArtifact: (content) => apply(createEntry(this.state.memory, content, author)),
      acceptArtifact: async (id) => {
        const accepted = await acceptArtifact(this.#desk, id, undefined, author);
        if (!accepted.ok) throw new Error(accepted.error);
        return accepted.entry!;
      },
    };
  }

  /**
   * Every change to the memory lands here: the new memory goes to every member, the change is
   * kept in the object's own history (who, when, what), which the account export carries, and
   * each phase hears of it.
   */
  #commitMemory(memory: MemoryEntry[], change: MemoryChange) {
    const before = this.state.memory;
    this.setState({ ...this.state, memory });
    recordMemoryChange(this.sql.bind(this), change);
    for (const module of allModules()) module.hooks?.onMemoryChange?.(this.#hostFor(module), before, memory);
  }

  /** What memory edits need of the object (./memory-edits.ts). */
  get #desk(): MemoryDesk {
    const agent = this;
    return {
      env: this.env,
      projectId: this.#projectId,
      get state() {
        return agent.state;
      },
      commit: (memory, change) => this.#commitMemory(memory, change),
      setPhases: (phases) => this.setState({ ...this.state, phases }),
      unlockedPhases: () => this.#unlockedPhases(),
    };
  }

  // -------------------------------------------------------------------------------------------
  // What phases are lent (./phases/types.ts, PhaseHost): one host per phase for the object's life

  #hostFor(module: PhaseModule): PhaseHost {
    const known = this.#hosts.get(module.number);
    if (known) return known;
    const agent = this;
    const host: PhaseHost = {
      env: this.env,
      projectId: this.#projectId,
      sql: this.sql.bind(this),
      get state() {
        return agent.state;
      },
      setState: (slice) => this.setState({ ...this.state, ...slice }),
      get connected() {
        return [...agent.getConnections()].length > 0;
      },
      unlockedPhases: () => this.#unlockedPhases(),
      createEntry: (content, by) => {
        const created = createEntry(this.state.memory, content, by);
        if (!created.ok) return { ok: false, error: created.error };
        this.#commitMemory(created.memory, {
          action: created.entry!.version === 1 ? 'created' : 'updated',
          entryId: created.entry!.id,
          entry: created.entry,
          by,
        });
        return { ok: true, entry: created.entry! };
      },
      updateEntry: (id, content, by, baseVersion) => {
        const updated = updateEntry(this.state.memory, id, baseVersion, content, by);
        if (!updated.ok) return updated;
        this.#commitMemory(updated.memory, { action: 'updated', entryId: id, entry: updated.entry, by });
        return { ok: true, entry: updated.entry };
      },
      startJob: async (job, input) => {
        await this.schedule(0, 'runPhaseJob', { phase: module.number, job, input }, { idempotent: true });
      },
    };
    this.#hosts.set(module.number, host);
    return host;
  }

  /**
   * The one scheduled method: a step of a phase's job (PhaseModule.jobs). The schedule is stored
   * in the object's SQLite, so a step set before an eviction runs after it; a step that asks for
   * another schedules it.
   */
  async runPhaseJob({ phase, job, input }: { phase: number; job: string; input: Record<string, unknown> }) {
    const module = phaseModule(phase);
    const step = module?.jobs?.[job];
    if (!module || !step || this.#deleted) return;
    const { next } = await step(this.#hostFor(module), input);
    // Not idempotent: this very call's schedule row still exists and would be taken for the next one.
    if (next) await this.schedule(0, 'runPhaseJob', { phase, job, input });
  }

  // -------------------------------------------------------------------------------------------
  // Called by the Worker (RPC)

  /** A research page of the project was answered: each phase that cares hears of it while members are watching. */
  async researchAnswerArrived(): Promise<void> {
    if (this.#deleted || [...this.getConnections()].length === 0) return;
    for (const module of allModules()) await module.hooks?.onResearchAnswer?.(this.#hostFor(module));
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
