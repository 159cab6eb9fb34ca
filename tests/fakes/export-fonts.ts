import { exportFontBytes } from '../../scripts/export-fonts';
import { EXPORT_FONT_FILES } from '../../worker/services/export/fonts';
import { startFakeServer } from './server';

export interface ExportFontsScenario {
  /** Answer these paths with 404, as static assets built without them would. */
  missing?: string[];
}

/**
 * The Worker's static assets as far as the PDF export reads them: the font files the build copies
 * (scripts/export-fonts.ts), made from node_modules as the build makes them, so that API tests need no build.
 * `GET /__requests` lists the files a document read.
 */
export function startFakeExportFonts() {
  const byPath = new Map(EXPORT_FONT_FILES.map((file) => [file.path, file]));
  return startFakeServer<ExportFontsScenario>('export fonts', (request, scenario, response) => {
    const file = byPath.get(request.path);
    if (!file || scenario.missing?.includes(request.path)) {
      response.writeHead(404, { 'Content-Type': 'text/plain' });
      return void response.end('Not found');
    }
    // No kept-alive connections: after a burst of reads, workerd could reuse one that Node has
    // since closed, and the next read would fail with "Network connection lost".
    response.writeHead(200, { 'Content-Type': 'font/ttf', Connection: 'close' });
    response.end(exportFontBytes(file));
  });
}
