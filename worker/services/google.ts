import { CodeChallengeMethod, decodeIdToken, OAuth2Client } from 'arctic';
import { config } from '../config';
import type { Bindings } from '../env';

/**
 * Google sign-in (docs/security.md §10): authorization code with PKCE (S256) and state. The profile is
 * read by the server from Google's own endpoints; nothing a browser sends is trusted. The
 * endpoints are configuration so tests can point them at tests/fakes.
 */
const GOOGLE_ENDPOINTS = {
  authorization: 'https://accounts.google.com/o/oauth2/v2/auth',
  token: 'https://oauth2.googleapis.com/token',
  userinfo: 'https://openidconnect.googleapis.com/v1/userinfo',
};
const GOOGLE_ISSUERS = new Set(['https://accounts.google.com', 'accounts.google.com']);

export interface GoogleProfile {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string | null;
}

export class GoogleSignInError extends Error {
  override name = 'GoogleSignInError';
}

export const isGoogleConfigured = (env: Bindings) => Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);

export const googleCallbackUrl = (env: Bindings) => new URL('/api/auth/google/callback', env.APP_URL).href;

function client(env: Bindings) {
  if (!env.GOOGLE_CLIENT_ID || !env.GOOGLE_CLIENT_SECRET) throw new GoogleSignInError('Google sign-in is not configured');
  return new OAuth2Client(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET, googleCallbackUrl(env));
}

export function googleAuthorizationUrl(env: Bindings, state: string, codeVerifier: string): URL {
  const url = client(env).createAuthorizationURLWithPKCE(
    env.GOOGLE_AUTHORIZATION_URL ?? GOOGLE_ENDPOINTS.authorization,
    state,
    CodeChallengeMethod.S256,
    codeVerifier,
    ['openid', 'profile', 'email'],
  );
  url.searchParams.set('prompt', 'select_account');
  return url;
}

/** Each call to Google gives up after GOOGLE_TIMEOUT_MS: sign-in then fails with a clear message. */
async function withTimeout<T>(env: Bindings, work: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new GoogleSignInError(`${what} timed out`)), config(env).GOOGLE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const stringClaim = (claims: Record<string, unknown>, name: string) => (typeof claims[name] === 'string' ? (claims[name] as string) : null);

/** Exchanges the code, checks the ID token's issuer, audience and expiry, and reads the profile. */
export async function fetchGoogleProfile(env: Bindings, code: string, codeVerifier: string): Promise<GoogleProfile> {
  let tokens;
  try {
    tokens = await withTimeout(
      env,
      client(env).validateAuthorizationCode(env.GOOGLE_TOKEN_URL ?? GOOGLE_ENDPOINTS.token, code, codeVerifier),
      'The token request',
    );
  } catch (error) {
    throw error instanceof GoogleSignInError ? error : new GoogleSignInError(`The token request failed: ${(error as Error).message}`);
  }

  let claims: Record<string, unknown>;
  try {
    claims = decodeIdToken(tokens.idToken()) as Record<string, unknown>;
  } catch {
    throw new GoogleSignInError('The token response has no readable ID token');
  }
  // The ID token came straight from Google's token endpoint over TLS, so its signature needs no
  // second check (OpenID Connect Core 3.1.3.7); its claims still do.
  if (!GOOGLE_ISSUERS.has(String(claims.iss))) throw new GoogleSignInError('The ID token has another issuer');
  if (claims.aud !== env.GOOGLE_CLIENT_ID) throw new GoogleSignInError('The ID token is for another client');
  if (typeof claims.exp !== 'number' || claims.exp * 1000 <= Date.now()) throw new GoogleSignInError('The ID token has expired');
  const sub = stringClaim(claims, 'sub');
  if (!sub) throw new GoogleSignInError('The ID token has no subject');

  const response = await withTimeout(
    env,
    fetch(env.GOOGLE_USERINFO_URL ?? GOOGLE_ENDPOINTS.userinfo, { headers: { Authorization: `Bearer ${tokens.accessToken()}` } }),
    'The profile request',
  ).catch((error: unknown) => {
    throw error instanceof GoogleSignInError ? error : new GoogleSignInError('The profile request failed');
  });
  if (!response.ok) throw new GoogleSignInError(`The profile request answered ${response.status}`);
  const profile = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!profile || profile.sub !== sub) throw new GoogleSignInError('The profile does not belong to the signed-in account');
  const email = stringClaim(profile, 'email');
  if (!email) throw new GoogleSignInError('The profile has no e-mail address');

  return {
    sub,
    email: email.trim().toLowerCase(),
    emailVerified: profile.email_verified === true || profile.email_verified === 'true',
    name: stringClaim(profile, 'name'),
  };
}
