/**
 * Reads a newline-delimited JSON stream (application/x-ndjson) and yields each line's value as
 * soon as the line is complete. Network chunks may end anywhere, even inside a character: the
 * text is decoded as a stream and an unfinished line waits for the next chunk. Blank lines are
 * skipped; a final line without its newline still counts.
 */
export async function* readNdjson<T>(body: ReadableStream<Uint8Array>): AsyncGenerator<T> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      buffered += done ? decoder.decode() : decoder.decode(value, { stream: true });
      const lines = buffered.split('\n');
      buffered = done ? '' : lines.pop()!;
      for (const line of lines) {
        if (line.trim() !== '') yield JSON.parse(line) as T;
      }
      if (done) return;
    }
  } finally {
    // The caller stopped early (unmount, error): let the server know nobody is reading.
    reader.cancel().catch(() => undefined);
  }
}
