/**
 * The operator sets a founder's plan (docs/decisions/0023) until payments exist, on the local
 * database or, with --remote, on production:
 *
 *   npm run plan -- show EMAIL [--remote]          the account's plan and how many projects it owns
 *   npm run plan -- set EMAIL free|pro [--remote]
 *   npm run plan -- interest [--remote]            founders waiting for Pro, oldest first
 *   npm run plan -- review [--remote]              payments not of the price's currency or amount, and refunds still due
 *   npm run plan -- announce [--remote]            e-mail each of them, once, that Pro can be bought
 *
 * `announce` claims the addresses not told yet (one UPDATE … RETURNING, so two runs never share
 * one), sends through Resend when RESEND_API_KEY is set in the shell and into the local outbox
 * otherwise, and gives back the claim of any address whose mail failed, for the next run.
 * Addresses that unsubscribed from product e-mail are skipped.
 */
import { d1 } from './d1.ts';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// Node runs this file as it is; the contracts' extensionless imports need the bundler, so the
// plan names of contracts/plans.ts are repeated here.
const PLANS = ['free', 'pro'];
const EMAIL_SHAPE = /^[^\s@']+@[^\s@']+\.[^\s@']+$/;

const USAGE = 'Usage: npm run plan -- show EMAIL | set EMAIL free|pro | interest | review | announce [--remote] [--persist-to DIR]';

/** wrangler.toml's [vars] value of `name` (production's), e.g. APP_URL and MAIL_FROM. */
function configuredVar(name: string): string {
  const toml = readFileSync(fileURLToPath(new URL('../wrangler.toml', import.meta.url)), 'utf8');
  const match = new RegExp(`^${name}\\s*=\\s*"([^"]*)"`, 'm').exec(toml);
  if (!match) throw new Error(`${name} is not set in wrangler.toml.`);
  return match[1]!;
}

const sqlText = (text: string) => `'${text.replaceAll("'", "''")}'`;

function announcement(to: string, pricingUrl: string) {
  const paragraphs = [
    'You asked us to tell you when Launchmate Pro opens: it is open now.',
    'Pro is a one-time purchase of $149 (plus VAT or sales tax where it applies): all 8 phases, 5 projects of your own and dedicated support, for life.',
    `Get it here: ${pricingUrl}`,
    'This is the only e-mail we send about it.',
    '— The Launchmate team',
  ];
  const escape = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
  return {
    to,
    subject: 'Launchmate Pro is open',
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((paragraph) => `<p>${escape(paragraph)}</p>`).join('\n'),
  };
}

/** Sends one announcement; false when it could not be sent. */
async function deliver(mail: ReturnType<typeof announcement>, args: string[]): Promise<boolean> {
  const key = process.env.RESEND_API_KEY;
  if (!key) {
    d1(
      `INSERT INTO outbox ("to", subject, html, text) VALUES (${sqlText(mail.to)}, ${sqlText(mail.subject)}, ${sqlText(mail.html)}, ${sqlText(mail.text)})`,
      args,
    );
    return true;
  }
  const response = await fetch(`${process.env.RESEND_BASE_URL ?? 'https://api.resend.com'}/emails`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ from: process.env.MAIL_FROM ?? configuredVar('MAIL_FROM'), ...mail }),
  }).catch(() => null);
  return response?.ok ?? false;
}

async function announce(args: string[]) {
  const appUrl = process.env.APP_URL ?? (args.includes('--remote') ? configuredVar('APP_URL') : 'http://localhost:8787');
  const claimed = d1(
    `UPDATE pro_interest SET notified_at = unixepoch('subsec') * 1000
     WHERE notified_at IS NULL AND email NOT IN (SELECT email FROM email_subscriptions WHERE unsubscribed_at IS NOT NULL)
     RETURNING email`,
    args,
  ) as { email: string }[];
  const failed: string[] = [];
  for (const { email } of claimed) {
    if (!(await deliver(announcement(email, new URL('/pricing', appUrl).href), args))) failed.push(email);
  }
  if (failed.length) {
    d1(`UPDATE pro_interest SET notified_at = NULL WHERE email IN (${failed.map(sqlText).join(', ')})`, args);
    throw new Error(`Told ${claimed.length - failed.length}; ${failed.length} could not be sent and will be tried on the next run: ${failed.join(', ')}`);
  }
  console.log(claimed.length ? `Told ${claimed.length} founder(s) that Pro is open.` : 'Everybody who asked has been told already.');
}

/** The address goes into SQL text: only the shape the product itself accepts gets that far. */
function emailArgument(raw: string | undefined): string {
  const email = (raw ?? '').trim().toLowerCase();
  if (!EMAIL_SHAPE.test(email)) throw new Error(`"${raw ?? ''}" is not an e-mail address. ${USAGE}`);
  return email;
}

async function main(args: string[]) {
  const [command, rawEmail, plan] = args;
  if (command === 'announce') return announce(args);
  if (command === 'interest') {
    const rows = d1(`SELECT email, datetime(created_at / 1000, 'unixepoch') AS since FROM pro_interest ORDER BY created_at`, args);
    console.log(rows.length ? JSON.stringify(rows, null, 2) : 'Nobody is waiting for Pro.');
    return;
  }
  if (command === 'review') {
    // Payments Stripe took that are not a sale of the price, and duplicate payments whose refund
    // Stripe has not confirmed: each asks the operator to look (docs/decisions/0061).
    const rows = d1(
      `SELECT p.checkout_session_id AS session, p.payment_intent_id AS payment_intent, p.status, p.review_reason AS reason, p.currency,
              p.amount_total, p.amount_tax, u.email, datetime(p.created_at / 1000, 'unixepoch') AS at
       FROM payments p LEFT JOIN users u ON u.id = p.user_id
       WHERE p.review_reason IS NOT NULL OR p.status = 'duplicate_refund_due' ORDER BY p.created_at`,
      args,
    );
    console.log(rows.length ? JSON.stringify(rows, null, 2) : 'No payment needs a look.');
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

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
