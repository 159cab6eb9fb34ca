import { randomUUID } from 'node:crypto';
import { sendJson, startFakeServer } from './server';

/** How the fake Google answers; every field is optional. */
export interface GoogleScenario {
  /** Claims merged into the default ID token claims. */
  idTokenClaims?: Record<string, unknown>;
  /** Replaces the default userinfo answer. */
  userinfo?: Record<string, unknown>;
  tokenStatus?: number;
  tokenDelayMs?: number;
  userinfoStatus?: number;
}

export const FAKE_GOOGLE_CLIENT_ID = 'fake-google-client-id.apps.example';
export const DEFAULT_GOOGLE_PROFILE = { sub: '109876543210', email: 'ada@example.com', email_verified: true, name: 'Ada Lovelace' };

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * Google's OAuth endpoints as the product uses them: /authorize (for a browser), /token (code
 * exchange, each code accepted once) and /userinfo (bearer access token).
 */
export function startFakeGoogle() {
  const issuedCodes = new Set<string>();
  const usedCodes = new Set<string>();
  const accessTokens = new Set<string>();

  return startFakeServer<GoogleScenario>('google', (request, scenario, response) => {
    const url = new URL(request.path, 'http://fake');
    if (url.pathname === '/authorize') {
      const code = `code-${randomUUID()}`;
      issuedCodes.add(code);
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      response.writeHead(302, { Location: back.href });
      return void response.end();
    }
    if (url.pathname === '/token' && request.method === 'POST') {
      const form = new URLSearchParams(request.body);
      const code = form.get('code') ?? '';
      if (scenario.tokenStatus && scenario.tokenStatus !== 200) {
        return sendJson(response, scenario.tokenStatus, { error: 'server_error' }, scenario.tokenDelayMs);
      }
      // Codes made up by a test are accepted once too, like codes from /authorize.
      if (usedCodes.has(code) || !form.get('code_verifier')) return sendJson(response, 400, { error: 'invalid_grant' });
      usedCodes.add(code);
      issuedCodes.delete(code);
      const accessToken = `access-${randomUUID()}`;
      accessTokens.add(accessToken);
      const now = Math.floor(Date.now() / 1000);
      const claims = {
        iss: 'https://accounts.google.com',
        aud: FAKE_GOOGLE_CLIENT_ID,
        sub: DEFAULT_GOOGLE_PROFILE.sub,
        email: DEFAULT_GOOGLE_PROFILE.email,
        iat: now,
        exp: now + 3600,
        ...scenario.idTokenClaims,
      };
      const idToken = `${base64url({ alg: 'RS256', typ: 'JWT' })}.${base64url(claims)}.c2lnbmF0dXJl`;
      return sendJson(
        response,
        200,
        { access_token: accessToken, expires_in: 3599, token_type: 'Bearer', scope: 'openid email profile', id_token: idToken },
        scenario.tokenDelayMs,
      );
    }
    if (url.pathname === '/userinfo') {
      const bearer = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
      if (!accessTokens.has(bearer)) return sendJson(response, 401, { error: 'invalid_token' });
      if (scenario.userinfoStatus && scenario.userinfoStatus !== 200) return sendJson(response, scenario.userinfoStatus, { error: 'backend' });
      return sendJson(response, 200, scenario.userinfo ?? DEFAULT_GOOGLE_PROFILE);
    }
    sendJson(response, 404, { error: 'not_found' });
  });
}
