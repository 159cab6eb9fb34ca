/**
 * The operator sets a founder's plan (docs/decisions/0023) until payments exist, on the local
 * database or, with --remote, on production:
 *
 *   npm run plan -- show EMAIL [--remote]          the account's plan and how many projects it owns
 *   npm run plan -- set EMAIL free|pro [--remote]
 *   npm run plan -- interest [--remote]            founders waiting for Pro, oldest first
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// Node runs this file as it is; the contracts' extensionless imports need the bundler, so the
// plan names of contracts/account.ts are repeated here.
const PLANS = ['free', 'pro'];
const EMAIL_SHAPE = /^[^\s@']+@[^\s@']+\.[^\s@']+$/;

const USAGE = 'Usage: npm run plan -- show EMAIL | set EMAIL free|pro | interest [--remote] [--persist-to DIR]';

function d1(sql: string, args: string[]): unknown[] {
  const remote = args.includes('--remote');
  const persistAt = args.indexOf('--persist-to');
  const target = remote ? ['--remote'] : ['--local', ...(persistAt >= 0 ? ['--persist-to', args[persistAt + 1]!] : [])];
  const wrangler = fileURLToPath(new URL('../node_modules/wrangler/bin/wrangler.js', import.meta.url));
  const output = execFileSync(process.execPath, [wrangler, 'd1', 'execute', 'DB', ...target, '--command', sql, '--json'], {
    encoding: 'utf8',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
  });
  const results = JSON.parse(output) as { results: unknown[] }[];
  return results.at(-1)?.results ?? [];
}

/** The address goes into SQL text: only the shape the product itself accepts gets that far. */
function emailArgument(raw: string | undefined): string {
  const email = (raw ?? '').trim().toLowerCase();
  if (!EMAIL_SHAPE.test(email)) throw new Error(`"${raw ?? ''}" is not an e-mail address. ${USAGE}`);
  return email;
}

function main(args: string[]) {
  const [command, rawEmail, plan] = args;
  if (command === 'interest') {
    const rows = d1(`SELECT email, datetime(created_at / 1000, 'unixepoch') AS since FROM pro_interest ORDER BY created_at`, args);
    console.log(rows.length ? JSON.stringify(rows, null, 2) : 'Nobody is waiting for Pro.');
    return;
  }
  if (command === 'show') {
    const email = emailArgument(rawEmail);
    const [row] = d1(
      `SELECT email, plan, (SELECT count(*) FROM projects WHERE owner_id = users.id) AS own_projects FROM users WHERE email = '${email}'`,
      args,
    ) as { email: string; plan: string; own_projects: number }[];
    if (!row) throw new Error(`No account has the address ${email}.`);
    console.log(`${row.email}: ${row.plan}, ${row.own_projects} project(s) of their own.`);
    return;
  }
  if (command !== 'set' || !plan || !PLANS.includes(plan)) throw new Error(USAGE);
  const email = emailArgument(rawEmail);
  const [row] = d1(`UPDATE users SET plan = '${plan}' WHERE email = '${email}' RETURNING email, plan`, args) as { email: string; plan: string }[];
  if (!row) throw new Error(`No account has the address ${email}.`);
  console.log(`${row.email} is now on the ${row.plan} plan.`);
}

try {
  main(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
