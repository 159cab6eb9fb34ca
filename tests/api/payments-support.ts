import { env } from 'cloudflare:workers';
import Stripe from 'stripe';
import { expect } from 'vitest';
import type { CheckoutAnswer } from '#contracts/billing';
import { CookieJar, db, freshClient, freshEmail, latestLink, postJson, rawRequest, request, signedInUser, tokenOf } from '../utils';

/**
 * Helpers of the payment tests: the real SDK pointed at the fake Stripe (tests/fakes/stripe.ts),
 * events signed with the SDK's own test header helper, and founders who buy.
 */

const fakeUrl = new URL(env.FAKE_STRIPE_URL);
/** The SDK as a test (or an operator's script) would use it, against the fake. */
export const stripe = new Stripe('sk_test_launchmate_fake', {
  httpClient: Stripe.createFetchHttpClient(),
  protocol: 'http',
  host: fakeUrl.hostname,
  port: fakeUrl.port,
});
const cryptoProvider = Stripe.createSubtleCryptoProvider();

let eventCounter = 0;
export const eventId = () => `evt_test_${Date.now().toString(36)}_${++eventCounter}`;

export interface SignedEvent {
  body: string;
  signature: string;
}

/**
 * A Stripe event as Stripe sends it, signed with the webhook secret the Worker is configured
 * with. In workerd the SDK signs asynchronously (SubtleCrypto has no synchronous HMAC), so this
 * is `generateTestHeaderStringAsync`, the async form of `generateTestHeaderString`.
 */
export async function signedEvent(type: string, object: object, options: { id?: string; secret?: string; timestamp?: number } = {}): Promise<SignedEvent> {
  const body = JSON.stringify({
    id: options.id ?? eventId(),
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object },
  });
  const signature = await stripe.webhooks.generateTestHeaderStringAsync({
    payload: body,
    secret: options.secret ?? env.STRIPE_WEBHOOK_SECRET!,
    timestamp: options.timestamp,
    cryptoProvider,
  });
  return { body, signature };
}

export function deliver(event: SignedEvent, headers: Record<string, string> = {}, settings: Partial<Cloudflare.Env> = {}) {
  return rawRequest(
    '/api/stripe/webhook',
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': event.signature, ...headers },
      body: event.body,
    },
    { env: settings },
  );
}

export const userIdOf = async (email: string) => (await db().prepare('SELECT id FROM users WHERE email = ?').bind(email).first<{ id: string }>())!.id;
export const planOf = async (email: string) => (await db().prepare('SELECT plan FROM users WHERE email = ?').bind(email).first<{ plan: string }>())!.plan;

export const paymentsOfUser = async (userId: string) =>
  (await db().prepare('SELECT * FROM payments WHERE user_id = ? ORDER BY created_at').bind(userId).all<Record<string, unknown>>()).results;

export const ledgerOf = async (code: string) =>
  (
    await db()
      .prepare(
        'SELECT l.kind, l.amount, l.available_at, l.reference FROM affiliate_ledger l JOIN affiliates a ON a.id = l.affiliate_id WHERE a.referral_code = ? ORDER BY l.id',
      )
      .bind(code)
      .all<{ kind: string; amount: number; available_at: number; reference: string | null }>()
  ).results;

/** 'Get Pro' for a signed-in founder: the Checkout session the fake Stripe created. */
export async function startCheckout(jar: CookieJar) {
  const response = await postJson('/api/billing/checkout', {}, {}, { jar });
  expect(response.status).toBe(200);
  const answer = await response.json<CheckoutAnswer>();
  if (answer.kind !== 'redirect') throw new Error(`Expected a redirect to Checkout, got ${JSON.stringify(answer)}`);
  const sessionId = new URL(answer.url).pathname.split('/').pop()!;
  return stripe.checkout.sessions.retrieve(sessionId);
}

/** What Stripe sends when that session is paid. */
export const paidSession = (session: Stripe.Checkout.Session, overrides: Record<string, unknown> = {}) => ({
  ...session,
  status: 'complete',
  payment_status: 'paid',
  ...overrides,
});

/** A founder who bought Pro: the session, its completed event delivered and recorded. */
export async function buyer(jar?: CookieJar, settings: Partial<Cloudflare.Env> = {}) {
  const founder = jar ? { jar, email: '' } : await signedInUser();
  const session = await startCheckout(founder.jar);
  const completed = await signedEvent('checkout.session.completed', paidSession(session));
  expect((await deliver(completed, {}, settings)).status).toBe(200);
  return { ...founder, session, completed };
}

/** The charge as `charge.refunded` carries it, after a full refund through Stripe. */
export async function refundedCharge(session: Stripe.Checkout.Session) {
  const paymentIntent = session.payment_intent as string;
  const refund = await stripe.refunds.create({ payment_intent: paymentIntent });
  return stripe.charges.retrieve(refund.charge as string);
}

let codeCounter = 0;
export const freshCode = (label = 'partner') => `${label}_${Date.now().toString(36)}-${++codeCounter}`;

/** An approved affiliate with an account of its own (as `npm run affiliate -- approve` leaves it). */
export async function approvedAffiliate() {
  const founder = await signedInUser();
  const code = freshCode();
  const applied = await postJson(
    '/api/general/affiliate-application',
    {
      name: 'Priya Raman',
      email: founder.email,
      socialProfile: 'https://x.com/priya',
      referralCode: code,
      paypalEmail: 'payouts@example.com',
      whyLaunchmate: 'I coach first-time founders.',
      promotionStrategy: 'A newsletter.',
    },
    {},
    { jar: founder.jar },
  );
  expect(applied.status).toBe(201);
  await db()
    .prepare(`UPDATE affiliates SET status = 'approved', reviewed_at = ?2, user_id = (SELECT id FROM users WHERE email = ?3) WHERE referral_code = ?1`)
    .bind(code, Date.now(), founder.email)
    .run();
  return { ...founder, code };
}

/** A founder who followed the affiliate's link and then signed up and verified. */
export async function referredFounder(code: string, jar = new CookieJar()) {
  expect((await request(`/api/affiliate/register-click/${code}`, { method: 'POST' }, { jar })).status).toBe(200);
  const email = freshEmail('referred');
  const signUp = await postJson('/api/auth/sign-up', { email, password: 'a long enough password' }, { 'CF-Connecting-IP': freshClient() }, { jar });
  expect(signUp.status).toBe(200);
  const verified = await request(`/api/auth/verify-email/${tokenOf(await latestLink(email, '/verify-email/'))}`, { method: 'POST' }, { jar });
  expect(verified.status).toBe(200);
  return { email, jar };
}
