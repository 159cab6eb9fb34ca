/**
 * Removes secrets and personal data from free text before it is stored or logged
 * (docs/security.md §15 and §21): e-mail addresses, tokens in the product's token links and in query
 * strings, bearer tokens, JWTs, and any long random-looking run of characters.
 */
const RULES: [RegExp, string][] = [
  [/[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}/gi, '[email]'],
  [/\/(verify-email|reset-password|invite|unsubscribe|resubscribe)\/[^\s/?#"'<>]+/gi, '/$1/[token]'],
  [/([?&#](?:token|code|state|access_token|refresh_token|id_token|key|password|secret)=)[^&#\s"'<>]*/gi, '$1[redacted]'],
  [/\bBearer\s+[A-Za-z0-9._~+/=-]+/g, 'Bearer [redacted]'],
  [/\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g, '[jwt]'],
  [/\b[A-Za-z0-9_-]{32,}\b/g, '[token]'],
];

export function redact(text: string): string {
  return RULES.reduce((result, [pattern, replacement]) => result.replace(pattern, replacement), text);
}

/** Drops NUL and other control characters except tab and newlines. */
export function stripControlCharacters(text: string): string {
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '');
}

/** Characters of one logged text: outside services' answers can be megabytes long. */
export const LOG_TEXT_MAX = 2048;

/** Cuts a text for the log, saying how much was left out. */
export function truncateForLog(text: string, max = LOG_TEXT_MAX): string {
  return text.length <= max ? text : `${text.slice(0, max)}… [${text.length - max} more characters]`;
}

/**
 * An error for the log as one bounded, redacted line: its message and its causes' (an outside
 * service's error body travels in them), each cut to a few KB.
 */
export function errorForLog(error: unknown): string {
  const parts: string[] = [];
  for (let current = error, depth = 0; current !== undefined && depth < 5; depth++) {
    parts.push(redact(truncateForLog(current instanceof Error ? `${current.name}: ${current.message}` : String(current))));
    current = current instanceof Error ? current.cause : undefined;
  }
  return truncateForLog(parts.join(' ← caused by '), LOG_TEXT_MAX * 2);
}
