import { env } from 'cloudflare:workers';
import type { MemoryEntry } from '#contracts/workspace';
import type { OpenAiScenario } from '../fakes/openai';
import type { RecordedRequest } from '../fakes/server';
import { CookieJar, freshEmail, latestLink, postJson, request, signedInUser, tokenOf } from '../utils';

/** Helpers of the co-founder workspace tests: members, sockets through the Worker, the fake model. */

export type Frame = { type: string; [key: string]: unknown };

export async function ownerWithProject(name = 'Workspace test') {
  const owner = await signedInUser();
  const created = await postJson('/api/project', { name }, {}, { jar: owner.jar });
  const { project } = await created.json<{ project: { id: string } }>();
  return { ...owner, projectId: project.id };
}

/** Invites a fresh account to the project and accepts; returns its session. */
export async function addCollaborator(ownerJar: CookieJar, projectId: string) {
  const collaborator = await signedInUser();
  const invited = await postJson(`/api/project/${projectId}/invitations`, { email: collaborator.email }, {}, { jar: ownerJar });
  const { link } = await invited.json<{ link: string }>();
  const accepted = await postJson(`/api/project/invitations/${tokenOf(link)}/accept`, {}, {}, { jar: collaborator.jar });
  if (accepted.status !== 200) throw new Error(`Accepting the invitation failed: ${accepted.status}`);
  return collaborator;
}

export const workspacePath = (projectId: string) => `/api/projects/${projectId}/cofounder`;

/** Opens the workspace WebSocket through the Worker's fetch, as the browser would. */
export function upgrade(projectId: string, jar: CookieJar | null, headers: Record<string, string> = {}) {
  return request(workspacePath(projectId), { headers: { Upgrade: 'websocket', ...headers } }, { jar: jar ?? undefined });
}

export class TestSocket {
  readonly frames: Frame[] = [];
  closed: { code: number; reason: string } | null = null;
  #listeners = new Set<() => void>();

  constructor(readonly ws: WebSocket) {
    ws.accept();
    ws.addEventListener('message', (event) => {
      try {
        this.frames.push(JSON.parse(String(event.data)) as Frame);
      } catch {
        this.frames.push({ type: 'non-json', data: String(event.data) });
      }
      this.#notify();
    });
    ws.addEventListener('close', (event) => {
      this.closed = { code: event.code, reason: event.reason };
      this.#notify();
    });
  }

  #notify() {
    for (const listener of this.#listeners) listener();
  }

  send(frame: object | string) {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** Resolves with the first frame (from `from` on) matching, as soon as it arrives. */
  waitFor(match: (frame: Frame) => boolean, options: { from?: number; timeoutMs?: number; what?: string } = {}): Promise<Frame> {
    const from = options.from ?? 0;
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.frames.slice(from).find(match);
        if (found) {
          this.#listeners.delete(check);
          clearTimeout(timer);
          resolve(found);
        }
      };
      const timer = setTimeout(() => {
        this.#listeners.delete(check);
        reject(new Error(`Timed out waiting for ${options.what ?? 'a frame'}; got ${JSON.stringify(this.frames.map((frame) => frame.type))}`));
      }, options.timeoutMs ?? 8000);
      this.#listeners.add(check);
      check();
    });
  }

  waitForClose(timeoutMs = 5000): Promise<{ code: number; reason: string }> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (!this.closed) return;
        this.#listeners.delete(check);
        clearTimeout(timer);
        resolve(this.closed);
      };
      const timer = setTimeout(() => reject(new Error('The socket stayed open')), timeoutMs);
      this.#listeners.add(check);
      check();
    });
  }

  /** The latest shared state the object broadcast. */
  latestState<T = Record<string, unknown>>(): T | undefined {
    return this.frames.findLast((frame) => frame.type === 'cf_agent_state')?.state as T | undefined;
  }

  close() {
    if (!this.closed) this.ws.close(1000, 'done');
  }
}

export async function openSocket(projectId: string, jar: CookieJar) {
  const response = await upgrade(projectId, jar);
  if (response.status !== 101 || !response.webSocket) throw new Error(`Upgrade failed: ${response.status} ${await response.text()}`);
  const socket = new TestSocket(response.webSocket);
  await socket.waitFor((frame) => frame.type === 'cf_agent_state', { what: 'the initial state' });
  return socket;
}

let counter = 0;
const nextId = (prefix: string) => `${prefix}${Date.now().toString(36)}${++counter}`;

/** A send as useAgentChat frames it: the client's transcript plus the new message. */
export function chatRequest(text: string, options: { messageId?: string; history?: object[]; trigger?: string } = {}) {
  const requestId = nextId('req');
  const messageId = options.messageId ?? nextId('msg');
  const messages = [...(options.history ?? []), { id: messageId, role: 'user', parts: [{ type: 'text', text }] }];
  return {
    requestId,
    messageId,
    frame: {
      type: 'cf_agent_use_chat_request',
      id: requestId,
      init: { method: 'POST', body: JSON.stringify({ messages, trigger: options.trigger ?? 'submit-message' }) },
    },
  };
}

export function send(socket: TestSocket, text: string, options: Parameters<typeof chatRequest>[1] = {}) {
  const built = chatRequest(text, options);
  socket.send(built.frame);
  return built;
}

/** The end of a request's answer (or its refusal). */
export const answerEnd = (socket: TestSocket, requestId: string, timeoutMs = 10_000) =>
  socket.waitFor((frame) => frame.type === 'cf_agent_use_chat_response' && frame.id === requestId && frame.done === true, {
    timeoutMs,
    what: `the end of ${requestId}`,
  });

/** A member frame's answer: `request_result`, with what the object did or why it refused. */
export type RequestResult<Value = MemoryEntry | null> = Frame & { ok: boolean; error?: string; reason?: string; value?: Value };

/** Sends a member frame with a fresh request id; that id, to wait for its answer with requestResult. */
export function sendFrame(socket: TestSocket, body: Record<string, unknown>): string {
  const requestId = nextId('request');
  socket.send({ ...body, requestId });
  return requestId;
}

export const requestResult = <Value = MemoryEntry | null>(socket: TestSocket, requestId: string) =>
  socket.waitFor((frame) => frame.type === 'request_result' && frame.requestId === requestId, { what: `the answer to ${requestId}` }) as Promise<
    RequestResult<Value>
  >;

/** Sends a member frame and resolves with its answer. */
export const ask = <Value = MemoryEntry | null>(socket: TestSocket, body: Record<string, unknown>) => requestResult<Value>(socket, sendFrame(socket, body));

/** The shared state now when it passes `test`, else the next one the object broadcasts that does. */
export function currentOrNextState<State>(socket: TestSocket, test: (state: State) => boolean, what = 'a state', timeoutMs = 8000): Promise<State> {
  const now = socket.latestState<State>();
  if (now && test(now)) return Promise.resolve(now);
  return socket
    .waitFor((frame) => frame.type === 'cf_agent_state' && test(frame.state as State), { what, timeoutMs, from: socket.frames.length })
    .then((frame) => frame.state as State);
}

/** What each tool answered in a model request, as the model read it (its quotes unescaped). */
export const toolResultsIn = (body: ModelRequestBody) =>
  body.messages.filter((message) => message.role === 'tool').map((message) => JSON.stringify(message.content).replace(/\\+"/g, '"'));

export interface StoredMessage {
  id: string;
  role: 'user' | 'assistant';
  parts: { type: string; text?: string; input?: unknown; output?: unknown; state?: string }[];
  metadata?: { author: { kind: string; userId?: string; name?: string }; createdAt: number; status?: string; failure?: string };
}

/** The stored conversation, through the history route the chat hook uses. */
export async function storedMessages(projectId: string, jar: CookieJar): Promise<StoredMessage[]> {
  const response = await request(`${workspacePath(projectId)}/get-messages`, {}, { jar });
  if (response.status !== 200) throw new Error(`get-messages: ${response.status}`);
  return response.json();
}

export const textOf = (message: StoredMessage | undefined) =>
  (message?.parts ?? [])
    .filter((part) => part.type === 'text')
    .map((part) => part.text)
    .join('');

/** A lane of the co-founder's fake model: scripted for this test only (tests/fakes/openai.ts). */
export async function lane(scenario: OpenAiScenario) {
  const tag = nextId('lane');
  await fetch(`${env.FAKE_COFOUNDER_MODEL_URL}/__lanes/${tag}`, { method: 'POST', body: JSON.stringify(scenario) });
  return {
    tag,
    requests: async () => (await (await fetch(`${env.FAKE_COFOUNDER_MODEL_URL}/__lanes/${tag}/requests`)).json()) as RecordedRequest[],
    bodies: async () =>
      ((await (await fetch(`${env.FAKE_COFOUNDER_MODEL_URL}/__lanes/${tag}/requests`)).json()) as RecordedRequest[]).map(
        (recorded) => JSON.parse(recorded.body) as ModelRequestBody,
      ),
  };
}

export interface ModelRequestBody {
  model: string;
  store?: boolean;
  max_completion_tokens?: number;
  max_tokens?: number;
  messages: { role: string; content: string | { type: string; text: string }[] | null; tool_calls?: unknown[] }[];
  tools?: { function: { name: string } }[];
}

export const freshAddress = freshEmail;
export { latestLink };

/** A persona with every claim an assumption: what a member may save, and the base the persona tests vary. */
export const PERSONA = {
  role: 'Practice manager',
  age: 44,
  situation: 'Runs the schedule of a four-chair clinic.',
  jobs: { functional: ['Keep chairs booked'], social: [], emotional: ['Stop dreading cancellations'] },
  pains: [{ text: 'Late cancellations.', source: 'assumption' }],
  gains: [{ text: 'Slots refilled without calls.', source: 'assumption' }],
  usesToday: ['A paper waiting list'],
  reachAt: [],
  jobStories: ['When a patient cancels, I want to text the waiting list, so I can keep the chair busy.'],
  earlyAdopter: 'Clinics with a waiting list already.',
  quotes: [],
  confidence: 'low',
  confidenceReasons: 'Mostly assumptions.',
};
