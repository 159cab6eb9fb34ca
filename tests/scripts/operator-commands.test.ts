import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The operator's payment commands as an operator runs them, on a local D1 database of their own:
 * `npm run plan -- announce` and `npm run affiliate -- payouts | mark-paid`.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const WRANGLER = join(ROOT, 'node_modules/wrangler/bin/wrangler.js');
const quietEnv = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', NO_COLOR: '1', FORCE_COLOR: '0', RESEND_API_KEY: '' };
const state = mkdtempSync(join(tmpdir(), 'launchmate-operator-'));

function run(script: string, args: string[]) {
  const result = spawnSync(process.execPath, [join(ROOT, 'scripts', script), ...args, '--persist-to', state], { cwd: ROOT, env: quietEnv, encoding: 'utf8' });
  return { code: result.status, out: result.stdout.trim(), err: result.stderr.trim() };
}
function sql(command: string): Record<string, unknown>[] {
  const result = spawnSync(process.execPath, [WRANGLER, 'd1', 'execute', 'DB', '--local', '--persist-to', state, '--json', '--command', command], {
    cwd: ROOT,
    env: quietEnv,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(result.stderr);
  return (JSON.parse(result.stdout) as { results: Record<string, unknown>[] }[]).at(-1)!.results;
}

beforeAll(() => {
  const migrated = spawnSync(process.execPath, [WRANGLER, 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', state], {
    cwd: ROOT,
    env: quietEnv,
    encoding: 'utf8',
  });
  if (migrated.status !== 0) throw new Error(migrated.stderr);
}, 60_000);
afterAll(() => rmSync(state, { recursive: true, force: true }));

describe('npm run plan -- announce', () => {
  it('tells each founder who asked for Pro once, skips those who unsubscribed, and is safe to run twice', () => {
    sql(`INSERT INTO users (id, email) VALUES ('u1', 'ada@example.com'), ('u2', 'bo@example.com'), ('u3', 'cy@example.com');
         INSERT INTO pro_interest (user_id, email) VALUES ('u1', 'ada@example.com'), ('u2', 'bo@example.com'), ('u3', 'cy@example.com');
         INSERT INTO email_subscriptions (email, unsubscribed_at, updated_at) VALUES ('cy@example.com', 1, 1);`);
    expect(run('plan.ts', ['announce'])).toMatchObject({ code: 0, out: 'Told 2 founder(s) that Pro is open.' });
    expect(run('plan.ts', ['announce'])).toMatchObject({ code: 0, out: 'Everybody who asked has been told already.' });
    const mail = sql(`SELECT "to", subject, text FROM outbox ORDER BY id`);
    expect(mail.map((m) => [m.to, m.subject])).toEqual([
      ['ada@example.com', 'Launchmate Pro is open'],
      ['bo@example.com', 'Launchmate Pro is open'],
    ]);
    expect(mail[0]!.text).toContain('http://localhost:8787/pricing');
  }, 60_000);
});

describe('npm run affiliate -- payouts and mark-paid', () => {
  it('lists balances of at least $50 as of the 1st, records a payout once and refuses it twice', () => {
    sql(`INSERT INTO affiliates (id, name, email, social_profile, referral_code, paypal_email, why_launchmate, promotion_strategy, status)
           VALUES ('a1', 'Priya', 'priya@example.com', 'https://x.com/p', 'priya', 'pay@example.com', 'w', 'p', 'approved'),
                  ('a2', 'Sam', 'sam@example.com', 'https://x.com/s', 'sam', 'sam-pay@example.com', 'w', 'p', 'approved');
         INSERT INTO affiliate_ledger (affiliate_id, kind, amount, available_at) VALUES
           ('a1', 'commission', 2980, 0), ('a1', 'commission', 2980, 0), ('a1', 'commission', 2980, 99999999999999),
           ('a2', 'commission', 2980, 0);`);
    const listed = run('affiliate.ts', ['payouts']);
    expect(listed.code).toBe(0);
    expect(listed.out).toContain('priya\t$59.60\tpay@example.com\tPriya');
    expect(listed.out).not.toContain('sam');

    expect(run('affiliate.ts', ['mark-paid', 'priya', 'PP-123'])).toMatchObject({ code: 0, out: 'Recorded a payout of $59.60 to priya (PP-123).' });
    expect(run('affiliate.ts', ['mark-paid', 'priya', 'PP-123'])).toMatchObject({ code: 1, err: expect.stringMatching(/^Nothing to pay priya/) });
    expect(run('affiliate.ts', ['mark-paid', 'priya', 'PP-124'])).toMatchObject({ code: 1, err: expect.stringMatching(/^Nothing to pay priya/) });
    expect(run('affiliate.ts', ['payouts']).out).toMatch(/^Nobody is owed \$50 or more as of \d{4}-\d{2}-01\.$/);
    expect(run('affiliate.ts', ['mark-paid', 'priya', "x';--"])).toMatchObject({ code: 1, err: expect.stringMatching(/not a payout reference/) });
    expect(sql(`SELECT kind, amount, reference FROM affiliate_ledger WHERE affiliate_id = 'a1' AND kind = 'payout'`)).toEqual([
      { kind: 'payout', amount: -5960, reference: 'PP-123' },
    ]);
  }, 60_000);
});

describe('operator commands run at the same time as others on the same local database', () => {
  /** `run`, without waiting: several processes open the SQLite file at once. */
  function runAlongside(script: string, args: string[]) {
    return new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
      const child = spawn(process.execPath, [join(ROOT, 'scripts', script), ...args, '--persist-to', state], { cwd: ROOT, env: quietEnv });
      let out = '';
      let err = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
      child.on('close', (code) => resolve({ code, out: out.trim(), err: err.trim() }));
    });
  }

  it('each succeeds: a write that meets a busy database tries again instead of failing', async () => {
    const emails = Array.from({ length: 10 }, (_, index) => `together-${index}@example.com`);
    sql(`INSERT INTO users (id, email) VALUES ${emails.map((email, index) => `('t${index}', '${email}')`).join(', ')}`);
    const results = await Promise.all(emails.map((email) => runAlongside('plan.ts', ['set', email, 'pro'])));
    expect(results).toEqual(emails.map((email) => ({ code: 0, out: `${email} is now on the pro plan.`, err: '' })));
    expect(sql(`SELECT email, plan FROM users WHERE email LIKE 'together-%' ORDER BY email`)).toEqual(emails.map((email) => ({ email, plan: 'pro' })));
  }, 120_000);

  it("says what D1 refused, in D1's words", () => {
    expect(run('plan.ts', ['set', 'nobody@example.com', 'pro'])).toMatchObject({ code: 1, err: 'No account has the address nobody@example.com.' });
    const broken = spawnSync(process.execPath, [join(ROOT, 'scripts/affiliate.ts'), 'list', '--persist-to', join(state, 'missing')], {
      cwd: ROOT,
      env: quietEnv,
      encoding: 'utf8',
    });
    expect(broken.status).toBe(1);
    expect(broken.stderr).toMatch(/no such table: affiliates/);
  }, 60_000);
});
