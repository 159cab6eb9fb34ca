import { createOpenAI } from '@ai-sdk/openai';
import { Output, streamText } from 'ai';
import {
  BusinessIdeaSchema,
  IDEAS_PER_REQUEST,
  UserPersonaSchema,
  type BusinessIdea,
  type GeneratedPersona,
} from '#contracts/free-tools';
import type { Bindings } from '../env';
import { developmentFeatureAllowed } from './development';

/**
 * The language model behind the free tools, through the Vercel AI SDK and any OpenAI-compatible
 * server (OPENAI_BASE_URL, OPENAI_MODEL, OPENAI_API_KEY). Without a key, local development uses
 * the offline demo generator (services/offline-demo.ts), whose results say so; tests and
 * production never do.
 */
const MAX_OUTPUT_TOKENS = { ideas: 2500, persona: 2000 } as const;

export type LlmMode = 'provider' | 'offline-demo' | 'unavailable';

export function llmMode(env: Bindings, request: Request): LlmMode {
  if (env.OPENAI_API_KEY) return 'provider';
  return developmentFeatureAllowed(env, request, 'offline-demo') ? 'offline-demo' : 'unavailable';
}

/** The model failed us: an error answer, a time-out, or output that broke the schema. */
export class LlmError extends Error {
  override name = 'LlmError';
}

function model(env: Bindings) {
  const provider = createOpenAI({ apiKey: env.OPENAI_API_KEY, baseURL: env.OPENAI_BASE_URL });
  return provider.chat(env.OPENAI_MODEL ?? 'gpt-4o-mini');
}

const STANCE = `You are Launchmate, an experienced startup co-founder who is critical rather than flattering.
Be concrete: name the people, the situation and the money involved; no buzzwords, no generic advice.
Answer in the language the visitor wrote in.`;

const callSettings = (env: Bindings, signal: AbortSignal, maxOutputTokens: number) => ({
  maxOutputTokens,
  maxRetries: 1,
  abortSignal: signal,
  timeout: { totalMs: Number(env.LLM_TIMEOUT_MS) || 30_000 },
  temperature: 0.9,
});

/** Streams exactly 10 validated problem and solution pairs for an industry, one at a time. */
export async function* streamBusinessIdeas(env: Bindings, industry: string, signal: AbortSignal): AsyncGenerator<BusinessIdea> {
  let failure: unknown;
  const result = streamText({
    model: model(env),
    ...callSettings(env, signal, MAX_OUTPUT_TOKENS.ideas),
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
    for await (const idea of result.elementStream) {
      count++;
      yield idea;
    }
  } catch (error) {
    throw new LlmError(`The ideas stream failed: ${describe(error)}`, { cause: error });
  }
  if (failure) throw new LlmError(`The model call failed: ${describe(failure)}`, { cause: failure });
  if (count !== IDEAS_PER_REQUEST) {
    // The element stream ends quietly when the call fails; the final output says why.
    const reason = await result.output.then(
      () => undefined,
      (error: unknown) => error,
    );
    throw new LlmError(`The model gave ${count} ideas instead of ${IDEAS_PER_REQUEST}${reason ? `: ${describe(reason)}` : ''}`, { cause: reason });
  }
}

/**
 * Streams the persona as it is written (partial objects), then returns the complete persona,
 * validated against the schema.
 */
export async function* streamUserPersona(
  env: Bindings,
  productDescription: string,
  signal: AbortSignal,
): AsyncGenerator<Partial<GeneratedPersona>, GeneratedPersona> {
  let failure: unknown;
  const result = streamText({
    model: model(env),
    ...callSettings(env, signal, MAX_OUTPUT_TOKENS.persona),
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
    for await (const partial of result.partialOutputStream) yield partial as Partial<GeneratedPersona>;
  } catch (error) {
    throw new LlmError(`The persona stream failed: ${describe(error)}`, { cause: error });
  }
  if (failure) throw new LlmError(`The model call failed: ${describe(failure)}`, { cause: failure });
  try {
    return UserPersonaSchema.parse(await result.output);
  } catch (error) {
    throw new LlmError(`The persona broke the schema: ${describe(error)}`, { cause: error });
  }
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));
