import { Hono, type Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { REFERRAL_CODE_SHAPE, STATS_DAYS, type AffiliateMe, type AffiliateStats } from '#contracts/affiliate';
import { PAYOUT_MINIMUM } from '#contracts/billing';
import { approvedAffiliateOfUser, dailyFigures, findApplicationOf, findApprovedAffiliate, recordClick, recordReferral } from '../db/queries/affiliate';
import { ledgerBalances } from '../db/queries/payments';
import type { AppEnv, Bindings } from '../env';
import { noBody } from '../middleware/validate';
import { requireUser, sessionSecret, type SignedInEnv } from '../services/sessions';
import { deriveToken } from '../lib/tokens';

/**
 * The affiliate cookie lives 30 days. It is a `__Host-` cookie like the session cookies: only
 * this exact origin, over HTTPS, can set it, so a sibling subdomain or a plain-HTTP page cannot
 * plant someone's referral code in a visitor's browser.
 */
export const VIA_COOKIE = 'via';
export const VIA_COOKIE_SECONDS = 30 * 24 * 60 * 60;
const DAY_MS = 24 * 60 * 60 * 1000;

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Payouts are made on the 1st of each month (decision 38): the first 1st after `now`, UTC. */
export function nextPayoutDate(now: number): string {
  const date = new Date(now);
  return utcDay(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1));
}

/**
 * Who clicked, as far as de-duplication needs: an HMAC of the client address and user agent,
 * keyed with the server secret and the day. The address itself is never stored, and the same
 * visitor's hashes on two days cannot be linked to each other.
 */
async function visitorHash(c: Context<AppEnv>, day: string): Promise<string> {
  const address = c.req.header('CF-Connecting-IP')?.trim() ?? 'unknown';
  const agent = c.req.header('User-Agent') ?? '';
  return deriveToken(sessionSecret(c.env, c.req.raw), `affiliate-visitor:${day}`, `${address}\n${agent}`);
}

/**
 * Credits a new account to the affiliate of the visitor's `via` cookie, if that is an approved
 * affiliate's code. Called by sign-up (e-mail and Google) right after the account is created.
 */
export async function creditReferral(c: Context<AppEnv>, userId: string): Promise<void> {
  const code = getCookie(c, VIA_COOKIE, 'host');
  if (!code || !REFERRAL_CODE_SHAPE.test(code)) return;
  const affiliate = await findApprovedAffiliate(c.env.DB, code);
  if (affiliate) await recordReferral(c.env.DB, userId, affiliate.referralCode);
}

/** The approved affiliate's link and daily figures over the last STATS_DAYS days, oldest first. */
async function statsOf(env: Bindings, userId: string): Promise<AffiliateStats | null> {
  const affiliate = await approvedAffiliateOfUser(env.DB, userId);
  if (!affiliate) return null;

  const today = Date.now();
  const firstDay = utcDay(today - (STATS_DAYS - 1) * DAY_MS);
  const figures = await dailyFigures(env.DB, affiliate, firstDay);
  const clicksOn = new Map(figures.clicks.map((row) => [row.day, row.count]));
  const signUpsOn = new Map(figures.signUps.map((row) => [row.day, row.count]));
  const days = Array.from({ length: STATS_DAYS }, (_, i) => {
    const day = utcDay(today - (STATS_DAYS - 1 - i) * DAY_MS);
    return { day, clicks: clicksOn.get(day) ?? 0, signUps: signUpsOn.get(day) ?? 0 };
  });
  const link = new URL('/', env.APP_URL);
  link.searchParams.set('via', affiliate.referralCode);
  const balances = await ledgerBalances(env.DB, affiliate.id, today);
  return {
    referralCode: affiliate.referralCode,
    referralLink: link.href,
    days,
    totals: {
      clicks: days.reduce((sum, d) => sum + d.clicks, 0),
      signUps: days.reduce((sum, d) => sum + d.signUps, 0),
    },
    balances: { ...balances, nextPayoutDate: nextPayoutDate(today), minimumPayout: PAYOUT_MINIMUM },
  };
}

/** What the dashboard shows: an approved affiliate's figures, or where their application stands. */
async function affiliateMe(env: Bindings, userId: string): Promise<AffiliateMe> {
  const affiliate = await statsOf(env, userId);
  if (affiliate) return { affiliate, application: null };
  const me = await env.DB.prepare('SELECT email FROM users WHERE id = ?1').bind(userId).first<{ email: string }>();
  const application = me ? await findApplicationOf(env.DB, userId, me.email) : null;
  return {
    affiliate: null,
    application: application && application.status !== 'approved' ? { status: application.status, referralCode: application.referralCode } : null,
  };
}

const signedIn = new Hono<SignedInEnv>()
  .use('*', requireUser)
  /** `affiliate: null` for everyone who is not an approved affiliate; an applicant sees their application. */
  .get('/', async (c) => c.json(await affiliateMe(c.env, c.var.userId), 200));

export const affiliate = new Hono<AppEnv>()
  /**
   * A page was opened with ?via=CODE. Counts the click once per visitor per day and sets the
   * 30-day cookie that sign-up reads. Unknown, pending or rejected codes change nothing.
   * The answer never redirects anywhere (docs/security.md §20).
   */
  .post('/register-click/:via', noBody, async (c) => {
    const code = c.req.param('via');
    if (!REFERRAL_CODE_SHAPE.test(code)) return c.json({ error: 'This referral code is not valid.' }, 400);
    const found = await findApprovedAffiliate(c.env.DB, code);
    if (!found) return c.json({ error: 'Unknown referral code.' }, 404);

    const day = utcDay(Date.now());
    const counted = await recordClick(c.env.DB, found.id, day, await visitorHash(c, day));
    setCookie(c, VIA_COOKIE, found.referralCode, {
      prefix: 'host',
      path: '/',
      maxAge: VIA_COOKIE_SECONDS,
      secure: true,
      httpOnly: true,
      sameSite: 'Lax',
    });
    return c.json({ counted }, 200);
  })
  .route('/me', signedIn);
