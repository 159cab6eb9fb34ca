/**
 * A visitor who disconnects takes the model call with them, on the built Worker served by
 * `wrangler dev` (docs/decisions/0020-bounded-model-calls.md): the fake model records that the
 * Worker closed its connection long before the answer, or the 30 s time-out, was over. Only the
 * stream is tested here: under `wrangler dev` a visitor waiting for the plain JSON answer who
 * disconnects is not noticed until the answer is written (see the decision record).
 */
import { request as httpRequest, type ClientRequest } from 'node:http';
import { beforeEach, describe, expect, inject, test } from 'vitest';
import { baseUrl } from './support';

const fakeOpenAiUrl = inject('fakeOpenAiUrl');

/**
 * The fake model is shared with the free tools' e2e file, which runs beside this one and resets
 * the fake's default script and record: this file's calls go through a lane of their own, chosen
 * by a tag in the industry the visitor types (tests/fakes/openai.ts, "Lanes").
 */
const LANE = `modelabort${Date.now()}`;

interface ModelCall {
  aborted?: boolean;
}
const modelCalls = async (): Promise<ModelCall[]> => (await fetch(`${fakeOpenAiUrl}/__lanes/${LANE}/requests`)).json();

beforeEach(async () => {
  // About 40 seconds for the whole answer, past the Worker's 30 s time-out: only a disconnect
  // can end the model call within the 15 s the test waits.
  await fetch(`${fakeOpenAiUrl}/__lanes/${LANE}`, { method: 'POST', body: JSON.stringify({ tokensPerSecond: 10 }) });
});

/** Starts a generation over a plain HTTP connection that the test can cut. */
function startGeneration(accept: string) {
  let firstBytes!: () => void;
  const answered = new Promise<void>((resolve) => (firstBytes = resolve));
  const request: ClientRequest = httpRequest(`${baseUrl}/api/free-tools/business-ideas`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: accept, Origin: baseUrl },
  });
  request.on('response', (response) => response.once('data', () => firstBytes()));
  // The test ends the connection itself; the reset that follows is expected.
  request.on('error', () => undefined);
  request.end(JSON.stringify({ industry: `Dental clinics ${LANE}` }));
  return { request, answered };
}

describe('a visitor who disconnects', () => {
  test('in the middle of the NDJSON stream: the model call is aborted, long before its time-out', async () => {
    const { request, answered } = startGeneration('application/x-ndjson');
    await answered;
    const cut = performance.now();
    request.destroy();
    // The Worker learns of the closed connection when it next writes to it (the next idea).
    await expect.poll(async () => (await modelCalls())[0]?.aborted, { timeout: 15_000 }).toBe(true);
    console.log(`NDJSON stream: model call closed ${Math.round(performance.now() - cut)} ms after the visitor left`);
  });
});
