/**
 * Bodies over the limit, over real HTTP to the built Worker under `wrangler dev` (docs/security.md
 * §13): each is answered with a clean 413, every time. Sent without `Expect: 100-continue` (Node's
 * fetch never sends it), so the whole body is on its way when the Worker answers: a Worker that
 * answered before reading it had its connection cut by wrangler, and the client met a reset or a
 * 500 whose body was a stack trace of wrangler's proxy.
 */
import { describe, expect, test } from 'vitest';
import { baseUrl } from './support';

const TRIES = 50;
/** Far over the free tools' 8 KiB and the API's 128 KiB: large enough to be mid-send when answered. */
const BODY_BYTES = 4 * 1024 * 1024;
const TOO_LARGE = JSON.stringify({ error: 'The request body is too large.' });

/** What one oversized request got: 'clean' for the 413 with its JSON error, else what came instead. */
async function oversizedRequest(chunked: boolean): Promise<string> {
  const bytes = new Uint8Array(BODY_BYTES).fill(0x61);
  const body = chunked
    ? new ReadableStream<Uint8Array>({
        start(controller) {
          for (let offset = 0; offset < bytes.length; offset += 64 * 1024) controller.enqueue(bytes.subarray(offset, offset + 64 * 1024));
          controller.close();
        },
      })
    : bytes;
  try {
    const response = await fetch(`${baseUrl}/api/free-tools/user-persona`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: baseUrl },
      body,
      // @ts-expect-error: a streamed request body needs half duplex, which the DOM types do not list.
      duplex: 'half',
    });
    const text = await response.text();
    return response.status === 413 && text === TOO_LARGE ? 'clean' : `${response.status} ${text.slice(0, 80)}`;
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    return `no answer: ${cause}`;
  }
}

async function tally(chunked: boolean, tries: number) {
  const outcomes: string[] = [];
  for (let i = 0; i < tries; i++) outcomes.push(await oversizedRequest(chunked));
  const clean = outcomes.filter((outcome) => outcome === 'clean').length;
  return { clean, others: outcomes.filter((outcome) => outcome !== 'clean') };
}

describe('a body over the limit', () => {
  test(`with Content-Length: a clean 413 in each of ${TRIES} tries`, async () => {
    const { clean, others } = await tally(false, TRIES);
    console.log(`Oversized bodies with Content-Length: ${clean} clean 413s of ${TRIES}`);
    expect(others).toEqual([]);
  });

  test('chunked, without Content-Length: a clean 413 in each of 10 tries', async () => {
    const { clean, others } = await tally(true, 10);
    console.log(`Oversized chunked bodies: ${clean} clean 413s of 10`);
    expect(others).toEqual([]);
  });
});
