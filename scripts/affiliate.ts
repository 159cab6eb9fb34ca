/**
 * The operator's review of affiliate applications (affiliates are approved
 * manually) and their payouts, on the local database or, with --remote, on production:
 *
 *   npm run affiliate -- list [--remote]            pending applications, oldest first
 *   npm run affiliate -- approve CODE [--remote]    approve the application with this referral code
 *   npm run affiliate -- reject CODE [--remote]
 *   npm run affiliate -- payouts [--remote]         balances of at least $50 payable as of the 1st
 *   npm run affiliate -- mark-paid CODE REFERENCE [--remote]
 *                                                   record that balance as paid, once
 *
 * Approving also ties the application to the account with its e-mail address, if there is one,
 * so the affiliate's figures appear in that account's dashboard.
 */
import { d1, D1Error } from './d1.ts';
import { firstOfMonth, markPaidSql, payableBalancesSql, REFERRAL_CODE_SHAPE } from './affiliate-payouts.ts';

const USAGE = 'Usage: npm run affiliate -- list | approve CODE | reject CODE | payouts | mark-paid CODE REFERENCE [--remote] [--persist-to DIR]';
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

function main(args: string[]) {
  const [command, code, reference] = args;
  if (command === 'payouts') {
    const asOf = firstOfMonth(Date.now());
    const rows = d1(payableBalancesSql(asOf), args) as { code: string; name: string; paypal: string; payable_cents: number }[];
    const day = new Date(asOf).toISOString().slice(0, 10);
    if (!rows.length) return console.log(`Nobody is owed $50 or more as of ${day}.`);
    console.log(`Payable as of ${day}; pay each, then: npm run affiliate -- mark-paid CODE REFERENCE`);
    for (const row of rows) console.log(`${row.code}\t${dollars(row.payable_cents)}\t${row.paypal}\t${row.name}`);
    return;
  }
  if (command === 'mark-paid') {
    if (!code || !reference) throw new Error(USAGE);
    let rows: { paid_cents: number }[];
    try {
      rows = d1(markPaidSql(code, reference, firstOfMonth(Date.now()), Date.now()), args) as { paid_cents: number }[];
    } catch (error) {
      if (error instanceof D1Error && /UNIQUE constraint failed/.test(error.message)) {
        throw new Error(`A payout with the reference "${reference}" is already recorded for ${code}.`);
      }
      throw error;
    }
    const [row] = rows;
    if (!row) throw new Error(`Nothing to pay ${code}: no balance of $50 or more is payable as of the 1st (already paid, or an unknown code).`);
    console.log(`Recorded a payout of ${dollars(row.paid_cents)} to ${code} (${reference}).`);
    return;
  }
  if (command === 'list') {
    const rows = d1(
      `SELECT referral_code, name, email, social_profile, paypal_email, why_launchmate, promotion_strategy,
              datetime(created_at / 1000, 'unixepoch') AS applied
       FROM affiliates WHERE status = 'pending' ORDER BY created_at`,
      args,
    );
    console.log(rows.length ? JSON.stringify(rows, null, 2) : 'No pending applications.');
    return;
  }
  if ((command !== 'approve' && command !== 'reject') || !code) throw new Error(USAGE);
  // The code goes into SQL text: only the shape the product itself accepts gets that far.
  if (!REFERRAL_CODE_SHAPE.test(code)) throw new Error(`"${code}" is not a referral code (^[A-Za-z0-9_-]{1,64}$).`);
  const status = command === 'approve' ? 'approved' : 'rejected';
  const rows = d1(
    `UPDATE affiliates SET status = '${status}', reviewed_at = unixepoch('subsec') * 1000,
       user_id = coalesce(user_id, (SELECT id FROM users WHERE users.email = affiliates.email))
     WHERE referral_code = '${code}' COLLATE NOCASE RETURNING referral_code, name, email, status`,
    args,
  ) as { referral_code: string; name: string; email: string }[];
  const [row] = rows;
  if (!row) throw new Error(`No application has the referral code "${code}".`);
  console.log(`${row.referral_code} (${row.name}, ${row.email}) is now ${status}.`);
}

try {
  main(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
