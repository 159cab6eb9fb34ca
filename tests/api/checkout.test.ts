import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { BillingSummary, CheckoutAnswer, CheckoutStatus } from '#contracts/billing';
import { CookieJar, db, fake, fakeRequests, postJson, request, signedInUser } from '../utils';
import { approvedAffiliate, buyer, paymentsOfUser, planOf, referredFounder, userIdOf } from './payments-support';

const checkout = (jar: CookieJar, options: { env?: Partial<Cloudflare.Env>; headers?: Record<string, string> } = {}) =>
  postJson('/api/billing/checkout', {}, options.headers ?? {}, { jar, env: options.env });

/** No Stripe keys, as on a fresh machine (`npm start`) or a deployment without them. */
const withoutStripe = (environment: 'development' | 'production'): Partial<Cloudflare.Env> => ({
  ENVIRONMENT: environment,
  STRIPE_SECRET_KEY: undefined,
  STRIPE_WEBHOOK_SECRET: undefined,
  // Production needs its own secret: this one keeps the sessions the tests signed in with valid.
  ...(environment === 'production' ? { SESSION_SECRET: 'development-only-session-secret-never-used-in-production' } : {}),
});

const sessionCreations = async () => (await fakeRequests(env.FAKE_STRIPE_URL)).filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');

describe('POST /api/billing/checkout', () => {
  it('creates a $149 Checkout session for the signed-in founder, with the referral, and sends them to it', async () => {
    const affiliate = await approvedAffiliate();
    const founder = await referredFounder(affiliate.code);
    await fake(env.FAKE_STRIPE_URL);
    const response = await checkout(founder.jar);
    expect(response.status).toBe(200);
    const answer = await response.json<CheckoutAnswer>();
    expect(answer).toEqual({ kind: 'redirect', url: expect.stringMatching(new RegExp(`^${env.FAKE_STRIPE_URL}/pay/cs_test_`)) });

    const [sent] = await sessionCreations();
    const params = Object.fromEntries(new URLSearchParams(sent!.body));
    const userId = await userIdOf(founder.email);
    expect(params).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '14900',
      'line_items[0][price_data][tax_behavior]': 'exclusive',
      client_reference_id: userId,
      customer_email: founder.email,
      'metadata[product]': 'launchmate-pro',
      'metadata[userId]': userId,
      'metadata[referral]': affiliate.code,
      'automatic_tax[enabled]': 'true',
      'tax_id_collection[enabled]': 'true',
      'invoice_creation[enabled]': 'true',
      success_url: `${env.APP_URL}/pro/welcome?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${env.APP_URL}/pricing?checkout=cancelled`,
    });
    expect(sent!.headers['idempotency-key']).toMatch(new RegExp(`^pro-checkout:${userId}:`));
  });

  it('gives a double click the same session', async () => {
    const { jar } = await signedInUser();
    const [first, second] = await Promise.all([checkout(jar), checkout(jar)]);
    expect(await first.json<CheckoutAnswer>()).toEqual(await second.json<CheckoutAnswer>());
  });

  it('needs a session and the product’s own origin', async () => {
    expect((await checkout(new CookieJar())).status).toBe(401);
    const { jar } = await signedInUser();
    expect((await checkout(jar, { headers: { Origin: 'https://evil.example' } })).status).toBe(403);
  });

  it('never charges a founder who has Pro again', async () => {
    const { jar } = await buyer();
    await fake(env.FAKE_STRIPE_URL);
    const response = await checkout(jar);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: 'You already have Pro: there is nothing more to buy.' });
    expect(await sessionCreations()).toEqual([]);
  });

  it('says plainly that payments are unavailable when Stripe fails, and changes nothing', async () => {
    const { jar, email } = await signedInUser();
    await fake(env.FAKE_STRIPE_URL, { createStatus: 500 });
    try {
      const response = await checkout(jar);
      expect(response.status).toBe(502);
      expect(await response.json()).toEqual({ error: 'Payments are not available right now. Nothing was charged; please try again in a few minutes.' });
    } finally {
      await fake(env.FAKE_STRIPE_URL);
    }
    expect(await planOf(email)).toBe('free');
    expect(await paymentsOfUser(await userIdOf(email))).toEqual([]);
  });
});

describe('without Stripe keys', () => {
  it('in production, records the wish for Pro instead: never a broken button', async () => {
    const { jar, email } = await signedInUser();
    const response = await checkout(jar, { env: withoutStripe('production') });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ kind: 'interest', email });
    const row = await db()
      .prepare('SELECT email FROM pro_interest WHERE user_id = ?')
      .bind(await userIdOf(email))
      .first();
    expect(row).toEqual({ email });
    const billing = await (await request('/api/billing', {}, { jar, env: withoutStripe('production') })).json<BillingSummary>();
    expect(billing.purchaseMode).toBe('interest');
    // The local test checkout is not there.
    const pay = await postJson('/api/billing/test-checkout', { sessionId: 'cs_local_abc' }, {}, { jar, env: withoutStripe('production') });
    expect(pay.status).toBe(404);
    expect(await planOf(email)).toBe('free');
  });

  it('in development on a loopback address, opens the labelled local test checkout, which pays through the webhook code', async () => {
    const affiliate = await approvedAffiliate();
    const founder = await referredFounder(affiliate.code);
    const development = withoutStripe('development');
    const answer = await (await checkout(founder.jar, { env: development })).json<CheckoutAnswer>();
    expect(answer).toEqual({ kind: 'redirect', url: expect.stringMatching(/^\/pro\/test-checkout\?session_id=cs_local_[0-9a-f]{32}$/) });
    const sessionId = new URL(answer.kind === 'redirect' ? answer.url : '', env.APP_URL).searchParams.get('session_id')!;

    const before = await (await request(`/api/billing/checkout/${sessionId}`, {}, { jar: founder.jar, env: development })).json<CheckoutStatus>();
    expect(before.recorded).toBe(false);
    const pay = await postJson('/api/billing/test-checkout', { sessionId }, {}, { jar: founder.jar, env: development });
    expect(pay.status).toBe(200);
    expect(await pay.json()).toEqual({ url: `/pro/welcome?session_id=${sessionId}` });

    const after = await (await request(`/api/billing/checkout/${sessionId}`, {}, { jar: founder.jar, env: development })).json<CheckoutStatus>();
    expect(after).toEqual({ recorded: true, status: 'paid', plan: 'pro' });
    expect(await planOf(founder.email)).toBe('pro');
    const events = await db()
      .prepare(`SELECT count(*) AS n FROM stripe_events WHERE id LIKE 'evt_local_%' AND type = 'checkout.session.completed'`)
      .first<{ n: number }>();
    expect(events!.n).toBeGreaterThan(0);
    // Commission as for a real payment: 20% of $149.
    const line = await db()
      .prepare('SELECT l.amount FROM affiliate_ledger l JOIN affiliates a ON a.id = l.affiliate_id WHERE a.referral_code = ?')
      .bind(affiliate.code)
      .first<{ amount: number }>();
    expect(line).toEqual({ amount: 2980 });
    // Paying again is refused: no second charge.
    expect((await postJson('/api/billing/test-checkout', { sessionId }, {}, { jar: founder.jar, env: development })).status).toBe(409);
  });

  it('refuses a malformed test checkout and does not accept its secret where Stripe is configured', async () => {
    const { jar } = await signedInUser();
    const development = withoutStripe('development');
    for (const sessionId of ['', 'evt_1', 'cs_' + 'a'.repeat(300), 'cs_<script>']) {
      expect((await postJson('/api/billing/test-checkout', { sessionId }, {}, { jar, env: development })).status).toBe(400);
    }
    expect((await postJson('/api/billing/test-checkout', { sessionId: 'cs_local_x' }, {}, { jar })).status).toBe(404);
  });
});
