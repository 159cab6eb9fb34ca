import { describe, expect, it } from 'vitest';
import { readNdjson } from '../../app/lib/ndjson';

const encoder = new TextEncoder();

/** A body that delivers exactly these chunks, in order. */
function bodyOf(chunks: (string | Uint8Array)[]) {
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks.shift();
      if (next === undefined) controller.close();
      else controller.enqueue(typeof next === 'string' ? encoder.encode(next) : next);
    },
    cancel() {
      cancelled = true;
    },
  });
  return { body, wasCancelled: () => cancelled };
}

async function readAll(chunks: (string | Uint8Array)[]) {
  const values: unknown[] = [];
  for await (const value of readNdjson(bodyOf(chunks).body)) values.push(value);
  return values;
}

describe('readNdjson', () => {
  it('yields one value per line, whatever the chunk boundaries', async () => {
    expect(await readAll(['{"a":1}\n{"b":', '2}\n{"c"', ':3}\n'])).toEqual([{ a: 1 }, { b: 2 }, { c: 3 }]);
    expect(await readAll(['{"a":1}\n{"b":2}\n'])).toEqual([{ a: 1 }, { b: 2 }]);
    expect(await readAll(['{', '"', 'a', '"', ':', '1', '}', '\n'])).toEqual([{ a: 1 }]);
  });

  it('yields a line as soon as it is complete, before the stream ends', async () => {
    let release!: () => void;
    const second = new Promise<void>((resolve) => (release = resolve));
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(encoder.encode('{"first":true}\n{"sec'));
        await second;
        controller.enqueue(encoder.encode('ond":true}\n'));
        controller.close();
      },
    });
    const reader = readNdjson(body);
    expect((await reader.next()).value).toEqual({ first: true });
    release();
    expect((await reader.next()).value).toEqual({ second: true });
    expect((await reader.next()).done).toBe(true);
  });

  it('keeps a character whose bytes are split across chunks', async () => {
    const bytes = encoder.encode('{"quote":"Every empty chair — “money”"}\n');
    const cut = bytes.indexOf(0xe2) + 1; // inside the three bytes of the dash
    expect(await readAll([bytes.slice(0, cut), bytes.slice(cut)])).toEqual([{ quote: 'Every empty chair — “money”' }]);
  });

  it('skips blank lines and reads a last line without its newline', async () => {
    expect(await readAll(['\n{"a":1}\n\n  \n', '{"b":2}'])).toEqual([{ a: 1 }, { b: 2 }]);
  });

  it('cancels the body when the reader stops early', async () => {
    const { body, wasCancelled } = bodyOf(['{"a":1}\n', '{"b":2}\n']);
    for await (const value of readNdjson(body)) {
      expect(value).toEqual({ a: 1 });
      break;
    }
    expect(wasCancelled()).toBe(true);
  });

  it('rejects a line that is not JSON', async () => {
    await expect(readAll(['{"a":1}\nnot json\n'])).rejects.toThrow(SyntaxError);
  });
});
