import { COMMISSION_ELIGIBLE_DAYS, COMMISSION_PERCENT, PRO_PRICE, type PaymentRecord, type PaymentReviewReason, type PaymentStatus } from '#contracts/billing';

/**
 * The statements of fulfilment (docs/decisions/0038-payments-and-affiliate-ledger.md). Each
 * Stripe event becomes one D1 batch that starts by recording the event's id: a second delivery
 * fails on that primary key and the batch rolls back whole, so no effect is ever applied twice.
 * Every statement after it is also safe to repeat on its own (conditional updates, inserts that
 * ignore conflicts), which keeps two different events about one payment from doubling anything.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export function recordEvent(d1: D1Database, eventId: string, type: string): D1PreparedStatement {
  return d1.prepare('INSERT INTO stripe_events (id, type) VALUES (?1, ?2)').bind(eventId, type);
}

/** Whether this event's effect is already applied: the cheap path for Stripe's retries. */
export async function eventRecorded(d1: D1Database, eventId: string): Promise<boolean> {
  return (await d1.prepare('SELECT 1 FROM stripe_events WHERE id = ?1').bind(eventId).first()) !== null;
}

/** The batch failed because its event id was recorded first by another delivery. */
export const isDuplicateEvent = (error: unknown) => error instanceof Error && /UNIQUE constraint failed: stripe_events\.id/.test(error.message);

export interface CheckoutOutcome {
  checkoutSessionId: string;
  paymentIntentId: string | null;
  userId: string;
  /** What the session says: paid, still pending (a delayed method), or failed. */
  status: Extract<PaymentStatus, 'paid' | 'pending' | 'failed'>;
  currency: string;
  amountTotal: number;
  amountTax: number;
  receiptUrl: string | null;
  invoiceUrl: string | null;
  invoicePdfUrl: string | null;
  /** Not the price's currency or amount: kept for the operator, with no commission. */
  reviewReason: PaymentReviewReason | null;
  /** The buyer's address reaches the referring affiliate's mailbox: no commission. */
  selfReferral: boolean;
  at: number;
}

/**
 * A checkout's outcome: the payment row (inserted, or moved on from pending), Pro for the buyer
 * if it is paid, and the affiliate's commission if one is earned. A refund or lost dispute that
 * arrived first is honoured: the payment is stored as reversed and grants nothing.
 *
 * A payment for a founder who already has Pro (by another payment or by hand) is stored as
 * `duplicate_refund_due`: it grants nothing and earns nothing, and `settlePurchase` refunds it.
 * The test runs inside the batch, so of two sessions paid at the same moment exactly one is the
 * purchase (docs/decisions/0061-one-purchase-per-founder.md).
 */
export function checkoutStatements(d1: D1Database, outcome: CheckoutOutcome, refundWindowDays: number): D1PreparedStatement[] {
  const o = outcome;
  const payment = d1
    .prepare(
      `INSERT INTO payments (id, user_id, checkout_session_id, payment_intent_id, status, currency, amount_total, amount_tax,
                             amount_without_tax, receipt_url, invoice_url, invoice_pdf_url, paid_at, reversed_at, review_reason)
       VALUES (?1, (SELECT id FROM users WHERE id = ?2), ?3, ?4,
               coalesce((SELECT CASE reason WHEN 'refund' THEN 'refunded' ELSE 'dispute_lost' END FROM payment_reversals WHERE payment_intent_id = ?4),
                        CASE WHEN ?5 = 'paid' AND ((SELECT plan FROM users WHERE id = ?2) = 'pro'
                                                   OR EXISTS (SELECT 1 FROM payments WHERE user_id = ?2 AND checkout_session_id <> ?3 AND status IN ('paid', 'disputed')))
                             THEN 'duplicate_refund_due' ELSE ?5 END),
               ?6, ?7, ?8, ?7 - ?8, ?9, ?10, ?11, CASE WHEN ?5 = 'paid' THEN ?12 END,
               (SELECT created_at FROM payment_reversals WHERE payment_intent_id = ?4), ?13)
       ON CONFLICT (checkout_session_id) DO UPDATE SET
         status = excluded.status,
         payment_intent_id = coalesce(payments.payment_intent_id, excluded.payment_intent_id),
         paid_at = coalesce(payments.paid_at, excluded.paid_at),
         reversed_at = coalesce(payments.reversed_at, excluded.reversed_at),
         receipt_url = coalesce(excluded.receipt_url, payments.receipt_url),
         invoice_url = coalesce(excluded.invoice_url, payments.invoice_url),
         invoice_pdf_url = coalesce(excluded.invoice_pdf_url, payments.invoice_pdf_url)
       WHERE payments.status = 'pending' AND excluded.status <> 'pending'`,
    )
    .bind(
      crypto.randomUUID(),
      o.userId,
      o.checkoutSessionId,
      o.paymentIntentId,
      o.status,
      o.currency,
      o.amountTotal,
      o.amountTax,
      o.receiptUrl,
      o.invoiceUrl,
      o.invoicePdfUrl,
      o.at,
      o.reviewReason,
    );
  const grant = d1
    .prepare(
      `UPDATE users SET plan = 'pro' WHERE id = ?1 AND EXISTS (SELECT 1 FROM payments WHERE checkout_session_id = ?2 AND user_id = ?1 AND status = 'paid')`,
    )
    .bind(o.userId, o.checkoutSessionId);
  // The buyer signed up through an approved affiliate's link within a year, and is not that
  // affiliate: COMMISSION_PERCENT of the amount without tax, rounded down (so never more),
  // payable after the refund window. Only a payment of the price, in its currency, earns one.
  const commission = d1
    .prepare(
      `INSERT INTO affiliate_ledger (affiliate_id, payment_id, kind, amount, currency, available_at)
       SELECT a.id, p.id, 'commission', p.amount_without_tax * CAST(?2 AS INTEGER) / 100, p.currency, p.paid_at + ?3
       FROM payments p
       JOIN users u ON u.id = p.user_id
       JOIN affiliates a ON a.referral_code = u.referred_by COLLATE NOCASE AND a.status = 'approved'
       WHERE p.checkout_session_id = ?1 AND p.status = 'paid' AND p.review_reason IS NULL
         AND p.currency = ?5 AND p.amount_without_tax BETWEEN 1 AND ?6 AND ?7 = 0
         AND p.paid_at - u.created_at <= ?4
         AND coalesce(a.user_id, '') <> u.id AND a.email <> u.email COLLATE NOCASE
       ON CONFLICT (payment_id, kind) DO NOTHING`,
    )
    .bind(
      o.checkoutSessionId,
      COMMISSION_PERCENT,
      refundWindowDays * DAY_MS,
      COMMISSION_ELIGIBLE_DAYS * DAY_MS,
      PRO_PRICE.currency,
      PRO_PRICE.amount,
      o.selfReferral ? 1 : 0,
    );
  const closed = d1.prepare('UPDATE checkout_sessions SET closed_at = ?2 WHERE id = ?1 AND closed_at IS NULL').bind(o.checkoutSessionId, o.at);
  return [payment, grant, commission, closed];
}

/**
 * A refund or a lost dispute of the payment intent: remembered even when its payment is not
 * stored yet, the payment marked, the account back on Free unless another payment still holds,
 * and the commission reversed by a negative line. Before payout the two lines cancel out; after
 * it, the negative line is carried into the affiliate's next balance.
 */
export function reversalStatements(d1: D1Database, paymentIntentId: string, reason: 'refund' | 'dispute_lost', at: number): D1PreparedStatement[] {
  return [
    d1
      .prepare('INSERT INTO payment_reversals (payment_intent_id, reason, created_at) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING')
      .bind(paymentIntentId, reason, at),
    d1
      .prepare(
        `UPDATE payments SET status = CASE ?2 WHEN 'refund' THEN 'refunded' ELSE 'dispute_lost' END, reversed_at = ?3
         WHERE payment_intent_id = ?1 AND status IN ('pending', 'paid', 'disputed')`,
      )
      .bind(paymentIntentId, reason, at),
    d1
      .prepare(
        `UPDATE users SET plan = 'free'
         WHERE id = (SELECT user_id FROM payments WHERE payment_intent_id = ?1)
           AND NOT EXISTS (SELECT 1 FROM payments WHERE user_id = users.id AND status IN ('paid', 'disputed'))`,
      )
      .bind(paymentIntentId),
    d1
      .prepare(
        `INSERT INTO affiliate_ledger (affiliate_id, payment_id, kind, amount, currency, available_at)
         SELECT affiliate_id, payment_id, 'reversal', -amount, currency, max(available_at, ?2)
         FROM affiliate_ledger
         WHERE kind = 'commission' AND payment_id = (SELECT id FROM payments WHERE payment_intent_id = ?1)
         ON CONFLICT (payment_id, kind) DO NOTHING`,
      )
      .bind(paymentIntentId, at),
  ];
}

/** A dispute opened (the payment is held as disputed) or closed in the founder's favour. */
export function disputeStatement(d1: D1Database, paymentIntentId: string, opened: boolean): D1PreparedStatement {
  const [from, to] = opened ? ['paid', 'disputed'] : ['disputed', 'paid'];
  return d1.prepare('UPDATE payments SET status = ?3 WHERE payment_intent_id = ?1 AND status = ?2').bind(paymentIntentId, from, to);
}

/** A payment as stored: its times are milliseconds. */
type PaymentRow = Omit<PaymentRecord, 'paidAt' | 'reversedAt'> & { paidAt: number | null; reversedAt: number | null };

const PAYMENT_COLUMNS = `id, status, currency, amount_total AS amountTotal, amount_tax AS amountTax, amount_without_tax AS amountWithoutTax,
  paid_at AS paidAt, reversed_at AS reversedAt, receipt_url AS receiptUrl, invoice_url AS invoiceUrl, invoice_pdf_url AS invoicePdfUrl`;

const isoOrNull = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

const toRecord = (row: PaymentRow): PaymentRecord => ({ ...row, paidAt: isoOrNull(row.paidAt), reversedAt: isoOrNull(row.reversedAt) });

/** The account's payments, newest first (billing in settings and the account export). */
export async function paymentsOf(d1: D1Database, userId: string): Promise<PaymentRecord[]> {
  const { results } = await d1.prepare(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE user_id = ?1 ORDER BY created_at DESC`).bind(userId).all<PaymentRow>();
  return results.map(toRecord);
}

/** The payment of one of the account's Checkout sessions, once the webhook has stored it. */
export function paymentOfSession(d1: D1Database, userId: string, checkoutSessionId: string) {
  return d1
    .prepare('SELECT status FROM payments WHERE checkout_session_id = ?1 AND user_id = ?2')
    .bind(checkoutSessionId, userId)
    .first<{ status: PaymentStatus }>();
}

/**
 * An affiliate's balances at `now`, summed from the ledger (never stored): commissions and their
 * reversals not yet available are pending; available lines and every payout are payable; payouts
 * are what was paid.
 */
export async function ledgerBalances(d1: D1Database, affiliateId: string, now: number, currency: string = PRO_PRICE.currency) {
  const row = await d1
    .prepare(
      `SELECT
         coalesce(sum(CASE WHEN kind <> 'payout' AND available_at > ?2 THEN amount END), 0) AS pending,
         coalesce(sum(CASE WHEN kind = 'payout' OR available_at <= ?2 THEN amount END), 0) AS payable,
         coalesce(-sum(CASE WHEN kind = 'payout' THEN amount END), 0) AS paid,
         count(CASE WHEN kind = 'commission' THEN 1 END) AS conversions
       FROM affiliate_ledger WHERE affiliate_id = ?1 AND currency = ?3`,
    )
    .bind(affiliateId, now, currency)
    .first<{ pending: number; payable: number; paid: number; conversions: number }>();
  return row ?? { pending: 0, payable: 0, paid: 0, conversions: 0 };
}

/** A Checkout session opened for a founder (the same session again changes nothing). */
export function recordCheckoutSession(d1: D1Database, sessionId: string, userId: string) {
  return d1.prepare('INSERT INTO checkout_sessions (id, user_id) VALUES (?1, ?2) ON CONFLICT DO NOTHING').bind(sessionId, userId).run();
}

/** The founder's Checkout sessions still open as far as we know, but for `exceptId`. */
export async function openCheckoutSessions(d1: D1Database, userId: string, exceptId: string): Promise<string[]> {
  const { results } = await d1
    .prepare('SELECT id FROM checkout_sessions WHERE user_id = ?1 AND id <> ?2 AND closed_at IS NULL')
    .bind(userId, exceptId)
    .all<{ id: string }>();
  return results.map((row) => row.id);
}

export function closeCheckoutSession(d1: D1Database, sessionId: string, at: number) {
  return d1.prepare('UPDATE checkout_sessions SET closed_at = ?2 WHERE id = ?1 AND closed_at IS NULL').bind(sessionId, at).run();
}

/** What settling a checkout needs of its payment once the batch is written. */
export function paymentToSettle(d1: D1Database, checkoutSessionId: string) {
  return d1
    .prepare(
      `SELECT p.id, p.user_id AS userId, p.status, p.payment_intent_id AS paymentIntentId, p.currency, p.amount_total AS amountTotal, u.email
       FROM payments p LEFT JOIN users u ON u.id = p.user_id WHERE p.checkout_session_id = ?1`,
    )
    .bind(checkoutSessionId)
    .first<{
      id: string;
      userId: string | null;
      status: PaymentStatus;
      paymentIntentId: string | null;
      currency: string;
      amountTotal: number;
      email: string | null;
    }>();
}

/** The duplicate payment is refunded: true for the one call that moved it, so its e-mail goes once. */
export async function markDuplicateRefunded(d1: D1Database, paymentId: string, at: number): Promise<boolean> {
  const result = await d1
    .prepare(`UPDATE payments SET status = 'duplicate_refunded', reversed_at = ?2 WHERE id = ?1 AND status = 'duplicate_refund_due'`)
    .bind(paymentId, at)
    .run();
  return result.meta.changes === 1;
}

/**
 * The addresses that would make a purchase a self-referral: the buyer's, and the referring
 * affiliate's application, account and payout addresses (null when nobody referred the buyer).
 */
export function referralAddresses(d1: D1Database, userId: string) {
  return d1
    .prepare(
      `SELECT u.email AS buyer, a.email AS affiliate, a.paypal_email AS affiliatePaypal, au.email AS affiliateAccount
       FROM users u
       JOIN affiliates a ON a.referral_code = u.referred_by COLLATE NOCASE
       LEFT JOIN users au ON au.id = a.user_id
       WHERE u.id = ?1`,
    )
    .bind(userId)
    .first<{ buyer: string; affiliate: string; affiliatePaypal: string; affiliateAccount: string | null }>();
}
