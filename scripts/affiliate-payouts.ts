/**
 * The SQL of affiliate payouts (docs/decisions/0038-payments-and-affiliate-ledger.md), shared by
 * `npm run affiliate -- payouts | mark-paid` and the tests that run it against D1. Values are
 * written into the SQL text (wrangler's `d1 execute --command` takes no parameters), so only the
 * shapes checked here get that far.
 */

/** Repeated from contracts/billing.ts (PAYOUT_MINIMUM): Node runs this file without the bundler. */
export const PAYOUT_MINIMUM_CENTS = 5_000;
/** Repeated from contracts/billing.ts (PRO_PRICE.currency): balances and payouts are in this currency alone. */
export const PAYOUT_CURRENCY = 'usd';
export const REFERRAL_CODE_SHAPE = /^[A-Za-z0-9_-]{1,64}$/;
/** A payment service's reference: PayPal transaction ids, bank references. */
export const PAYOUT_REFERENCE_SHAPE = /^[A-Za-z0-9._:/-]{1,100}$/;

/** Payouts are as of the 1st of the month, 00:00 UTC: the latest one at or before `now`. */
export function firstOfMonth(now: number): number {
  const date = new Date(now);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
}

/** The balance payable at `cutoff`: lines available by then, and every payout already made. */
const payableAt = (cutoff: number) => `sum(CASE WHEN l.kind = 'payout' OR l.available_at <= ${Math.trunc(cutoff)} THEN l.amount ELSE 0 END)`;

/** Affiliates owed at least the minimum as of `cutoff`, largest first, with where to pay them. */
export function payableBalancesSql(cutoff: number): string {
  return `SELECT a.referral_code AS code, a.name, a.paypal_email AS paypal, ${payableAt(cutoff)} AS payable_cents
    FROM affiliates a JOIN affiliate_ledger l ON l.affiliate_id = a.id AND l.currency = '${PAYOUT_CURRENCY}'
    GROUP BY a.id HAVING payable_cents >= ${PAYOUT_MINIMUM_CENTS} ORDER BY payable_cents DESC`;
}

/**
 * Records one payout of the whole balance payable at `cutoff`, in one statement: nothing is
 * written unless that balance is still at least the minimum, so a second payout of the same month
 * finds nothing to pay, and the same reference twice is refused by its unique index.
 */
export function markPaidSql(code: string, reference: string, cutoff: number, now: number): string {
  if (!REFERRAL_CODE_SHAPE.test(code)) throw new Error(`"${code}" is not a referral code (^[A-Za-z0-9_-]{1,64}$).`);
  if (!PAYOUT_REFERENCE_SHAPE.test(reference)) throw new Error(`"${reference}" is not a payout reference (letters, digits and . _ : / -, at most 100).`);
  return `INSERT INTO affiliate_ledger (affiliate_id, kind, amount, currency, available_at, reference)
    SELECT a.id, 'payout', -${payableAt(cutoff)}, '${PAYOUT_CURRENCY}', ${Math.trunc(now)}, '${reference}'
    FROM affiliates a JOIN affiliate_ledger l ON l.affiliate_id = a.id AND l.currency = '${PAYOUT_CURRENCY}'
    WHERE a.referral_code = '${code}' COLLATE NOCASE
    GROUP BY a.id HAVING ${payableAt(cutoff)} >= ${PAYOUT_MINIMUM_CENTS}
    RETURNING -amount AS paid_cents`;
}
