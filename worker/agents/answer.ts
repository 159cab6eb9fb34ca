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
