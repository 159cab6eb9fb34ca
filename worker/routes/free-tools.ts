import { Hono, type Context } from 'hono';
import {
  BusinessIdeasRequestSchema,
  RATE_LIMITED,
  type BusinessIdeasEvent,
  type UserPersonaEvent,
  RESULT_ID,
  UNEXPECTED,
  UserPersonaRequestSchema,
  type BusinessIdea,
  type GeneratedPersona,
  type ProblemSolutionPair,
  type UserPersona,
} from '#contracts/free-tools';
import { z } from '#contracts/zod';
import { getDb } from '../db/client';
import { findResult, readCounter, recordResult, secondsUntilTomorrow, takeDailyModelCall, type Tool } from '../db/queries/free-tools';
import { config } from '../config';
import type { AppEnv } from '../env';
import { jsonBody, limitBody } from '../middleware/validate';
import { personaAvatarSvg, personaAvatarUrl } from '../services/avatars';
import { llmMode, streamBusinessIdeas, streamUserPersona } from '../services/llm';
import { offlineBusinessIdeas, offlineUserPersona } from '../services/offline-demo';
import { admit, clientAddress } from '../services/rate-limit';
import { errorForLog } from '../services/redact';
import { currentUserId } from '../services/sessions';

/** The spec's messages (section 8), shared with the tool pages. */
export { RATE_LIMITED, UNEXPECTED };
const INPUT_BODY_LIMIT = 8 * 1024;

const NDJSON = 'application/x-ndjson';
const wantsStream = (c: Context<AppEnv>) => (c.req.header('Accept') ?? '').includes(NDJSON);

/**
 * Admission of one run: the client's minute and day windows (exact, decision 0016; signed-in
 * founders get more), then the global daily cap of model calls. Returns the refusal, or the
 * admission whose `release` gives the client's units back when the model fails: a run the model
 * did not produce is not charged to the visitor. The global cap counts attempts, since a failed
 * call can still cost tokens.
 */
async function admitRun(c: Context<AppEnv>, tool: Tool): Promise<{ refusal: Response } | { release: () => Promise<void> }> {
  const userId = await currentUserId(c);
  const client = userId ? `user:${userId}` : clientAddress(c.req.raw.headers);
  const limits = config(c.env);
  const admission = await admit(
    c.env.DB,
    [
      { name: `${tool}:minute`, limit: userId ? limits.FREE_TOOLS_SIGNED_IN_PER_MINUTE : limits.FREE_TOOLS_PER_MINUTE, windowSeconds: 60 },
      { name: `${tool}:day`, limit: userId ? limits.FREE_TOOLS_SIGNED_IN_PER_DAY : limits.FREE_TOOLS_PER_DAY, windowSeconds: 86_400 },
    ],
    client,
  );
  if (!admission.allowed) {
    c.header('Retry-After', String(admission.retryAfterSeconds));
    return { refusal: c.json({ error: RATE_LIMITED }, 429) };
  }
  if (!(await takeDailyModelCall(c.env.DB, limits.FREE_TOOLS_GLOBAL_PER_DAY))) {
    await admission.release();
    c.header('Retry-After', String(secondsUntilTomorrow()));
    return { refusal: c.json({ error: 'The free tools have reached their limit for today. Please try again tomorrow.' }, 503) };
  }
  return { release: admission.release };
}

function modelUnavailable(c: Context<AppEnv>) {
  return llmMode(c.env, c.req.raw) === 'unavailable' ? c.json({ error: 'The free tools are not available right now.' }, 503) : null;
}

/**
 * Whether the model was busy or slow (429, time-out) rather than broken. The AI SDK wraps the
 * provider's error (in a retry error, then in ours), so the whole chain is searched.
 */
function isBusy(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 6) return false;
  const { statusCode, name, cause, lastError } = error as { statusCode?: number; name?: string; cause?: unknown; lastError?: unknown };
  if (statusCode === 429 || name === 'TimeoutError' || name === 'AbortError') return true;
  return isBusy(cause, depth + 1) || isBusy(lastError, depth + 1);
}

/**
 * The model failed before anything reached the visitor: a plain 502/503, public counters
 * untouched, and the run given back to the visitor's windows.
 */
async function upstreamFailure(c: Context<AppEnv>, error: unknown, release: () => Promise<void>) {
  await release();
  console.error('Free tool generation failed', errorForLog(error));
  const busy = isBusy(error);
  if (busy) c.header('Retry-After', '30');
  return c.json({ error: UNEXPECTED }, busy ? 503 : 502);
}

/** Stops the model call when the visitor goes away, or when the stream is cancelled. */
function abortOnDisconnect(c: Context<AppEnv>): AbortController {
  const controller = new AbortController();
  const signal = c.req.raw.signal as AbortSignal | undefined;
  if (signal?.aborted) controller.abort(signal.reason);
  signal?.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  return controller;
}

type StreamEvent = BusinessIdeasEvent | UserPersonaEvent;

/**
 * A newline-delimited JSON stream fed by `produce`. Cancelling it (the visitor left) aborts the
 * model call; a failure half-way ends it with an error event, nothing is recorded, and the run is
 * given back to the visitor's windows (`release`).
 */
function ndjsonResponse(controller: AbortController, release: () => Promise<void>, produce: (send: (event: StreamEvent) => void) => Promise<void>) {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(stream) {
      const send = (event: StreamEvent) => stream.enqueue(encoder.encode(`${JSON.stringify(event)}\n`));
      try {
        await produce(send);
      } catch (error) {
        if (!controller.signal.aborted) {
          console.error('Free tool stream failed', errorForLog(error));
          await release();
          send({ type: 'error', error: UNEXPECTED });
        }
      }
      if (!controller.signal.aborted) stream.close();
    },
    cancel(reason) {
      controller.abort(reason);
    },
  });
  return new Response(body, { headers: { 'Content-Type': `${NDJSON}; charset=utf-8`, 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' } });
}

const toPair = (idea: BusinessIdea): ProblemSolutionPair => [idea.problem, idea.solution];

const AvatarQuerySchema = z.object({
  name: z.string().trim().min(1).max(120),
  age: z.coerce.number().int().min(0).max(130),
  traits: z.string().max(400).default(''),
});

export const freeTools = new Hono<AppEnv>()
  .get('/business-ideas/count', async (c) => c.json({ count: await readCounter(getDb(c.env.DB), 'business-ideas') }, 200))
  .get('/user-persona/count', async (c) => c.json({ count: await readCounter(getDb(c.env.DB), 'user-persona') }, 200))

  /**
   * 10 problem and solution pairs for an industry. With `Accept: application/x-ndjson` each
   * idea is sent as soon as the model has written it; otherwise one JSON answer at the end.
   */
  .post('/business-ideas', limitBody(INPUT_BODY_LIMIT), jsonBody(BusinessIdeasRequestSchema), async (c) => {
    const { industry } = c.req.valid('json');
    const unavailable = modelUnavailable(c);
    if (unavailable) return unavailable;
    const admission = await admitRun(c, 'business-ideas');
    if ('refusal' in admission) return admission.refusal;
    const { release } = admission;

    const controller = abortOnDisconnect(c);
    const offlineDemo = llmMode(c.env, c.req.raw) === 'offline-demo';
    const ideas = offlineDemo ? offlineBusinessIdeas(industry, controller.signal) : streamBusinessIdeas(c.env, industry, controller.signal);
    let first: IteratorResult<BusinessIdea>;
    try {
      first = await ideas.next();
    } catch (error) {
      return upstreamFailure(c, error, release);
    }
    const record = (pairs: ProblemSolutionPair[]) =>
      recordResult(getDb(c.env.DB), {
        tool: 'business-ideas',
        input: industry,
        result: { problem_solution_pairs: pairs },
        generated: pairs.length,
        offlineDemo,
      });

    if (!wantsStream(c)) {
      const pairs = first.done ? [] : [toPair(first.value)];
      try {
        for await (const idea of ideas) pairs.push(toPair(idea));
      } catch (error) {
        return upstreamFailure(c, error, release);
      }
      return c.json({ problem_solution_pairs: pairs, id: await record(pairs), offline_demo: offlineDemo }, 200);
    }

    return ndjsonResponse(controller, release, async (send) => {
      const pairs: ProblemSolutionPair[] = [];
      if (!first.done) {
        pairs.push(toPair(first.value));
        send({ type: 'idea', idea: pairs[0]! });
      }
      for await (const idea of ideas) {
        pairs.push(toPair(idea));
        send({ type: 'idea', idea: pairs.at(-1)! });
      }
      send({ type: 'done', id: await record(pairs), offline_demo: offlineDemo, problem_solution_pairs: pairs });
    });
  })

  /** One detailed persona for a product; streamed field by field with `Accept: application/x-ndjson`. */
  .post('/user-persona', limitBody(INPUT_BODY_LIMIT), jsonBody(UserPersonaRequestSchema), async (c) => {
    const { product_description: description } = c.req.valid('json');
    const unavailable = modelUnavailable(c);
    if (unavailable) return unavailable;
    const admission = await admitRun(c, 'user-persona');
    if ('refusal' in admission) return admission.refusal;
    const { release } = admission;

    const controller = abortOnDisconnect(c);
    const offlineDemo = llmMode(c.env, c.req.raw) === 'offline-demo';
    const persona = offlineDemo ? offlineUserPersona(description, controller.signal) : streamUserPersona(c.env, description, controller.signal);
    let first: IteratorResult<Partial<GeneratedPersona>, GeneratedPersona>;
    try {
      first = await persona.next();
    } catch (error) {
      return upstreamFailure(c, error, release);
    }
    const finish = async (generated: GeneratedPersona) => {
      const complete: UserPersona = { ...generated, picture: personaAvatarUrl(generated) };
      const id = await recordResult(getDb(c.env.DB), {
        tool: 'user-persona',
        input: description,
        result: { user_persona: complete },
        generated: 1,
        offlineDemo,
      });
      return { complete, id };
    };
    const drain = async (onPartial: (partial: Partial<GeneratedPersona>) => void) => {
      let step = first;
      while (!step.done) {
        onPartial(step.value);
        step = await persona.next();
      }
      return step.value;
    };

    if (!wantsStream(c)) {
      let generated: GeneratedPersona;
      try {
        generated = await drain(() => undefined);
      } catch (error) {
        return upstreamFailure(c, error, release);
      }
      const { complete, id } = await finish(generated);
      return c.json({ user_persona: complete, id, offline_demo: offlineDemo }, 200);
    }

    return ndjsonResponse(controller, release, async (send) => {
      // Each field goes to the visitor once, when it has settled, rather than the whole persona
      // again at every step: the bytes sent stay within the size of the persona itself.
      const sent = new Map<string, string>();
      const generated = await drain((partial) => {
        const changed = Object.entries(partial).filter(([key, value]) => sent.get(key) !== JSON.stringify(value));
        if (changed.length === 0) return;
        for (const [key, value] of changed) sent.set(key, JSON.stringify(value));
        send({ type: 'persona', user_persona: Object.fromEntries(changed) });
      });
      const { complete, id } = await finish(generated);
      send({ type: 'done', id, offline_demo: offlineDemo, user_persona: complete });
    });
  })

  /** A shared result, read-only. Ids are 132 random bits; unknown ids are 404. */
  .get('/results/:id', async (c) => {
    const id = c.req.param('id');
    const row = RESULT_ID.test(id) ? await findResult(getDb(c.env.DB), id) : undefined;
    if (!row) return c.json({ error: 'This result does not exist.' }, 404);
    return c.json(
      { tool: row.tool, input: row.input, result: JSON.parse(row.result) as unknown, offline_demo: row.offlineDemo, created_at: row.createdAt },
      200,
    );
  })

  .get('/avatar.svg', (c) => {
    const query = AvatarQuerySchema.safeParse(c.req.query());
    if (!query.success) return c.json({ error: 'Unknown avatar.' }, 400);
    const traits = query.data.traits
      .split(',')
      .map((trait) => trait.trim())
      .filter(Boolean)
      .slice(0, 6);
    return c.body(personaAvatarSvg({ name: query.data.name, age: query.data.age, traits }), 200, {
      'Content-Type': 'image/svg+xml',
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
  });
