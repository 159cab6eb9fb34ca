import { hc, type ClientResponse } from 'hono/client';
import type { ApiType } from '../../worker/index';

/** The one typed client of the product's API. Pages use it; nothing else calls fetch('/api/…'). */
export const api = hc<ApiType>('/api', { init: { credentials: 'same-origin' } });

/** A non-2xx answer of the API, with the server's `error` text when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string | undefined,
  ) {
    super(serverMessage ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
  }
}

/** What every call of the client answers: hc's typed response, or a plain one. */
// `any` accepts every endpoint's answer; results are narrowed again by Success<R>.
type AnyResponse = ClientResponse<any, number, any> | Response;

/** The 2xx members of an endpoint's answer union (a plain Response stays as it is). */
export type Success<R> = [Extract<R, { ok: true }>] extends [never] ? R : Extract<R, { ok: true }>;

/** Reads `{ error }` from a failed answer, if the server sent one. */
export async function toApiError(response: AnyResponse): Promise<ApiError> {
  let serverMessage: string | undefined;
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string') serverMessage = body.error;
  } catch {
    // Not JSON: no server message to show.
  }
  return new ApiError(response.status, serverMessage);
}

/** Runs a call that needs no session; resolves with the 2xx answer, rejects with an ApiError. */
export async function send<R extends AnyResponse>(request: () => Promise<R>): Promise<Success<R>> {
  const response = await request();
  if (!response.ok) throw await toApiError(response);
  return response as Success<R>;
}

/** Asks the server for a fresh access token from the refresh cookie (docs/security.md §7). */
async function refreshSessionOnce(): Promise<boolean> {
  try {
    const response = await api.auth.refresh.$post();
    return response.ok;
  } catch {
    return false;
  }
}

// Requests that meet a 401 at the same moment share one refresh: a second refresh with the
// already-rotated token would look like token theft to the server.
let refreshInFlight: Promise<boolean> | null = null;
function refreshSession(refresh: () => Promise<boolean>): Promise<boolean> {
  refreshInFlight ??= refresh().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/**
 * The session wrapper of the spec: run `request`; on a 401, call POST /auth/refresh once and,
 * if that succeeds, retry the request once. Resolves with the successful answer, typed by the
 * endpoint; rejects with an ApiError for any failed answer (including a failed refresh or
 * retry) and passes network errors on as they are.
 */
export async function withSession<R extends AnyResponse>(request: () => Promise<R>, refresh: () => Promise<boolean> = refreshSessionOnce): Promise<Success<R>> {
  const first = await request();
  if (first.ok) return first as Success<R>;
  if (first.status !== 401) throw await toApiError(first);

  const refreshed = await refreshSession(refresh);
  if (!refreshed) throw await toApiError(first);

  const retry = await request();
  if (retry.ok) return retry as Success<R>;
  throw await toApiError(retry);
}
