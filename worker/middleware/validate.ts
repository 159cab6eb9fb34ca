import { bodyLimit } from 'hono/body-limit';
import { validator } from 'hono/validator';
import type { z } from 'zod';

/** A JSON body capped at `maxBytes` (413 beyond it), SECURITY.md 13. */
export const limitBody = (maxBytes: number) =>
  bodyLimit({
    maxSize: maxBytes,
    onError: (c) => c.json({ error: 'The request body is too large.' }, 413),
  });

/** Describes the first problem zod found, in words a client developer can act on. */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The request is not valid.';
  const where = issue.path.length > 0 ? issue.path.join('.') : 'body';
  if (issue.code === 'unrecognized_keys') return `Unknown field: ${issue.keys.join(', ')}.`;
  return `${where}: ${issue.message}`;
}

/**
 * Validates a JSON body against a strict zod schema. Malformed JSON (Hono answers 400 through
 * `onError`) and schema failures both give `{ error }`; the parsed value is typed for the
 * handler and for `hc`. The content type is checked earlier, by `sameOriginJsonOnly` (415).
 */
export const jsonBody = <Schema extends z.ZodType>(schema: Schema) =>
  validator('json', (value, c) => {
    const result = schema.safeParse(value);
    if (!result.success) return c.json({ error: describeIssue(result.error) }, 400);
    return result.data as z.output<Schema>;
  });
