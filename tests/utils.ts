import { env, exports } from 'cloudflare:workers';


const worker = exports.default;

/** The product's own origin, as the Worker is configured in tests. */
export const appOrigin = () => new URL(env.APP_URL).origin;

/** Sends a request to the Worker exactly as given (no Origin added). */
export const rawRequest = (path: string, init: RequestInit = {}) =>
  worker.fetch(new Request(new URL(path, appOrigin()), { ...init, redirect: 'manual' }));

/** Sends a request to the Worker under test, as the browser on the product's origin would. */
export function request(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const method = (init.method ?? 'GET').toUpperCase();
  if (!['GET', 'HEAD'].includes(method) && !headers.has('Origin')) headers.set('Origin', appOrigin());
  return worker.fetch(new Request(new URL(path, appOrigin()), { ...init, headers, redirect: 'manual' }));
}

/** POSTs a JSON body (or a raw string) from the product's origin. */
export function postJson(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export const db = () => env.DB;
