import { hasControlCharacters } from './text';
import { z } from './zod';

/**
 * The zod fields every schema of the product builds its text on, so that one rule (contracts/text.ts)
 * holds for members' forms and frames, the co-founder's tool arguments and HTTP bodies alike.
 * Both trim, refuse empty text and text over `max` characters.
 */
const visibleText = (max: number, multiline: boolean) =>
  z
    .string()
    .trim()
    .min(1, 'Please write something')
    .max(max, `Please keep it to ${max} characters or fewer`)
    .refine(
      (text) => !hasControlCharacters(text, { multiline }),
      multiline ? 'Please remove control characters' : 'Please keep it on one line, without control characters',
    );

/** A title, a name, a label: one line. */
export const singleLineText = (max: number) => visibleText(max, false);
/** A body, a description: line breaks and tabs allowed. */
export const multiLineText = (max: number) => visibleText(max, true);
