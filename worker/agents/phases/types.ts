import type { ToolSet } from 'ai';
import type { MemoryContent, MemoryEntry, MemoryResultFrame, MessageAuthor, WorkspaceState } from '#contracts/workspace';
import type { z } from '#contracts/zod';
import type { CofounderActions, ReadPage } from '../tools/actions';
import type { DemoSubject } from './common/demo-subject';

/**
 * What a phase plugs into the co-founder's engine, and what the engine lends it. This file and
 * ../tools/actions.ts are the engine's public surface: a phase folder imports nothing else of the
 * engine (tests/scripts/import-rules.test.ts). The phase's artifacts, title and done rule are in
 * its contract file (contracts/phases/<slug>.ts); ./registry.ts lists the modules.
 * docs/architecture.md, "Adding a phase".
 */
export interface PhaseModule {
  number: number;
  /** The phase's instructions to the co-founder, including when to use each of its tools. */
  guide: string;
  /** Its tools, built for one turn; offered only while the phase is unlocked. */
  tools(context: ToolContext): ToolSet;
  /** Lines for this turn's prompt that depend on the configuration (the sources a search reaches). */
  notes?(env: Cloudflare.Env): string;
  /**
   * A line for every turn's prompt while the phase is unlocked, whatever phase the founders work
   * in, when its artifacts need their attention (personas with research answers they have not
   * seen); '' otherwise. It says what to do on its own: the phase's guide may not be in the prompt.
   */
  reminder?(state: WorkspaceState): string;
  /**
   * What a stored tool output of this phase makes citable: the addresses it returned, and pages
   * whose text a quote may copy. The object reads them from the conversation on each turn.
   */
  evidence?(toolName: string, output: unknown, env: Cloudflare.Env): Evidence;
  /** What the phase keeps outside the conversation that is citable too (what research runs found). */
  storedEvidence?(host: PhaseHost): Evidence;
  /**
   * Privacy mode: how an artifact of this phase counts as private wording that a search phrase
   * may not copy, and the words of it that may be searched (the chosen idea's problem statement).
   * Without it, all of an entry is private.
   */
  privacy?: { privateText(entry: MemoryEntry): string | null; publicStatement(memory: readonly MemoryEntry[]): string };
  /**
   * What a member's edit of one of its artifacts must also satisfy beyond its schema, against the
   * workspace as it is now (a task's owner is a member of the project) and the entry it replaces
   * (none for a new one): the refusal's sentence, or null. The co-founder's tools check the same
   * in their own words.
   */
  checkEdit?(content: MemoryContent, state: WorkspaceState, previous: MemoryEntry | undefined): string | null;
  /** The phase's keys in the shared state (WorkspaceState), with their values before anything happened. */
  initialState?: Partial<WorkspaceState>;
  /** Frames members send for this phase, by frame type (contracts/phases/<slug>.ts holds their schemas). */
  actions?: readonly MemberAction[];
  /**
   * Long work done one step at a time, that survives the object's eviction: the object's one
   * scheduled method hands each step to its job by name, and a step returns whether another follows.
   */
  jobs?: Record<string, Job>;
  /** What the phase does when something happens to the workspace. */
  hooks?: PhaseHooks;
  /** The offline demo co-founder's script in this phase, one step per answer. */
  demo: readonly DemoStep[];
}

export interface Evidence {
  urls: string[];
  pages: ReadPage[];
}

/** A member connected, the memory changed, a research page was answered, a turn is about to be answered, a member left. */
export interface PhaseHooks {
  /** The object started (again, after an eviction). */
  onStart?(host: PhaseHost): Promise<void> | void;
  onConnect?(host: PhaseHost): Promise<void> | void;
  onMemoryChange?(host: PhaseHost, before: readonly MemoryEntry[], after: readonly MemoryEntry[]): void;
  /** A research page of the project was answered while members are connected. */
  onResearchAnswer?(host: PhaseHost): Promise<void> | void;
  /** Before each answer's prompt is built: whatever the reminder reads is brought up to date. */
  beforeTurn?(host: PhaseHost): Promise<void> | void;
  /**
   * A member left the project (removed, left, or deleted their account), as D1 already holds it:
   * whatever list of members the phase keeps drops them now, before the removal is answered, so
   * no open workspace lists them or accepts them as an owner afterwards.
   */
  onMembersChanged?(host: PhaseHost): Promise<void> | void;
}

/** A member connected to the workspace, as the Worker vouched for them. */
export interface MemberIdentity {
  userId: string;
  name: string;
  role: 'owner' | 'collaborator';
}

/**
 * What a member action answers its sender: the engine sends it as the request's `request_result`
 * (RequestResultFrame in contracts/workspace.ts), with `value` null when absent. A refusal without
 * a `reason` is sent as 'invalid', without `current` as null.
 */
export type ActionResult =
  | { ok: true; value?: MemoryEntry | null }
  | ({ ok: false; error: string } & Partial<Pick<Extract<MemoryResultFrame, { ok: false }>, 'reason' | 'current'>>);

/**
 * A frame members send for a phase (Approve a research run, Check again). The engine parses it
 * with `schema`, refuses it unless the sender's session and membership stand, refuses it when
 * the phase is locked for the project's plan (`whileLocked: 'refused'`) and then calls `handle`;
 * whatever it returns answers the request, as every member request is answered.
 */
export interface MemberAction<Frame extends { type: string; requestId: string } = { type: string; requestId: string }> {
  type: string;
  schema: z.ZodType<Frame>;
  /** Who may send it: any member, or only the project's owner. */
  who: 'member' | 'owner';
  /** Stopping something the phase started stays possible after a downgrade; starting does not. */
  whileLocked: 'refused' | 'allowed';
  /** What a refusal for a locked phase says, when not the phase's own 'needs Pro' sentence. */
  lockedRefusal?: string;
  handle(host: PhaseHost, member: MemberIdentity, frame: Frame): Promise<ActionResult>;
}

/** One step of a job; `next` true schedules the following step. */
export type Job = (host: PhaseHost, input: Record<string, unknown>) => Promise<{ next: boolean }>;

/**
 * What the engine lends a phase's actions, jobs, hooks and tools: the project, the object's
 * SQLite, the shared state, and the memory's one door. Everything it does goes through the
 * engine's checks (one writer, versions, history, the memory's limits).
 */
export interface PhaseHost {
  readonly env: Cloudflare.Env;
  readonly projectId: string;
  /** The object's own SQLite, for what the phase keeps (one table per phase, created on first use). */
  readonly sql: Sql;
  /** The shared state as it is now. */
  readonly state: WorkspaceState;
  /** Sets the phase's own keys of the shared state, for every member. */
  setState(slice: Partial<WorkspaceState>): void;
  /** Whether members have the workspace open now. */
  readonly connected: boolean;
  /** The phases the owner's plan opens, read from D1 now. */
  unlockedPhases(): Promise<number[]>;
  /** Creates an entry (an artifact of a kind the project holds one of is replaced); a refusal is returned, never thrown. */
  createEntry(content: MemoryContent, by: MessageAuthor): { ok: true; entry: MemoryEntry } | { ok: false; error: string };
  /** Updates an entry as it is now (`baseVersion` undefined), or refuses when `baseVersion` is not the current one. */
  updateEntry(id: string, content: MemoryContent, by: MessageAuthor, baseVersion?: number): ActionResult;
  /**
   * Runs the job's first step (the name is the phase's `jobs` key) at once, or at `at` (Unix
   * milliseconds) when given; either way it runs after an eviction too.
   */
  startJob(job: string, input: Record<string, unknown>, options?: { at?: number }): Promise<void>;
  /** Cancels the steps of the phase's job that are scheduled and have not run yet. */
  cancelJob(job: string): Promise<void>;
  /**
   * Appends a message of the co-founder with this text to the conversation: stored, and shown to
   * every member as an answer is. It answers no member's message and is charged nothing by
   * itself (see chargeAnswer). Resolves with the message's id, for a phase to link to it.
   */
  postMessage(text: string): Promise<string>;
  /**
   * Charges one answer to the project's daily allowance (and the global one), for what the phase
   * writes with no member asking; no member's own cap is charged. False when an allowance is
   * spent: then nothing is charged.
   */
  chargeAnswer(): Promise<boolean>;
}

export type Sql = <T = Record<string, string | number | boolean | null>>(strings: TemplateStringsArray, ...values: (string | number | boolean | null)[]) => T[];

export interface ToolContext {
  env: Cloudflare.Env;
  projectId: string;
  actions: CofounderActions;
  /** The engine's help for what a tool keeps beyond the memory (a proposed research run). */
  host: PhaseHost;
  /** Privacy mode: the private wording a search phrase copies, if any (worker/agents/privacy.ts); null when off. */
  privateWording: ((phrase: string) => string | null) | null;
}

/** What the founders wrote so far and what the memory holds, for the offline demo to use their own words. */
export interface FounderWords {
  /** The latest member message. */
  latest: string;
  /** The first member message that states a problem or an idea (not a quick reply, not 'brainstorm'), if any. */
  idea: string | null;
  /** The next such message, the answer to 'who has this problem?', if any. */
  people: string | null;
  /** The project's subject as its memory holds it, else as the founders wrote it. */
  subject: DemoSubject;
  /** Privacy mode: nothing the founders wrote may leave for a search engine. */
  privacyMode: boolean;
  /** The memory as the step starts, so that a step's text says what it will find there. */
  memory: readonly MemoryEntry[];
}

/** One answer of the offline demo (worker/agents/offline-demo.ts). */
export interface DemoStep {
  /** The answer; a function of what the founders wrote, so that the demo answers their own idea. */
  text: string | ((words: FounderWords) => string);
  quickReply?: { question: string; choices: string[] };
  act?: (actions: CofounderActions, founderText: string, words: FounderWords) => Promise<unknown> | unknown;
  /** A tool the step calls, shown in the answer as the real co-founder's call would be; null when it calls none this time. */
  tool?: (context: ToolContext, call: { toolCallId: string; words: FounderWords }) => Promise<{ name: string; input: unknown; output: unknown } | null>;
}
