import { COMMISSION_ELIGIBLE_DAYS, COMMISSION_PERCENT, type PaymentRecord, type PaymentStatus } from '#contracts/billing';

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
  at: number;
}

/**
 * A checkout's outcome: the payment row (inserted, or moved on from pending), Pro for the buyer
 * if it is paid, and the affiliate's commission if one is earned. A refund or lost dispute that
 * arrived first is honoured: the payment is stored as reversed and grants nothing.
 */
export function checkoutStatements(d1: D1Database, outcome: CheckoutOutcome, refundWindowDays: number): D1PreparedStatement[] {
  const o = outcome;
  const payment = d1
    .prepare(
      `INSERT INTO payments (id, user_id, checkout_session_id, payment_intent_id, status, currency, amount_total, amount_tax,
                             amount_without_tax, receipt_url, invoice_url, invoice_pdf_url, paid_at, reversed_at)
       VALUES (?1, (SELECT id FROM users WHERE id = ?2), ?3, ?4,
               coalesce((SELECT CASE reason WHEN 'refund' THEN 'refunded' ELSE 'dispute_lost' END FROM payment_reversals WHERE payment_intent_id = ?4), ?5),
               ?6, ?7, ?8, ?7 - ?8, ?9, ?10, ?11, CASE WHEN ?5 = 'paid' THEN ?12 END,
               (SELECT created_at FROM payment_reversals WHERE payment_intent_id = ?4))
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
    );
  const grant = d1
    .prepare(
      `UPDATE users SET plan = 'pro' WHERE id = ?1 AND EXISTS (SELECT 1 FROM payments WHERE checkout_session_id = ?2 AND user_id = ?1 AND status = 'paid')`,
    )
    .bind(o.userId, o.checkoutSessionId);
  // The buyer signed up through an approved affiliate's link within a year, and is not that
  // affiliate: COMMISSION_PERCENT of the amount without tax, payable after the refund window.
  const commission = d1
    .prepare(
      `INSERT INTO affiliate_ledger (affiliate_id, payment_id, kind, amount, available_at)
       SELECT a.id, p.id, 'commission', (p.amount_without_tax * CAST(?2 AS INTEGER) + 50) / 100, p.paid_at + ?3
       FROM payments p
       JOIN users u ON u.id = p.user_id
       JOIN affiliates a ON a.referral_code = u.referred_by COLLATE NOCASE AND a.status = 'approved'
       WHERE p.checkout_session_id = ?1 AND p.status = 'paid'
         AND p.paid_at - u.created_at <= ?4
         AND coalesce(a.user_id, '') <> u.id AND a.email <> u.email COLLATE NOCASE
       ON CONFLICT (payment_id, kind) DO NOTHING`,
    )
    .bind(o.checkoutSessionId, COMMISSION_PERCENT, refundWindowDays * DAY_MS, COMMISSION_ELIGIBLE_DAYS * DAY_MS);
  return [payment, grant, commission];
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
        `INSERT INTO affiliate_ledger (affiliate_id, payment_id, kind, amount, available_at)
         SELECT affiliate_id, payment_id, 'reversal', -amount, max(available_at, ?2)
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
export async function ledgerBalances(d1: D1Database, affiliateId: string, now: number) {
  const row = await d1
    .prepare(
      `SELECT
         coalesce(sum(CASE WHEN kind <> 'payout' AND available_at > ?2 THEN amount END), 0) AS pending,
         coalesce(sum(CASE WHEN kind = 'payout' OR available_at <= ?2 THEN amount END), 0) AS payable,
         coalesce(-sum(CASE WHEN kind = 'payout' THEN amount END), 0) AS paid,
         count(CASE WHEN kind = 'commission' THEN 1 END) AS conversions
       FROM affiliate_ledger WHERE affiliate_id = ?1`,
    )
    .bind(affiliateId, now)
    .first<{ pending: number; payable: number; paid: number; conversions: number }>();
  return row ?? { pending: 0, payable: 0, paid: 0, conversions: 0 };
}
