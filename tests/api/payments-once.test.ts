import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BillingSummary, CheckoutStatus } from '#contracts/billing';
import { canonicalEmail } from '../../worker/lib/canonical-email';
import { CookieJar, db, outboxFor, request, signedInUser } from '../utils';
import { approvedAffiliate, deliver, ledgerOf, paidSession, paymentsOfUser, planOf, signedEvent, startCheckout, stripe, userIdOf } from './payments-support';

/**
 * Money once per founder (docs/decisions/0061-one-purchase-per-founder.md): a founder pays for
 * Pro once, whatever the number of Checkout windows, deliveries and their order; a payment that
 * is not the price's earns nothing; an affiliate's own mailbox earns nothing.
 */

const REFUND_SUBJECT = 'Your second payment for Launchmate Pro was refunded';
const TEN_MINUTES_AND_A_BIT = 11 * 60 * 1000;

afterEach(() => {
  vi.useRealTimers();
});

/** A founder referred by the affiliate (as following their link leaves it), signed in. */
async function referredBy(code: string) {
  const founder = await signedInUser();
  await db().prepare('UPDATE users SET referred_by = ?1 WHERE email = ?2').bind(code, founder.email).run();
  return founder;
}

/**
 * Two Checkout sessions of one founder, as two 'Get Pro' windows more than ten minutes apart
 * leave them (within ten minutes Stripe's idempotency gives the same session).
 */
async function twoSessions(jar: CookieJar) {
  vi.useFakeTimers({ toFake: ['Date'] });
  const first = await startCheckout(jar);
  vi.setSystemTime(Date.now() + TEN_MINUTES_AND_A_BIT);
  const second = await startCheckout(jar);
  vi.useRealTimers();
  expect(second.id).not.toBe(first.id);
  return [first, second] as const;
}

const refundsOf = async (paymentIntent: string) => (await stripe.refunds.list({ payment_intent: paymentIntent })).data;
const refundEmails = async (email: string) => (await outboxFor(email)).filter((message) => message.subject === REFUND_SUBJECT);
const statusesOf = async (email: string) => (await paymentsOfUser(await userIdOf(email))).map((payment) => String(payment.status)).sort();
const setRefundOutage = (paymentIntent: string, down: boolean) =>
  fetch(`${env.FAKE_STRIPE_URL}/__refund-outage`, { method: 'POST', body: JSON.stringify({ paymentIntent, down }) });

describe('a founder pays for Pro once', () => {
  it('expires the founder’s other open Checkout sessions when a purchase completes', async () => {
    const founder = await signedInUser();
    const [first, second] = await twoSessions(founder.jar);
    expect((await deliver(await signedEvent('checkout.session.completed', paidSession(first)))).status).toBe(200);
    expect(await planOf(founder.email)).toBe('pro');
    expect((await stripe.checkout.sessions.retrieve(second.id)).status).toBe('expired');
    const closed = await db()
      .prepare('SELECT id FROM checkout_sessions WHERE user_id = ?1 AND closed_at IS NOT NULL ORDER BY id')
      .bind(await userIdOf(founder.email))
      .all<{ id: string }>();
    expect(closed.results.map((row) => row.id).sort()).toEqual([first.id, second.id].sort());
  });

  it('refunds a payment that still arrives once the founder has Pro: once, with no commission and no second grant, with one e-mail', async () => {
    const affiliate = await approvedAffiliate();
    const founder = await referredBy(affiliate.code);
    const [first, second] = await twoSessions(founder.jar);
    expect((await deliver(await signedEvent('checkout.session.completed', paidSession(first)))).status).toBe(200);

    // The second window was paid before its expiry reached Stripe; Stripe delivers it three times,
    // and then its asynchronous twin.
    const late = await signedEvent('checkout.session.completed', paidSession(second));
    for (let delivery = 0; delivery < 3; delivery++) expect((await deliver(late)).status).toBe(200);
    expect((await deliver(await signedEvent('checkout.session.async_payment_succeeded', paidSession(second)))).status).toBe(200);

    expect(await statusesOf(founder.email)).toEqual(['duplicate_refunded', 'paid']);
    expect(await refundsOf(second.payment_intent as string)).toHaveLength(1);
    expect(await refundsOf(first.payment_intent as string)).toHaveLength(0);
    expect(await ledgerOf(affiliate.code)).toEqual([expect.objectContaining({ kind: 'commission', amount: 2980 })]);
    const emails = await refundEmails(founder.email);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text).toContain('You already have Launchmate Pro, so the payment of $149.00 you just made was refunded in full.');

    // Stripe's own refund event changes nothing more: Pro stays, no reversal of the commission.
    const charge = await stripe.charges.retrieve((await stripe.refunds.list({ payment_intent: second.payment_intent as string })).data[0]!.charge as string);
    expect((await deliver(await signedEvent('charge.refunded', charge))).status).toBe(200);
    expect(await planOf(founder.email)).toBe('pro');
    expect(await ledgerOf(affiliate.code)).toHaveLength(1);
    expect(await statusesOf(founder.email)).toEqual(['duplicate_refunded', 'paid']);

    // What the founder reads: billing lists it as refunded, the return page says Pro stays.
    const billing = await (await request('/api/billing', {}, { jar: founder.jar })).json<BillingSummary>();
    expect(billing.plan).toBe('pro');
    expect(billing.payments.map((payment) => payment.status).sort()).toEqual(['duplicate_refunded', 'paid']);
    const returned = await (await request(`/api/billing/checkout/${second.id}`, {}, { jar: founder.jar })).json<CheckoutStatus>();
    expect(returned).toEqual({ recorded: true, status: 'duplicate_refunded', plan: 'pro' });
  });

  it('refunds a payment for a founder given Pro by hand', async () => {
    const founder = await signedInUser();
    const session = await startCheckout(founder.jar);
    await db().prepare(`UPDATE users SET plan = 'pro' WHERE email = ?1`).bind(founder.email).run();
    expect((await deliver(await signedEvent('checkout.session.completed', paidSession(session)))).status).toBe(200);
    expect(await statusesOf(founder.email)).toEqual(['duplicate_refunded']);
    expect(await refundsOf(session.payment_intent as string)).toHaveLength(1);
  });

  it('answers 503 while Stripe cannot refund, so that Stripe delivers again, and refunds and e-mails once when it can', async () => {
    const founder = await signedInUser();
    const [first, second] = await twoSessions(founder.jar);
    await deliver(await signedEvent('checkout.session.completed', paidSession(first)));
    const intent = second.payment_intent as string;
    await setRefundOutage(intent, true);
    try {
      const late = await signedEvent('checkout.session.completed', paidSession(second));
      expect((await deliver(late)).status).toBe(503);
      expect(await statusesOf(founder.email)).toEqual(['duplicate_refund_due', 'paid']);
      expect(await refundEmails(founder.email)).toHaveLength(0);
      const billing = await (await request('/api/billing', {}, { jar: founder.jar })).json<BillingSummary>();
      expect(billing.payments.map((payment) => payment.status).sort()).toEqual(['duplicate_refund_due', 'paid']);

      await setRefundOutage(intent, false);
      expect((await deliver(late)).status).toBe(200);
      expect((await deliver(late)).status).toBe(200);
    } finally {
      await setRefundOutage(intent, false);
    }
    expect(await statusesOf(founder.email)).toEqual(['duplicate_refunded', 'paid']);
    expect(await refundsOf(intent)).toHaveLength(1);
    expect(await refundEmails(founder.email)).toHaveLength(1);
  });

  it('keeps one purchase when two sessions complete at the same moment, 20 times over', async () => {
    const affiliate = await approvedAffiliate();
    const totals = { payments: 0, purchases: 0, refunds: 0, commissions: 0, emails: 0 };
    for (let race = 0; race < 20; race++) {
      const founder = await referredBy(affiliate.code);
      const sessions = await twoSessions(founder.jar);
      const events = await Promise.all(sessions.map((session) => signedEvent('checkout.session.completed', paidSession(session))));
      // Each event delivered twice at once, as Stripe's retries overlap: four deliveries together.
      const responses = await Promise.all([...events, ...events].map((event) => deliver(event)));
      expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200]);

      const statuses = await statusesOf(founder.email);
      expect(statuses).toEqual(['duplicate_refunded', 'paid']);
      expect(await planOf(founder.email)).toBe('pro');
      const refunds = (await Promise.all(sessions.map((session) => refundsOf(session.payment_intent as string)))).flat();
      expect(refunds).toHaveLength(1);
      totals.payments += statuses.length;
      totals.purchases += statuses.filter((status) => status === 'paid').length;
      totals.refunds += refunds.length;
      totals.emails += (await refundEmails(founder.email)).length;
    }
    totals.commissions = (await ledgerOf(affiliate.code)).filter((line) => line.kind === 'commission').length;
    console.info('Double purchase, 20 races:', totals);
    expect(totals).toEqual({ payments: 40, purchases: 20, refunds: 20, commissions: 20, emails: 20 });
  });
});

describe('a payment that is not the price', () => {
  const cases = [
    { name: 'in yen', overrides: { currency: 'jpy', amount_subtotal: 14900, amount_total: 14900 }, reason: 'currency' },
    { name: 'in euros', overrides: { currency: 'eur', amount_subtotal: 13700, amount_total: 13700 }, reason: 'currency' },
    {
      name: 'with a tax larger than its total',
      overrides: { amount_total: 9800, total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 14900 } },
      reason: 'amount',
    },
    { name: 'of another amount', overrides: { amount_subtotal: 99900, amount_total: 99900 }, reason: 'amount' },
  ];
  for (const { name, overrides, reason } of cases) {
    it(`${name}: is recorded for the operator with no commission`, async () => {
      const affiliate = await approvedAffiliate();
      const founder = await referredBy(affiliate.code);
      const session = await startCheckout(founder.jar);
      expect((await deliver(await signedEvent('checkout.session.completed', paidSession(session, overrides)))).status).toBe(200);
      const [payment] = await paymentsOfUser(await userIdOf(founder.email));
      expect(payment).toMatchObject({ status: 'paid', review_reason: reason });
      expect(await ledgerOf(affiliate.code)).toEqual([]);
    });
  }

  it('keeps the ledger in the price’s currency: every line has one, and balances sum only it', async () => {
    const affiliate = await approvedAffiliate();
    const founder = await referredBy(affiliate.code);
    const session = await startCheckout(founder.jar);
    await deliver(await signedEvent('checkout.session.completed', paidSession(session)));
    const lines = await db()
      .prepare('SELECT l.amount, l.currency FROM affiliate_ledger l JOIN affiliates a ON a.id = l.affiliate_id WHERE a.referral_code = ?1')
      .bind(affiliate.code)
      .all<{ amount: number; currency: string }>();
    expect(lines.results).toEqual([{ amount: 2980, currency: 'usd' }]);
    // A line in another currency, however it came, never joins the dollar balance.
    await db()
      .prepare(
        `INSERT INTO affiliate_ledger (affiliate_id, kind, amount, currency, available_at) SELECT id, 'commission', 5000, 'eur', 0 FROM affiliates WHERE referral_code = ?1`,
      )
      .bind(affiliate.code)
      .run();
    const me = await (await request('/api/affiliate/me', {}, { jar: affiliate.jar })).json<{ affiliate: { balances: { pending: number; payable: number } } }>();
    expect(me.affiliate.balances.pending + me.affiliate.balances.payable).toBe(2980);
  });
});

describe('self-referral through another form of the affiliate’s address', () => {
  it('knows the forms of one mailbox', () => {
    expect(canonicalEmail('Priya.Raman+shop@Gmail.com')).toBe('priyaraman@gmail.com');
    expect(canonicalEmail('p.r.i.y.a.raman@googlemail.com')).toBe('priyaraman@gmail.com');
    expect(canonicalEmail('priya+launch@outlook.com')).toBe('priya@outlook.com');
    expect(canonicalEmail('PRIYA@Example.com')).toBe('priya@example.com');
    // Dots matter outside Gmail: these are two people.
    expect(canonicalEmail('priya.raman@example.com')).not.toBe(canonicalEmail('priyaraman@example.com'));
  });

  const aliases = [
    (local: string, domain: string) => `${local}+shop@${domain}`,
    (local: string, domain: string) => `${local.toUpperCase()}@${domain.toUpperCase()}`,
    (local: string, domain: string) => `${local.slice(0, 3)}.${local.slice(3)}@${domain}`,
    (local: string) => `${local}@googlemail.com`,
  ];
  for (const [index, alias] of aliases.entries()) {
    it(`earns nothing when the buyer writes the affiliate’s Gmail address as form ${index + 1}`, async () => {
      const affiliate = await approvedAffiliate();
      const local = `priyaraman${Date.now().toString(36)}${index}`;
      await db().prepare('UPDATE affiliates SET email = ?1 WHERE referral_code = ?2').bind(`${local}@gmail.com`, affiliate.code).run();
      const founder = await referredBy(affiliate.code);
      await db().prepare('UPDATE users SET email = ?1 WHERE email = ?2').bind(alias(local, 'gmail.com'), founder.email).run();
      const session = await startCheckout(founder.jar);
      expect((await deliver(await signedEvent('checkout.session.completed', paidSession(session)))).status).toBe(200);
      expect(await ledgerOf(affiliate.code)).toEqual([]);
    });
  }

  it('earns nothing when the buyer’s address is the affiliate’s payout address with a tag, and still pays for a stranger', async () => {
    const affiliate = await approvedAffiliate();
    const founder = await referredBy(affiliate.code);
    await db()
      .prepare('UPDATE users SET email = ?1 WHERE email = ?2')
      .bind(`payouts+${Date.now().toString(36)}@example.com`, founder.email)
      .run();
    const session = await startCheckout(founder.jar);
    await deliver(await signedEvent('checkout.session.completed', paidSession(session)));
    expect(await ledgerOf(affiliate.code)).toEqual([]);

    const stranger = await referredBy(affiliate.code);
    const theirs = await startCheckout(stranger.jar);
    await deliver(await signedEvent('checkout.session.completed', paidSession(theirs)));
    expect(await ledgerOf(affiliate.code)).toEqual([expect.objectContaining({ kind: 'commission', amount: 2980 })]);
  });
});

describe('webhook signatures dated in the future', () => {
  it('refuses a valid signature dated more than 5 minutes ahead, and accepts one within them', async () => {
    const founder = await signedInUser();
    const session = await startCheckout(founder.jar);
    const now = Math.floor(Date.now() / 1000);
    for (const ahead of [10 * 365 * 24 * 3600, 301 + 5]) {
      const response = await deliver(await signedEvent('checkout.session.completed', paidSession(session), { timestamp: now + ahead }));
      expect(response.status, `${ahead} s ahead`).toBe(400);
      expect(await response.json()).toEqual({ error: 'The webhook signature is not valid.' });
    }
    expect(await planOf(founder.email)).toBe('free');
    const clockSkew = await deliver(await signedEvent('checkout.session.completed', paidSession(session), { timestamp: now + 60 }));
    expect(clockSkew.status).toBe(200);
    expect(await planOf(founder.email)).toBe('pro');
  });
});
