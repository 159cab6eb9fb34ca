import { PRO_PRICE, PRO_SESSION_METADATA, type PaymentReviewReason } from '#contracts/billing';
import { config } from '../config';
import {
  checkoutStatements,
  closeCheckoutSession,
  disputeStatement,
  eventRecorded,
  isDuplicateEvent,
  markDuplicateRefunded,
  openCheckoutSessions,
  paymentToSettle,
  recordEvent,
  referralAddresses,
  reversalStatements,
  type CheckoutOutcome,
} from '../db/queries/payments';
import { duplicatePaymentRefundedEmail } from '../emails/duplicate-payment-refunded';
import type { Bindings } from '../env';
import { sameMailbox } from '../lib/canonical-email';
import { sendEmail } from './email';
import { expireCheckoutSession, isStripeConfigured, paymentDocuments, refundPayment, verifiedEvent, type Stripe } from './stripe';

/**
 * Fulfilment: a verified Stripe event becomes one D1 batch, its id recorded with its effect
 * (docs/decisions/0038-payments-and-affiliate-ledger.md). The webhook route and the local test
 * checkout both come through `processWebhook`, so the test checkout exercises the same code.
 */

export type WebhookResult =
  | { status: 200; body: { received: true; duplicate?: true; ignored?: true } }
  | { status: 400; body: { error: string } }
  /** Stripe could not be asked for the receipt and invoice: nothing was written, Stripe retries. */
  | { status: 503; body: { error: string } };

const CHECKOUT_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded', 'checkout.session.async_payment_failed']);

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

/**
 * Why a paid session is not a sale of the price: another currency (Adaptive Pricing is off, so
 * Stripe should never present one) or another amount before tax, or a tax outside the total.
 */
function reviewReasonOf(currency: string, amountTotal: number, amountTax: number): PaymentReviewReason | null {
  if (currency !== PRO_PRICE.currency) return 'currency';
  if (amountTax < 0 || amountTax > amountTotal || amountTotal - amountTax !== PRO_PRICE.amount) return 'amount';
  return null;
}

/** Whether the buyer's address reaches the mailbox of the affiliate who referred them. */
async function isSelfReferral(d1: D1Database, userId: string): Promise<boolean> {
  const addresses = await referralAddresses(d1, userId);
  if (!addresses) return false;
  const theirs = [addresses.affiliate, addresses.affiliatePaypal, addresses.affiliateAccount].filter((address) => address !== null);
  return theirs.some((address) => sameMailbox(address, addresses.buyer));
}

/** What a Checkout session tells, or null when it is not a Pro purchase of an account. */
async function checkoutOutcome(env: Bindings, session: Stripe.Checkout.Session, failed: boolean, at: number): Promise<CheckoutOutcome | null> {
  const userId = session.client_reference_id;
  if (session.mode !== 'payment' || session.metadata?.product !== PRO_SESSION_METADATA.product || !userId || userId.length > 64) return null;
  const paid = !failed && (session.payment_status === 'paid' || session.payment_status === 'no_payment_required');
  const status = failed ? 'failed' : paid ? 'paid' : 'pending';
  // The receipt and the invoice exist once the payment went through; only real Stripe has them.
  const documents = paid && isStripeConfigured(env) ? await paymentDocuments(env, session.id) : { receiptUrl: null, invoiceUrl: null, invoicePdfUrl: null };
  const currency = (session.currency ?? '').toLowerCase();
  const amountTotal = session.amount_total ?? 0;
  const amountTax = session.total_details?.amount_tax ?? 0;
  return {
    checkoutSessionId: session.id,
    paymentIntentId: idOf(session.payment_intent),
    userId,
    status,
    currency,
    amountTotal,
    amountTax,
    ...documents,
    reviewReason: reviewReasonOf(currency, amountTotal, amountTax),
    selfReferral: await isSelfReferral(env.DB, userId),
    at,
  };
}

/**
 * What follows a checkout once its batch is written, safe to run again for every delivery of
 * the event (docs/decisions/0061-one-purchase-per-founder.md):
 * - the purchase: the founder's other Checkout sessions are expired, so none can be paid;
 * - a payment that arrived for a founder who already had Pro: refunded through Stripe (one
 *   refund, whatever the number of deliveries) and the founder told by e-mail once.
 * Throws when Stripe cannot refund now: the webhook answers 503 and Stripe delivers again.
 */
async function settlePurchase(env: Bindings, checkoutSessionId: string): Promise<void> {
  const payment = await paymentToSettle(env.DB, checkoutSessionId);
  if (!payment?.userId) return;
  const at = Date.now();
  if (payment.status === 'paid' && isStripeConfigured(env)) {
    const others = await openCheckoutSessions(env.DB, payment.userId, checkoutSessionId);
    await Promise.all(
      others.map(async (sessionId) => {
        try {
          await expireCheckoutSession(env, sessionId);
          await closeCheckoutSession(env.DB, sessionId, at);
        } catch (error) {
          // Not fatal: a payment that still arrives through it is refunded below.
          console.error('Checkout session not expired', { sessionId, reason: error instanceof Error ? error.message : String(error) });
        }
      }),
    );
  }
  if (payment.status !== 'duplicate_refund_due') return;
  // The local test checkout moved no money: there is nothing to give back through Stripe.
  if (isStripeConfigured(env)) {
    if (!payment.paymentIntentId) {
      console.error('Duplicate payment has no payment intent to refund; the operator must refund it', { paymentId: payment.id });
      return;
    }
    await refundPayment(env, payment.paymentIntentId, payment.id);
  }
  if (!(await markDuplicateRefunded(env.DB, payment.id, at)) || !payment.email) return;
  const settingsUrl = new URL('/app/settings', env.APP_URL).href;
  await sendEmail(env, duplicatePaymentRefundedEmail(payment.email, payment.amountTotal, payment.currency, settingsUrl)).catch((error: unknown) => {
    console.error('Refund e-mail not delivered', { paymentId: payment.id, reason: error instanceof Error ? error.message : String(error) });
  });
}

/** Settles a checkout event's payment; a failure of Stripe becomes the 503 that makes it retry. */
async function settled(env: Bindings, event: Stripe.Event, result: WebhookResult): Promise<WebhookResult> {
  if (!CHECKOUT_EVENTS.has(event.type)) return result;
  try {
    await settlePurchase(env, (event.data.object as Stripe.Checkout.Session).id);
  } catch (error) {
    console.error('Stripe event not settled: Stripe did not answer', { event: event.id, reason: error instanceof Error ? error.message : String(error) });
    return { status: 503, body: { error: 'Stripe could not be reached; this event will be retried.' } };
  }
  return result;
}

/** The statements an event calls for; an empty list records the event and changes nothing else. */
async function effectOf(env: Bindings, d1: D1Database, event: Stripe.Event): Promise<D1PreparedStatement[]> {
  const at = Date.now();
  const refundWindowDays = config(env).AFFILIATE_REFUND_WINDOW_DAYS;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed': {
      const outcome = await checkoutOutcome(env, event.data.object, event.type === 'checkout.session.async_payment_failed', at);
      return outcome ? checkoutStatements(d1, outcome, refundWindowDays) : [];
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const intent = idOf(charge.payment_intent);
      // A partial refund is a gesture that keeps the purchase (decision 0038); only a full one undoes it.
      return intent && charge.refunded ? reversalStatements(d1, intent, 'refund', at) : [];
    }
    case 'charge.dispute.created': {
      const intent = idOf(event.data.object.payment_intent);
      return intent ? [disputeStatement(d1, intent, true)] : [];
    }
    case 'charge.dispute.closed': {
      const dispute = event.data.object;
      const intent = idOf(dispute.payment_intent);
      if (!intent) return [];
      return dispute.status === 'lost' ? reversalStatements(d1, intent, 'dispute_lost', at) : [disputeStatement(d1, intent, false)];
    }
    default:
      return [];
  }
}

export const HANDLED_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'charge.refunded',
  'charge.dispute.created',
  'charge.dispute.closed',
] as const;

/** Verifies the raw body against its signature and applies the event exactly once. */
export async function processWebhook(env: Bindings, rawBody: string, signature: string | undefined, secret: string): Promise<WebhookResult> {
  if (!signature) return { status: 400, body: { error: 'Missing Stripe-Signature header.' } };
  let event: Stripe.Event;
  try {
    event = await verifiedEvent(rawBody, signature, secret);
  } catch {
    // Wrong secret, tampered body or a timestamp outside the tolerance: nothing more is said.
    return { status: 400, body: { error: 'The webhook signature is not valid.' } };
  }
  if (!(HANDLED_EVENTS as readonly string[]).includes(event.type)) return { status: 200, body: { received: true, ignored: true } };
  if (await eventRecorded(env.DB, event.id)) return settled(env, event, { status: 200, body: { received: true, duplicate: true } });

  let effect: D1PreparedStatement[];
  try {
    effect = await effectOf(env, env.DB, event);
  } catch (error) {
    console.error('Stripe event not applied: Stripe did not answer', { event: event.id, reason: error instanceof Error ? error.message : String(error) });
    return { status: 503, body: { error: 'Stripe could not be reached; this event will be retried.' } };
  }
  try {
    await env.DB.batch([recordEvent(env.DB, event.id, event.type), ...effect]);
  } catch (error) {
    if (isDuplicateEvent(error)) return settled(env, event, { status: 200, body: { received: true, duplicate: true } });
    throw error;
  }
  return settled(env, event, { status: 200, body: { received: true } });
}
