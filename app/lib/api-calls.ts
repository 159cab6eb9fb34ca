import type { ClientResponse } from 'hono/client';
import { toApiError, withSession } from './api';

/*
 * Typed adapters between the hc client and app/lib/api.ts. `withSession` and `toApiError` take
 * the global `Response`, which under @cloudflare/workers-types is not the type hc returns, and
 * `withSession` hands back an untyped `Response`. These keep the endpoint's success type, so
 * `(await send(() => api.x.$post(…))).json()` is typed by the server's route.
 */

// `any` accepts every endpoint's answer; the result is narrowed again by Success<R>.
type AnyResponse = ClientResponse<any, number, any>;

/** The members of an endpoint's answer union that have a 2xx status. */
export type Success<R> = Extract<R, { ok: true }>;

const asResponse = (response: AnyResponse) => response as unknown as Response;

/** Runs an unauthenticated call; resolves with the 2xx answer, rejects with an ApiError otherwise. */
export async function send<R extends AnyResponse>(request: () => Promise<R>): Promise<Success<R>> {
  const response = await request();
  if (!response.ok) throw await toApiError(asResponse(response));
  return response as Success<R>;
}

/** Runs a signed-in call through the session wrapper (401 → one refresh → one retry). */
export async function sendWithSession<R extends AnyResponse>(request: () => Promise<R>): Promise<Success<R>> {
  const response = await withSession(async () => asResponse(await request()));
  return response as unknown as Success<R>;
}
