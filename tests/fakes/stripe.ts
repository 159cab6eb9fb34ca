import { randomBytes } from 'node:crypto';
import { sendJson, startFakeServer } from './server';

export interface StripeScenario {
  /** Answer Checkout session creation with this status (e.g. 500) instead of creating one. */
  createStatus?: number;
  /** Answer session retrieval with this status (e.g. 500): the receipt and invoice cannot be read. */
  retrieveStatus?: number;
}

interface FakeSession {
  id: string;
  /** The form parameters the SDK sent, as Stripe received them (`metadata[userId]`, …). */
  params: Record<string, string>;
  paymentIntentId: string;
  chargeId: string;
  invoiceId: string;
  refunded: boolean;
  expired: boolean;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/**
 * The parts of Stripe's API the product and its tests use, answered the way Stripe answers them
 * (form-encoded requests, JSON objects, `Idempotency-Key`, `{ error }` bodies):
 * - POST /v1/checkout/sessions creates a session whose `url` is a page of this fake;
 * - GET /v1/checkout/sessions/:id, expanding `invoice` and `payment_intent.latest_charge`,
 *   gives the invoice's hosted URL and PDF and the charge's receipt URL;
 * - POST /v1/checkout/sessions/:id/expire expires an open session (its status becomes `expired`),
 *   and refuses a session already expired with 400, as Stripe refuses one that is not open;
 * - POST /v1/refunds refunds a session's payment intent in full and answers the refund (the same
 *   `Idempotency-Key` gets the same refund; a second refund is refused with
 *   `charge_already_refunded`), GET /v1/refunds?payment_intent=… lists a payment's refunds, and
 *   GET /v1/charges/:id the charge as `charge.refunded` would carry it.
 * `POST /__refund-outage` `{ paymentIntent, down }` makes refunds of one payment intent answer 500
 * until it is lifted: steered per payment, so files running side by side do not meet it, and
 * kept across `/__reset`.
 * Sessions live as long as the fake.
 */
export async function startFakeStripe() {
  const sessions = new Map<string, FakeSession>();
  const idempotent = new Map<string, string>();
  let base = '';

  const refundsByKey = new Map<string, { payment_intent: string | null }>();
  const refunds: { payment_intent: string | null }[] = [];
  const refundOutages = new Set<string>();
  const stripeError = (status: number, message: string, code?: string) => ({
    status,
    body: { error: { type: status >= 500 ? 'api_error' : 'invalid_request_error', message, ...(code ? { code } : {}) } },
  });

  const chargeOf = (session: FakeSession) => ({
    id: session.chargeId,
    object: 'charge',
    amount: Number(session.params['line_items[0][price_data][unit_amount]'] ?? 0),
    amount_refunded: session.refunded ? Number(session.params['line_items[0][price_data][unit_amount]'] ?? 0) : 0,
    refunded: session.refunded,
    currency: session.params['line_items[0][price_data][currency]'] ?? 'usd',
    payment_intent: session.paymentIntentId,
    receipt_url: `${base}/receipts/${session.chargeId}`,
  });

  const sessionObject = (session: FakeSession, expand: string[]) => {
    const p = session.params;
    const metadata = Object.fromEntries(
      Object.entries(p)
        .filter(([key]) => key.startsWith('metadata['))
        .map(([key, value]) => [key.slice('metadata['.length, -1), value]),
    );
    const amount = Number(p['line_items[0][price_data][unit_amount]'] ?? 0);
    return {
      id: session.id,
      object: 'checkout.session',
      mode: p.mode,
      url: `${base}/pay/${session.id}`,
      client_reference_id: p.client_reference_id ?? null,
      customer_email: p.customer_email ?? null,
      currency: p['line_items[0][price_data][currency]'] ?? 'usd',
      amount_subtotal: amount,
      amount_total: amount,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      metadata,
      payment_status: 'unpaid',
      status: session.expired ? 'expired' : 'open',
      success_url: p.success_url,
      cancel_url: p.cancel_url,
      invoice: expand.includes('invoice')
        ? {
            id: session.invoiceId,
            object: 'invoice',
            hosted_invoice_url: `${base}/invoices/${session.invoiceId}`,
            invoice_pdf: `${base}/invoices/${session.invoiceId}.pdf`,
          }
        : session.invoiceId,
      payment_intent: expand.includes('payment_intent.latest_charge')
        ? { id: session.paymentIntentId, object: 'payment_intent', latest_charge: chargeOf(session) }
        : session.paymentIntentId,
    };
  };

  const server = await startFakeServer<StripeScenario>('stripe', (request, scenario, response) => {
    const url = new URL(request.path, 'http://fake');
    const answer = ({ status, body }: { status: number; body: unknown }) => sendJson(response, status, body);
    // Steering, not Stripe's API: before the key check.
    if (request.method === 'POST' && url.pathname === '/__refund-outage') {
      const { paymentIntent, down } = JSON.parse(request.body) as { paymentIntent: string; down: boolean };
      if (down) refundOutages.add(paymentIntent);
      else refundOutages.delete(paymentIntent);
      return answer({ status: 200, body: {} });
    }

    if (!request.headers.authorization?.startsWith('Bearer sk_')) return answer(stripeError(401, 'Invalid API Key provided.'));

    if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      if (scenario.createStatus) return answer(stripeError(scenario.createStatus, 'Something went wrong on our end.'));
      const key = request.headers['idempotency-key'];
      const reused = key ? idempotent.get(key) : undefined;
      if (reused) return answer({ status: 200, body: sessionObject(sessions.get(reused)!, []) });
      const params = Object.fromEntries(new URLSearchParams(request.body));
      if (params.mode !== 'payment') return answer(stripeError(400, 'Missing required param: mode.'));
      const session: FakeSession = {
        id: id('cs'),
        params,
        paymentIntentId: id('pi'),
        chargeId: id('ch'),
        invoiceId: id('in'),
        refunded: false,
        expired: false,
      };
      sessions.set(session.id, session);
      if (key) idempotent.set(key, session.id);
      return answer({ status: 200, body: sessionObject(session, []) });
    }

    const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && sessionPath) {
      if (scenario.retrieveStatus) return answer(stripeError(scenario.retrieveStatus, 'Something went wrong on our end.'));
      const session = sessions.get(sessionPath[1]!);
      if (!session) return answer(stripeError(404, `No such checkout.session: '${sessionPath[1]}'`));
      // The SDK writes `expand[0]=invoice&expand[1]=…`; curl users write `expand[]=…`.
      const expand = [...url.searchParams].filter(([key]) => /^expand\[\d*\]$/.test(key)).map(([, value]) => value);
      return answer({ status: 200, body: sessionObject(session, expand) });
    }

    const expirePath = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(url.pathname);
    if (request.method === 'POST' && expirePath) {
      const session = sessions.get(expirePath[1]!);
      if (!session) return answer(stripeError(404, `No such checkout.session: '${expirePath[1]}'`));
      if (session.expired) return answer(stripeError(400, 'Only Checkout Sessions with a status in ["open"] can be expired.'));
      session.expired = true;
      return answer({ status: 200, body: sessionObject(session, []) });
    }

    if (request.method === 'GET' && url.pathname === '/v1/refunds') {
      const intent = url.searchParams.get('payment_intent');
      return answer({ status: 200, body: { object: 'list', data: refunds.filter((r) => !intent || r.payment_intent === intent), has_more: false } });
    }

    if (request.method === 'POST' && url.pathname === '/v1/refunds') {
      const intent = new URLSearchParams(request.body).get('payment_intent');
      if (intent && refundOutages.has(intent)) return answer(stripeError(500, 'Something went wrong on our end.'));
      const key = request.headers['idempotency-key'];
      const replay = key ? refundsByKey.get(key) : undefined;
      if (replay) return answer({ status: 200, body: replay });
      const session = [...sessions.values()].find((s) => s.paymentIntentId === intent);
      if (!session) return answer(stripeError(404, `No such payment_intent: '${intent}'`));
      if (session.refunded) return answer(stripeError(400, `Charge ${session.chargeId} has already been refunded.`, 'charge_already_refunded'));
      session.refunded = true;
      const refund = {
        id: id('re'),
        object: 'refund',
        payment_intent: intent,
        charge: session.chargeId,
        status: 'succeeded',
        amount: chargeOf(session).amount,
      };
      refunds.push(refund);
      if (key) refundsByKey.set(key, refund);
      return answer({ status: 200, body: refund });
    }

    const chargePath = /^\/v1\/charges\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && chargePath) {
      const session = [...sessions.values()].find((s) => s.chargeId === chargePath[1]);
      if (!session) return answer(stripeError(404, `No such charge: '${chargePath[1]}'`));
      return answer({ status: 200, body: chargeOf(session) });
    }

    answer(stripeError(404, `Unrecognized request URL (${request.method}: ${url.pathname}).`));
  });
  base = server.url;
  return server;
}
