import { createOpenAI } from '@ai-sdk/openai';
import { Output, streamText } from 'ai';
import { BusinessIdeaSchema, IDEAS_PER_REQUEST, UserPersonaSchema, type BusinessIdea, type GeneratedPersona } from '#contracts/free-tools';
import { config } from '../config';
import type { Bindings } from '../env';
import { boundedFetch } from './bounded-fetch';
import { developmentFeatureAllowed } from './development';
import { stallGuardedFetch } from './stall-guard';

/**
 * The language model behind the free tools, through the Vercel AI SDK and any OpenAI-compatible
 * server (OPENAI_BASE_URL, OPENAI_MODEL, OPENAI_API_KEY). Without a key, local development uses
 * the offline demo generator (services/offline-demo.ts), whose results say so; tests and
 * production never do.
 */
const MAX_OUTPUT_TOKENS = { ideas: 2500, persona: 2000 } as const;
/**
 * Characters of answer text per tool: about three times the longest answer the contract admits
 * (some 12,000 characters of JSON for the ideas, 15,000 for the persona). The SDK parses the whole
 * text so far at every fragment, so a longer answer costs CPU quadratically and is cut here,
 * long before the byte cap.
 */
const MAX_ANSWER_CHARS = { ideas: 40_000, persona: 45_000 } as const;

/**
 * An error answer of the model is read for its message only; a successful one up to
 * LLM_MAX_RESPONSE_BYTES (docs/decisions/0020-bounded-model-calls.md).
 */
const MAX_ERROR_BODY_BYTES = 4096;

export type LlmMode = 'provider' | 'offline-demo' | 'unavailable';

export function llmMode(env: Bindings, request: Request): LlmMode {
  if (env.OPENAI_API_KEY) return 'provider';
  return developmentFeatureAllowed(env, request, 'offline-demo') ? 'offline-demo' : 'unavailable';
}

/** The model failed us: an error answer, a time-out, or output that broke the schema. */
export class LlmError extends Error {
  override name = 'LlmError';
}

/**
 * The configured chat model, read through a bounded fetch: every call made with it, the free tools'
 * and the co-founder's (worker/agents), has the same caps. `stallMs`: a server silent for this
 * long, from the request on, ends the call (services/stall-guard.ts).
 */
export function model(env: Bindings, { stallMs }: { stallMs?: number } = {}) {
  const maxBytes = config(env).LLM_MAX_RESPONSE_BYTES;
  const bounded = boundedFetch({ maxBytes, maxErrorBytes: MAX_ERROR_BODY_BYTES });
  const provider = createOpenAI({
    apiKey: env.OPENAI_API_KEY,
    baseURL: env.OPENAI_BASE_URL,
    fetch: stallMs === undefined ? bounded : stallGuardedFetch(stallMs, bounded),
  });
  return provider.chat(env.OPENAI_MODEL ?? 'gpt-4o-mini');
}

/**
 * A signal for one model call that follows the visitor's and also fires when the caller stops
 * reading early (a broken fragment, a consumer that went away): the upstream connection closes
 * instead of streaming on unread.
 */
function callSignal(visitor: AbortSignal, maxAnswerChars: number) {
  const call = new AbortController();
  const follow = () => call.abort(visitor.reason);
  if (visitor.aborted) follow();
  visitor.addEventListener('abort', follow, { once: true });
  let answerChars = 0;
  return {
    signal: call.signal,
    /** Counts the answer's text, and stops the call once it passes `maxAnswerChars`. */
    onChunk: ({ chunk }: { chunk: { type: string; text?: string } }) => {
      if (chunk.type !== 'text-delta') return;
      answerChars += chunk.text?.length ?? 0;
      if (answerChars > maxAnswerChars && !call.signal.aborted) call.abort(new Error('The answer is too long'));
    },
    /** Throws when the answer was stopped for its length: the reason the stream ended. */
    checkLength: () => {
      if (answerChars > maxAnswerChars) throw new LlmError(`The answer passed ${maxAnswerChars} characters`);
    },
    end: () => {
      visitor.removeEventListener('abort', follow);
      call.abort(new Error('The model call is over'));
    },
  };
}

const STANCE = `You are Launchmate, an experienced startup co-founder who is critical rather than flattering.
Be concrete: name the people, the situation and the money involved; no buzzwords, no generic advice.
Answer in the language the visitor wrote in.`;

const callSettings = (env: Bindings, signal: AbortSignal, maxOutputTokens: number) => ({
  maxOutputTokens,
  maxRetries: 1,
  abortSignal: signal,
  timeout: { totalMs: config(env).LLM_TIMEOUT_MS },
  temperature: 0.9,
});

/** Streams exactly 10 validated problem and solution pairs for an industry, one at a time. */
export async function* streamBusinessIdeas(env: Bindings, industry: string, signal: AbortSignal): AsyncGenerator<BusinessIdea> {
  let failure: unknown;
  const call = callSignal(signal, MAX_ANSWER_CHARS.ideas);
  const result = streamText({
    model: model(env),
    ...callSettings(env, call.signal, MAX_OUTPUT_TOKENS.ideas),
    onChunk: call.onChunk,
    output: Output.array({ element: BusinessIdeaSchema, minItems: IDEAS_PER_REQUEST, maxItems: IDEAS_PER_REQUEST, name: 'business_ideas' }),
    system: STANCE,
    prompt: `List ${IDEAS_PER_REQUEST} distinct problems worth building a business around in this industry, each with a potential solution.
Prefer problems that people already spend money or hours on, that a small team could start on, and that are specific to the industry.
Industry: ${industry}`,
    onError: ({ error }) => {
      failure = error;
    },
  });
  let count = 0;
  try {
    try {
      for await (const idea of result.elementStream) {
        count++;
        yield idea;
      }
    } catch (error) {
      call.checkLength();
      throw new LlmError(`The ideas stream failed: ${describe(error)}`, { cause: error });
    }
    call.checkLength();
    if (failure) throw new LlmError(`The model call failed: ${describe(failure)}`, { cause: failure });
    if (count !== IDEAS_PER_REQUEST) {
      // The element stream ends quietly when the call fails; the final output says why.
      const reason = await result.output.then(
        () => undefined,
        (error: unknown) => error,
      );
      throw new LlmError(`The model gave ${count} ideas instead of ${IDEAS_PER_REQUEST}${reason ? `: ${describe(reason)}` : ''}`, { cause: reason });
    }
  } finally {
    call.end();
  }
}

/**
 * Streams the persona as it is written, one settled field at a time: a field is settled once the
 * model has moved on to the next one, and is checked against the contract before it is yielded,
 * so no half-written value (an age of 4 on its way to 41) and no value out of bounds (an age of
 * 500) is ever handed on. Yields the settled fields so far; returns the complete persona.
 */
export async function* streamUserPersona(
  env: Bindings,
  productDescription: string,
  signal: AbortSignal,
): AsyncGenerator<Partial<GeneratedPersona>, GeneratedPersona> {
  let failure: unknown;
  const call = callSignal(signal, MAX_ANSWER_CHARS.persona);
  const result = streamText({
    model: model(env),
    ...callSettings(env, call.signal, MAX_OUTPUT_TOKENS.persona),
    onChunk: call.onChunk,
    output: Output.object({ schema: UserPersonaSchema, name: 'user_persona' }),
    system: STANCE,
    prompt: `Describe the one person most likely to need this product, as a realistic user persona.
Make the pains, goals and objections specific enough that a founder could test them in an interview.
Product: ${productDescription}`,
    onError: ({ error }) => {
      failure = error;
    },
  });
  try {
    let settledKeys = 0;
    try {
      for await (const partial of result.partialOutputStream) {
        const keys = Object.keys(partial ?? {});
        if (keys.length - 1 <= settledKeys) continue;
        settledKeys = keys.length - 1;
        yield settledFields(partial as Record<string, unknown>, keys.slice(0, settledKeys));
      }
    } catch (error) {
      call.checkLength();
      throw new LlmError(`The persona stream failed: ${describe(error)}`, { cause: error });
    }
    call.checkLength();
    if (failure) throw new LlmError(`The model call failed: ${describe(failure)}`, { cause: failure });
    try {
      return UserPersonaSchema.parse(await result.output);
    } catch (error) {
      throw new LlmError(`The persona broke the schema: ${describe(error)}`, { cause: error });
    }
  } finally {
    call.end();
  }
}

const PersonaFieldsSchema = UserPersonaSchema.partial();

/** The settled fields of a partial persona, checked against the contract (unknown fields included). */
function settledFields(partial: Record<string, unknown>, keys: string[]): Partial<GeneratedPersona> {
  const checked = PersonaFieldsSchema.safeParse(Object.fromEntries(keys.map((key) => [key, partial[key]])));
  if (!checked.success) throw new LlmError(`A persona field broke the schema: ${describe(checked.error)}`, { cause: checked.error });
  return checked.data;
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));
