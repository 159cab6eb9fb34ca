// CPU time that workerd spends on one password hash and on one sign-in request, read from
// workerd's own process counters, against a bare API request in the same run.
//   node bench/auth-cpu.mjs [--no-build]
import { buildProduct, recordFigures } from './support.mjs';
import { cpuPerCall, startWorker } from './worker.mjs';

const RUNS = 20;

buildProduct();
// The per-client sign-in limit would stop a benchmark that signs in from one address.
const worker = await startWorker({ SIGN_IN_FAILURES_PER_CLIENT_PER_MINUTE: '100000' });
const { origin, workerdPid } = worker;
try {
  const post = (path, body) =>
    fetch(`${origin}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: origin }, body: JSON.stringify(body ?? {}) });

  const email = 'bench@example.com';
  const password = 'a long benchmark password';
  await post('/api/auth/sign-up', { email, password });
  const outbox = await (await fetch(`${origin}/dev/outbox`)).text();
  const token = /\/verify-email\/([A-Za-z0-9_-]{43})/.exec(outbox)?.[1];
  if (!token || (await post(`/api/auth/verify-email/${token}`)).status !== 200) throw new Error('Could not verify the bench account');

  // Warm up the isolate and the database.
  for (let i = 0; i < 3; i++) {
    await (await fetch(`${origin}/api/auth/providers`)).text();
    await (await post('/api/auth/sign-in', { email, password })).text();
  }

  const bare = await cpuPerCall(workerdPid, RUNS * 5, async () => (await fetch(`${origin}/api/auth/providers`)).text());
  const unknownAccount = await cpuPerCall(workerdPid, RUNS, async (i) =>
    (await post('/api/auth/sign-in', { email: `nobody${i}@example.com`, password })).text(),
  );
  const signIn = await cpuPerCall(workerdPid, RUNS, async () => {
    const response = await post('/api/auth/sign-in', { email, password });
    if (response.status !== 200) throw new Error(`Sign-in answered ${response.status}`);
    await response.text();
  });

  console.log(`CPU time of workerd per request (mean of ${RUNS}; scrypt N=2^15, r=8, p=3):`);
  console.log(`  bare API request (GET /api/auth/providers): ${bare.toFixed(1)} ms`);
  console.log(`  sign-in, unknown account (one dummy hash):  ${unknownAccount.toFixed(1)} ms`);
  console.log(`  sign-in, success (hash, session, cookies):  ${signIn.toFixed(1)} ms`);
  console.log(`  one password hash ≈ ${(unknownAccount - bare).toFixed(1)} ms`);
  recordFigures('auth-cpu', [
    { figure: 'CPU per bare API request', value: bare, unit: 'ms' },
    { figure: 'CPU per sign-in', value: signIn, unit: 'ms' },
    { figure: 'CPU per password hash', value: unknownAccount - bare, unit: 'ms' },
  ]);
} finally {
  worker.stop();
}
