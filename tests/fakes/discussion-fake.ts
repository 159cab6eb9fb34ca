import type { ServerResponse } from 'node:http';
import { sendJson, startFakeServer, type RecordedRequest } from './server';

/**
 * What the fakes of the discussion sources (hacker-news.ts, stack-exchange.ts, reddit.ts) share:
 * how a search is answered or refused, and lanes, so that test files running at once can each
 * steer the fake for their own searches.
 */
export interface DiscussionScenario {
  /** Answer every search with this HTTP status and the source's error body (429, 500…). */
  status?: number;
  /** Answer with no results. */
  empty?: boolean;
  /** Never answer: the connection stays open and silent. */
  hang?: boolean;
  /** A 200 whose body is not JSON. */
  malformed?: boolean;
  /** A 200 answer of valid JSON padded to about this many bytes, streamed without a declared length. */
  oversizedBytes?: number;
  /** Wait this long before answering (the bench uses 300 ms). */
  delayMs?: number;
  /** Results carrying markup, scripts, control characters and javascript: or foreign links. */
  hostile?: boolean;
  /** Add results of the wrong shape among the good ones. */
  brokenItems?: boolean;
  /** Stack Exchange: ask for a backoff of this many seconds in a successful answer. */
  backoff?: number;
  /** Reddit: the token endpoint answers with this status. */
  tokenStatus?: number;
}

/** One search, as the fake understood it. */
export interface SearchRequest {
  query: string;
  /** Results asked for (hitsPerPage, pagesize, limit). */
  size: number;
  url: URL;
}

/** A small stable number from text: results differ from one query to another, never between runs. */
export function hashOf(text: string): number {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ char.codePointAt(0)!, 16777619) >>> 0;
  return hash;
}

/** The query's words, for titles that read like real discussions of it. */
export const topicOf = (query: string) => query.replace(/\s+/g, ' ').trim();

/**
 * Lanes: `POST /__lanes/<tag>` sets a lane's scenario and clears its requests; `GET
 * /__lanes/<tag>/requests` lists them. A request joins the lane whose tag appears in its URL
 * (the search phrase or a path prefix) or in its Basic credentials (Reddit's client id).
 * Requests of no lane follow the default scenario (`POST /__scenario`).
 */
const lanesOf = new Map<string, Map<string, { scenario: DiscussionScenario; requests: RecordedRequest[] }>>();

function laneOf(name: string, request: RecordedRequest) {
  const lanes = lanesOf.get(name)!;
  let text = request.path;
  try {
    text = decodeURIComponent(request.path.replace(/\+/g, ' '));
  } catch {
    // A path that is not valid percent-encoding is matched as it came.
  }
  const basic = /^Basic (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (basic) text += ` ${Buffer.from(basic, 'base64').toString('utf8')}`;
  const lowered = text.toLowerCase();
  return [...lanes].find(([tag]) => lowered.includes(tag.toLowerCase()))?.[1];
}

export interface DiscussionFakeHandlers {
  /** Reads the search out of a request, or null when the request is not a search. */
  searchOf: (request: RecordedRequest, url: URL) => SearchRequest | null;
  /** The source's successful answer. */
  answer: (search: SearchRequest, scenario: DiscussionScenario) => unknown;
  /** The source's error body for a status. */
  errorBody: (status: number) => unknown;
  /** Anything else the source serves (Reddit's token endpoint); false when not handled. */
  other?: (request: RecordedRequest, url: URL, scenario: DiscussionScenario, response: ServerResponse) => boolean;
  /** Refuses a search before any scenario applies (Reddit without a valid token). */
  refuse?: (request: RecordedRequest) => { status: number; body: unknown } | null;
}

export function startDiscussionFake(name: string, handlers: DiscussionFakeHandlers) {
  lanesOf.set(name, new Map());
  return startFakeServer<DiscussionScenario>(name, (request, defaultScenario, response) => {
    const laneControl = /^\/__lanes\/([A-Za-z0-9_-]+)(\/requests)?$/.exec(request.path);
    if (laneControl) {
      const lanes = lanesOf.get(name)!;
      const tag = laneControl[1]!;
      if (laneControl[2]) return sendJson(response, 200, lanes.get(tag)?.requests ?? []);
      lanes.set(tag, { scenario: JSON.parse(request.body || '{}') as DiscussionScenario, requests: [] });
      return sendJson(response, 200, {});
    }
    const lane = laneOf(name, request);
    lane?.requests.push(request);
    const scenario = lane?.scenario ?? defaultScenario;
    const url = new URL(request.path, 'http://fake.local');

    if (handlers.other?.(request, url, scenario, response)) return;
    const search = handlers.searchOf(request, url);
    if (!search) return sendJson(response, 404, handlers.errorBody(404));
    const refusal = handlers.refuse?.(request);
    if (refusal) return sendJson(response, refusal.status, refusal.body);

    const delayMs = scenario.delayMs ?? 0;
    if (scenario.hang) return; // No answer at all; the client's time-out must end it.
    if (scenario.status && scenario.status !== 200) return sendJson(response, scenario.status, handlers.errorBody(scenario.status), delayMs);
    if (scenario.malformed) {
      return void setTimeout(() => {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end('{"items": [{"title": "cut off', 'utf8');
      }, delayMs);
    }
    const body = handlers.answer(search, scenario);
    if (scenario.oversizedBytes) return void setTimeout(() => streamPadded(response, body, scenario.oversizedBytes!), delayMs);
    sendJson(response, 200, body, delayMs);
  });
}

/** A valid JSON answer grown to `bytes` by a padding field, sent in chunks with no Content-Length. */
function streamPadded(response: ServerResponse, body: unknown, bytes: number) {
  const json = JSON.stringify(body);
  response.writeHead(200, { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' });
  response.write(`{"padding":"`);
  const chunk = 'x'.repeat(64 * 1024);
  let sent = 0;
  const next = () => {
    while (sent < bytes) {
      if (response.destroyed) return;
      sent += chunk.length;
      if (!response.write(chunk)) return void response.once('drain', next);
    }
    response.end(`",${json.slice(1)}`);
  };
  next();
}
