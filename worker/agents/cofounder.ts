import { AIChatAgent, type ChatRecoveryOptions, type ChatResponseResult, type OnChatMessageOptions } from '@cloudflare/ai-chat';
import type { Connection, ConnectionContext } from 'agents';
import type { ToolSet } from 'ai';
import type { CanvasItem } from '#contracts/canvas';
import { phaseOf, unlockedPhases, upgradeMemory } from '#contracts/phases/registry';
import type { ProjectConversationExport } from '#contracts/user';
import {
  PhaseOpenFrameSchema,
  type MemoryEntry,
  type MemoryResultFrame,
  type RequestResultFrame,
  type WorkspaceMessage,
  type WorkspaceState,
} from '#contracts/workspace';
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
} from '../db/queries/cofounder';
import { endedAnswer, FAILURE_MESSAGES, streamAnswer } from './answer';
import { CanvasStore, handleCanvasFrame } from './canvas';
import { buildPrompt } from './context';
import { collectEvidence, privateWordingCheck } from './evidence';
import { frameRoutes, screenFrame, type FrameRoute } from './frames';
import { CLOSE_CODES, CLOSE_REASONS, closeWhere, memberFromRequest, memberOf, presentMembers, type Member } from './members';
import { acceptArtifact, editMemory } from './memory-edits';
import { conversationExport, readMemoryHistory, recordMemoryChange, sourceReadTimes, type MemoryChange } from './memory-history';
import { offlineDemoAnswer } from './offline-demo';
import { answerMemberAction, createPhaseHost, initialWorkspaceState, type ObjectFacade } from './phase-host';
import { allModules, builtModules, canOpen, phaseModule } from './phases/registry';
import type { PhaseHost, PhaseModule } from './phases/types';
import { Sends, sendTranscript } from './sends';
import type { CofounderActions } from './tools/actions';
import { engineTools, turnActions } from './turn-actions';
import { phasesState } from './turns';

/**
 * The co-founder workspace of one project (named by the project id): the conversation, the
 * memory and the live connections, with WebSockets that hibernate. The Worker authenticates each
 * connection (./members.ts). Why the object owns the conversation and refuses most SDK frames:
 * docs/decisions/0025-cofounder-object.md. What it is made of: ./frames.ts (what a browser may
 * send), ./sends.ts and ./turns.ts (a send on its way to an answer), ./answer.ts (the model call),
 * ./memory-edits.ts (members' edits), ./phase-host.ts and ./phases/ (what each phase plugs in).
 */

export class CofounderAgent extends AIChatAgent<Cloudflare.Env, WorkspaceState> {
  override initialState = initialWorkspaceState();

  /** One answer at a time, in the order the sends were stored. */
  override messageConcurrency = 'queue' as const;
  /** An answer interrupted by a restart is stored as failed with Retry, never re-run unasked (it would cost twice). */
  override chatRecovery = { maxAttempts: 1, terminalMessage: FAILURE_MESSAGES.interrupted };

  #sends = new Sends({ env: this.env, projectId: () => this.#projectId, messages: () => this.messages as WorkspaceMessage[] });
  /** Set once the project is deleted: the storage is gone, so closing sockets must not touch it. */
  #deleted = false;
  #canvasStore: CanvasStore | undefined;
  #routes: ReadonlyMap<string, FrameRoute>;
  #hosts = new Map<number, PhaseHost>();
  #facadeMade: ObjectFacade | undefined;

  constructor(ctx: DurableObjectState, env: Cloudflare.Env) {
    super(ctx, env);
    // The SDK installs its frame handler in its constructor; ours runs first and decides what
    // reaches it (the routes below; anything else is dropped).
    const sdkOnMessage = this.onMessage.bind(this);
    this.#routes = frameRoutes({
      passToSdk: sdkOnMessage,
      resetView: (connection) => sendTranscript(connection, this.messages as WorkspaceMessage[]),
      send: (connection, member, frame) => this.#sends.accept(connection, member, frame, sdkOnMessage),
      mayStop: (member, requestId) => this.#sends.mayStop(member, requestId),
      editMemory: async (connection, member, frame) => {
        const requestId = typeof frame.requestId === 'string' ? frame.requestId.slice(0, 100) : null;
        if (requestId === null) return;
        const answer: MemoryResultFrame = { type: 'request_result', requestId, ...(await editMemory(this.#facade, member, frame)) };
        connection.send(JSON.stringify(answer));
      },
      openPhase: (connection, frame) => this.#openPhase(connection, frame),
      canvas: (connection, member, frame) => handleCanvasFrame(this.#canvas, connection, member, frame, (message, without) => this.broadcast(message, without)),
      memberAction: async (module, action, connection, member, frame) => {
        const reply = await answerMemberAction(module, action, this.#hostFor(module), member, frame);
        if (reply) connection.send(JSON.stringify(reply));
      },
    });
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
    // Artifacts stored in an earlier shape of their contract are read in the current one from now on.
    const upgraded = upgradeMemory(this.state.memory);
    this.setState({
      ...this.state,
      ...(upgraded ? { memory: upgraded } : {}),
      // The phase the founders chose stays theirs while it is open to them.
      phases: phasesState(done, unlockedPhases(plan), this.state.phases.current),
      presence: presentMembers(this.getConnections()),
      limits: this.#limits(today),
    });
    for (const module of allModules()) await module.hooks?.onStart?.(this.#hostFor(module));
  }

  override onConnect(connection: Connection, ctx: ConnectionContext) {
    const member = memberFromRequest(this.env, ctx);
    if (!member) {
      connection.close(CLOSE_CODES.signedOut, CLOSE_REASONS.signedOut);
      return;
    }
    const mode = member.mode;
    connection.setState(member);
    // The label follows the latest connection; every member of one Worker connects the same way,
    // unless a local server is also opened through a network address (then sends from there are refused).
    this.setState({ ...this.state, presence: presentMembers(this.getConnections()), mode: mode === 'offline-demo' ? 'offline-demo' : 'ai' });
    // The owner's plan may have changed since the object started: every new connection reads it.
    void this.#unlockedPhases().catch(() => {});
    for (const module of allModules()) void Promise.resolve(module.hooks?.onConnect?.(this.#hostFor(module))).catch(() => {});
  }

  override onClose(connection: Connection) {
    if (this.#deleted) return;
    this.setState({ ...this.state, presence: presentMembers(this.getConnections(), connection.id) });
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

  /** A member opens a phase to work in: every member sees it, and the next answer follows its guide. */
  async #openPhase(connection: Connection, frame: unknown) {
    const parsed = PhaseOpenFrameSchema.safeParse(frame);
    if (!parsed.success) return;
    const { requestId, phase } = parsed.data;
    const reply = (result: RequestResultFrame<null, 'invalid'>) => connection.send(JSON.stringify(result));
    const refuse = (error: string) => reply({ type: 'request_result', requestId, ok: false, reason: 'invalid', error, current: null });
    const unlocked = await this.#unlockedPhases();
    const definition = phaseOf(phase)!;
    if (!unlocked.includes(phase)) return refuse(`Phase ${phase}, "${definition.title}", needs Pro.`);
    if (!canOpen(phase, unlocked)) return refuse(`Phase ${phase}, "${definition.title}", is not available yet.`);
    this.setState({ ...this.state, phases: { ...this.state.phases, current: phase } });
    reply({ type: 'request_result', requestId, ok: true, value: null });
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
    const turn = options ? this.#sends.turn(options.requestId) : undefined;
    // A note to the team is stored and not answered: the SDK ends its request as skipped.
    if (!turn || turn.note) return undefined;
    turn.started = true;
    const messages = this.messages as WorkspaceMessage[];
    // Pro is enforced here, per turn: the owner's plan from D1 decides which phases' tools exist.
    const unlocked = await this.#unlockedPhases();
    const phase = phaseModule(this.state.phases.current) ?? allModules()[0]!;
    const privacyMode = await projectPrivacyMode(this.env.DB, this.#projectId);
    const actions = this.#actions(turn.answering);
    // Built once per turn, from the memory and messages as the turn starts.
    const privateWording = privacyMode ? privateWordingCheck(this.state.memory, messages) : null;
    const toolContext = (module: PhaseModule) => ({
      env: this.env,
      projectId: this.#projectId,
      actions,
      host: this.#hostFor(module),
      privateWording,
    });
    if (turn.sender.mode === 'offline-demo') {
      return offlineDemoAnswer({ context: toolContext(phase), messages, phase: phase.number, privacyMode, signal: options?.abortSignal });
    }

    const opened = builtModules(unlocked);
    await Promise.all(opened.map(async (module) => module.hooks?.beforeTurn?.(this.#hostFor(module))));
    // The phase's own notes, and what any open phase's artifacts need now (new research answers for the personas).
    const phaseNotes = [phase.notes?.(this.env), ...opened.map((module) => module.reminder?.(this.state))].filter(Boolean).join('\n');
    const prompt = await buildPrompt(messages, turn.answering, this.state, { privacyMode, phase, phaseNotes });
    return streamAnswer({
      env: this.env,
      system: prompt.system,
      messages: prompt.messages,
      // The tools of every open phase, and the engine's own.
      tools: { ...(Object.assign({}, ...opened.map((module) => module.tools(toolContext(module)))) as ToolSet), ...engineTools(actions) },
      privacyMode,
      stop: options?.abortSignal,
      turn,
      phase: phase.number,
    });
  }

  /** Every answer ends here: stored as it ended (./answer.ts, endedAnswer), and charged only when it answered. */
  override async onChatResponse(result: ChatResponseResult) {
    const turn = this.#sends.end(result.requestId);
    const message = result.message as WorkspaceMessage;
    const { stamped, charged } = endedAnswer(message, result.status, turn);
    const stored = this.messages as WorkspaceMessage[];
    const known = stored.some((existing) => existing.id === message.id);
    await this.persistMessages(known ? stored.map((existing) => (existing.id === message.id ? stamped : existing)) : [...stored, stamped]);
    if (turn?.reservation && !charged) await releaseAnswer(this.env.DB, turn.reservation);
    if (turn?.reservation) this.setState({ ...this.state, limits: this.#limits(await projectAnswersToday(this.env.DB, this.#projectId)) });
  }

  /** What the tools may do in a turn (./turn-actions.ts); `answering` is the member's message the turn answers. */
  #actions(answering: string | undefined): CofounderActions {
    const state = () => this.state;
    const evidence = collectEvidence(this.messages as WorkspaceMessage[], this.env, (number) => this.#hostFor(phaseModule(number)!));
    return turnActions(
      {
        get memory() {
          return state().memory;
        },
        commitMemory: (memory, change) => this.#commitMemory(memory, change),
        acceptArtifact: (id, by) => acceptArtifact(this.#facade, id, undefined, by),
        placeCanvasNotes: (input, link) => {
          const placed = this.#canvas.placeProposals(input, link);
          for (const change of placed.broadcasts) this.broadcast(JSON.stringify(change));
          return placed.items;
        },
      },
      answering,
      evidence,
    );
  }

  /**
   * Every change to the memory lands here: the new memory goes to every member, the change is
   * kept in the object's own history (who, when, what), which the account export carries, and
   * each phase hears of it.
   */
  #commitMemory(memory: MemoryEntry[], change: MemoryChange, phases?: WorkspaceState['phases']) {
    const before = this.state.memory;
    this.setState({ ...this.state, memory, ...(phases && { phases }) });
    recordMemoryChange(this.sql.bind(this), change);
    for (const module of allModules()) module.hooks?.onMemoryChange?.(this.#hostFor(module), before, memory);
  }

  /** The object as its parts see it: memory edits (./memory-edits.ts) and each phase's host (./phase-host.ts). */
  get #facade(): ObjectFacade {
    const state = () => this.state;
    const connections = () => [...this.getConnections()];
    this.#facadeMade ??= {
      env: this.env,
      projectId: this.#projectId,
      sql: this.sql.bind(this),
      get state() {
        return state();
      },
      setState: (next) => this.setState(next),
      get connected() {
        return connections().length > 0;
      },
      unlockedPhases: () => this.#unlockedPhases(),
      commitMemory: (memory, change, phases) => this.#commitMemory(memory, change, phases),
      scheduleJob: async (payload, at) =>
        void (at === undefined
          ? await this.schedule(0, 'runPhaseJob', payload, { idempotent: true })
          : await this.schedule(new Date(at), 'runPhaseJob', payload)),
      cancelJob: async (phase, job) => {
        const steps = (await this.listSchedules()).filter((schedule) => {
          const payload = schedule.payload as { phase?: unknown; job?: unknown } | null;
          return schedule.callback === 'runPhaseJob' && payload?.phase === phase && payload.job === job;
        });
        for (const step of steps) await this.cancelSchedule(step.id);
      },
      postMessage: (text, phase) => this.#postMessage(text, phase),
      chargeAnswer: async () => {
        const taken = await reserveAnswer(this.env.DB, { userId: null, projectId: this.#projectId }, cofounderCaps(this.env));
        if ('refused' in taken) return false;
        this.setState({ ...this.state, limits: this.#limits(await projectAnswersToday(this.env.DB, this.#projectId)) });
        return true;
      },
    };
    return this.#facadeMade;
  }

  /**
   * A message of the co-founder no member asked for (a phase's scheduled summary): stored after
   * the conversation as it is now and sent to every member, as an answer is once it ends.
   */
  async #postMessage(text: string, phase: number): Promise<string> {
    const message: WorkspaceMessage = {
      id: crypto.randomUUID(),
      role: 'assistant',
      parts: [{ type: 'text', text }],
      metadata: { author: { kind: 'cofounder' }, createdAt: Date.now(), status: 'complete', phase, unprompted: true },
    };
    await this.persistMessages([...(this.messages as WorkspaceMessage[]), message]);
    return message.id;
  }

  /** What phases are lent (./phases/types.ts, PhaseHost): one host per phase for the object's life. */
  #hostFor(module: PhaseModule): PhaseHost {
    const host = this.#hosts.get(module.number) ?? createPhaseHost(module, this.#facade);
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

  /**
   * A membership ended (D1 already holds it): removed or left (`removed`), or the account deleted
   * (`signedOut`). The member's open workspaces close at once, and every list of members a phase
   * keeps is read again (PhaseHooks.onMembersChanged) before this returns, so the members still
   * connected see the team without them and no edit names them afterwards.
   */
  async membershipEnded(userId: string, why: 'removed' | 'signedOut'): Promise<number> {
    const closed = closeWhere(this.getConnections(), (member) => member.userId === userId, why);
    if (this.#deleted) return closed;
    await Promise.all(
      allModules().map((module) =>
        Promise.resolve(module.hooks?.onMembersChanged?.(this.#hostFor(module))).catch((error: unknown) => {
          console.error('A phase could not bring its members up to date', module.number, error);
        }),
      ),
    );
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
    const ended = (member: Member) =>
      member.userId === userId && member.sessionFamily !== except && (families === null || families.includes(member.sessionFamily));
    return closeWhere(this.getConnections(), ended, 'signedOut');
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

  #limits(projectMessagesToday: number): WorkspaceState['limits'] {
    const caps = cofounderCaps(this.env);
    return { messagesPerMemberPerDay: caps.memberPerDay, messagesPerProjectPerDay: caps.projectPerDay, projectMessagesToday, resetsAt: nextUtcMidnight() };
  }
}
