import type { z } from 'zod';
import { ApiError } from './api';

/** The catch-all of the spec's error catalogue (section 8) when the server gave no text. */
export const GENERIC_ERROR = 'An error occurred. Please try again.';

/** The first message a shared field schema (contracts/auth.ts) gives for `value`, if any. */
export function fieldError(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'This value is not valid');
}

/** The server's `error` text for a failed call, else `fallback` (network errors included). */
export function errorMessage(error: unknown, fallback: string = GENERIC_ERROR): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

/** The first field, in form order, that has an error. */
export function firstInvalid<Name extends string>(order: readonly Name[], errors: Partial<Record<Name, string | null>>) {
  return order.find((name) => errors[name]);
}

/**
 * Logs a failure worth a developer's attention: network errors and 5xx answers. A 4xx is the
 * server's considered answer (a spent link, a wrong password), already shown to the visitor.
 */
export function logUnexpected(what: string, error: unknown): void {
  if (error instanceof ApiError && error.status < 500) return;
  console.error(what, error);
}
