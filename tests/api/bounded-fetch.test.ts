import { describe, expect, it } from 'vitest';
import { boundedFetch, ResponseTooLarge } from '../../worker/services/bounded-fetch';
import { errorForLog, LOG_TEXT_MAX } from '../../worker/services/redact';

const CHUNK = 1024;

/** A body of `chunks` chunks produced on demand, which records how much was taken from it. */
function sourceBody(chunks: number, fill = 120) {
  const seen = { pulledBytes: 0, cancelled: false };
  let produced = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (produced === chunks) return controller.close();
      produced++;
      seen.pulledBytes += CHUNK;
      controller.enqueue(new Uint8Array(CHUNK).fill(fill));
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { stream, seen };
}

const fetchAnswering =
  (response: Response): typeof fetch =>
  async () =>
    response;
const limits = { maxBytes: 10 * CHUNK, maxErrorBytes: 4 * CHUNK };

describe('boundedFetch', () => {
  it('passes an answer within the limit through whole', async () => {
    const { stream, seen } = sourceBody(10);
    const response = await boundedFetch(limits, fetchAnswering(new Response(stream, { status: 200 })))('https://model.example');
    expect((await response.arrayBuffer()).byteLength).toBe(10 * CHUNK);
    expect(seen.cancelled).toBe(false);
  });

  it('errors once an answer passes the limit, having taken little more than the limit, and closes the source', async () => {
    const { stream, seen } = sourceBody(10_000);
    const response = await boundedFetch(limits, fetchAnswering(new Response(stream, { status: 200 })))('https://model.example');
    await expect(response.arrayBuffer()).rejects.toThrow(ResponseTooLarge);
    expect(seen.pulledBytes).toBeLessThanOrEqual(limits.maxBytes + 2 * CHUNK);
    expect(seen.cancelled).toBe(true);
  });

  it('refuses an answer whose declared length is past the limit without reading it', async () => {
    const { stream, seen } = sourceBody(10_000);
    const declared = new Response(stream, { status: 200, headers: { 'Content-Length': String(10_000 * CHUNK) } });
    await expect(boundedFetch(limits, fetchAnswering(declared))('https://model.example')).rejects.toThrow(ResponseTooLarge);
    expect(seen.cancelled).toBe(true);
    expect(seen.pulledBytes).toBeLessThanOrEqual(CHUNK);
  });

  it('reads an error answer for its first maxErrorBytes only, keeping its status', async () => {
    const { stream, seen } = sourceBody(10_000);
    const response = await boundedFetch(
      limits,
      fetchAnswering(new Response(stream, { status: 500, statusText: 'Internal Server Error' })),
    )('https://model.example');
    expect(response.status).toBe(500);
    expect(response.statusText).toBe('Internal Server Error');
    expect(await response.text()).toBe('x'.repeat(limits.maxErrorBytes));
    expect(seen.pulledBytes).toBeLessThanOrEqual(limits.maxErrorBytes + 2 * CHUNK);
    expect(seen.cancelled).toBe(true);
  });

  it('keeps a short error answer whole, and drops a character cut in half at the limit', async () => {
    const short = await boundedFetch(limits, fetchAnswering(Response.json({ error: { message: 'Slow down' } }, { status: 429 })))('https://model.example');
    expect(await short.json()).toEqual({ error: { message: 'Slow down' } });

    const euros = '€'.repeat(2000); // 3 bytes each: the limit of 4,096 bytes falls inside the 1,366th.
    const cut = await boundedFetch(limits, fetchAnswering(new Response(euros, { status: 500 })))('https://model.example');
    expect(await cut.text()).toBe('€'.repeat(Math.floor(limits.maxErrorBytes / 3)));
  });
});

describe('errorForLog', () => {
  it('cuts a 10 MB message and its causes to a few KB, redacted', () => {
    const body = `{"error":{"message":"contact ops@model.example ${'x '.repeat(5_000_000)}"}}`;
    const error = new Error('The model call failed', { cause: new Error(`Upstream answered 500: ${body}`) });
    const line = errorForLog(error);
    expect(line.length).toBeLessThanOrEqual(2 * LOG_TEXT_MAX + 100);
    expect(line).toContain('Error: The model call failed ← caused by Error: Upstream answered 500');
    expect(line).toContain('more characters]');
    expect(line).not.toContain('ops@model.example');
  });
});
