import type { MemoryContent, MemoryEntry, WorkspaceMessage, WorkspaceState } from '#contracts/workspace';

/**
 * A member of a project, as the evaluation drives the built product: an account signed in over
 * the API, and the workspace socket a browser opens (useAgentChat's frames), as
 * bench/workspace-socket.mjs does.
 */

type Frame = { type: string; [key: string]: unknown };

/** The cookies of a session, kept from every answer's Set-Cookie. */
export class Member {
  cookie = '';
  constructor(readonly origin: string) {}

  async request(method: string, path: string, body?: unknown): Promise<Response> {
    const response = await fetch(`${this.origin}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', Origin: this.origin, Cookie: this.cookie },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const set = response.headers.getSetCookie().map((line) => line.split(';')[0]);
    if (set.length > 0) {
      const jar = new Map(this.cookie ? this.cookie.split('; ').map((pair) => [pair.split('=')[0]!, pair] as const) : []);
      for (const pair of set) jar.set(pair!.split('=')[0]!, pair!);
      this.cookie = [...jar.values()].join('; ');
    }
    return response;
  }

  async json<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await this.request(method, path, body);
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
    return (await response.json()) as T;
  }

  /** A new verified account, signed in: sign-up, then the link the development outbox shows. */
  static async signUp(origin: string, email: string, password: string): Promise<Member> {
    const member = new Member(origin);
    await member.json('POST', '/api/auth/sign-up', { email, password });
    const deadline = Date.now() + 20_000;
    for (;;) {
      const outbox = await (await fetch(`${origin}/dev/outbox`)).text();
      const token = new RegExp(`${email.replace(/[.+]/g, '\\$&')}[\\s\\S]*?/verify-email/([A-Za-z0-9_-]{43})`).exec(outbox)?.[1];
      if (token) {
        await member.json('POST', `/api/auth/verify-email/${token}`);
        return member;
      }
      if (Date.now() > deadline) throw new Error(`No verification e-mail for ${email} in the outbox`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  static async signIn(origin: string, email: string, password: string): Promise<Member> {
    const member = new Member(origin);
    await member.json('POST', '/api/auth/sign-in', { email, password });
    return member;
  }

  /** The stored conversation, through the history route the chat hook reads. */
  messages(projectId: string): Promise<WorkspaceMessage[]> {
    return this.json('GET', `/api/projects/${projectId}/cofounder/get-messages`);
  }

  async open(projectId: string): Promise<WorkspaceSocket> {
    const socket = new WorkspaceSocket(
      // Node's WebSocket takes headers: the session cookie and the Origin a browser would send.
      new WebSocket(`${this.origin.replace(/^http/, 'ws')}/api/projects/${projectId}/cofounder`, {
        headers: { Cookie: this.cookie, Origin: this.origin },
      } as unknown as string[]),
    );
    await socket.waitFor((frame) => frame.type === 'cf_agent_state', 'the workspace state', 20_000);
    return socket;
  }
}

let counter = 0;
const nextId = (prefix: string) => `${prefix}${Date.now().toString(36)}${(++counter).toString(36)}`;

export class WorkspaceSocket {
  readonly frames: Frame[] = [];
  #listeners = new Set<() => void>();
  #closed = false;

  constructor(readonly ws: WebSocket) {
    ws.addEventListener('message', (event) => {
      try {
        this.frames.push(JSON.parse(String(event.data)) as Frame);
      } catch {
        // Not a frame of ours.
      }
      for (const listener of this.#listeners) listener();
    });
    ws.addEventListener('close', () => {
      this.#closed = true;
      for (const listener of this.#listeners) listener();
    });
  }

  /** The first frame (from `from` on) that matches, as soon as it arrives. */
  waitFor(match: (frame: Frame) => boolean, what: string, timeoutMs: number, from = 0): Promise<Frame> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.frames.slice(from).find(match);
        if (found || this.#closed) {
          this.#listeners.delete(check);
          clearTimeout(timer);
          if (found) resolve(found);
          else reject(new Error(`The workspace closed while waiting for ${what}`));
        }
      };
      const timer = setTimeout(() => {
        this.#listeners.delete(check);
        reject(new Error(`Timed out after ${timeoutMs / 1000} s waiting for ${what}`));
      }, timeoutMs);
      this.#listeners.add(check);
      check();
    });
  }

  state(): WorkspaceState {
    return this.frames.findLast((frame) => frame.type === 'cf_agent_state')!.state as WorkspaceState;
  }

  /** A member frame (memory change, phase opened); its value, or the refusal's sentence as an error. */
  async ask<Value>(body: Record<string, unknown>): Promise<Value> {
    const requestId = nextId('eval');
    this.ws.send(JSON.stringify({ ...body, requestId }));
    const result = await this.waitFor(
      (frame) => frame.type === 'request_result' && frame.requestId === requestId,
      `the answer to ${String(body.type)}`,
      20_000,
    );
    if (!result.ok) throw new Error(`${String(body.type)} was refused: ${String(result.error)}`);
    return result.value as Value;
  }

  createEntry = (content: MemoryContent) => this.ask<MemoryEntry>({ type: 'memory_create', content });
  acceptEntry = (entry: MemoryEntry) => this.ask<MemoryEntry>({ type: 'memory_accept', id: entry.id, baseVersion: entry.version });

  /**
   * Sends a message as useAgentChat frames it and waits for the end of its answer (or its
   * refusal); a note to the team is stored and not answered.
   */
  async send(text: string, options: { note?: boolean; timeoutMs: number }): Promise<void> {
    const requestId = nextId('req');
    const messages = [{ id: nextId('msg'), role: 'user', parts: [{ type: 'text', text }] }];
    const from = this.frames.length;
    this.ws.send(
      JSON.stringify({
        type: 'cf_agent_use_chat_request',
        id: requestId,
        init: { method: 'POST', body: JSON.stringify({ messages, trigger: 'submit-message', ...(options.note ? { note: true } : {}) }) },
      }),
    );
    const end = await this.waitFor(
      (frame) =>
        (frame.type === 'cf_agent_use_chat_response' && frame.id === requestId && frame.done === true) ||
        (frame.type === 'send_refused' && frame.requestId === requestId),
      'the end of an answer',
      options.timeoutMs,
      from,
    );
    if (end.type === 'send_refused') throw new Error(`The message was refused: ${String(end.error)}`);
  }

  close() {
    if (!this.#closed) this.ws.close(1000, 'done');
  }
}
