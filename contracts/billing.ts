import type { PlanId } from './plans';

/**
 * Pro, the purchase and the affiliate ledger (docs/decisions/0038-payments-and-affiliate-ledger.md).
 * Amounts are in cents of `PRO_PRICE.currency`.
 */
export const PRO_PRICE = { amount: 14_900, currency: 'usd' } as const;
export const PRO_PRODUCT_NAME = 'Launchmate Pro (lifetime)';
/** What an affiliate earns of a payment's amount without tax, in percent. */
export const COMMISSION_PERCENT = 20;
/** A commission counts only for payments within this long of the buyer's sign-up. */
export const COMMISSION_ELIGIBLE_DAYS = 365;
/** Payouts are made on the 1st of the month for balances of at least this much. */
export const PAYOUT_MINIMUM = 5_000;

/** "$149.00"; negative amounts as "−$29.80". */
export function formatMoney(cents: number, currency: string = PRO_PRICE.currency): string {
  const formatted = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(Math.abs(cents) / 100);
  return cents < 0 ? `−${formatted}` : formatted;
}

/**
 * How 'Get Pro' works here: Stripe Checkout, the local test checkout (development without keys,
 * on a loopback address), or recording interest (no keys anywhere else).
 */
export type PurchaseMode = 'stripe' | 'local-test' | 'interest';

/** POST /api/billing/checkout: where to send the founder next. */
export type CheckoutAnswer =
  | { kind: 'redirect'; url: string }
  /** No payments on this deployment: the wish is recorded and the address will be e-mailed. */
  | { kind: 'interest'; email: string }
  /** Already Pro: nothing to buy. */
  | { kind: 'already-pro' };

/**
 * `duplicate_refund_due` and `duplicate_refunded`: a payment that arrived for a founder who
 * already had Pro, refunded at once and granting nothing (docs/decisions/0061).
 */
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'disputed', 'refunded', 'dispute_lost', 'duplicate_refund_due', 'duplicate_refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Why a payment waits for the operator: not the price's currency, or not the price's amount. */
export const PAYMENT_REVIEW_REASONS = ['currency', 'amount'] as const;
export type PaymentReviewReason = (typeof PAYMENT_REVIEW_REASONS)[number];

export interface PaymentRecord {
  id: string;
  status: PaymentStatus;
  currency: string;
  amountTotal: number;
  amountTax: number;
  amountWithoutTax: number;
  paidAt: string | null;
  reversedAt: string | null;
  receiptUrl: string | null;
  invoiceUrl: string | null;
  invoicePdfUrl: string | null;
}

/** GET /api/billing: the account's plan, how it could buy Pro, and its payments, newest first. */
export interface BillingSummary {
  plan: PlanId;
  purchaseMode: PurchaseMode;
  payments: PaymentRecord[];
}

/**
 * GET /api/billing/checkout/:sessionId: what the return page waits for. `recorded` is false
 * until the webhook has stored the payment; the page never grants Pro itself.
 */
export interface CheckoutStatus {
  recorded: boolean;
  status: PaymentStatus | null;
  plan: PlanId;
}

/** Marks the Checkout sessions that sell Pro, so no other sale in the Stripe account grants it. */
export const PRO_SESSION_METADATA = { product: 'launchmate-pro' } as const;

/** Checkout session ids as Stripe writes them (and the local test checkout's, `cs_local_…`). */
export const CHECKOUT_SESSION_SHAPE = /^cs_[A-Za-z0-9_]{1,200}$/;

/** The local test checkout's sessions: Stripe never sees them, so no receipt or invoice is sent. */
export const LOCAL_TEST_SESSION_PREFIX = 'cs_local_';
export const isLocalTestSession = (sessionId: string) => sessionId.startsWith(LOCAL_TEST_SESSION_PREFIX);

/** The affiliate's money, computed from the ledger at `asOf` (docs/decisions/0038). */
export interface AffiliateBalances {
  /** Commissions still inside the refund window. */
  pending: number;
  /** Due now: matured commissions less reversals and payouts (can be negative). */
  payable: number;
  /** Paid out so far. */
  paid: number;
  /** Payments that earned a commission, refunded ones included. */
  conversions: number;
  /** The next 1st of the month, YYYY-MM-DD. */
  nextPayoutDate: string;
  minimumPayout: number;
}
