import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  /** Set when the client went away before the answer was complete. */
  aborted?: boolean;
}

export interface FakeServer {
  url: string;
  close(): Promise<void>;
}

type Handler<Scenario> = (request: RecordedRequest, scenario: Scenario, response: ServerResponse) => void | Promise<void>;

/**
 * A fake of an outside service, run by Node beside the tests. Tests steer it over HTTP:
 * `POST /__scenario` sets how it answers, `GET /__requests` returns what it received and
 * `POST /__reset` forgets both. Everything else goes to the fake's handler.
 */
export async function startFakeServer<Scenario extends object>(name: string, handle: Handler<Scenario>): Promise<FakeServer> {
  let scenario = {} as Scenario;
  let received: RecordedRequest[] = [];

  async function serve(incoming: IncomingMessage, response: ServerResponse) {
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    try {
      // Inside the try: a client that goes away while sending its body is not a crash of the fake.
      const chunks: Buffer[] = [];
      for await (const chunk of incoming) chunks.push(chunk as Buffer);
      const request: RecordedRequest = {
        method: incoming.method ?? 'GET',
        path: incoming.url ?? '/',
        headers: Object.fromEntries(Object.entries(incoming.headers).map(([key, value]) => [key, String(value)])),
        body: Buffer.concat(chunks).toString('utf8'),
      };
      if (request.path === '/__scenario' && request.method === 'POST') return json(200, (scenario = JSON.parse(request.body) as Scenario));
      if (request.path === '/__requests') return json(200, received);
      if (request.path === '/__reset' && request.method === 'POST') {
        scenario = {} as Scenario;
        received = [];
        return json(200, {});
      }
      received.push(request);
      await handle(request, scenario, response);
    } catch (error) {
      if (response.headersSent) response.destroy();
      else json(500, { error: `${name} fake failed: ${(error as Error).message}` });
    }
  }

  const server = createServer((incoming, response) => void serve(incoming, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(response: ServerResponse, status: number, body: unknown, delayMs = 0) {
  setTimeout(() => {
    if (response.destroyed) return;
    response.writeHead(status, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(body));
  }, delayMs);
}
