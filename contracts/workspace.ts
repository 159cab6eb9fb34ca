import type { UIMessage } from 'ai';
import { isWebAddress } from './discussions';
import { ResearchPageInputSchema } from './research';
import { multiLineText, singleLineText } from './text-fields';
import { z } from './zod';

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

/** The 8 phases; the first 2 are free, the rest need Pro (the app links them to /pricing). */
export const PHASES = [
  { number: 1, title: 'Find an idea', free: true },
  { number: 2, title: "Estimate the problem's scale and impact", free: true },
  { number: 3, title: 'Research competitors and gaps', free: false },
  { number: 4, title: 'Define user personas', free: false },
  { number: 5, title: 'Shape the solution', free: false },
  { number: 6, title: 'Plan the build', free: false },
  { number: 7, title: 'Launch', free: false },
  { number: 8, title: 'Market and grow', free: false },
] as const;
export type PhaseNumber = (typeof PHASES)[number]['number'];

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
  /** Written by the offline demo co-founder (development without a model key): label it 'offline demo — not AI'. */
  offlineDemo: z.boolean().optional(),
});
export type MessageMetadata = z.infer<typeof MessageMetadataSchema>;

// ---------------------------------------------------------------------------------------------
// The project memory

export const MEMORY_KINDS = ['chosen_idea', 'scale_estimate', 'target_users', 'problem', 'assumption', 'decision', 'open_question', 'evidence', 'note'] as const;
/** Every kind but the chosen idea is a title and a body of text. */
export const TEXT_MEMORY_KINDS = ['target_users', 'problem', 'assumption', 'decision', 'open_question', 'evidence', 'note'] as const;
export type MemoryKind = (typeof MEMORY_KINDS)[number];

export const MEMORY_LIMITS = { title: 120, body: 2000, field: 1000, openQuestions: 10, entries: 100 } as const;

/** The chosen idea, as phase 1 ends. */
export const ChosenIdeaSchema = z.strictObject({
  problem: multiLineText(MEMORY_LIMITS.field).describe('The problem, in one or two sentences'),
  whoHasIt: multiLineText(MEMORY_LIMITS.field).describe('Who has the problem, as specifically as possible'),
  proposedSolution: multiLineText(MEMORY_LIMITS.field).describe('What the founder would build'),
  whyNow: multiLineText(MEMORY_LIMITS.field).describe('Why this is possible or needed now'),
  riskiestAssumption: multiLineText(MEMORY_LIMITS.field).describe('The assumption that would kill the idea if it were false'),
  openQuestions: z.array(multiLineText(MEMORY_LIMITS.field)).max(MEMORY_LIMITS.openQuestions).describe('What is still unknown'),
});
export type ChosenIdea = z.infer<typeof ChosenIdeaSchema>;

/**
 * The problem-scale estimate, as phase 2 ends (docs/decisions/0036-problem-scale-estimate.md).
 * Each sizing is a chain of steps whose arithmetic the product does, not the model: the first
 * step starts the count and each next one multiplies, divides, adds or subtracts, so the result
 * shown is always what its inputs give.
 */
export const ESTIMATE_OPERATIONS = ['start', 'multiply', 'divide', 'add', 'subtract'] as const;
export type EstimateOperation = (typeof ESTIMATE_OPERATIONS)[number];
export const ESTIMATE_LIMITS = { steps: 8, segments: 6, evidence: 20, value: 1e13 } as const;
export const ASSUMPTION = 'assumption';

export const EstimateStepSchema = z.strictObject({
  operation: z.enum(ESTIMATE_OPERATIONS).describe("'start' for the first step only; then how this value combines with the running total"),
  value: z.number().finite().min(0).max(ESTIMATE_LIMITS.value).describe('A plain number: 0.3 for 30%, 12000 for 12k'),
  label: singleLineText(160).describe('What the number is, e.g. "independent dental clinics in the US" or "share that book by phone"'),
  source: singleLineText(300).describe(`Where the number comes from: the URL of a discussion or page you were given, or the word '${ASSUMPTION}'`),
});
export type EstimateStep = z.infer<typeof EstimateStepSchema>;

export const SizingSchema = z
  .strictObject({
    steps: z.array(EstimateStepSchema).min(1).max(ESTIMATE_LIMITS.steps),
    unit: singleLineText(60).describe('What the result counts, e.g. "clinics", "people" or "USD per year"'),
  })
  .superRefine((sizing, ctx) => {
    sizing.steps.forEach((step, index) => {
      if ((index === 0) !== (step.operation === 'start')) {
        ctx.addIssue({ code: 'custom', path: ['steps', index, 'operation'], message: index === 0 ? 'The first step starts the count' : "Only the first step is 'start'" });
      }
      if (step.operation === 'divide' && step.value === 0) ctx.addIssue({ code: 'custom', path: ['steps', index, 'value'], message: 'A step cannot divide by zero' });
    });
  });
export type Sizing = z.infer<typeof SizingSchema>;

/** The running total after each step of a sizing; the last one is its result. */
export function runningTotals(sizing: Sizing): number[] {
  const totals: number[] = [];
  for (const step of sizing.steps) {
    const before = totals.at(-1) ?? 0;
    const next =
      step.operation === 'start' ? step.value
      : step.operation === 'multiply' ? before * step.value
      : step.operation === 'divide' ? before / step.value
      : step.operation === 'add' ? before + step.value
      : before - step.value;
    totals.push(next);
  }
  return totals;
}

export const EvidenceLinkSchema = z.strictObject({
  title: singleLineText(200),
  url: z.string().max(2000).refine(isWebAddress, 'A link must be an http(s) address'),
  /** Where it was said: 'Hacker News', 'r/smallbusiness', a site's name. */
  site: singleLineText(80),
});
export type EvidenceLink = z.infer<typeof EvidenceLinkSchema>;

export const CONFIDENCE_LEVELS = ['low', 'medium', 'high'] as const;

export const ScaleEstimateSchema = z.strictObject({
  segments: z.array(singleLineText(300)).min(1).max(ESTIMATE_LIMITS.segments).describe('Who has the problem, as distinct groups'),
  topDown: SizingSchema.describe('From a whole population down to those who have the problem'),
  bottomUp: SizingSchema.describe('From what one reachable customer or channel gives, up'),
  frequency: multiLineText(MEMORY_LIMITS.field).describe('How often the problem happens to them'),
  pain: multiLineText(MEMORY_LIMITS.field).describe('What it costs them in time or money, with numbers where known'),
  currentAlternatives: multiLineText(MEMORY_LIMITS.field).describe('What they use or do about it today'),
  confidence: z.enum(CONFIDENCE_LEVELS),
  confidenceReasons: multiLineText(MEMORY_LIMITS.field).describe('Why that confidence: what the evidence shows and what it lacks'),
  evidence: z.array(EvidenceLinkSchema).max(ESTIMATE_LIMITS.evidence).describe('The discussions that back the estimate, from your search results only'),
});
export type ScaleEstimate = z.infer<typeof ScaleEstimateSchema>;

/** What an entry says: written by a member (memory frames) or by the co-founder (its tools). */
export const MemoryContentSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('chosen_idea'), title: singleLineText(MEMORY_LIMITS.title), idea: ChosenIdeaSchema }),
  z.strictObject({ kind: z.literal('scale_estimate'), title: singleLineText(MEMORY_LIMITS.title), estimate: ScaleEstimateSchema }),
  z.strictObject({ kind: z.enum(TEXT_MEMORY_KINDS), title: singleLineText(MEMORY_LIMITS.title), body: multiLineText(MEMORY_LIMITS.body) }),
]);
/** The kinds a project holds one of at most: adding another replaces it. */
export const SINGLE_MEMORY_KINDS = ['chosen_idea', 'scale_estimate'] as const satisfies readonly MemoryKind[];
export type MemoryContent = z.infer<typeof MemoryContentSchema>;

/** A stored entry. `version` grows by one with every change; edits name the version they saw. */
export type MemoryEntry = MemoryContent & {
  id: string;
  author: MessageAuthor;
  /** Unix milliseconds. */
  updatedAt: number;
  version: number;
  /**
   * The scale estimate only: when a member accepted it, which completes phase 2. A member's own
   * edit keeps it; the co-founder rewriting the estimate clears it, to be accepted again.
   */
  acceptedAt?: number;
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

export interface WorkspaceState {
  phases: {
    /** Phase numbers completed, ascending. */
    done: number[];
    /** The phase the co-founder is working on. */
    current: number;
  };
  memory: MemoryEntry[];
  /** Members with the workspace open now, one entry per member however many tabs. */
  presence: PresentMember[];
  limits: WorkspaceLimits;
  /** 'offline-demo': development without a model key, a scripted co-founder (label it). */
  mode: 'ai' | 'offline-demo';
}

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
  /** Accepting the scale estimate (the version the member read) completes phase 2. */
  z.strictObject({
    type: z.literal('memory_accept'),
    requestId: z.string().min(1).max(100),
    id: z.string().min(1).max(100),
    baseVersion: z.number().int().min(1),
  }),
]);
export type MemoryFrame = z.infer<typeof MemoryFrameSchema>;

/**
 * The answer to one memory frame, to its sender only (everyone sees the change in the state).
 * A stale edit is refused with the entry as it is now (null when someone deleted it), so the
 * editor can merge by hand: nobody loses an edit silently.
 */
export type MemoryResultFrame =
  | { type: 'memory_result'; requestId: string; ok: true; entry: MemoryEntry | null }
  | { type: 'memory_result'; requestId: string; ok: false; error: string; reason: 'invalid' | 'stale' | 'not_found' | 'full'; current: MemoryEntry | null };

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

export type WorkspaceServerFrame = MemoryResultFrame | SendRefusedFrame;

// ---------------------------------------------------------------------------------------------
// The co-founder's tools, as they appear in assistant message parts (`tool-<name>`).

export const COFOUNDER_TOOLS = {
  /** A multiple-choice question: render `choices` as buttons; a click sends the choice as the member's message. */
  askMultipleChoice: 'ask_multiple_choice',
  writeMemory: 'write_memory',
  updateMemory: 'update_memory',
  saveChosenIdea: 'save_chosen_idea',
  searchDiscussions: 'search_discussions',
  saveScaleEstimate: 'save_scale_estimate',
  draftResearchPage: 'draft_research_page',
  readResearchResponses: 'read_research_responses',
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

/**
 * A research page the co-founder drafts from the riskiest assumptions in the memory. The app
 * shows it with 'Create this research page', which opens the usual editor pre-filled: nothing is
 * created until a member saves it there.
 */
export const RESEARCH_DRAFT_LIMITS = { questions: 12, assumptions: 5 } as const;
export const ResearchDraftSchema = ResearchPageInputSchema.extend({
  questions: ResearchPageInputSchema.shape.questions.max(RESEARCH_DRAFT_LIMITS.questions, `A draft has at most ${RESEARCH_DRAFT_LIMITS.questions} questions`),
  testsAssumptions: z
    .array(singleLineText(300))
    .min(1)
    .max(RESEARCH_DRAFT_LIMITS.assumptions)
    .describe('The riskiest assumptions from the project memory that these questions test'),
});
export type ResearchDraft = z.infer<typeof ResearchDraftSchema>;

/** The message type of the conversation, for `useAgentChat<WorkspaceState, WorkspaceMessage>`. */
export type WorkspaceMessage = UIMessage<MessageMetadata>;
