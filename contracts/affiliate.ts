import type { AffiliateBalances } from './billing';
import { REFERRAL_CODE_SHAPE } from './referral-code';
import { EMAIL_SHAPE, hasControlCharacters } from './text';
import { z } from './zod';

export { REFERRAL_CODE_SHAPE };

/**
 * The affiliate application, shared by the /affiliate form and
 * POST /api/general/affiliate-application. Every field is required; the messages are the ones
 * the form shows.
 */
export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields';
export const REFERRAL_CODE_MESSAGE = 'Referral codes use 1 to 64 letters, digits, hyphens or underscores.';
export const REFERRAL_CODE_TAKEN = 'This referral code is already taken. Please choose another one.';
export const AFFILIATE_TEXT_MAX = 2000;

const required = (max: number, allowLineBreaks = false) =>
  z
    .string({ error: REQUIRED_FIELDS_MESSAGE })
    .trim()
    .min(1, REQUIRED_FIELDS_MESSAGE)
    .max(max, `Please keep this field under ${max} characters.`)
    .refine((value) => !hasControlCharacters(value, { multiline: allowLineBreaks }), 'Please remove control characters.');

const email = (message: string) =>
  required(254)
    .regex(EMAIL_SHAPE, message)
    .transform((value) => value.toLowerCase());

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

export const AffiliateApplicationSchema = z.strictObject({
  name: required(100),
  email: email('Please enter a valid account email address.'),
  socialProfile: required(500).refine(isWebAddress, 'Please enter the full address of your social profile, starting with https://.'),
  referralCode: required(64).regex(REFERRAL_CODE_SHAPE, REFERRAL_CODE_MESSAGE),
  paypalEmail: email('Please enter a valid PayPal email address.'),
  whyLaunchmate: required(AFFILIATE_TEXT_MAX, true),
  promotionStrategy: required(AFFILIATE_TEXT_MAX, true),
});
export type AffiliateApplication = z.infer<typeof AffiliateApplicationSchema>;
export type AffiliateApplicationField = keyof AffiliateApplication;

/** The approved affiliate's own figures, for the dashboard. */
export interface AffiliateStats {
  referralCode: string;
  referralLink: string;
  /** The last STATS_DAYS days, oldest first, including days with nothing. */
  days: { day: string; clicks: number; signUps: number }[];
  totals: { clicks: number; signUps: number };
  /** Commissions from the ledger (docs/decisions/0038), computed at the time of the request. */
  balances: AffiliateBalances;
}

/** GET /api/affiliate/me: the figures of an approved affiliate; otherwise the application, if any. */
export interface AffiliateMe {
  affiliate: AffiliateStats | null;
  application: { status: 'pending' | 'rejected'; referralCode: string } | null;
}
export const STATS_DAYS = 30;

/**
 * What the application form knows before it shows: for a signed-in visitor, their name and
 * address to fill in, and the application they already sent, if any.
 */
export interface AffiliateApplicationState {
  prefill: { name: string; email: string } | null;
  application: { status: 'pending' | 'approved' | 'rejected'; referralCode: string } | null;
}
