import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { exportFontBytes } from '../../scripts/export-fonts';
import { pdfkitInWorkers } from '../../scripts/pdfkit-in-workers';
import { EXPORT_FONT_FILES, fontFilesFor } from '../../worker/services/export/fonts';

/** pdfkit's build for browsers and workerd (its package exports no path to it). */
const PDFKIT_BROWSER_BUILD = fileURLToPath(new URL('../../node_modules/pdfkit/js/pdfkit.browser.mjs', import.meta.url));

/** The OpenType checksum of a table: its big-endian 32-bit words summed. */
function tableChecksum(data: Buffer): number {
  let sum = 0;
  for (let offset = 0; offset < data.length; offset += 4) sum = (sum + data.readUInt32BE(offset)) >>> 0;
  return sum;
}

describe("the PDF export's fonts", () => {
  it('are in the Fontsource packages under the names the build reads, and become TrueType whose tables match their checksums', () => {
    expect(EXPORT_FONT_FILES.length).toBeGreaterThan(200);
    for (const file of EXPORT_FONT_FILES) {
      const sfnt = exportFontBytes(file);
      const numTables = sfnt.readUInt16BE(4);
      const tags: string[] = [];
      for (let index = 0; index < numTables; index++) {
        const record = 12 + index * 16;
        const tag = sfnt.toString('latin1', record, record + 4);
        const offset = sfnt.readUInt32BE(record + 8);
        const length = sfnt.readUInt32BE(record + 12);
        tags.push(tag);
        // head's checksum counts checkSumAdjustment as zero.
        if (tag === 'head') continue;
        expect(tableChecksum(sfnt.subarray(offset, offset + Math.ceil(length / 4) * 4)), `${file.fileName} ${tag}`).toBe(sfnt.readUInt32BE(record + 4));
      }
      expect(tags, file.fileName).toEqual(expect.arrayContaining(['cmap', 'glyf', 'loca', 'head', 'hmtx']));
    }
  });

  it('fall back from Latin to Latin Extended, Arabic, Hebrew, Noto Emoji and Chinese, in that order', () => {
    const first = (character: string) => fontFilesFor(character.codePointAt(0)!, 400)[0]?.fileName;
    expect(first('a')).toBe('noto-sans-latin-400-normal.ttf');
    expect(first('ș')).toBe('noto-sans-latin-ext-400-normal.ttf');
    expect(first('ă')).toBe('noto-sans-latin-ext-400-normal.ttf');
    expect(first('م')).toBe('noto-sans-arabic-arabic-400-normal.ttf');
    expect(first('ש')).toBe('noto-sans-hebrew-hebrew-400-normal.ttf');
    expect(first('🚀')).toMatch(/^noto-emoji-\d+-400-normal\.ttf$/);
    expect(first('客')).toMatch(/^noto-sans-sc-\d+-400-normal\.ttf$/);
    expect(fontFilesFor(0x0f00, 400)).toEqual([]);
  });

  it('let pdfkit load in workerd, where import.meta.url is undefined', () => {
    const source = readFileSync(PDFKIT_BROWSER_BUILD, 'utf8');
    const transform = pdfkitInWorkers().transform as (code: string, id: string) => { code: string };
    const { code } = transform(source, PDFKIT_BROWSER_BUILD);
    expect(source).toContain('import.meta.url');
    expect(code).not.toContain('import.meta.url');
  });
});
