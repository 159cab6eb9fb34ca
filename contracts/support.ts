import { hasControlCharacters } from './text';
import { z } from './zod';

export const SUPPORT_SUBJECT_MAX = 150;
export const SUPPORT_MESSAGE_MAX = 5000;

const supportText = (label: string, max: number, multiline: boolean) =>
  z
    .string({ error: `Please write a ${label}.` })
    .trim()
    .min(1, `Please write a ${label}.`)
    .max(max, `Please keep the ${label} under ${max} characters.`)
    .refine((value) => !hasControlCharacters(value, { multiline }), 'Please remove control characters.');

/** 'Contact support' for Pro founders. */
export const SupportRequestSchema = z.strictObject({
  subject: supportText('subject', SUPPORT_SUBJECT_MAX, false),
  message: supportText('message', SUPPORT_MESSAGE_MAX, true),
  projectId: z.string().min(1).max(64).nullable().default(null),
});
export type SupportRequest = z.input<typeof SupportRequestSchema>;

/** GET /api/support: Pro founders may write in; everyone else is shown the address. */
export interface SupportAccess {
  dedicated: boolean;
  contactEmail: string;
}
