// The Stripe webhook's cost per event on the built Worker: wall time (median) and workerd CPU per
// delivery of `checkout.session.completed` (signature check with SubtleCrypto, then one D1 batch:
// event id, payment, Pro, commission), of `charge.refunded` (the reversal batch), and of a
// duplicate (refused after the signature and one lookup), against a bare API request in the same
// run. Events are signed with the Stripe SDK's test header helper. No Stripe API key is set, so
// the one outside call of a real completed event (reading its receipt and invoice) is not counted:
// that is Stripe's own latency.
//   node bench/stripe-webhook.mjs [--no-build]
import Stripe from 'stripe';
import { buildProduct, recordFigures } from './support.mjs';
import { cpuPerCall, startWorker } from './worker.mjs';

const RUNS = 60;
const SECRET = 'whsec_bench_only_secret';

buildProduct();
const worker = await startWorker({ STRIPE_WEBHOOK_SECRET: SECRET, SIGN_IN_FAILURES_PER_CLIENT_PER_MINUTE: '100000' });
const { origin, workerdPid } = worker;
const stripe = new Stripe('sk_test_bench_unused');

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Median wall milliseconds of `runs` sequential calls, and workerd CPU per call. */
async function measure(runs, call) {
  const durations = [];
  const cpu = await cpuPerCall(workerdPid, runs, async (i) => {
    const started = performance.now();
    await call(i);
    durations.push(performance.now() - started);
  });
  return { wall: median(durations), cpu };
}

function signed(type, object, id) {
  const payload = JSON.stringify({ id, object: 'event', type, created: Math.floor(Date.now() / 1000), livemode: false, data: { object } });
  return { payload, signature: stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }) };
}

async function deliver({ payload, signature }) {
  const response = await fetch(`${origin}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
    body: payload,
  });
  const body = await response.json();
  if (response.status !== 200) throw new Error(`The webhook answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

try {
  const post = (path, body) =>
    fetch(`${origin}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: origin }, body: JSON.stringify(body ?? {}) });
  await post('/api/auth/sign-up', { email: 'buyer@example.com', password: 'a long benchmark password' });
  const user = await (await fetch(`${origin}/dev/outbox`)).text();
  const token = /\/verify-email\/([A-Za-z0-9_-]{43})/.exec(user)?.[1];
  if (!token || (await post(`/api/auth/verify-email/${token}`)).status !== 200) throw new Error('Could not verify the bench account');
  // The buyer's id, as Checkout would carry it: read back from the account export.
  const signIn = await post('/api/auth/sign-in', { email: 'buyer@example.com', password: 'a long benchmark password' });
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const userId = (await (await fetch(`${origin}/api/user/export`, { headers: { Cookie: cookie } })).json()).account.id;

  const session = (i) => ({
    id: `cs_bench_${i}`,
    object: 'checkout.session',
    mode: 'payment',
    payment_status: 'paid',
    client_reference_id: userId,
    currency: 'usd',
    amount_total: 14900,
    total_details: { amount_tax: 0 },
    payment_intent: `pi_bench_${i}`,
    metadata: { product: 'launchmate-pro', userId, referral: '' },
  });
  const completed = Array.from({ length: RUNS + 5 }, (_, i) => signed('checkout.session.completed', session(i), `evt_bench_completed_${i}`));
  const refunded = Array.from({ length: RUNS + 5 }, (_, i) =>
    signed(
      'charge.refunded',
      { id: `ch_bench_${i}`, object: 'charge', refunded: true, amount_refunded: 14900, payment_intent: `pi_bench_${i}` },
      `evt_bench_refunded_${i}`,
    ),
  );

  // Warm up the isolate, the crypto key import and the database.
  for (let i = 0; i < 5; i++) {
    await (await fetch(`${origin}/api/auth/providers`)).text();
    await deliver(completed[RUNS + i]);
    await deliver(refunded[RUNS + i]);
  }

  const bare = await measure(RUNS, async () => (await fetch(`${origin}/api/auth/providers`)).text());
  const first = await measure(RUNS, async (i) => {
    const body = await deliver(completed[i]);
    if (body.duplicate) throw new Error('A new event was taken for a duplicate');
  });
  const refund = await measure(RUNS, (i) => deliver(refunded[i]));
  const duplicate = await measure(RUNS, async (i) => {
    const body = await deliver(completed[i]);
    if (!body.duplicate) throw new Error('A duplicate was applied again');
  });

  const row = (label, m) => `  ${label.padEnd(44)} ${m.wall.toFixed(2).padStart(7)} ms wall  ${m.cpu.toFixed(2).padStart(6)} ms CPU`;
  console.log(`Stripe webhook per event on the local Worker (median wall time and mean workerd CPU of ${RUNS}):`);
  console.log(row('bare API request (GET /api/auth/providers)', bare));
  console.log(row('checkout.session.completed (new)', first));
  console.log(row('charge.refunded (reversal)', refund));
  console.log(row('a duplicate of a recorded event', duplicate));
  console.log(
    `  the webhook's own cost of a new purchase ≈ ${(first.wall - bare.wall).toFixed(2)} ms wall, ${(first.cpu - bare.cpu).toFixed(2)} ms CPU over a bare request`,
  );
  recordFigures('stripe-webhook', [
    { figure: 'bare request (wall)', value: bare.wall, unit: 'ms' },
    { figure: 'completed event (wall)', value: first.wall, unit: 'ms' },
    { figure: 'completed event (CPU)', value: first.cpu, unit: 'ms' },
    { figure: 'refund event (wall)', value: refund.wall, unit: 'ms' },
    { figure: 'duplicate event (wall)', value: duplicate.wall, unit: 'ms' },
  ]);
} finally {
  worker.stop();
}
