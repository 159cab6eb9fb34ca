import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { AccountExport } from '#contracts/user';
import type { BillingSummary, CheckoutStatus } from '#contracts/billing';
import { CookieJar, db, fake, postJson, request, signedInUser } from '../utils';
import {
  approvedAffiliate,
  buyer,
  deliver,
  ledgerOf,
  paidSession,
  paymentsOfUser,
  planOf,
  referredFounder,
  refundedCharge,
  signedEvent,
  startCheckout,
  userIdOf,
} from './payments-support';

const count = async (sql: string, ...values: unknown[]) =>
  (await db()
    .prepare(sql)
    .bind(...values)
    .first<{ n: number }>())!.n;
const paymentCount = (sessionId: string) => count('SELECT count(*) AS n FROM payments WHERE checkout_session_id = ?', sessionId);
const createProject = (jar: CookieJar, name: string) => postJson('/api/project', { name }, {}, { jar });

describe('POST /api/stripe/webhook: signatures', () => {
  it('refuses a missing, wrong or stale signature and a tampered or oversized body with 400, changing nothing', async () => {
    const founder = await signedInUser();
    const session = await startCheckout(founder.jar);
    const good = await signedEvent('checkout.session.completed', paidSession(session));

    const attempts = [
      { name: 'missing', event: { body: good.body, signature: '' } },
      { name: 'wrong secret', event: await signedEvent('checkout.session.completed', paidSession(session), { secret: 'whsec_not_ours' }) },
      { name: 'tampered body', event: { body: good.body.replace('"paid"', '"paid" '), signature: good.signature } },
      { name: 'garbage header', event: { body: good.body, signature: 't=1,v1=00' } },
      {
        name: 'ten minutes old',
        event: await signedEvent('checkout.session.completed', paidSession(session), { timestamp: Math.floor(Date.now() / 1000) - 600 }),
      },
    ];
    for (const { name, event } of attempts) {
      const response = await deliver(event, event.signature ? {} : { 'Stripe-Signature': '' });
      expect(response.status, name).toBe(400);
      expect(await response.json(), name).toHaveProperty('error');
    }
    const oversized = await signedEvent('checkout.session.completed', paidSession(session, { padding: 'x'.repeat(70 * 1024) }));
    const tooLarge = await deliver(oversized);
    expect(tooLarge.status).toBe(400);
    expect(await tooLarge.json()).toEqual({ error: 'The webhook body is too large.' });

    expect(await paymentCount(session.id)).toBe(0);
    expect(await planOf(founder.email)).toBe('free');
    // The genuine event still works afterwards.
    expect((await deliver(good)).status).toBe(200);
    expect(await planOf(founder.email)).toBe('pro');
  });

  it('answers other event types 200 without recording anything', async () => {
    const event = await signedEvent('customer.created', { id: 'cus_1', object: 'customer' });
    const response = await deliver(event);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, ignored: true });
    expect(await count('SELECT count(*) AS n FROM stripe_events WHERE id = ?', JSON.parse(event.body).id)).toBe(0);
  });
});

describe('checkout.session.completed', () => {
  it('records the payment with its receipt and invoice, grants Pro and lifts the project limit', async () => {
    const founder = await signedInUser();
    expect((await createProject(founder.jar, 'First')).status).toBe(201);
    expect((await createProject(founder.jar, 'Second')).status).toBe(403);

    const session = await startCheckout(founder.jar);
    const before = await (await request(`/api/billing/checkout/${session.id}`, {}, { jar: founder.jar })).json<CheckoutStatus>();
    expect(before).toEqual({ recorded: false, status: null, plan: 'free' });

    const response = await deliver(await signedEvent('checkout.session.completed', paidSession(session)));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });

    expect(await planOf(founder.email)).toBe('pro');
    const after = await (await request(`/api/billing/checkout/${session.id}`, {}, { jar: founder.jar })).json<CheckoutStatus>();
    expect(after).toEqual({ recorded: true, status: 'paid', plan: 'pro' });

    const billing = await (await request('/api/billing', {}, { jar: founder.jar })).json<BillingSummary>();
    expect(billing.plan).toBe('pro');
    expect(billing.payments).toHaveLength(1);
    expect(billing.payments[0]).toMatchObject({
      status: 'paid',
      currency: 'usd',
      amountTotal: 14900,
      amountTax: 0,
      amountWithoutTax: 14900,
      receiptUrl: expect.stringMatching(/\/receipts\/ch_test_/),
      invoiceUrl: expect.stringMatching(/\/invoices\/in_test_/),
      invoicePdfUrl: expect.stringMatching(/\/invoices\/in_test_.*\.pdf$/),
    });
    for (const name of ['Second', 'Third', 'Fourth', 'Fifth']) expect((await createProject(founder.jar, name)).status).toBe(201);
    expect((await createProject(founder.jar, 'Sixth')).status).toBe(403);
  });

  it('stores the amount without tax that Stripe Tax added', async () => {
    const founder = await signedInUser();
    const session = await startCheckout(founder.jar);
    const taxed = paidSession(session, { amount_total: 18029, total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 3129 } });
    expect((await deliver(await signedEvent('checkout.session.completed', taxed))).status).toBe(200);
    const [payment] = await paymentsOfUser(await userIdOf(founder.email));
    expect(payment).toMatchObject({ amount_total: 18029, amount_tax: 3129, amount_without_tax: 14900 });
  });

  it('is applied once however often it arrives: repeated, replayed later, or 50 deliveries at once', async () => {
    const affiliate = await approvedAffiliate();
    const founder = await referredFounder(affiliate.code);
    const session = await startCheckout(founder.jar);
    const event = await signedEvent('checkout.session.completed', paidSession(session));

    const responses = await Promise.all(Array.from({ length: 50 }, () => deliver(event)));
    expect(responses.map((r) => r.status)).toEqual(Array(50).fill(200));
    const bodies = await Promise.all(responses.map((r) => r.json<{ duplicate?: boolean }>()));
    expect(bodies.filter((b) => !b.duplicate)).toHaveLength(1);

    // A replay of the same event later, and another event about the same session.
    expect(await (await deliver(event)).json()).toEqual({ received: true, duplicate: true });
    expect((await deliver(await signedEvent('checkout.session.completed', paidSession(session)))).status).toBe(200);

    expect(await paymentCount(session.id)).toBe(1);
    expect(await planOf(founder.email)).toBe('pro');
    expect(await ledgerOf(affiliate.code)).toEqual([expect.objectContaining({ kind: 'commission', amount: 2980 })]);
  });

  it('ignores sessions that are not a Pro purchase of an account', async () => {
    const founder = await signedInUser();
    const session = await startCheckout(founder.jar);
    for (const overrides of [{ metadata: {} }, { client_reference_id: null }, { mode: 'subscription' }]) {
      expect((await deliver(await signedEvent('checkout.session.completed', paidSession(session, overrides)))).status).toBe(200);
    }
    expect(await paymentCount(session.id)).toBe(0);
    expect(await planOf(founder.email)).toBe('free');
  });

  it('writes nothing when Stripe cannot give the receipt, so that its retry succeeds', async () => {
    const founder = await signedInUser();
    const session = await startCheckout(founder.jar);
    const event = await signedEvent('checkout.session.completed', paidSession(session));
    await fake(env.FAKE_STRIPE_URL, { retrieveStatus: 500 });
    try {
      const failed = await deliver(event);
      expect(failed.status).toBe(503);
      expect(JSON.stringify(await failed.json())).not.toMatch(/fake|stack|500/i);
      expect(await paymentCount(session.id)).toBe(0);
    } finally {
      await fake(env.FAKE_STRIPE_URL);
    }
    expect((await deliver(event)).status).toBe(200);
    expect(await planOf(founder.email)).toBe('pro');
  });
});

describe('delayed payment methods', () => {
  it('grant Pro only when the payment succeeds, and nothing when it fails', async () => {
    const waiting = await signedInUser();
    const session = await startCheckout(waiting.jar);
    await deliver(await signedEvent('checkout.session.completed', paidSession(session, { payment_status: 'unpaid' })));
    expect((await paymentsOfUser(await userIdOf(waiting.email)))[0]).toMatchObject({ status: 'pending', paid_at: null });
    expect(await planOf(waiting.email)).toBe('free');
    await deliver(await signedEvent('checkout.session.async_payment_succeeded', paidSession(session)));
    expect((await paymentsOfUser(await userIdOf(waiting.email)))[0]).toMatchObject({ status: 'paid' });
    expect(await planOf(waiting.email)).toBe('pro');

    const failing = await signedInUser();
    const second = await startCheckout(failing.jar);
    await deliver(await signedEvent('checkout.session.completed', paidSession(second, { payment_status: 'unpaid' })));
    await deliver(await signedEvent('checkout.session.async_payment_failed', paidSession(second, { payment_status: 'unpaid' })));
    expect((await paymentsOfUser(await userIdOf(failing.email)))[0]).toMatchObject({ status: 'failed', paid_at: null });
    expect(await planOf(failing.email)).toBe('free');
  });
});

describe('refunds and disputes', () => {
  it('a refund returns the account to Free: its projects stay, it cannot start another; the commission is reversed', async () => {
    const affiliate = await approvedAffiliate();
    const founder = await referredFounder(affiliate.code);
    const { session } = await buyer(founder.jar);
    for (const name of ['One', 'Two', 'Three']) expect((await createProject(founder.jar, name)).status).toBe(201);

    const charge = await refundedCharge(session);
    const refund = await signedEvent('charge.refunded', charge);
    expect((await deliver(refund)).status).toBe(200);
    expect((await deliver(refund)).status).toBe(200);

    expect(await planOf(founder.email)).toBe('free');
    expect((await paymentsOfUser(await userIdOf(founder.email)))[0]).toMatchObject({ status: 'refunded', reversed_at: expect.any(Number) });
    const projects = await (await request('/api/project/', {}, { jar: founder.jar })).json<{ projects: unknown[] }>();
    expect(projects.projects).toHaveLength(3);
    expect((await createProject(founder.jar, 'Four')).status).toBe(403);
    expect((await ledgerOf(affiliate.code)).map((line) => [line.kind, line.amount])).toEqual([
      ['commission', 2980],
      ['reversal', -2980],
    ]);
  });

  it('a partial refund keeps the purchase', async () => {
    const { email, session } = await buyer();
    const charge = await refundedCharge(session);
    await deliver(await signedEvent('charge.refunded', { ...charge, refunded: false, amount_refunded: 1000 }));
    expect(await planOf(email)).toBe('pro');
  });

  it('a refund delivered before its checkout: the payment is stored refunded, with no Pro and no commission', async () => {
    const affiliate = await approvedAffiliate();
    const founder = await referredFounder(affiliate.code);
    const session = await startCheckout(founder.jar);
    const charge = await refundedCharge(session);

    expect((await deliver(await signedEvent('charge.refunded', charge))).status).toBe(200);
    expect((await deliver(await signedEvent('checkout.session.completed', paidSession(session)))).status).toBe(200);

    expect(await planOf(founder.email)).toBe('free');
    expect((await paymentsOfUser(await userIdOf(founder.email)))[0]).toMatchObject({ status: 'refunded', paid_at: expect.any(Number) });
    expect(await ledgerOf(affiliate.code)).toEqual([]);
  });

  it('a dispute keeps Pro while open; lost, it returns the account to Free and reverses the commission; won, it changes nothing', async () => {
    const affiliate = await approvedAffiliate();
    const losing = await referredFounder(affiliate.code);
    const { session } = await buyer(losing.jar);
    const dispute = { id: 'dp_1', object: 'dispute', payment_intent: session.payment_intent, charge: 'ch_1', status: 'needs_response' };
    await deliver(await signedEvent('charge.dispute.created', dispute));
    expect((await paymentsOfUser(await userIdOf(losing.email)))[0]).toMatchObject({ status: 'disputed' });
    expect(await planOf(losing.email)).toBe('pro');
    await deliver(await signedEvent('charge.dispute.closed', { ...dispute, status: 'lost' }));
    expect((await paymentsOfUser(await userIdOf(losing.email)))[0]).toMatchObject({ status: 'dispute_lost' });
    expect(await planOf(losing.email)).toBe('free');
    expect((await ledgerOf(affiliate.code)).map((line) => line.amount)).toEqual([2980, -2980]);

    const winning = await buyer();
    const won = { id: 'dp_2', object: 'dispute', payment_intent: winning.session.payment_intent, charge: 'ch_2', status: 'needs_response' };
    await deliver(await signedEvent('charge.dispute.created', won));
    await deliver(await signedEvent('charge.dispute.closed', { ...won, status: 'won' }));
    expect((await paymentsOfUser(await userIdOf(winning.email)))[0]).toMatchObject({ status: 'paid' });
    expect(await planOf(winning.email)).toBe('pro');
  });
});

describe('commissions', () => {
  it('are 20% of the amount without tax, pending for the refund window', async () => {
    const affiliate = await approvedAffiliate();
    const founder = await referredFounder(affiliate.code);
    const session = await startCheckout(founder.jar);
    const started = Date.now();
    const taxed = paidSession(session, { amount_total: 18029, total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 3129 } });
    await deliver(await signedEvent('checkout.session.completed', taxed));
    const [line] = await ledgerOf(affiliate.code);
    expect(line).toMatchObject({ kind: 'commission', amount: 2980 });
    const windowMs = Number(env.AFFILIATE_REFUND_WINDOW_DAYS) * 24 * 60 * 60 * 1000;
    expect(line!.available_at).toBeGreaterThanOrEqual(started + windowMs);
    expect(line!.available_at).toBeLessThan(Date.now() + windowMs + 1);
  });

  it('are not earned by an affiliate buying through their own link', async () => {
    const affiliate = await approvedAffiliate();
    // The affiliate follows their own link in their own browser, then buys.
    expect((await request(`/api/affiliate/register-click/${affiliate.code}`, { method: 'POST' }, { jar: affiliate.jar })).status).toBe(200);
    await db().prepare('UPDATE users SET referred_by = ? WHERE email = ?').bind(affiliate.code, affiliate.email).run();
    await buyer(affiliate.jar);
    expect(await planOf(affiliate.email)).toBe('pro');
    expect(await ledgerOf(affiliate.code)).toEqual([]);
  });

  it('are not earned for a payment more than a year after sign-up, nor by a rejected affiliate', async () => {
    const affiliate = await approvedAffiliate();
    const late = await referredFounder(affiliate.code);
    await db()
      .prepare('UPDATE users SET created_at = ? WHERE email = ?')
      .bind(Date.now() - 366 * 24 * 60 * 60 * 1000, late.email)
      .run();
    await buyer(late.jar);
    expect(await ledgerOf(affiliate.code)).toEqual([]);

    const rejected = await approvedAffiliate();
    const referred = await referredFounder(rejected.code);
    await db().prepare(`UPDATE affiliates SET status = 'rejected' WHERE referral_code = ?`).bind(rejected.code).run();
    await buyer(referred.jar);
    expect(await ledgerOf(rejected.code)).toEqual([]);
  });
});

describe('the account', () => {
  it('exports its payments, and deleting it keeps the sales record without the account', async () => {
    const founder = await buyer();
    const exported = await (await request('/api/user/export', {}, { jar: founder.jar })).json<AccountExport>();
    expect(exported.payments).toEqual([
      expect.objectContaining({ status: 'paid', amountTotal: 14900, amountTax: 0, amountWithoutTax: 14900, receiptUrl: expect.stringContaining('/receipts/') }),
    ]);
    const userId = await userIdOf(founder.email);
    const deleted = await request(
      '/api/user',
      { method: 'DELETE', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ confirmation: founder.email }) },
      { jar: founder.jar },
    );
    expect(deleted.status).toBe(200);
    const kept = await db().prepare('SELECT user_id, status FROM payments WHERE checkout_session_id = ?').bind(founder.session.id).first();
    expect(kept).toEqual({ user_id: null, status: 'paid' });
    expect(await count('SELECT count(*) AS n FROM users WHERE id = ?', userId)).toBe(0);
  });
});
