import { extractLinks, extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { CanvasPicture, ExportBlock, ExportDocument } from '../../contracts/export';
import { assetFontLoader, EXPORT_FONTS_DIRECTORY, type FontLoader } from '../../worker/services/export/fonts';
import { writePdf } from '../../worker/services/export/pdf';

// The PDF writer in workerd, read back with pdf.js (unpdf). The fonts come from a fake of the
// static assets (tests/fakes/export-fonts.ts) through the Worker's own asset loader.
const fontsUrl = inject('fakeExportFontsUrl');
const loadFont: FontLoader = assetFontLoader({
  ASSETS: { fetch: (input: RequestInfo | URL) => fetch(`${fontsUrl}${new URL(String(input)).pathname}`) } as unknown as Fetcher,
});

const fontRequests = async () => ((await (await fetch(`${fontsUrl}/__requests`)).json()) as { path: string }[]).map((request) => request.path);
const resetFonts = async (scenario?: { missing?: string[] }) => {
  await fetch(`${fontsUrl}/__reset`, { method: 'POST' });
  if (scenario) await fetch(`${fontsUrl}/__scenario`, { method: 'POST', body: JSON.stringify(scenario) });
};

const ROMANIAN = 'Știm că în țară, școala și ăâî contează: ș ț Ș Ț.';
const CHINESE = '我们的产品帮助小团队更快地找到第一批客户。';
const ARABIC = 'مرحبا بكم في مشروعنا الجديد';
const HEBREW = 'שלום לכולם במיזם החדש';
const EMOJI = 'Launch day 🚀 went well 🎉';

const picture: CanvasPicture = {
  width: 1200,
  height: 800,
  frames: [{ x: 40, y: 40, width: 700, height: 500, title: 'Customer pains' }],
  notes: [
    { x: 80, y: 100, width: 220, height: 140, fill: '#fde68a', text: 'Founders lose a week on market sizing', proposed: false },
    { x: 400, y: 100, width: 220, height: 140, fill: '#bfdbfe', text: 'Proposed: interview ten agencies', proposed: true },
    { x: 800, y: 500, width: 220, height: 60, fill: '#fecaca', text: 'A note far too long for its box '.repeat(20) + 'HIDDEN-TAIL', proposed: false },
  ],
  connectors: [{ from: { x: 190, y: 170 }, to: { x: 510, y: 170 } }],
};

const languages: ExportDocument = {
  title: 'Școala de fondatori',
  exportedAt: '2026-11-24T10:00:00.000Z',
  blocks: [
    { type: 'heading', level: 1, text: 'Ideea aleasă' },
    { type: 'paragraph', inlines: [{ text: ROMANIAN }] },
    { type: 'paragraph', inlines: [{ text: CHINESE }] },
    { type: 'paragraph', inlines: [{ text: ARABIC }] },
    { type: 'paragraph', inlines: [{ text: HEBREW }] },
    { type: 'paragraph', inlines: [{ text: EMOJI }] },
    { type: 'paragraph', inlines: [{ text: 'See ' }, { text: 'the sizing notes', url: 'https://example.com/sizing' }, { text: ' first.' }] },
    { type: 'list', items: [[{ text: 'First pain' }], [{ text: 'Second pain' }]] },
    { type: 'sources', sources: [{ title: 'Agency survey', url: 'https://example.org/survey', readAt: '2026-11-20T08:00:00.000Z' }] },
    { type: 'canvas', picture, description: 'The canvas: 3 notes in 1 frame.' },
  ],
};

async function readBack(bytes: Uint8Array) {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  const { links } = await extractLinks(pdf);
  return { pdf, text, links };
}

describe('the PDF export', () => {
  beforeEach(() => resetFonts());

  describe('a document in every language', () => {
    let bytes: Uint8Array;
    let read: Awaited<ReturnType<typeof readBack>>;
    beforeAll(async () => {
      bytes = await writePdf(languages, loadFont);
      read = await readBack(bytes);
    });

    it('is a PDF whose text reads back in logical order', () => {
      expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');

      expect(read.text).toContain(ROMANIAN);
      expect(read.text).toContain(CHINESE);
      expect(read.text).toContain(ARABIC);
      expect(read.text).toContain(HEBREW);
      expect(read.text).toContain('🚀');
      expect(read.text).toContain('🎉');
      expect(read.text).toContain('Școala de fondatori');
    });

    it('links to its addresses', () => {
      expect(read.links).toEqual(expect.arrayContaining(['https://example.com/sizing', 'https://example.org/survey']));
      expect(read.text).toContain('read 2026-11-20');
    });

    it('draws the canvas notes with their text', () => {
      expect(read.text).toContain('Founders lose a week on market sizing');
      expect(read.text).toContain('Proposed: interview ten agencies');
      expect(read.text).toContain('Customer pains');
    });
  });
});
