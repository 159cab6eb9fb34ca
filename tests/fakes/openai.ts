import type { ServerResponse } from 'node:http';
import { sendJson, startFakeServer, type RecordedRequest } from './server';

/** How the fake model answers; every field is optional. */
export interface OpenAiScenario {
  /** Answer with this HTTP status and an error body instead of a completion. */
  status?: number;
  /** Replace the default content (a JSON text) the model "writes". */
  content?: string;
  /** Streaming speed: tokens (about 4 characters each) per second. Default: as fast as possible. */
  tokensPerSecond?: number;
  /** Stop sending (without closing) after this many characters: a stalled upstream. */
  stallAfterChars?: number;
  /** Wait this long before the first byte. */
  delayMs?: number;
  /** Drop the connection after this many characters: a stream that stops half-way. */
  cutAfterChars?: number;
  /** Characters of content per streamed chunk. Default: 4, about one token. */
  chunkChars?: number;
  /** Pad the error body (with `status`) to about this many characters: a misbehaving upstream. */
  errorBodyChars?: number;
  /**
   * Scripted answers, one per completion request in order (the last one repeats): the
   * co-founder's turns, with streamed tool calls and faults. Takes precedence over the fields above.
   */
  replies?: ScriptedReply[];
}

/**
 * One streamed chat completion of a script (chat-completions streaming format). Its text and tool
 * arguments may cite what the tools answered earlier in the conversation: `{{toolUrl:N}}` stands
 * for the Nth distinct web address in the request's tool results (the evaluation's well-behaved
 * co-founder cites the discussions it was given, eval/fake-model.ts).
 */
export interface ScriptedReply {
  /** The text the model writes (default: none when it calls tools, else a short sentence). */
  content?: string;
  /** Tool calls streamed after the text; arguments as an object (sent as JSON) or a raw string. */
  toolCalls?: { name: string; arguments: object | string }[];
  /** Answer with this HTTP status and an error body instead (500, 429, …). */
  status?: number;
  /** Tokens (4 characters) per second; default as fast as possible. */
  tokensPerSecond?: number;
  /** Wait this long before the first byte. */
  delayMs?: number;
  /** Go silent, connection open, after this many characters of text. */
  stallAfterChars?: number;
  /** Send the response headers and then nothing, connection open: a stream that never starts. */
  silentAfterHeaders?: boolean;
  /** Send a chunk that is not JSON after this many characters of text. */
  malformedAfterChars?: number;
  /** Close the stream without a finish reason or [DONE] after this many characters of text. */
  closeAfterChars?: number;
  /** Characters per streamed chunk (default 4, about a token); larger makes long answers quick. */
  chunkChars?: number;
}

export const FAKE_IDEAS = Array.from({ length: 10 }, (_, i) => ({
  problem: `Problem ${i + 1}: clinics lose ${i + 2} hours a week to manual scheduling.`,
  solution: `Solution ${i + 1}: a booking assistant that fills cancelled slots automatically.`,
}));

export const FAKE_PERSONA = {
  name: 'Dana Whitfield',
  age: 41,
  occupation: 'Practice manager at a dental clinic',
  traits: ['Organised', 'Analytical', 'Time-poor'],
  quote: 'Every empty chair is money we never get back.',
  where: ['Dental practice management forums', 'LinkedIn', 'Regional dental conferences'],
  narrative_description: 'Dana runs the front desk and the books of a four-chair clinic and spends her evenings fixing the schedule.',
  problem: 'Last-minute cancellations leave chairs empty and staff idle.',
  pains: ['Phone tag with patients', 'No-shows that cost hundreds a day'],
  goals: ['A full schedule every day', 'Fewer evening hours at work'],
  objections: ['Patients may not like automated messages', 'Another system to train staff on'],
};

const CHUNK_CHARS = 4;

/** The error body of a failed call, padded to `errorBodyChars` when the scenario asks for it. */
function errorBody(scenario: OpenAiScenario) {
  const message = `Fake upstream answered ${scenario.status}`;
  const padding = Math.max(0, (scenario.errorBodyChars ?? 0) - message.length);
  return { error: { message: padding > 0 ? `${message} ${'x'.repeat(padding)}` : message, type: 'server_error', code: null } };
}

function defaultContent(body: { response_format?: { json_schema?: { name?: string } } }): string {
  const name = body.response_format?.json_schema?.name;
  if (name === 'business_ideas') return JSON.stringify({ elements: FAKE_IDEAS });
  if (name === 'user_persona') return JSON.stringify(FAKE_PERSONA);
  return JSON.stringify({ note: `unknown schema ${name}` });
}

function streamCompletion(response: ServerResponse, model: string, content: string, scenario: OpenAiScenario, onAbort: () => void) {
  response.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
  const id = `chatcmpl-fake-${Date.now()}`;
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: object, finishReason: string | null = null, usage?: object) =>
    `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finishReason }], ...(usage ? { usage } : {}) })}\n\n`;
  response.write(chunk({ role: 'assistant', content: '' }));

  const limit = scenario.stallAfterChars ?? Infinity;
  const interval = scenario.tokensPerSecond ? 1000 / scenario.tokensPerSecond : 0;
  const chunkChars = scenario.chunkChars ?? CHUNK_CHARS;
  let sent = 0;
  response.on('close', () => {
    if (!response.writableEnded) onAbort();
  });
  const next = () => {
    if (response.destroyed) return;
    if (sent >= content.length) {
      response.write(chunk({}, 'stop', { prompt_tokens: 50, completion_tokens: Math.ceil(content.length / CHUNK_CHARS), total_tokens: 50 }));
      response.end('data: [DONE]\n\n');
      return;
    }
    if (sent >= limit) return; // Stalled: the connection stays open and silent.
    if (scenario.cutAfterChars !== undefined && sent >= scenario.cutAfterChars) {
      response.destroy();
      return;
    }
    const written = response.write(chunk({ content: content.slice(sent, sent + chunkChars) }));
    sent += chunkChars;
    if (interval > 0) setTimeout(next, interval);
    // A reader slower than the fake (a capped one) makes it wait instead of filling memory.
    else if (!written) response.once('drain', next);
    else setImmediate(next);
  };
  next();
}

/** The web addresses in a request's tool results, in order, each once. */
function toolResultUrls(body: { messages?: { role: string; content: unknown }[] }): string[] {
  const results = (body.messages ?? []).filter((message) => message.role === 'tool').map((message) => JSON.stringify(message.content));
  const found = results.flatMap((text) => text.replace(/\\+"/g, '"').match(/https?:\/\/[^\s"'\\<>)\]]+/g) ?? []);
  return [...new Set(found)];
}

/** The reply with its `{{toolUrl:N}}` placeholders replaced by the addresses the tools answered. */
function citingToolResults(reply: ScriptedReply, body: { messages?: { role: string; content: unknown }[] }): ScriptedReply {
  const urls = toolResultUrls(body);
  const fill = (text: string) => text.replace(/\{\{toolUrl:(\d+)\}\}/g, (_, index: string) => urls[Number(index)] ?? 'no-such-tool-result');
  return {
    ...reply,
    ...(reply.content !== undefined ? { content: fill(reply.content) } : {}),
    ...(reply.toolCalls
      ? {
          toolCalls: reply.toolCalls.map((call) => ({
            ...call,
            arguments: fill(typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments)),
          })),
        }
      : {}),
  };
}

function streamScripted(response: ServerResponse, model: string, reply: ScriptedReply, onAbort: () => void) {
  response.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
  const id = `chatcmpl-script-${Date.now()}`;
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: object, finishReason: string | null = null, usage?: object) =>
    `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finishReason }], ...(usage ? { usage } : {}) })}\n\n`;
  response.on('close', () => {
    if (!response.writableEnded) onAbort();
  });
  if (reply.silentAfterHeaders) {
    response.flushHeaders();
    return;
  }
  const content = reply.content ?? (reply.toolCalls?.length ? '' : 'A scripted answer.');
  const frames: (() => boolean)[] = [() => (response.write(chunk({ role: 'assistant', content: '' })), true)];
  const size = reply.chunkChars ?? CHUNK_CHARS;
  for (let sent = 0; sent < content.length; sent += size) {
    const at = sent;
    frames.push(() => {
      if (reply.stallAfterChars !== undefined && at >= reply.stallAfterChars) return false;
      if (reply.malformedAfterChars !== undefined && at >= reply.malformedAfterChars) {
        response.end('data: {"id": not json\n\n');
        return false;
      }
      if (reply.closeAfterChars !== undefined && at >= reply.closeAfterChars) {
        response.end();
        return false;
      }
      response.write(chunk({ content: content.slice(at, at + size) }));
      return true;
    });
  }
  (reply.toolCalls ?? []).forEach((call, index) => {
    const args = typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments);
    frames.push(
      () => (
        response.write(chunk({ tool_calls: [{ index, id: `call_${index}_${Date.now()}`, type: 'function', function: { name: call.name, arguments: '' } }] })),
        true
      ),
    );
    frames.push(() => (response.write(chunk({ tool_calls: [{ index, function: { arguments: args } }] })), true));
  });
  frames.push(() => {
    response.write(
      chunk({}, reply.toolCalls?.length ? 'tool_calls' : 'stop', {
        prompt_tokens: 50,
        completion_tokens: Math.ceil(content.length / CHUNK_CHARS),
        total_tokens: 50,
      }),
    );
    response.end('data: [DONE]\n\n');
    return false;
  });
  const interval = reply.tokensPerSecond ? 1000 / reply.tokensPerSecond : 0;
  let next = 0;
  const step = () => {
    if (response.destroyed || next >= frames.length) return;
    if (!frames[next++]!()) return;
    if (interval > 0) setTimeout(step, interval);
    else setImmediate(step);
  };
  step();
}

/**
 * Lanes let test files share one fake at once: a lane is chosen when its tag appears anywhere in
 * the request body (tests put it in their messages), and keeps its own script and requests.
 * `POST /__lanes/<tag>` sets the lane's scenario, `GET /__lanes/<tag>/requests` lists its requests.
 */
const lanes = new Map<string, { scenario: OpenAiScenario; requests: RecordedRequest[] }>();

/**
 * An OpenAI-compatible chat completions server: streams (SSE) or answers whole, at a controlled
 * rate, and records each request (model, messages, response_format) for the tests.
 */
export function startFakeOpenAi() {
  return startFakeServer<OpenAiScenario>('openai', (request, defaultScenario, response) => {
    const laneControl = /^\/__lanes\/([A-Za-z0-9_-]+)(\/requests)?$/.exec(request.path);
    if (laneControl) {
      const tag = laneControl[1]!;
      if (laneControl[2]) return sendJson(response, 200, lanes.get(tag)?.requests ?? []);
      lanes.set(tag, { scenario: JSON.parse(request.body) as OpenAiScenario, requests: [] });
      return sendJson(response, 200, {});
    }
    if (!request.path.endsWith('/chat/completions') || request.method !== 'POST') return sendJson(response, 404, { error: { message: 'Not found' } });
    const lane = [...lanes].find(([tag]) => request.body.includes(tag))?.[1];
    lane?.requests.push(request);
    const scenario = lane?.scenario ?? defaultScenario;
    if (scenario.replies?.length) {
      const body = JSON.parse(request.body) as { model: string; messages?: { role: string; content: unknown }[] };
      const reply = citingToolResults(scenario.replies[Math.min((lane?.requests.length ?? 1) - 1, scenario.replies.length - 1)]!, body);
      const begin = () =>
        reply.status && reply.status !== 200
          ? sendJson(response, reply.status, { error: { message: `Fake upstream answered ${reply.status}`, type: 'server_error', code: null } })
          : streamScripted(response, body.model, reply, () => (request.aborted = true));
      if (reply.delayMs) setTimeout(begin, reply.delayMs);
      else begin();
      return;
    }
    if (!request.headers.authorization?.startsWith('Bearer ')) return sendJson(response, 401, { error: { message: 'Missing API key' } });
    const body = JSON.parse(request.body) as { model: string; stream?: boolean; response_format?: { json_schema?: { name?: string } } };
    const start = () => {
      if (scenario.status && scenario.status !== 200) {
        return sendJson(response, scenario.status, errorBody(scenario));
      }
      const content = scenario.content ?? defaultContent(body);
      if (body.stream) return streamCompletion(response, body.model, content, scenario, () => (request.aborted = true));
      sendJson(response, 200, {
        id: 'chatcmpl-fake',
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 50, completion_tokens: 100, total_tokens: 150 },
      });
    };
    if (scenario.delayMs) setTimeout(start, scenario.delayMs);
    else start();
  });
}
