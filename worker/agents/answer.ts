import { hasToolCall, isStepCount, streamText, type ModelMessage, type ToolSet } from 'ai';
import { ENGINE_TOOLS, type MessageMetadata, type WorkspaceMessage } from '#contracts/workspace';
import { config } from '../config';
import { model } from '../services/llm';
import { textOf } from './context';

/**
 * The bounds of one co-founder answer and what the founders read when it fails
 * (docs/decisions/0026-cofounder-prompt-and-memory.md): never the provider's own text, which may
 * hold internals.
 */

/** Bounds of one answer (docs/decisions/0026-cofounder-prompt-and-memory.md). */
export const ANSWER_LIMITS = { maxOutputTokens: 1200, maxSteps: 6, maxChars: 12_000 } as const;

export const FAILURE_MESSAGES = {
  model: 'The co-founder could not finish this answer. Please retry.',
  busy: 'The co-founder is answering another message. Please retry when it has finished.',
  timeout: 'The co-founder took too long to answer. Please retry.',
  tooLong: 'The answer grew too long and was cut off. Please retry, or ask for something shorter.',
  incomplete: 'The answer stopped halfway. Please retry.',
  unavailable: 'The co-founder is not available right now. Please try again later.',
  interrupted: 'The answer was interrupted by a restart. Please retry.',
} as const;

/** What the founders see when the model fails; never the provider's own text, which may hold internals. */
export function describeFailure(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  if (/Timeout|Abort/i.test(name) || /timed? ?out/i.test(String(error))) return FAILURE_MESSAGES.timeout;
  return FAILURE_MESSAGES.model;
}

/**
 * One answer from the model, streamed to the members, bounded: its steps, its size, each step's
 * time and a stall. The first failure is kept on `turn.failure`, in the founders' words; Stop
 * (`stop`, the SDK's signal) is no failure.
 */
export function streamAnswer(input: {
  env: Cloudflare.Env;
  system: string;
  messages: ModelMessage[];
  tools: ToolSet;
  privacyMode: boolean;
  stop: AbortSignal | undefined;
  turn: { failure?: string };
  /** The phase the founders work in, stamped on the answer. */
  phase: number;
}): Response {
  const { stop, turn } = input;
  const fail = (failure: string) => {
    turn.failure ??= failure;
  };
  // Our own signal: Stop (the SDK's) and our limits (size) both end the call.
  const controller = new AbortController();
  stop?.addEventListener('abort', () => controller.abort(stop.reason), { once: true });
  let answerChars = 0;
  const settings = config(input.env);
  const result = streamText({
    // The stall clock starts with the request: a model that sends its headers and then nothing
    // is cut after the stall time-out, not the step's.
    model: model(input.env, { stallMs: settings.COFOUNDER_STALL_TIMEOUT_MS }),
    system: input.system,
    messages: input.messages,
    tools: input.tools,
    stopWhen: [isStepCount(ANSWER_LIMITS.maxSteps), hasToolCall(ENGINE_TOOLS.askMultipleChoice)],
    maxOutputTokens: ANSWER_LIMITS.maxOutputTokens,
    maxRetries: 1,
    abortSignal: controller.signal,
    timeout: { stepMs: settings.COFOUNDER_STEP_TIMEOUT_MS },
    // Privacy mode: the provider is asked not to keep the conversation.
    ...(input.privacyMode ? { providerOptions: { openai: { store: false } } } : {}),
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
      if (!stop?.aborted) fail(FAILURE_MESSAGES.timeout);
    },
    onFinish: ({ finishReason }) => {
      if (finishReason === 'length') fail(FAILURE_MESSAGES.tooLong);
      else if (finishReason !== 'stop' && finishReason !== 'tool-calls') fail(FAILURE_MESSAGES.incomplete);
    },
  });
  return result.toUIMessageStreamResponse<WorkspaceMessage>({
    messageMetadata: ({ part }) =>
      part.type === 'start' ? ({ author: { kind: 'cofounder' }, createdAt: Date.now(), phase: input.phase } satisfies MessageMetadata) : undefined,
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
 * An answer as it is stored when it ends. A failure the SDK took for an ordinary finish (a
 * time-out, a stall, a stream that stopped) is stored as failed with its partial text, and a
 * failed answer costs nothing: `charged` says whether it counts against the limits.
 */
export function endedAnswer(
  message: WorkspaceMessage,
  ending: 'completed' | 'error' | 'aborted' | string,
  turn: { failure?: string; answering?: string; replaced?: WorkspaceMessage } | undefined,
): { stamped: WorkspaceMessage; charged: boolean } {
  const failed = turn?.failure !== undefined || ending === 'error';
  const status: MessageMetadata['status'] = failed ? 'failed' : ending === 'aborted' ? 'stopped' : 'complete';
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
  const charged = status === 'complete' || (status === 'stopped' && textOf(message).length > 0);
  return { stamped: { ...message, metadata }, charged };
}

/** How many earlier versions of an answer a Regenerate keeps, newest first. */
const MAX_PREVIOUS_VERSIONS = 5;

/** The versions a new answer replaces: the replaced answer's own text first, then the ones before it. */
export function previousVersionsOf(replaced: WorkspaceMessage): NonNullable<MessageMetadata['previousVersions']> {
  const own = { text: textOf(replaced), createdAt: replaced.metadata?.createdAt ?? Date.now() };
  return [own, ...(replaced.metadata?.previousVersions ?? [])].slice(0, MAX_PREVIOUS_VERSIONS);
}
