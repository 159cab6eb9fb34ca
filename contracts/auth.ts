import type { PlanId } from './plans';
import { EMAIL_SHAPE, withoutControlCharacters } from './text';
import { z } from './zod';

/**
 * Field schemas shared by the app's forms and the API's handlers, with the messages of the
 * specification. Addresses are compared trimmed and lower-cased; passwords exactly
 * as typed.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

export const EmailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .regex(EMAIL_SHAPE, 'Invalid email format')
  .transform((email) => email.toLowerCase());

export const PasswordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters long`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters long`)
  .refine((password) => !password.includes('\u0000'), 'Password must not contain NUL characters');

// Attribution is read from addresses and referrers, not typed: control characters are dropped
// rather than failing a sign-up.
const attributionText = z.string().max(500).transform(withoutControlCharacters).nullable().optional();

/** Where a visitor came from; every text is trimmed and cut at 500 by the client. */
export const AttributionSchema = z.strictObject({
  source: attributionText,
  medium: attributionText,
  campaign: attributionText,
  ref: attributionText,
  firstVisit: attributionText,
  lastTouch: attributionText,
  referrer: attributionText,
  sessionId: attributionText,
});
export type Attribution = z.infer<typeof AttributionSchema>;

/** The shape of the product's tokens (256 random bits, base64url). */
const TokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/**
 * The invitation a visitor signs up through, with the proof its e-mailed link carries
 * (docs/decisions/0059): signing up with the address it was sent to proves that address.
 */
export const SignUpInvitationSchema = z.strictObject({ token: TokenSchema, proof: TokenSchema });
export type SignUpInvitation = z.infer<typeof SignUpInvitationSchema>;

export const SignUpSchema = z.strictObject({
  email: EmailSchema,
  password: PasswordSchema,
  attribution: AttributionSchema.nullable().optional(),
  privacyMode: z.boolean().optional(),
  invitation: SignUpInvitationSchema.optional(),
});

/** Sign-in checks presence only: an older account may predate today's password rules. */
export const SignInSchema = z.strictObject({
  email: EmailSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX),
});

export const EmailOnlySchema = z.strictObject({ email: EmailSchema });

export const ResetPasswordSchema = z.strictObject({ new_password: PasswordSchema });

export const GoogleStartSchema = z.strictObject({
  attribution: AttributionSchema.nullable().optional(),
  privacyMode: z.boolean().optional(),
});

export const PrivacyModeSchema = z.strictObject({ privacyMode: z.boolean() });

export const EmailPreferencesSchema = z.strictObject({ subscribed: z.boolean() });

/** The public shape of the signed-in user. */
export interface CurrentUser {
  id: string;
  email: string;
  name: string | null;
  privacyMode: boolean;
  subscribed: boolean;
  plan: PlanId;
}
