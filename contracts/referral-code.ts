/**
 * The shape of an affiliate referral code (docs/security.md §20). Its own module, free of zod, so the
 * app's boot code can check a ?via= parameter without loading any schema library.
 */
export const REFERRAL_CODE_SHAPE = /^[A-Za-z0-9_-]{1,64}$/;
