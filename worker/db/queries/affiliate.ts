import type { AffiliateApplication } from '#contracts/affiliate';

/**
 * Affiliates, their clicks and their referrals. Referral codes are unique regardless of case
 * (links are typed by hand), so every lookup compares with COLLATE NOCASE.
 */

export interface ApprovedAffiliate {
  id: string;
  referralCode: string;
}

/**
 * Stores a pending application unless its referral code is taken, in one statement: D1 runs
 * statements one at a time, so two applications racing for a code cannot both get it.
 * Returns false when the code is taken.
 */
export async function insertApplication(d1: D1Database, application: AffiliateApplication, userId: string | null): Promise<boolean> {
  const a = application;
  const inserted = await d1
    .prepare(
      `INSERT INTO affiliates (id, user_id, name, email, social_profile, referral_code, paypal_email, why_launchmate, promotion_strategy, status)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, 'pending'
       WHERE NOT EXISTS (SELECT 1 FROM affiliates WHERE referral_code = ?6 COLLATE NOCASE)
       RETURNING id`,
    )
    .bind(crypto.randomUUID(), userId, a.name, a.email, a.socialProfile, a.referralCode, a.paypalEmail, a.whyLaunchmate, a.promotionStrategy)
    .first<{ id: string }>();
  return inserted !== null;
}

/** The newest application tied to this account or sent from its address. */
export function findApplicationOf(d1: D1Database, userId: string, email: string) {
  return d1
    .prepare(
      `SELECT status, referral_code AS referralCode FROM affiliates
       WHERE user_id = ?1 OR email = ?2 COLLATE NOCASE ORDER BY created_at DESC LIMIT 1`,
    )
    .bind(userId, email)
    .first<{ status: 'pending' | 'approved' | 'rejected'; referralCode: string }>();
}

export function findApprovedAffiliate(d1: D1Database, code: string): Promise<ApprovedAffiliate | null> {
  return d1
    .prepare(`SELECT id, referral_code AS referralCode FROM affiliates WHERE referral_code = ? COLLATE NOCASE AND status = 'approved'`)
    .bind(code)
    .first<ApprovedAffiliate>();
}

/** One click per visitor per affiliate per day: a repeat is ignored. Returns whether it counted. */
export async function recordClick(d1: D1Database, affiliateId: string, day: string, visitorHash: string): Promise<boolean> {
  const result = await d1
    .prepare('INSERT INTO affiliate_clicks (affiliate_id, day, visitor_hash) VALUES (?, ?, ?) ON CONFLICT DO NOTHING')
    .bind(affiliateId, day, visitorHash)
    .run();
  return result.meta.changes > 0;
}

/** Credits a new account to the affiliate whose code it signed up through. */
export async function recordReferral(d1: D1Database, userId: string, referralCode: string): Promise<void> {
  await d1.prepare('UPDATE users SET referred_by = ? WHERE id = ? AND referred_by IS NULL').bind(referralCode, userId).run();
}

/**
 * The approved affiliate a signed-in user is: the application made from this account, or the
 * one that names this account's (verified) address.
 */
export function approvedAffiliateOfUser(d1: D1Database, userId: string): Promise<ApprovedAffiliate | null> {
  return d1
    .prepare(
      `SELECT a.id, a.referral_code AS referralCode FROM affiliates a, users u
       WHERE u.id = ?1 AND a.status = 'approved' AND (a.user_id = u.id OR a.email = u.email)
       ORDER BY a.reviewed_at DESC LIMIT 1`,
    )
    .bind(userId)
    .first<ApprovedAffiliate>();
}

/** Clicks and referred sign-ups per UTC day since `sinceDay` (YYYY-MM-DD), days with none left out. */
export async function dailyFigures(d1: D1Database, affiliate: ApprovedAffiliate, sinceDay: string) {
  const sinceMs = Date.parse(`${sinceDay}T00:00:00Z`);
  const [clicks, signUps] = await d1.batch<{ day: string; count: number }>([
    d1.prepare('SELECT day, count(*) AS count FROM affiliate_clicks WHERE affiliate_id = ? AND day >= ? GROUP BY day').bind(affiliate.id, sinceDay),
    d1
      .prepare(
        `SELECT strftime('%Y-%m-%d', created_at / 1000, 'unixepoch') AS day, count(*) AS count FROM users
         WHERE referred_by = ? COLLATE NOCASE AND created_at >= ? GROUP BY day`,
      )
      .bind(affiliate.referralCode, sinceMs),
  ]);
  return { clicks: clicks!.results, signUps: signUps!.results };
}
