import { PRO_SESSION_METADATA } from '#contracts/billing';
import { config } from '../config';
import {
  checkoutStatements,
  disputeStatement,
  eventRecorded,
  isDuplicateEvent,
  recordEvent,
  reversalStatements,
  type CheckoutOutcome,
} from '../db/queries/payments';
import type { Bindings } from '../env';
import { isStripeConfigured, paymentDocuments, verifiedEvent, type Stripe } from './stripe';

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

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

/** What a Checkout session tells, or null when it is not a Pro purchase of an account. */
async function checkoutOutcome(env: Bindings, session: Stripe.Checkout.Session, failed: boolean, at: number): Promise<CheckoutOutcome | null> {
  const userId = session.client_reference_id;
  if (session.mode !== 'payment' || session.metadata?.product !== PRO_SESSION_METADATA.product || !userId || userId.length > 64) return null;
  const paid = !failed && (session.payment_status === 'paid' || session.payment_status === 'no_payment_required');
  const status = failed ? 'failed' : paid ? 'paid' : 'pending';
  // The receipt and the invoice exist once the payment went through; only real Stripe has them.
  const documents = paid && isStripeConfigured(env) ? await paymentDocuments(env, session.id) : { receiptUrl: null, invoiceUrl: null, invoicePdfUrl: null };
  return {
    checkoutSessionId: session.id,
    paymentIntentId: idOf(session.payment_intent),
    userId,
    status,
    currency: session.currency ?? 'usd',
    amountTotal: session.amount_total ?? 0,
    amountTax: session.total_details?.amount_tax ?? 0,
    ...documents,
    at,
  };
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
  if (await eventRecorded(env.DB, event.id)) return { status: 200, body: { received: true, duplicate: true } };

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
    if (isDuplicateEvent(error)) return { status: 200, body: { received: true, duplicate: true } };
    throw error;
  }
  return { status: 200, body: { received: true } };
}
