import { vi } from 'vitest';

/** One request the app made, as the fake server saw it. */
export interface FakeRequest {
  method: string;
  path: string;
  url: URL;
  body: unknown;
  headers: Headers;
}

type Answer = Response | Promise<Response>;
type Handler = (request: FakeRequest) => Answer;

/** A JSON answer, as the Worker's handlers give them. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

/** An answer the test releases when it chooses, to look at the screen while a call is pending. */
export function deferred() {
  let release!: (response: Response) => void;
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

/**
 * Replaces global fetch (which the hc client and the session refresh call) with a fake server
 * that answers by "METHOD /path". Unknown routes answer 404 like the Worker does, so a test
 * notices a call it did not expect. Handlers can be replaced mid-test with `on`.
 */
export function fakeApi(routes: Record<string, Handler> = {}) {
  const handlers = new Map(Object.entries(routes));
  const requests: FakeRequest[] = [];

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const text = typeof init.body === 'string' ? init.body : undefined;
    const request: FakeRequest = {
      method,
      path: url.pathname,
      url,
      body: text === undefined ? undefined : JSON.parse(text),
      headers: new Headers(init.headers),
    };
    requests.push(request);
    const handler = handlers.get(`${method} ${url.pathname}`);
    return handler ? handler(request) : json(404, { error: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    requests,
    /** The requests made to one route, e.g. calls('POST /api/auth/sign-up'). */
    calls: (route: string) => requests.filter((r) => `${r.method} ${r.path}` === route),
    on: (route: string, handler: Handler) => handlers.set(route, handler),
  };
}
