import type { ServerResponse } from 'node:http';
import { sendJson, startFakeServer } from './server';

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
  /** Characters of content per streamed chunk. Default: 4, about one token. */
  chunkChars?: number;
  /** Pad the error body (with `status`) to about this many characters: a misbehaving upstream. */
  errorBodyChars?: number;
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
    const written = response.write(chunk({ content: content.slice(sent, sent + chunkChars) }));
    sent += chunkChars;
    if (interval > 0) setTimeout(next, interval);
    // A reader slower than the fake (a capped one) makes it wait instead of filling memory.
    else if (!written) response.once('drain', next);
    else setImmediate(next);
  };
  next();
}

/**
 * An OpenAI-compatible chat completions server: streams (SSE) or answers whole, at a controlled
 * rate, and records each request (model, messages, response_format) for the tests.
 */
export function startFakeOpenAi() {
  return startFakeServer<OpenAiScenario>('openai', (request, scenario, response) => {
    if (!request.path.endsWith('/chat/completions') || request.method !== 'POST') return sendJson(response, 404, { error: { message: 'Not found' } });
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
