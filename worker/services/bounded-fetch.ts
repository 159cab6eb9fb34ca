/**
 * A fetch that reads a bounded number of bytes from an outside server, so that a misbehaving one
 * cannot fill the Worker's memory (docs/decisions/0020-bounded-model-calls.md): a successful
 * answer is cut, with an error, once it passes `maxBytes`; an error answer is read for its first
 * `maxErrorBytes` only, enough for the message, and the rest is never received.
 */
export interface ReadLimits {
  maxBytes: number;
  maxErrorBytes: number;
}

/** The answer passed the limit; the connection has been closed. */
export class ResponseTooLarge extends Error {
  override name = 'ResponseTooLarge';
}

export function boundedFetch(limits: ReadLimits, fetchImpl: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const response = await fetchImpl(input, init);
    if (!response.body) return response;
    const headers = new Headers(response.headers);
    // The body handed on is not the one the server described.
    headers.delete('Content-Length');
    const responseInit = { status: response.status, statusText: response.statusText, headers };
    if (!response.ok) return new Response(await readAtMost(response.body, limits.maxErrorBytes), responseInit);

    const declared = Number(response.headers.get('Content-Length'));
    if (declared > limits.maxBytes) {
      await response.body.cancel();
      throw tooLarge(limits.maxBytes);
    }
    return new Response(cappedStream(response.body, limits.maxBytes), responseInit);
  };
}

const tooLarge = (maxBytes: number) => new ResponseTooLarge(`The answer passed the limit of ${maxBytes} bytes`);

/** The body as it arrives, erroring (and closing the connection) once more than `maxBytes` came. */
function cappedStream(body: ReadableStream<Uint8Array>, maxBytes: number): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let received = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) return controller.close();
      received += value.byteLength;
      if (received > maxBytes) {
        controller.error(tooLarge(maxBytes));
        await reader.cancel();
        return;
      }
      controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/** The first `maxBytes` of a body (cut to a whole UTF-8 character); the rest is cancelled unread. */
async function readAtMost(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<string> {
  const reader = body.getReader();
  const kept = new Uint8Array(maxBytes);
  let length = 0;
  let complete = false;
  while (length < maxBytes) {
    const { done, value } = await reader.read();
    if (done) {
      complete = true;
      break;
    }
    const take = Math.min(value.byteLength, maxBytes - length);
    kept.set(value.subarray(0, take), length);
    length += take;
  }
  if (!complete) await reader.cancel();
  // A character cut in half at the limit is dropped rather than turned into a replacement mark.
  return new TextDecoder().decode(kept.subarray(0, length), { stream: !complete });
}
