import { generateCodeVerifier, generateState } from 'arctic';
import { eq, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import {
  EmailOnlySchema,
  GoogleStartSchema,
  ResetPasswordSchema,
  SignInSchema,
  SignUpSchema,
  type Attribution,
  type CurrentUser,
  type SignUpInvitation,
} from '#contracts/auth';
import { getDb } from '../db/client';
import {
  consumeEmailToken,
  isEmailTokenUsable,
  createUser,
  findUserByEmail,
  findUserById,
  isSubscribed,
  issueEmailToken,
  takeMailLock,
  USED_TOKEN_USER,
  type User,
} from '../db/queries/accounts';
import { invitationPreview } from '../db/queries/projects';
import { users } from '../db/schema';
import { accountExistsEmail } from '../emails/account-exists';
import { passwordChangedEmail } from '../emails/password-changed';
import { signInAttemptsEmail } from '../emails/sign-in-attempts';
import { passwordResetEmail } from '../emails/password-reset';
import { verificationEmail } from '../emails/verification';
import { config } from '../config';
import type { AppEnv, Bindings } from '../env';
import { jsonBody, limitBody, noBody } from '../middleware/validate';
import { sendEmailLater } from '../services/email';
import { fetchGoogleProfile, googleAuthorizationUrl, GoogleSignInError, isGoogleConfigured } from '../services/google';
import { isInvitationProof } from '../services/invitation-proof';
import { hashPassword, spendPasswordCheckTime, verifyPassword } from '../services/passwords';
import { admit, clientAddress, countEvent, readCount, type WindowLimit } from '../services/rate-limit';
import { currentUserId, endSession, requireSessionSecret, revokeAllSessions, rotateSession, startSession } from '../services/sessions';
import { sameSecret, TOKEN_SHAPE } from '../lib/tokens';
import { creditReferral } from './affiliate';

const AUTH_BODY_LIMIT = 16 * 1024;
const MAIL_LOCK_MS = 60_000;
const GOOGLE_COOKIE_SECONDS = 10 * 60;

const CHECK_INBOX = { message: 'Check your inbox' } as const;
/** Sign-up through the invitation e-mailed to that same address: no link to confirm it is needed. */
const SIGNED_UP_AND_IN = { signedIn: true } as const;
const RESET_LINK_SENT = { message: 'If an account with that email exists, a password reset link has been sent.' } as const;
const TOO_MANY_SIGN_INS = 'Too many sign-in attempts. Please wait a minute and try again, or reset your password.';
const BAD_CREDENTIALS = 'Invalid email or password.';
const RESET_LINK_INVALID = 'This reset link is invalid or has expired. Please ask for a new one.';

const link = (env: Bindings, path: string) => new URL(path, env.APP_URL).href;

export async function toCurrentUser(db: ReturnType<typeof getDb>, user: User): Promise<CurrentUser> {
  return { id: user.id, email: user.email, name: user.name, privacyMode: user.privacyMode, subscribed: await isSubscribed(db, user.email), plan: user.plan };
}

/**
 * Whether signing up as `email` through `invitation` proves the address (docs/decisions/0059):
 * the proof is the one its e-mail carried, the invitation still works, and it was sent to this
 * very address. Any other sign-up confirms its address by e-mail as usual.
 */
async function provesInvitedAddress(c: Context<AppEnv>, invitation: SignUpInvitation, email: string): Promise<boolean> {
  if (!(await isInvitationProof(c.env, c.req.raw, invitation.token, invitation.proof))) return false;
  return (await invitationPreview(c.env.DB, invitation.token))?.email === email;
}

async function sendVerification(c: Context<AppEnv>, user: User) {
  const token = await issueEmailToken(getDb(c.env.DB), user.id, 'verify-email');
  sendEmailLater(c.env, c.executionCtx, verificationEmail(user.email, link(c.env, `/verify-email/${token}`)));
}

/**
 * Sign-in throttles (decision 0017). Attempts are admitted per client and per account and client
 * exactly, and a correct password gives its units back, so only failures stay counted. Failures
 * against the account as a whole are counted too: past their threshold, only clients that have
 * already failed on this account are refused, so whoever hammers an account cannot lock its owner
 * out. Accounts are keyed by the address typed, whether or not it exists, so answers do not tell.
 */
function signInRules(env: Bindings, email: string, client: string) {
  const limits = config(env);
  const perClient: WindowLimit = { name: 'sign-in:client', limit: limits.SIGN_IN_FAILURES_PER_CLIENT_PER_MINUTE, windowSeconds: 60 };
  const perAccountAndClient: WindowLimit = {
    name: `sign-in:account-client:${email}`,
    limit: limits.SIGN_IN_FAILURES_PER_ACCOUNT_PER_CLIENT,
    windowSeconds: 15 * 60,
  };
  const perAccount = { name: `sign-in:account:${email}`, windowSeconds: 60 * 60, threshold: limits.SIGN_IN_FAILURES_PER_ACCOUNT };
  return { perClient, perAccountAndClient, perAccount, client };
}

// Google's short-lived, single-use cookies: state, PKCE verifier, and what the visitor brought
// with them (attribution and privacy mode) for a new account.
const googleCookie = { prefix: 'host', httpOnly: true, secure: true, sameSite: 'Lax', path: '/', maxAge: GOOGLE_COOKIE_SECONDS } as const;
const GOOGLE_STATE = 'lm_google_state';
const GOOGLE_VERIFIER = 'lm_google_verifier';
const GOOGLE_CONTEXT = 'lm_google_context';

interface GoogleContext {
  attribution: Attribution | null;
  privacyMode: boolean;
}

function readGoogleContext(raw: string | undefined): GoogleContext {
  try {
    const parsed = JSON.parse(atob(raw ?? '')) as Partial<GoogleContext>;
    const attribution = GoogleStartSchema.shape.attribution.safeParse(parsed.attribution);
    return { attribution: attribution.success ? (attribution.data ?? null) : null, privacyMode: parsed.privacyMode === true };
  } catch {
    return { attribution: null, privacyMode: false };
  }
}

/** Where the callback sends the browser when Google sign-in did not work out. */
const backToSignIn = (c: Context<AppEnv>, reason: 'denied' | 'failed') => c.redirect(`/signin?google=${reason}`, 302);

export const auth = new Hono<AppEnv>()
  // These start or renew a session: without a usable session secret they stop (503) before any change.
  .use('/verify-email/*', requireSessionSecret)
  .use('/sign-in', requireSessionSecret)
  .use('/refresh', requireSessionSecret)
  .use('/google/callback', requireSessionSecret)
  /**
   * Sign-up answers the same, in about the same time, whether or not the address already has an
   * account (docs/security.md §3): a known address gets a "you already have an account" e-mail instead.
   */
  .post('/sign-up', limitBody(AUTH_BODY_LIMIT), jsonBody(SignUpSchema), async (c) => {
    const { email, password, attribution, privacyMode, invitation } = c.req.valid('json');
    const db = getDb(c.env.DB);
    const existing = await findUserByEmail(db, email);
    if (existing) {
      await spendPasswordCheckTime(password);
      if ((await takeMailLock(c.env.DB, `account-exists:${email}`, MAIL_LOCK_MS)).taken) {
        sendEmailLater(c.env, c.executionCtx, accountExistsEmail(email, link(c.env, '/signin'), link(c.env, '/forgot-password')));
      }
      return c.json(CHECK_INBOX, 200);
    }
    const proven = invitation ? await provesInvitedAddress(c, invitation, email) : false;
    const user = await createUser(db, {
      email,
      passwordHash: await hashPassword(password),
      attribution,
      privacyMode: privacyMode ?? false,
      emailVerifiedAt: proven ? Date.now() : null,
    });
    if (user) {
      await creditReferral(c, user.id);
      if (proven) {
        // The address is confirmed already: the account is ready and the page goes on to join.
        await startSession(c, user.id);
        return c.json(SIGNED_UP_AND_IN, 200);
      }
      await sendVerification(c, user);
    }
    return c.json(CHECK_INBOX, 200);
  })

  /** At most one e-mail a minute per address, whether or not it has an account. */
  .post('/resend-verification-email', limitBody(AUTH_BODY_LIMIT), jsonBody(EmailOnlySchema), async (c) => {
    const { email } = c.req.valid('json');
    const lock = await takeMailLock(c.env.DB, `verify-email:${email}`, MAIL_LOCK_MS);
    if (!lock.taken) {
      c.header('Retry-After', String(lock.retryAfterSeconds));
      return c.json({ error: 'Please wait a minute before asking for another email.' }, 429);
    }
    const user = await findUserByEmail(getDb(c.env.DB), email);
    if (user && user.emailVerifiedAt === null) await sendVerification(c, user);
    return c.json(CHECK_INBOX, 200);
  })

  /** A POST, not a GET: following a link must not change anything until the page asks. */
  .post('/verify-email/:token', noBody, async (c) => {
    const token = c.req.param('token');
    const userId = TOKEN_SHAPE.test(token)
      ? await consumeEmailToken(c.env.DB, token, 'verify-email', ({ tokenHash, now }) => [
          c.env.DB.prepare(`UPDATE users SET email_verified_at = coalesce(email_verified_at, ?2) WHERE id = ${USED_TOKEN_USER}`).bind(tokenHash, now),
        ])
      : undefined;
    if (!userId) return c.json({ error: 'This verification link is invalid or has expired.' }, 400);
    await startSession(c, userId);
    return c.json({ verified: true }, 200);
  })

  .post('/sign-in', limitBody(AUTH_BODY_LIMIT), jsonBody(SignInSchema), async (c) => {
    const { email, password } = c.req.valid('json');
    const client = clientAddress(c.req.raw.headers);
    const rules = signInRules(c.env, email, client);
    // Refused before the account is looked up, so a refusal says nothing about whether it
    // exists, and a flood of refused attempts costs no password hashing.
    const tooMany = (retryAfterSeconds: number) => {
      c.header('Retry-After', String(retryAfterSeconds));
      return c.json({ error: TOO_MANY_SIGN_INS }, 429);
    };

    // Whether this client already failed on this account in the current window: read before
    // this attempt is admitted, which would count it.
    const failedHereBefore = (await readCount(c.env.DB, rules.perAccountAndClient, client)) > 0;
    const attempt = await admit(c.env.DB, [rules.perClient, rules.perAccountAndClient], client);
    if (!attempt.allowed) return tooMany(attempt.retryAfterSeconds);
    const accountFailures = await readCount(c.env.DB, rules.perAccount, 'all');
    if (failedHereBefore && accountFailures >= rules.perAccount.threshold) {
      await attempt.release();
      return tooMany(60);
    }

    const db = getDb(c.env.DB);
    const user = await findUserByEmail(db, email);
    const check = user?.passwordHash ? await verifyPassword(password, user.passwordHash) : null;
    if (!user || !check?.matches) {
      if (!check) await spendPasswordCheckTime(password);
      const failures = await countEvent(c.env.DB, rules.perAccount, 'all');
      // Exactly one failure reaches the threshold in a window, so the owner hears of a burst once.
      if (user && failures === rules.perAccount.threshold) {
        sendEmailLater(c.env, c.executionCtx, signInAttemptsEmail(user.email, failures, link(c.env, '/forgot-password'), c.env.CONTACT_EMAIL));
      }
      return c.json({ error: BAD_CREDENTIALS }, 401);
    }

    await attempt.release();
    if (check.needsRehash)
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(password) })
        .where(eq(users.id, user.id));

    if (user.emailVerifiedAt === null) {
      if ((await takeMailLock(c.env.DB, `verify-email:${email}`, MAIL_LOCK_MS)).taken) await sendVerification(c, user);
      return c.json({ error: 'Please confirm your email address first. We have sent you a link.' }, 403);
    }
    await startSession(c, user.id);
    return c.json({ user: await toCurrentUser(db, user) }, 200);
  })

  .post('/refresh', noBody, async (c) => {
    const userId = await rotateSession(c);
    if (!userId) return c.json({ error: 'Please sign in again.' }, 401);
    return c.json({ refreshed: true }, 200);
  })

  .get('/check-auth', async (c) => {
    const userId = await currentUserId(c);
    const db = getDb(c.env.DB);
    const user = userId ? await findUserById(db, userId) : undefined;
    if (!user) return c.json({ error: 'Please sign in to continue.' }, 401);
    return c.json({ user: await toCurrentUser(db, user) }, 200);
  })

  /**
   * Who is signed in, if anyone: always 200, so the public pages can ask without a 401 in every
   * anonymous visitor's console. No refresh: an expired access token reads as signed out here.
   */
  .get('/session', async (c) => {
    const userId = await currentUserId(c);
    const db = getDb(c.env.DB);
    const user = userId ? await findUserById(db, userId) : undefined;
    return c.json({ user: user ? await toCurrentUser(db, user) : null }, 200);
  })

  .post('/sign-out', noBody, async (c) => {
    await endSession(c);
    return c.json({ signedOut: true }, 200);
  })

  .post('/forgot-password', limitBody(AUTH_BODY_LIMIT), jsonBody(EmailOnlySchema), async (c) => {
    const { email } = c.req.valid('json');
    const db = getDb(c.env.DB);
    const user = await findUserByEmail(db, email);
    if (user && (await takeMailLock(c.env.DB, `reset-password:${email}`, MAIL_LOCK_MS)).taken) {
      const token = await issueEmailToken(db, user.id, 'reset-password');
      sendEmailLater(c.env, c.executionCtx, passwordResetEmail(email, link(c.env, `/reset-password/${token}`)));
    }
    return c.json(RESET_LINK_SENT, 200);
  })

  /**
   * Sets the new password and uses the token in one batch, signs every device out and sends a
   * notice. It does not sign the visitor in (docs/security.md §9).
   */
  /** Whether a reset link still works, so the page can say so before a new password is typed. */
  .get('/reset-password/:token', async (c) => {
    const token = c.req.param('token');
    if (!TOKEN_SHAPE.test(token) || !(await isEmailTokenUsable(c.env.DB, token, 'reset-password'))) {
      return c.json({ error: RESET_LINK_INVALID }, 400);
    }
    return c.json({ usable: true }, 200);
  })

  .post('/reset-password/:token', limitBody(AUTH_BODY_LIMIT), jsonBody(ResetPasswordSchema), async (c) => {
    const token = c.req.param('token');
    const invalid = () => c.json({ error: RESET_LINK_INVALID }, 400);
    if (!TOKEN_SHAPE.test(token)) return invalid();
    const passwordHash = await hashPassword(c.req.valid('json').new_password);
    const userId = await consumeEmailToken(c.env.DB, token, 'reset-password', ({ tokenHash, now }) => [
      // The reset link proves the mailbox, so the address counts as verified too.
      c.env.DB.prepare(`UPDATE users SET password_hash = ?3, email_verified_at = coalesce(email_verified_at, ?2) WHERE id = ${USED_TOKEN_USER}`).bind(
        tokenHash,
        now,
        passwordHash,
      ),
    ]);
    if (!userId) return invalid();
    await revokeAllSessions(c.env, userId);
    const user = await findUserById(getDb(c.env.DB), userId);
    if (user) sendEmailLater(c.env, c.executionCtx, passwordChangedEmail(user.email, link(c.env, '/forgot-password'), c.env.CONTACT_EMAIL));
    return c.json({ message: 'Your password has been reset. You can now sign in with your new password.' }, 200);
  })

  .get('/providers', (c) => c.json({ google: isGoogleConfigured(c.env) }, 200))

  /** The browser asks to start; the server keeps state, verifier and context in cookies. */
  .post('/google/start', limitBody(AUTH_BODY_LIMIT), jsonBody(GoogleStartSchema), async (c) => {
    if (!isGoogleConfigured(c.env)) return c.json({ error: 'Google sign-in is not configured.' }, 503);
    const { attribution, privacyMode } = c.req.valid('json');
    const state = generateState();
    const verifier = generateCodeVerifier();
    setCookie(c, GOOGLE_STATE, state, googleCookie);
    setCookie(c, GOOGLE_VERIFIER, verifier, googleCookie);
    setCookie(c, GOOGLE_CONTEXT, btoa(JSON.stringify({ attribution: attribution ?? null, privacyMode: privacyMode ?? false })), googleCookie);
    return c.json({ url: googleAuthorizationUrl(c.env, state, verifier).href }, 200);
  })

  .get('/google/callback', async (c) => {
    const storedState = getCookie(c, GOOGLE_STATE, 'host');
    const verifier = getCookie(c, GOOGLE_VERIFIER, 'host');
    const context = readGoogleContext(getCookie(c, GOOGLE_CONTEXT, 'host'));
    for (const name of [GOOGLE_STATE, GOOGLE_VERIFIER, GOOGLE_CONTEXT]) deleteCookie(c, name, googleCookie);

    if (c.req.query('error') === 'access_denied') return backToSignIn(c, 'denied');
    const state = c.req.query('state');
    const code = c.req.query('code');
    if (!state || !storedState || !verifier || !code || !sameSecret(state, storedState)) {
      return c.html(
        '<!doctype html><title>Sign-in link expired</title><p>This Google sign-in link has expired or was already used. <a href="/signin">Sign in again</a>.</p>',
        400,
      );
    }

    try {
      const profile = await fetchGoogleProfile(c.env, code, verifier);
      const db = getDb(c.env.DB);
      const [known] = await db.select().from(users).where(eq(users.googleSub, profile.sub));
      if (known) {
        await startSession(c, known.id);
        return c.redirect('/dashboard', 302);
      }
      // Linking to an existing e-mail account only on an address Google has verified.
      if (!profile.emailVerified) return backToSignIn(c, 'failed');
      const byEmail = await findUserByEmail(db, profile.email);
      if (byEmail) {
        await db
          .update(users)
          .set({ googleSub: profile.sub, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${Date.now()})` })
          .where(eq(users.id, byEmail.id));
        await startSession(c, byEmail.id);
        return c.redirect('/dashboard', 302);
      }
      const created = await createUser(db, {
        email: profile.email,
        passwordHash: null,
        emailVerifiedAt: Date.now(),
        googleSub: profile.sub,
        name: profile.name,
        attribution: context.attribution,
        privacyMode: context.privacyMode,
      });
      if (!created) return backToSignIn(c, 'failed');
      await creditReferral(c, created.id);
      await startSession(c, created.id);
      return c.redirect('/onboarding', 302);
    } catch (error) {
      console.error('Google sign-in failed', error instanceof GoogleSignInError ? error.message : error);
      return backToSignIn(c, 'failed');
    }
  });
