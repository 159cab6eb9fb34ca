import { api, send } from './api';

/**
 * Whether someone is signed in, for public pages. GET /auth/session always answers 200 (no 401
 * in an anonymous visitor's console) and does not refresh: an expired access token reads as
 * signed out.
 */
export async function isSignedIn(): Promise<boolean> {
  try {
    const response = await send(() => api.auth.session.$get());
    return (await response.json()).user !== null;
  } catch {
    return false;
  }
}
