import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { inflateSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { EXPORT_FONT_FILES, EXPORT_FONTS_DIRECTORY, type FontFile } from '../worker/services/export/fonts.ts';

const require = createRequire(import.meta.url);

/**
 * A WOFF file as the TrueType (sfnt) font it wraps: the same tables, inflated once here rather
 * than by fontkit on every read in the Worker (WOFF 1.0, https://www.w3.org/TR/WOFF/).
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('Not a WOFF file');
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, index) => {
    const entry = 44 + index * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compLength = woff.readUInt32BE(entry + 8);
    const origLength = woff.readUInt32BE(entry + 12);
    const stored = woff.subarray(offset, offset + compLength);
    return {
      tag: woff.readUInt32BE(entry),
      checksum: woff.readUInt32BE(entry + 16),
      data: compLength < origLength ? inflateSync(stored) : stored,
    };
  });
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  const header = Buffer.alloc(12 + numTables * 16);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(searchRange, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(numTables * 16 - searchRange, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((table, index) => {
    const record = 12 + index * 16;
    header.writeUInt32BE(table.tag, record);
    header.writeUInt32BE(table.checksum, record + 4);
    header.writeUInt32BE(offset, record + 8);
    header.writeUInt32BE(table.data.length, record + 12);
    // Tables start on four-byte boundaries.
    const padded = Buffer.alloc(Math.ceil(table.data.length / 4) * 4);
    table.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

/** One font file of the PDF export as the Worker reads it: the package's WOFF, as TrueType. */
export function exportFontBytes(file: FontFile): Buffer {
  return woffToSfnt(readFileSync(join(dirname(require.resolve(`${file.packageName}/package.json`)), 'files', file.sourceName)));
}

/**
 * Puts the PDF export's fonts (worker/services/export/fonts.ts, docs/decisions/0047-pdf-export.md)
 * among the static assets, where the Worker reads them with `env.ASSETS.fetch`: the client build
 * emits them under /fonts/export/, and the dev server serves them.
 */
export function exportFonts(): Plugin {
  const byPath = new Map(EXPORT_FONT_FILES.map((file) => [file.path, file]));
  return {
    name: 'launchmate:export-fonts',
    generateBundle() {
      if (this.environment.name !== 'client') return;
      for (const file of EXPORT_FONT_FILES) {
        this.emitFile({ type: 'asset', fileName: `${EXPORT_FONTS_DIRECTORY.slice(1)}${file.fileName}`, source: exportFontBytes(file) });
      }
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const file = byPath.get(request.url?.split('?')[0] ?? '');
        if (!file) return next();
        response.setHeader('Content-Type', 'font/ttf');
        response.end(exportFontBytes(file));
      });
    },
  };
}
