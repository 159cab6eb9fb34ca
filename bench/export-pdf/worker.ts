// Bench-only Worker for bench/export-pdf.mjs: writes the PDF of a document and answers with it.
//   /bare   nothing: what a request costs by itself
//   /latin  a small document in plain Latin (the baseline)
//   /small  the same shape in every language the PDF holds
//   /full   a project at its limits (500 notes, 100 paragraphs, 30 sections)
// X-Font-Bytes says how many bytes of fonts the document used (the isolate fetches each file once).
import { fullProjectDocument, LANGUAGES_DOCUMENT, LATIN_DOCUMENT } from '../../tests/export-documents';
import { assetFontLoader } from '../../worker/services/export/fonts';
import { writePdf } from '../../worker/services/export/pdf';

interface Env {
  ASSETS: Fetcher;
}

const DOCUMENTS = { latin: LATIN_DOCUMENT, small: LANGUAGES_DOCUMENT, full: fullProjectDocument() };

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const name = new URL(request.url).pathname.slice(1);
    if (name === 'bare') return new Response(null, { status: 204 });
    if (!(name in DOCUMENTS)) return new Response('Not found', { status: 404 });
    const load = assetFontLoader(env);
    let fontBytes = 0;
    const pdf = await writePdf(DOCUMENTS[name as keyof typeof DOCUMENTS], async (path) => {
      const bytes = await load(path);
      fontBytes += bytes.byteLength;
      return bytes;
    });
    return new Response(pdf, { headers: { 'Content-Type': 'application/pdf', 'X-Font-Bytes': String(fontBytes) } });
  },
};
