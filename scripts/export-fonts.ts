import { createReadStream, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';
import { EXPORT_FONT_FILES, EXPORT_FONTS_DIRECTORY, type FontFile } from '../worker/services/export/fonts.ts';

const require = createRequire(import.meta.url);

/** Where a font file of the PDF export is in node_modules. */
export function fontSourcePath(file: FontFile): string {
  return join(dirname(require.resolve(`${file.packageName}/package.json`)), 'files', file.fileName);
}

/**
 * Puts the PDF export's fonts (worker/services/export/fonts.ts, docs/decisions/0047-pdf-export.md)
 * among the static assets, where the Worker reads them with `env.ASSETS.fetch`: the client build
 * emits them under /fonts/export/, and the dev server serves them from node_modules.
 */
export function exportFonts(): Plugin {
  const byPath = new Map(EXPORT_FONT_FILES.map((file) => [file.path, file]));
  return {
    name: 'launchmate:export-fonts',
    generateBundle() {
      if (this.environment.name !== 'client') return;
      for (const file of EXPORT_FONT_FILES) {
        this.emitFile({ type: 'asset', fileName: `${EXPORT_FONTS_DIRECTORY.slice(1)}${file.fileName}`, source: readFileSync(fontSourcePath(file)) });
      }
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const file = byPath.get(request.url?.split('?')[0] ?? '');
        if (!file) return next();
        response.setHeader('Content-Type', 'font/woff');
        createReadStream(fontSourcePath(file)).pipe(response);
      });
    },
  };
}
