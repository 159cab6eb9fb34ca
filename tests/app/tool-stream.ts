/** An NDJSON answer whose lines the test sends when it chooses, as the Worker streams them. */
export function ndjsonStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
    },
  });
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': 'application/x-ndjson; charset=utf-8' } }),
    send: (event: object) => controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`)),
    close: () => controller.close(),
  };
}

/** Replaces navigator.clipboard; `fail` makes every write reject. */
export function fakeClipboard({ fail = false } = {}) {
  const writes: string[] = [];
  const writeText = async (text: string) => {
    if (fail) throw new DOMException('Write permission denied.', 'NotAllowedError');
    writes.push(text);
  };
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writes;
}
