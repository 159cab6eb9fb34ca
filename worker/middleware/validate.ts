import { createMiddleware } from 'hono/factory';
import { validator } from 'hono/validator';
import type { z } from 'zod';
import { EmptyBodySchema } from '#contracts/empty-body';

const TOO_LARGE = { error: 'The request body is too large.' } as const;
// The words of Hono's JSON validator, which `jsonBody` uses: one message for one mistake.
const MALFORMED = { error: 'Malformed JSON in request body' } as const;

/**
 * How much of a refused body is read and thrown away before the 413 (docs/security.md §13): as
 * much as Cloudflare forwards to a Worker on most plans. Past it the body is cancelled instead.
 */
const DISCARD_MAX_BYTES = 100 * 1024 * 1024;

/**
 * Reads the rest of a refused body without keeping it, so that the 413 is sent once the client has
 * finished sending. Answering while the client is still sending makes the local server (wrangler,
 * `npm start`, the browser tests) cut the connection: the client meets a reset, or a 500 whose body
 * is a stack trace of wrangler's proxy, instead of the 413.
 */
async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, alreadyRead: number): Promise<void> {
  let read = alreadyRead;
  try {
    while (read <= DISCARD_MAX_BYTES) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // The client went away: there is nobody left to answer.
  }
}

/**
 * A body capped at `maxBytes`, with 413 beyond it (docs/security.md §13). A declared
 * `Content-Length` over the limit is refused without keeping a byte; an undeclared (chunked) body
 * is counted as it arrives and refused once it passes the limit, so at most `maxBytes` are ever
 * held. Either way the rest is read and dropped before the answer (`discardRest`).
 */
export const limitBody = (maxBytes: number, refusal: { status: 400 | 413; error: string } = { status: 413, ...TOO_LARGE }) =>
  createMiddleware(async (c, next) => {
    const body = c.req.raw.body;
    if (!body) return next();
    const declared = c.req.header('Content-Length');
    if (declared !== undefined && c.req.header('Transfer-Encoding') === undefined) {
      if (Number(declared) <= maxBytes) return next();
      await discardRest(body.getReader(), 0);
      return c.json({ error: refusal.error }, refusal.status);
    }
    const reader = body.getReader();
    const kept: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await discardRest(reader, size);
        return c.json({ error: refusal.error }, refusal.status);
      }
      kept.push(value);
    }
    c.req.raw = new Request(c.req.raw, { method: c.req.method, body: new Blob(kept) });
    return next();
  });

/**
 * The first problem zod found, as the answer's body: the message is the one forms show (the
 * spec's own wording where it has one), and `field` names where it is, for client code.
 */
export function describeIssue(error: z.ZodError): { error: string; field?: string } {
  const issue = error.issues[0];
  if (!issue) return { error: 'The request is not valid.' };
  if (issue.code === 'unrecognized_keys') return { error: `Unknown field: ${issue.keys.join(', ')}.` };
  const field = issue.path.join('.');
  return field ? { error: issue.message, field } : { error: issue.message };
}

/**
 * Validates a JSON body against a strict zod schema. Malformed JSON (Hono answers 400 through
 * `onError`) and schema failures both give `{ error }`; the parsed value is typed for the
 * handler and for `hc`. The content type is checked earlier, by `sameOriginJsonOnly` (415).
 * A route that takes no body uses `noBody` instead.
 */
export const jsonBody = <Schema extends z.ZodType>(schema: Schema) =>
  validator('json', (value, c) => {
    const result = schema.safeParse(value);
    if (!result.success) return c.json(describeIssue(result.error), 400);
    return result.data as z.output<Schema>;
  });

/**
 * The body check of a route that takes no input (docs/security.md §14): no body, or one that is
 * JSON and matches `EmptyBodySchema`. Malformed JSON, an array, `null`, a wrong type or a field is
 * a 400 before the handler runs, so nothing is changed. Unlike `jsonBody` it adds no input to the
 * route's type: the app's client keeps calling it without a body.
 */
export const noBody = createMiddleware(async (c, next) => {
  const text = c.req.raw.body ? await c.req.text() : '';
  if (text === '') return next();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return c.json(MALFORMED, 400);
  }
  const result = EmptyBodySchema.safeParse(value);
  if (!result.success) return c.json(describeIssue(result.error), 400);
  return next();
});
