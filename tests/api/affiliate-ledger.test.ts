import { describe, expect, it } from 'vitest';
import type { AffiliateMe } from '#contracts/affiliate';
import { firstOfMonth, markPaidSql, payableBalancesSql } from '../../scripts/affiliate-payouts';
import { CookieJar, db, request } from '../utils';
import { approvedAffiliate, buyer, deliver, ledgerOf, referredFounder, refundedCharge, signedEvent } from './payments-support';

/** The commission is payable at once: the refund window is a setting (AFFILIATE_REFUND_WINDOW_DAYS). */
const NO_REFUND_WINDOW = { AFFILIATE_REFUND_WINDOW_DAYS: '0' };

const balancesOf = async (jar: CookieJar) => {
  const me = await (await request('/api/affiliate/me', {}, { jar })).json<AffiliateMe>();
  return me.affiliate!.balances;
};

async function payouts(cutoff: number) {
  return (await db().prepare(payableBalancesSql(cutoff)).all<{ code: string; payable_cents: number; paypal: string }>()).results;
}
const markPaid = (code: string, reference: string, cutoff = Date.now()) =>
  db()
    .prepare(markPaidSql(code, reference, cutoff, Date.now()))
    .all<{ paid_cents: number }>();

describe('the affiliate dashboard figures', () => {
  it('show a referred purchase as a conversion with $29.80 pending for the refund window, and the next payout date', async () => {
    const affiliate = await approvedAffiliate();
    const founder = await referredFounder(affiliate.code);
    await buyer(founder.jar);
    const me = await (await request('/api/affiliate/me', {}, { jar: affiliate.jar })).json<AffiliateMe>();
    expect(me.affiliate!.totals.signUps).toBe(1);
    const now = new Date();
    expect(me.affiliate!.balances).toEqual({
      pending: 2980,
      payable: 0,
      paid: 0,
      conversions: 1,
      nextPayoutDate: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10),
      minimumPayout: 5000,
    });
  });

  it('make the commission payable after the refund window; a refund before payout cancels it', async () => {
    const affiliate = await approvedAffiliate();
    const founder = await referredFounder(affiliate.code);
    const { session } = await buyer(founder.jar, NO_REFUND_WINDOW);
    expect(await balancesOf(affiliate.jar)).toMatchObject({ pending: 0, payable: 2980, paid: 0 });
    await deliver(await signedEvent('charge.refunded', await refundedCharge(session)));
    expect(await balancesOf(affiliate.jar)).toMatchObject({ pending: 0, payable: 0, paid: 0, conversions: 1 });
  });

  it('cancel a refunded commission that is still pending, without a payable line before its time', async () => {
    const affiliate = await approvedAffiliate();
    const founder = await referredFounder(affiliate.code);
    const { session } = await buyer(founder.jar);
    await deliver(await signedEvent('charge.refunded', await refundedCharge(session)));
    expect(await balancesOf(affiliate.jar)).toMatchObject({ pending: 0, payable: 0, paid: 0 });
    const lines = await ledgerOf(affiliate.code);
    expect(lines[1]!.available_at).toBe(lines[0]!.available_at);
  });
});

describe('payouts', () => {
  it('list balances of at least $50 as of the 1st, record one payout once, and carry a refund after payout as a negative line', async () => {
    const affiliate = await approvedAffiliate();
    const first = await referredFounder(affiliate.code);
    const bought = await buyer(first.jar, NO_REFUND_WINDOW);
    const now = Date.now();

    // $29.80 is under the $50 minimum.
    expect((await payouts(now)).find((row) => row.code === affiliate.code)).toBeUndefined();
    const second = await referredFounder(affiliate.code);
    await buyer(second.jar, NO_REFUND_WINDOW);
    const later = Date.now();
    expect((await payouts(later)).find((row) => row.code === affiliate.code)).toEqual({
      code: affiliate.code,
      name: 'Priya Raman',
      paypal: 'payouts@example.com',
      payable_cents: 5960,
    });
    // As of this month's 1st the commissions (made now) were not payable yet, unless today is the 1st at midnight.
    if (firstOfMonth(later) < now) expect((await payouts(firstOfMonth(later))).find((row) => row.code === affiliate.code)).toBeUndefined();

    expect((await markPaid(affiliate.code, 'PAYPAL-TX-1', later)).results).toEqual([{ paid_cents: 5960 }]);
    // Twice is refused: nothing is payable any more, whatever the reference.
    expect((await markPaid(affiliate.code, 'PAYPAL-TX-1', later)).results).toEqual([]);
    expect((await markPaid(affiliate.code, 'PAYPAL-TX-2', later)).results).toEqual([]);
    expect(await balancesOf(affiliate.jar)).toMatchObject({ pending: 0, payable: 0, paid: 5960, conversions: 2 });
    expect((await payouts(Date.now())).find((row) => row.code === affiliate.code)).toBeUndefined();

    // Refunded after the payout: the reversal is carried into the next balance.
    await deliver(await signedEvent('charge.refunded', await refundedCharge(bought.session)));
    expect(await balancesOf(affiliate.jar)).toMatchObject({ pending: 0, payable: -2980, paid: 5960 });
    expect((await ledgerOf(affiliate.code)).map((line) => [line.kind, line.amount, line.reference])).toEqual([
      ['commission', 2980, null],
      ['commission', 2980, null],
      ['payout', -5960, 'PAYPAL-TX-1'],
      ['reversal', -2980, null],
    ]);
  });

  it('refuse a code or reference that could break out of the SQL text', () => {
    expect(() => markPaidSql("x' OR 1=1 --", 'ref', 0, 0)).toThrow(/not a referral code/);
    expect(() => markPaidSql('code', "ref'); DROP TABLE payments; --", 0, 0)).toThrow(/not a payout reference/);
  });
});
