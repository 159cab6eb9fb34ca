import type { CanvasPicture } from '#contracts/export';

/**
 * The canvas's layout as a PNG: frames, notes in their colours and connectors, without text.
 * Word asks every SVG picture for a bitmap that older versions show instead; current Word,
 * LibreOffice and Google Docs show the SVG (docs/decisions/0046-project-export.md).
 */

const MAX_SIDE = 1600;

export async function canvasPng(picture: CanvasPicture): Promise<Uint8Array> {
  const scale = Math.min(1, MAX_SIDE / Math.max(picture.width, picture.height, 1));
  const width = Math.max(1, Math.ceil(picture.width * scale));
  const height = Math.max(1, Math.ceil(picture.height * scale));
  const pixels = new Uint8Array(width * height * 3).fill(0xf8);
  const paint = (x: number, y: number, colour: readonly number[]) => {
    if (x < 0 || y < 0 || x >= width || y >= height) return;
    pixels.set(colour, (y * width + x) * 3);
  };
  const box = (area: { x: number; y: number; width: number; height: number }, fill: readonly number[], border: readonly number[]) => {
    const x0 = Math.round(area.x * scale),
      y0 = Math.round(area.y * scale);
    const x1 = Math.round((area.x + area.width) * scale) - 1,
      y1 = Math.round((area.y + area.height) * scale) - 1;
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) paint(x, y, x === x0 || x === x1 || y === y0 || y === y1 ? border : fill);
  };
  for (const frame of picture.frames) box(frame, [0xff, 0xff, 0xff], [0x94, 0xa3, 0xb8]);
  for (const connector of picture.connectors) {
    const steps = Math.ceil(Math.hypot(connector.to.x - connector.from.x, connector.to.y - connector.from.y) * scale) + 1;
    for (let step = 0; step <= steps; step++) {
      const t = step / steps;
      paint(
        Math.round((connector.from.x + (connector.to.x - connector.from.x) * t) * scale),
        Math.round((connector.from.y + (connector.to.y - connector.from.y) * t) * scale),
        [0x64, 0x74, 0x8b],
      );
    }
  }
  for (const note of picture.notes) box(note, rgb(note.fill), note.proposed ? [0x4f, 0x46, 0xe5] : [0xcb, 0xd5, 0xe1]);

  // Each row starts with filter type 0 (none).
  const raw = new Uint8Array((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) raw.set(pixels.subarray(y * width * 3, (y + 1) * width * 3), y * (width * 3 + 1) + 1);
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no interlace
  const compressed = new Uint8Array(await new Response(new Blob([raw]).stream().pipeThrough(new CompressionStream('deflate'))).arrayBuffer());
  return concat([
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', compressed),
    chunk('IEND', new Uint8Array()),
  ]);
}

const rgb = (hex: string) => [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};
