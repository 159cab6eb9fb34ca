/**
 * The one rule for text the product accepts (docs/security.md §14), for every field: a member's
 * form, a frame, a co-founder tool's argument or an HTTP body. Refused everywhere:
 * - the C0 and C1 control characters and DEL (NUL, ESC, …);
 * - the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which
 *   make text display in another order than it is stored;
 * - invisible characters with no use in written words: zero width space (U+200B), word joiner
 *   (U+2060), the byte order mark (U+FEFF), and the line and paragraph separators (U+2028/9);
 * - lone UTF-16 surrogates, which are no character at all.
 * Single-line text (titles, names) also refuses tab and line breaks; multi-line text keeps tab,
 * line feed and carriage return.
 * The joiners that scripts and emoji need (U+200C, U+200D) and the direction marks (U+200E,
 * U+200F) are allowed. Free of zod, so plain modules can use it too; contracts/text-fields.ts
 * builds the zod fields on it.
 */
const ALWAYS_REFUSED = String.raw`\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B\u2028\u2029\u202A-\u202E\u2060\u2066-\u2069\uFEFF`;
const LONE_SURROGATE = String.raw`[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]`;

export const REFUSED_IN_MULTILINE = new RegExp(`[${ALWAYS_REFUSED}]|${LONE_SURROGATE}`);
export const REFUSED_IN_SINGLE_LINE = new RegExp(`[${ALWAYS_REFUSED}\\t\\n\\r]|${LONE_SURROGATE}`);

/** Whether the text holds a character the product refuses (see above). */
export const hasControlCharacters = (text: string, { multiline = false }: { multiline?: boolean } = {}) =>
  (multiline ? REFUSED_IN_MULTILINE : REFUSED_IN_SINGLE_LINE).test(text);

/** Drops refused characters from text we record but do not show as typed (attribution, logs). */
export const withoutControlCharacters = (text: string) => text.replace(new RegExp(REFUSED_IN_SINGLE_LINE.source, 'g'), '');

const ADDRESS_PART = String.raw`[^\s@\u0000-\u001F\u007F-\u009F]+`;
/** One @, a dot in the domain, and no white space or control character anywhere. */
export const EMAIL_SHAPE = new RegExp(`^${ADDRESS_PART}@${ADDRESS_PART}\\.${ADDRESS_PART}$`);
