import type { UIMessage } from 'ai';
import { MEMORY_LIMITS } from './phases/fields';
import { artifactSchema, phaseOf, type ArtifactContent, type ArtifactKind, type ArtifactVersion, type PhaseStates } from './phases/registry';
import { multiLineText, singleLineText } from './text-fields';
import { z } from './zod';

export { MEMORY_LIMITS };

/**
 * The co-founder workspace's wire contract, shared by the Worker's Durable Object
 * (worker/agents/cofounder.ts) and the app. The conversation itself travels in the Agents SDK's
 * chat frames (useAgentChat); this file is everything the product adds around them.
 * Why the server owns the conversation: docs/decisions/0025-cofounder-object.md.
 */

/** `useAgent({ agent: COFOUNDER_AGENT, basePath: cofounderBasePath(projectId) })`. */
export const COFOUNDER_AGENT = 'cofounder-agent';
export const cofounderBasePath = (projectId: string) => `api/projects/${projectId}/cofounder`;

/**
 * Close codes of the workspace socket after which it does not reconnect: the session that opened
 * it ended (sign-out anywhere, a password change or reset, account deletion), the member was
 * removed, or the project was deleted.
 */
export const WORKSPACE_CLOSE_CODES = { signedOut: 4401, removed: 4403, deleted: 4404 } as const;

/** A member's message: refused when blank or longer than this. */
export const MESSAGE_MAX_CHARS = 8000;

// ---------------------------------------------------------------------------------------------
// Messages

export const MessageAuthorSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('member'), userId: z.string(), name: z.string() }),
  z.strictObject({ kind: z.literal('cofounder') }),
]);
export type MessageAuthor = z.infer<typeof MessageAuthorSchema>;

/**
 * Every stored message carries this metadata, set by the server only. A co-founder answer that
 * did not finish has status 'failed' (with `failure`, a sentence for the founder) or 'stopped';
 * its text is the partial answer, which the app labels as such and offers Retry for.
 */
export const MessageMetadataSchema = z.object({
  author: MessageAuthorSchema,
  /** Unix milliseconds. */
  createdAt: z.number(),
  /** Co-founder answers only; absent while streaming. */
  status: z.enum(['complete', 'failed', 'stopped']).optional(),
  /** A member's note to the team: not addressed to the co-founder, never answered or charged. */
  note: z.boolean().optional(),
  /** Co-founder answers: the id of the member message this answers. */
  answers: z.string().optional(),
  /** A member message its author edited: when, and what it said first. */
  edited: z.object({ at: z.number(), previousText: z.string() }).optional(),
  /** A regenerated answer: the versions it replaced, newest first. */
  previousVersions: z.array(z.object({ text: z.string(), createdAt: z.number() })).optional(),
  failure: z.string().optional(),
  /** Co-founder answers: the phase the founders worked in when it was written. */
  phase: z.number().int().min(1).optional(),
  /** A co-founder message no member asked for (a phase's scheduled summary): it answers nothing, so there is nothing to write again. */
  unprompted: z.boolean().optional(),
  /** Written by the offline demo co-founder (development without a model key): label it 'offline demo — not AI'. */
  offlineDemo: z.boolean().optional(),
});
export type MessageMetadata = z.infer<typeof MessageMetadataSchema>;

// ---------------------------------------------------------------------------------------------
// The project memory

/** Every kind but the artifacts of the phases is a title and a body of text. */
export const TEXT_MEMORY_KINDS = ['target_users', 'problem', 'assumption', 'decision', 'open_question', 'evidence', 'note'] as const;
export type MemoryKind = ArtifactKind | (typeof TEXT_MEMORY_KINDS)[number];
const TextContentSchema = z.strictObject({
  kind: z.enum(TEXT_MEMORY_KINDS),
  title: singleLineText(MEMORY_LIMITS.title),
  body: multiLineText(MEMORY_LIMITS.body),
});
export type MemoryContent = ArtifactContent | z.infer<typeof TextContentSchema>;

/**
 * What an entry says: written by a member (memory frames) or by the co-founder (its tools). An
 * artifact is parsed with its phase's schema, looked up in the registry when it is parsed (a phase
 * registered at run time counts); any other kind is a title and a body of text.
 */
export const MemoryContentSchema = z.unknown().transform((value, ctx): MemoryContent => {
  const kind = typeof value === 'object' && value !== null ? (value as { kind?: unknown }).kind : undefined;
  const schema = (typeof kind === 'string' ? artifactSchema(kind) : undefined) ?? TextContentSchema;
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data as MemoryContent;
  for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, input: value } as Parameters<typeof ctx.addIssue>[0]);
  return z.NEVER;
});

/** A stored entry. `version` grows by one with every change; edits name the version they saw. */
export type MemoryEntry = MemoryContent & {
  id: string;
  author: MessageAuthor;
  /** Unix milliseconds. */
  updatedAt: number;
  version: number;
  /**
   * Artifacts only: when a member accepted it, which completes its phase (the chosen idea is
   * accepted as it is chosen). A member's own edit keeps it; the co-founder rewriting it clears
   * it, to be accepted again.
   */
  acceptedAt?: number;
  /** Artifacts only: the versions of the artifacts it is built on when it was accepted (stale flags). */
  basedOn?: ArtifactVersion[];
  /** The changes before this version, newest first (at most MEMORY_LIMITS.history): who and when. */
  history?: { version: number; author: MessageAuthor; updatedAt: number }[];
};

// ---------------------------------------------------------------------------------------------
// The shared state the object broadcasts to every connection (the SDK's `agent.state`).
// Clients may not set it: the object refuses state frames.

export interface PresentMember {
  userId: string;
  name: string;
}

export interface WorkspaceLimits {
  messagesPerMemberPerDay: number;
  messagesPerProjectPerDay: number;
  /** Answers charged to this project today (UTC). */
  projectMessagesToday: number;
  /** When today's counts reset: the next UTC midnight, Unix milliseconds. */
  resetsAt: number;
}

/** The engine's part of the shared state; each phase adds its own slice (contracts/phases/registry.ts, PhaseStates). */
export interface EngineState {
  phases: {
    /** Phase numbers completed, ascending. */
    done: number[];
    /** The phase the founders work in (they choose it; contracts/phases/registry.ts lists them). */
    current: number;
    /** The phases the project's plan opens: the free ones, and every phase on Pro. */
    unlocked: number[];
  };
  memory: MemoryEntry[];
  /** Members with the workspace open now, one entry per member however many tabs. */
  presence: PresentMember[];
  limits: WorkspaceLimits;
  /** 'offline-demo': development without a model key, a scripted co-founder (label it). */
  mode: 'ai' | 'offline-demo';
}

export type WorkspaceState = EngineState & PhaseStates;

// ---------------------------------------------------------------------------------------------
// Frames beyond the SDK's chat frames. Anything else a client sends is dropped.

export const MemoryFrameSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('memory_create'), requestId: z.string().min(1).max(100), content: MemoryContentSchema }),
  z.strictObject({
    type: z.literal('memory_update'),
    requestId: z.string().min(1).max(100),
    id: z.string().min(1).max(100),
    /** The version the editor started from; a different current version refuses the update. */
    baseVersion: z.number().int().min(1),
    content: MemoryContentSchema,
  }),
  z.strictObject({
    type: z.literal('memory_delete'),
    requestId: z.string().min(1).max(100),
    id: z.string().min(1).max(100),
    baseVersion: z.number().int().min(1),
  }),
  /** Accepting an artifact (the version the member read) completes its phase, or clears its stale flag. */
  z.strictObject({
    type: z.literal('memory_accept'),
    requestId: z.string().min(1).max(100),
    id: z.string().min(1).max(100),
    baseVersion: z.number().int().min(1),
  }),
]);
export type MemoryFrame = z.infer<typeof MemoryFrameSchema>;

/** A member opens a phase to work in: any unlocked phase that is built, earlier ones included. */
export const PhaseOpenFrameSchema = z.strictObject({
  type: z.literal('phase_open'),
  requestId: z.string().min(1).max(100),
  phase: z
    .number()
    .int()
    .refine((number) => phaseOf(number) !== undefined),
});

/**
 * The answer to a member's request, to its sender only: every frame that carries a `requestId`
 * (a memory change, a phase opened, a canvas change, a phase's own action) is answered by one
 * `request_result` with the same id. `value` is what the request produced (the entry, the canvas
 * item, or null); a refusal says why (`reason`) and carries the thing as it is now (`current`,
 * null when there is none), so a stale edit can be merged by hand and nobody loses one silently.
 */
export type RequestResultFrame<Value = unknown, Reason extends string = string> = { type: 'request_result'; requestId: string } & (
  | { ok: true; value: Value }
  | { ok: false; error: string; reason: Reason; current: Value | null }
);

/** Why a memory change was refused. */
export type MemoryRefusalReason = 'invalid' | 'stale' | 'not_found' | 'full';

/**
 * The answer to one memory frame (or a phase's action about an entry): the entry as saved (null
 * once deleted), or a stale edit refused with the entry as it is now (null when someone deleted it).
 */
export type MemoryResultFrame = RequestResultFrame<MemoryEntry | null, MemoryRefusalReason>;

/** Which limit refused a send. */
export type LimitName = 'member_daily' | 'project_daily' | 'global_daily';

/**
 * A send the server refused, to its sender only. The message was not stored (the server also
 * re-sends the transcript without it): the app keeps the text in the composer and shows `error`.
 */
export type SendRefusal = { error: string } & ({ reason: 'limit'; limit: LimitName; resetsAt: number } | { reason: 'invalid' | 'busy' | 'unavailable' });
export type SendRefusedFrame = {
  type: 'send_refused';
  /** The chat request id (the SDK's request id of the send). */
  requestId: string;
} & SendRefusal;

export type WorkspaceServerFrame = RequestResultFrame | SendRefusedFrame;

// ---------------------------------------------------------------------------------------------
// The engine's own tools, offered in every phase, as they appear in assistant message parts
// (`tool-<name>`). Each phase names its own tools in contracts/phases/<slug>.ts.

export const ENGINE_TOOLS = {
  /** A multiple-choice question: render `choices` as buttons; a click sends the choice as the member's message. */
  askMultipleChoice: 'ask_multiple_choice',
  writeMemory: 'write_memory',
  updateMemory: 'update_memory',
} as const;

export const QUICK_REPLY_LIMITS = { question: 300, choice: 120, minChoices: 2, maxChoices: 6 } as const;
export const QuickReplyInputSchema = z.strictObject({
  question: singleLineText(QUICK_REPLY_LIMITS.question).describe('The question, short'),
  choices: z
    .array(singleLineText(QUICK_REPLY_LIMITS.choice))
    .min(QUICK_REPLY_LIMITS.minChoices)
    .max(QUICK_REPLY_LIMITS.maxChoices)
    .describe('The answers the founder can click, each a few words'),
});
export type QuickReplyInput = z.infer<typeof QuickReplyInputSchema>;

/** The message type of the conversation, for `useAgentChat<WorkspaceState, WorkspaceMessage>`. */
export type WorkspaceMessage = UIMessage<MessageMetadata>;
