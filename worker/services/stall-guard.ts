/**
 * A fetch that gives up on an outside server that goes quiet (docs/decisions/0020-bounded-model-calls.md):
 * the clock starts when the request is sent, not when the first byte arrives, and restarts with
 * every chunk of the body. A server that accepts the connection, or sends its headers, and then
 * says nothing is cut after `stallMs`, not after the whole step's time-out.
 *
 * The body is read as it arrives, whether or not the caller is reading: a caller busy with a tool
 * call must not make a live server look stalled. What it buffers is bounded by the fetch it wraps
 * (boundedFetch caps the bytes).
 */

/** The server said nothing for too long; the connection has been closed. */
export class StallTimeout extends Error {
  override name = 'TimeoutError';
}

export function stallGuardedFetch(stallMs: number, fetchImpl: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const call = new AbortController();
    const caller = init?.signal ?? undefined;
    const followCaller = () => call.abort(caller?.reason);
    if (caller?.aborted) followCaller();
    caller?.addEventListener('abort', followCaller, { once: true });

    const stalled = new StallTimeout(`No answer for ${stallMs} ms`);
    let onStall = () => call.abort(stalled);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => onStall(), stallMs);
    };
    const disarm = () => {
      clearTimeout(timer);
      caller?.removeEventListener('abort', followCaller);
    };

    arm();
    let response: Response;
    try {
      response = await fetchImpl(input, { ...init, signal: call.signal });
    } catch (error) {
      disarm();
      throw call.signal.reason === stalled ? stalled : error;
    }
    if (!response.body) {
      disarm();
      return response;
    }

    const reader = response.body.getReader();
    const body = new ReadableStream<Uint8Array>({
      start(output) {
        onStall = () => {
          call.abort(stalled);
          output.error(stalled);
          void reader.cancel(stalled).catch(() => {});
        };
        arm();
        void (async () => {
          try {
            for (;;) {
              const { done, value } = await reader.read();
              if (done) break;
              arm();
              output.enqueue(value);
            }
            disarm();
            output.close();
          } catch (error) {
            disarm();
            try {
              output.error(call.signal.reason === stalled ? stalled : error);
            } catch {
              // Already errored by the stall timer.
            }
          }
        })();
      },
      cancel(reason) {
        disarm();
        return reader.cancel(reason);
      },
    });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
