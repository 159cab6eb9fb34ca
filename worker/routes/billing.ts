import { Hono } from 'hono';
import {
  CHECKOUT_SESSION_SHAPE,
  LOCAL_TEST_SESSION_PREFIX,
  PRO_PRICE,
  PRO_SESSION_METADATA,
  type BillingSummary,
  type CheckoutAnswer,
  type CheckoutStatus,
} from '#contracts/billing';
import { z } from '#contracts/zod';
import { findUserById } from '../db/queries/accounts';
import { paymentOfSession, paymentsOf, recordCheckoutSession } from '../db/queries/payments';
import type { AppEnv } from '../env';
import { jsonBody, limitBody, noBody } from '../middleware/validate';
import { processWebhook } from '../services/fulfilment';
import { requireUser, type SignedInEnv } from '../services/sessions';
import { createProCheckout, LOCAL_TEST_WEBHOOK_SECRET, purchaseMode, signPayload, WEBHOOK_BODY_MAX, webhookSecret } from '../services/stripe';
import { getDb } from '../db/client';

const SIGNED_OUT = { error: 'Please sign in to continue.' } as const;
const ALREADY_PRO = { error: 'You already have Pro: there is nothing more to buy.' } as const;
const CHECKOUT_UNAVAILABLE = { error: 'Payments are not available right now. Nothing was charged; please try again in a few minutes.' } as const;
/** A double click (or a second tab) within this window gets the same Checkout session from Stripe. */
const CHECKOUT_REUSE_MS = 10 * 60 * 1000;

const TestCheckoutSchema = z.strictObject({ sessionId: z.string().regex(CHECKOUT_SESSION_SHAPE, 'This checkout is not valid.') });

const randomId = () => crypto.randomUUID().replaceAll('-', '');

/**
 * The local test checkout's event: what Stripe would send when a Checkout session is paid, for
 * the signed-in founder, with no tax and no receipt. It goes through the webhook's own code.
 */
function localCheckoutEvent(sessionId: string, userId: string, email: string, referralCode: string | null) {
  const created = Math.floor(Date.now() / 1000);
  return {
    id: `evt_local_${randomId()}`,
    object: 'event',
    type: 'checkout.session.completed',
    created,
    livemode: false,
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        mode: 'payment',
        payment_status: 'paid',
        status: 'complete',
        client_reference_id: userId,
        customer_email: email,
        currency: PRO_PRICE.currency,
        amount_subtotal: PRO_PRICE.amount,
        amount_total: PRO_PRICE.amount,
        total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
        payment_intent: `pi_local_${randomId()}`,
        invoice: null,
        metadata: { ...PRO_SESSION_METADATA, userId, referral: referralCode ?? '' },
      },
    },
  };
}

const signedIn = new Hono<SignedInEnv>()
  .use('*', requireUser)

  /** The plan, how Pro can be bought here, and the payments: billing in account settings. */
  .get('/', async (c) => {
    const me = await findUserById(getDb(c.env.DB), c.var.userId);
    if (!me) return c.json(SIGNED_OUT, 401);
    const summary: BillingSummary = { plan: me.plan, purchaseMode: purchaseMode(c.env, c.req.raw), payments: await paymentsOf(c.env.DB, me.id) };
    return c.json(summary, 200);
  })

  /**
   * 'Get Pro': a Stripe Checkout session to redirect to, the local test checkout, or (with no
   * payments on this deployment) the recorded wish. A founder who has Pro is never charged again.
   */
  .post('/checkout', noBody, async (c) => {
    const db = getDb(c.env.DB);
    const me = await findUserById(db, c.var.userId);
    if (!me) return c.json(SIGNED_OUT, 401);
    if (me.plan === 'pro') return c.json(ALREADY_PRO, 409);

    const mode = purchaseMode(c.env, c.req.raw);
    if (mode === 'interest') {
      await c.env.DB.prepare('INSERT INTO pro_interest (user_id, email) VALUES (?1, ?2) ON CONFLICT DO NOTHING').bind(me.id, me.email).run();
      return c.json({ kind: 'interest', email: me.email } satisfies CheckoutAnswer, 200);
    }
    if (mode === 'local-test') {
      const url = `/pro/test-checkout?session_id=${LOCAL_TEST_SESSION_PREFIX}${randomId()}`;
      return c.json({ kind: 'redirect', url } satisfies CheckoutAnswer, 200);
    }
    try {
      const window = Math.floor(Date.now() / CHECKOUT_REUSE_MS);
      const session = await createProCheckout(
        c.env,
        { userId: me.id, email: me.email, referralCode: me.referredBy, appUrl: c.env.APP_URL },
        `pro-checkout:${me.id}:${window}`,
      );
      // Kept so that the purchase, whichever session it comes through, can expire the others.
      await recordCheckoutSession(c.env.DB, session.id, me.id);
      return c.json({ kind: 'redirect', url: session.url } satisfies CheckoutAnswer, 200);
    } catch (error) {
      console.error('Checkout session not created', { reason: error instanceof Error ? error.message.slice(0, 500) : String(error) });
      return c.json(CHECKOUT_UNAVAILABLE, 502);
    }
  })

  /** The return page's question: has the webhook recorded this session's payment yet? */
  .get('/checkout/:sessionId', async (c) => {
    const sessionId = c.req.param('sessionId');
    if (!CHECKOUT_SESSION_SHAPE.test(sessionId)) return c.json({ error: 'This checkout is not valid.' }, 400);
    const [me, payment] = await Promise.all([findUserById(getDb(c.env.DB), c.var.userId), paymentOfSession(c.env.DB, c.var.userId, sessionId)]);
    if (!me) return c.json(SIGNED_OUT, 401);
    const status: CheckoutStatus = { recorded: payment !== null, status: payment?.status ?? null, plan: me.plan };
    return c.json(status, 200);
  })

  /**
   * The local test checkout's 'Pay': only where it is offered (development or test without Stripe
   * keys, on a loopback address). Signs the event Stripe would send and hands it to the webhook code.
   */
  .post('/test-checkout', limitBody(4 * 1024), jsonBody(TestCheckoutSchema), async (c) => {
    if (purchaseMode(c.env, c.req.raw) !== 'local-test') return c.json({ error: 'Not found.' }, 404);
    const { sessionId } = c.req.valid('json');
    const me = await findUserById(getDb(c.env.DB), c.var.userId);
    if (!me) return c.json(SIGNED_OUT, 401);
    if (me.plan === 'pro') return c.json(ALREADY_PRO, 409);
    const payload = JSON.stringify(localCheckoutEvent(sessionId, me.id, me.email, me.referredBy));
    const result = await processWebhook(c.env, payload, await signPayload(payload, LOCAL_TEST_WEBHOOK_SECRET), LOCAL_TEST_WEBHOOK_SECRET);
    if (result.status !== 200) return c.json({ error: 'The test payment was not recorded.' }, 500);
    return c.json({ url: `/pro/welcome?session_id=${sessionId}` }, 200);
  });

export const billing = new Hono<AppEnv>().route('/', signedIn);

/**
 * POST /api/stripe/webhook: Stripe's deliveries, cross-site and unauthenticated by nature, so
 * exempt from the Origin check (worker/index.ts). The signature over the raw body is the proof.
 */
export const stripeWebhook = new Hono<AppEnv>().post(
  '/webhook',
  // Refused with 400 like any other delivery that is not Stripe's (decision 38); nothing is read past the cap.
  limitBody(WEBHOOK_BODY_MAX, { status: 400, error: 'The webhook body is too large.' }),
  async (c) => {
    const secret = webhookSecret(c.env, c.req.raw);
    if (!secret) return c.json({ error: 'Payments are not configured.' }, 404);
    const result = await processWebhook(c.env, await c.req.text(), c.req.header('Stripe-Signature'), secret);
    return c.json(result.body, result.status);
  },
);
