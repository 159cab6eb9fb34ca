/**
 * Characters no field of the product accepts (docs/security.md §14): the C0 controls, DEL and the
 * C1 controls. Multi-line text (answers, messages, long descriptions) keeps tab and line breaks.
 * Free of zod, so plain modules can use it too.
 */
export const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F]/;
export const CONTROL_CHARACTERS_BUT_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export const hasControlCharacters = (text: string, { multiline = false }: { multiline?: boolean } = {}) =>
  (multiline ? CONTROL_CHARACTERS_BUT_LINES : CONTROL_CHARACTERS).test(text);

/** Drops control characters from text we record but do not show as typed (attribution, logs). */
export const withoutControlCharacters = (text: string) => text.replace(new RegExp(CONTROL_CHARACTERS.source, 'g'), '');

const ADDRESS_PART = String.raw`[^\s@\u0000-\u001F\u007F-\u009F]+`;
/** One @, a dot in the domain, and no white space or control character anywhere. */
export const EMAIL_SHAPE = new RegExp(`^${ADDRESS_PART}@${ADDRESS_PART}\\.${ADDRESS_PART}$`);
