import Stripe from 'stripe';
import { PRO_PRICE, PRO_PRODUCT_NAME, PRO_SESSION_METADATA } from '#contracts/billing';
import type { Bindings } from '../env';
import { developmentFeatureAllowed } from './development';

/**
 * Stripe, through its official SDK, in the shape workerd runs: requests go through `fetch` and
 * signatures are checked with SubtleCrypto (docs/decisions/0038-payments-and-affiliate-ledger.md).
 * STRIPE_API_URL points the SDK elsewhere (tests/fakes/stripe.ts in the tests).
 */

/** How a purchase can happen on this deployment, for this request. */
export type PurchaseMode =
  /** Real Stripe Checkout: a secret key and a webhook secret are configured. */
  | 'stripe'
  /** No keys, development, a loopback address: the labelled local test checkout. */
  | 'local-test'
  /** No keys anywhere else: 'Get Pro' records interest, as before payments existed. */
  | 'interest';

/** Signs the local test checkout's events; never accepted where Stripe is configured. */
export const LOCAL_TEST_WEBHOOK_SECRET = 'whsec_launchmate_local_test_checkout_only';

/** The webhook refuses bodies above this: Stripe's events of interest are a few kilobytes. */
export const WEBHOOK_BODY_MAX = 64 * 1024;

/** Seconds a webhook signature stays valid (Stripe's own default). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export function purchaseMode(env: Bindings, request: Request): PurchaseMode {
  if (env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET) return 'stripe';
  return developmentFeatureAllowed(env, request, 'local-test-checkout') ? 'local-test' : 'interest';
}

/** The secret the webhook verifies against: Stripe's, or the local test checkout's. */
export function webhookSecret(env: Bindings, request: Request): string | null {
  if (env.STRIPE_WEBHOOK_SECRET) return env.STRIPE_WEBHOOK_SECRET;
  return purchaseMode(env, request) === 'local-test' ? LOCAL_TEST_WEBHOOK_SECRET : null;
}

const cryptoProvider = Stripe.createSubtleCryptoProvider();

function client(env: Bindings): Stripe {
  if (!env.STRIPE_SECRET_KEY) throw new Error('Stripe is not configured.');
  const base = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : null;
  return new Stripe(env.STRIPE_SECRET_KEY, {
    httpClient: Stripe.createFetchHttpClient(),
    // One retry: Stripe's idempotency keys make it safe, and the visitor is waiting.
    maxNetworkRetries: 1,
    timeout: 10_000,
    telemetry: false,
    ...(base ? { protocol: base.protocol === 'http:' ? 'http' : 'https', host: base.hostname, port: base.port || (base.protocol === 'http:' ? 80 : 443) } : {}),
  });
}

export class FutureSignatureError extends Error {
  override name = 'FutureSignatureError';
}

/** The signature header's timestamp (`t=`), or null when it has none. */
function signedAt(signature: string): number | null {
  const match = /(?:^|,)\s*t=(\d{1,12})(?:,|$)/.exec(signature);
  return match ? Number(match[1]) : null;
}

/**
 * Verifies a webhook's signature and timestamp and parses its event; throws when either is
 * wrong. The SDK refuses a timestamp older than the tolerance but not one ahead of now, so a
 * signature dated in the future is refused here, with the same tolerance (docs/security.md).
 */
export function verifiedEvent(rawBody: string, signature: string, secret: string, now = Date.now()): Promise<Stripe.Event> {
  const at = signedAt(signature);
  if (at !== null && at - Math.floor(now / 1000) > WEBHOOK_TOLERANCE_SECONDS) throw new FutureSignatureError('The signature is dated in the future.');
  return Stripe.webhooks.constructEventAsync(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS, cryptoProvider, now);
}

/** Signs a payload as Stripe would: the local test checkout's events (and the tests') use it. */
export function signPayload(payload: string, secret: string): Promise<string> {
  return Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret, cryptoProvider });
}

export interface CheckoutRequest {
  userId: string;
  email: string;
  referralCode: string | null;
  appUrl: string;
}

/**
 * A Checkout session for Pro: one line of $149 without tax, Stripe Tax adding what the buyer's
 * address calls for, business tax ids collected, and an invoice issued (decision 0038).
 * The idempotency key makes a double click within Stripe's 24 hours one session.
 */
export async function createProCheckout(env: Bindings, request: CheckoutRequest, idempotencyKey: string): Promise<{ id: string; url: string }> {
  const session = await client(env).checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: PRO_PRICE.currency,
            unit_amount: PRO_PRICE.amount,
            tax_behavior: 'exclusive',
            product_data: { name: PRO_PRODUCT_NAME, tax_code: 'txcd_10103001' },
          },
        },
      ],
      client_reference_id: request.userId,
      customer_email: request.email,
      customer_creation: 'always',
      metadata: { ...PRO_SESSION_METADATA, userId: request.userId, referral: request.referralCode ?? '' },
      payment_intent_data: { metadata: { userId: request.userId } },
      automatic_tax: { enabled: true },
      tax_id_collection: { enabled: true },
      billing_address_collection: 'required',
      invoice_creation: { enabled: true },
      // The price, the tax, the invoice and the commission are in US dollars: Adaptive Pricing,
      // which would charge a buyer in their own currency, is off (decision 0061).
      adaptive_pricing: { enabled: false },
      // Stripe fills in {CHECKOUT_SESSION_ID}; the braces must reach it unencoded.
      success_url: `${new URL(request.appUrl).origin}/pro/welcome?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: new URL('/pricing?checkout=cancelled', request.appUrl).href,
    },
    { idempotencyKey },
  );
  if (!session.url) throw new Error('Stripe answered a Checkout session without a URL.');
  return { id: session.id, url: session.url };
}

/** The links a paid session leaves behind: Stripe's receipt of the charge and the invoice. */
export interface PaymentDocuments {
  receiptUrl: string | null;
  invoiceUrl: string | null;
  invoicePdfUrl: string | null;
}

export async function paymentDocuments(env: Bindings, checkoutSessionId: string): Promise<PaymentDocuments> {
  const session = await client(env).checkout.sessions.retrieve(checkoutSessionId, { expand: ['invoice', 'payment_intent.latest_charge'] });
  const invoice = typeof session.invoice === 'object' ? session.invoice : null;
  const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
  const charge = intent && typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  return {
    receiptUrl: charge?.receipt_url ?? null,
    invoiceUrl: invoice?.hosted_invoice_url ?? null,
    invoicePdfUrl: invoice?.invoice_pdf ?? null,
  };
}

/**
 * Expires a Checkout session so that it can no longer be paid. A session that is no longer open
 * (paid, or expired already) is not an error: it cannot be paid either.
 */
export async function expireCheckoutSession(env: Bindings, sessionId: string): Promise<void> {
  try {
    await client(env).checkout.sessions.expire(sessionId, {}, { idempotencyKey: `expire:${sessionId}` });
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && (error.statusCode === 400 || error.statusCode === 404)) return;
    throw error;
  }
}

/**
 * Refunds a payment in full, once: the idempotency key makes a repeated call the same refund,
 * and a charge that Stripe reports as refunded already counts as done.
 */
export async function refundPayment(env: Bindings, paymentIntentId: string, paymentId: string): Promise<void> {
  try {
    await client(env).refunds.create(
      { payment_intent: paymentIntentId, reason: 'duplicate', metadata: { paymentId } },
      { idempotencyKey: `duplicate-refund:${paymentId}` },
    );
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'charge_already_refunded') return;
    throw error;
  }
}

export const isStripeConfigured = (env: Bindings) => Boolean(env.STRIPE_SECRET_KEY);

export type { Stripe };
