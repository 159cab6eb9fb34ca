import { z } from './zod';

/**
 * The body of a call that takes no input: none at all, or an empty JSON object. Anything else
 * (a field, an array, `null`, a number) is refused like any other bad input (docs/security.md §14).
 */
export const EmptyBodySchema = z.strictObject({});
