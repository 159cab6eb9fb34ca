import { bodyLimit } from 'hono/body-limit';
import { validator } from 'hono/validator';
import type { z } from 'zod';

/** A JSON body capped at `maxBytes` (413 beyond it), docs/security.md §13. */
export const limitBody = (maxBytes: number) =>
  bodyLimit({
    maxSize: maxBytes,
    onError: (c) => c.json({ error: 'The request body is too large.' }, 413),
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
 */
export const jsonBody = <Schema extends z.ZodType>(schema: Schema) =>
  validator('json', (value, c) => {
    const result = schema.safeParse(value);
    if (!result.success) return c.json(describeIssue(result.error), 400);
    return result.data as z.output<Schema>;
  });
