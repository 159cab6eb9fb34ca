import { extractLinks, extractText, extractTextItems, getDocumentProxy } from 'unpdf';
import { beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { ExportBlock, ExportDocument } from '../../contracts/export';
import { assetFontLoader, EXPORT_FONTS_DIRECTORY, type FontLoader } from '../../worker/services/export/fonts';
import { writePdf } from '../../worker/services/export/pdf';
import { ARABIC, CHINESE, fullProjectDocument, HEBREW, LANGUAGES_DOCUMENT, LATIN_DOCUMENT, ROMANIAN } from '../export-documents';

// The PDF writer in workerd, its files read back with pdf.js (unpdf). The fonts come from a fake of
// the static assets (tests/fakes/export-fonts.ts) through the Worker's own asset loader.
const fontsUrl = inject('fakeExportFontsUrl');
const loadFont: FontLoader = assetFontLoader({
  ASSETS: { fetch: (input: RequestInfo | URL) => fetch(`${fontsUrl}${new URL(String(input)).pathname}`) } as unknown as Fetcher,
});

/** The font files fetched from the (fake) static assets since the last reset. */
const fontsFetched = async () => ((await (await fetch(`${fontsUrl}/__requests`)).json()) as { path: string }[]).map((request) => request.path);

/** The loader, recording the files the writer asks it for (whether the isolate had them already or not). */
function recordingLoader() {
  const paths: string[] = [];
  const load: FontLoader = (path) => {
    paths.push(path);
    return loadFont(path);
  };
  return { load, paths };
}
const resetFonts = async (scenario?: { missing?: string[] }) => {
  await fetch(`${fontsUrl}/__reset`, { method: 'POST' });
  if (scenario) await fetch(`${fontsUrl}/__scenario`, { method: 'POST', body: JSON.stringify(scenario) });
};

// A4 and its margins, as pdf.ts lays it out.
const PAGE_WIDTH = 595.28;
const MARGIN = 56;
const BODY_SIZE = 10.5;

async function readBack(bytes: Uint8Array) {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  const { links } = await extractLinks(pdf);
  const { items } = await extractTextItems(pdf);
  return { pages: pdf.numPages, text, links, items: items.map((page) => page.filter((item) => item.str.trim() !== '')) };
}

const document = (blocks: ExportBlock[]): ExportDocument => ({ title: 'Test project', exportedAt: '2026-11-24T10:00:00.000Z', blocks });
const paragraph = (text: string): ExportBlock => ({ type: 'paragraph', inlines: [{ text }] });

describe('the PDF export', () => {
  beforeEach(() => resetFonts());

  describe('a document in every language', () => {
    let bytes: Uint8Array;
    let read: Awaited<ReturnType<typeof readBack>>;
    let files: string[];
    beforeAll(async () => {
      const loader = recordingLoader();
      bytes = await writePdf(LANGUAGES_DOCUMENT, loader.load);
      files = loader.paths;
      read = await readBack(bytes);
    });

    it('reads back every script in logical order: Romanian, Chinese, Arabic (shaped, with a ligature), Hebrew, emoji', () => {
      expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
      expect(read.text).toContain('Școala de fondatori');
      expect(read.text).toContain(ROMANIAN);
      expect(read.text).toContain(CHINESE);
      expect(read.text).toContain(ARABIC);
      expect(read.text).toContain(HEBREW);
      expect(read.text).toContain('Launch day 🚀 went well 🎉');
    });

    it('right-aligns a right-to-left paragraph and left-aligns the others', () => {
      const page = read.items[0]!;
      const arabic = page.filter((item) => /[\u0600-\u06ff]/.test(item.str) && item.fontSize === BODY_SIZE && item.y > 400);
      const romanianLine = page.find((item) => item.str.startsWith('tim c'))!.y;
      const romanian = page.filter((item) => item.y === romanianLine).sort((a, b) => a.x - b.x)[0];
      expect(arabic.length).toBeGreaterThan(0);
      expect(Math.max(...arabic.map((item) => item.x + item.width))).toBeCloseTo(PAGE_WIDTH - MARGIN, 0);
      expect(Math.min(...arabic.map((item) => item.x))).toBeGreaterThan(MARGIN + 100);
      expect(romanian?.x).toBeCloseTo(MARGIN, 0);
    });

    it('makes links clickable, lists with bullets, and sources with the day they were read', () => {
      expect(read.links).toEqual(expect.arrayContaining(['https://example.com/sizing', 'https://example.org/survey']));
      expect(read.text).toContain('See the sizing notes first.');
      expect(read.text).toContain('• First pain');
      expect(read.text).toContain('• Agency survey — read 2026-11-20');
    });

    it('draws the canvas: frame titles, notes with their text, the text of a note too long cut at its edge', () => {
      const text = read.text.replace(/\s+/g, ' ');
      expect(text).toContain('Customer pains');
      expect(text).toContain('Founders lose a week on market sizing');
      expect(text).toContain('Proposed: interview ten agencies');
      expect(text).toContain('中文便签');
      expect(text).toContain('A note far too long for its box.');
      expect(text).not.toContain('HIDDEN-TAIL');
    });

    it('reads only the font subsets its characters need', () => {
      expect(files.every((file) => file.startsWith(EXPORT_FONTS_DIRECTORY))).toBe(true);
      expect(new Set(files).size).toBe(files.length);
      expect(files).toEqual(
        expect.arrayContaining([
          '/fonts/export/noto-sans-latin-400-normal.ttf',
          '/fonts/export/noto-sans-latin-700-normal.ttf',
          '/fonts/export/noto-sans-latin-ext-400-normal.ttf',
          '/fonts/export/noto-sans-arabic-arabic-400-normal.ttf',
          '/fonts/export/noto-sans-hebrew-hebrew-400-normal.ttf',
        ]),
      );
      expect(files.some((file) => file.includes('noto-emoji-'))).toBe(true);
      // Chinese comes in about a hundred subsets per weight; these few lines need a handful.
      const chinese = files.filter((file) => file.includes('noto-sans-sc-'));
      expect(chinese.length).toBeGreaterThan(0);
      expect(chinese.length).toBeLessThanOrEqual(12);
      expect(files.some((file) => /cyrillic|greek|devanagari|vietnamese/.test(file))).toBe(false);
    });
  });

  it('reads only the Latin subsets for a document in plain Latin', async () => {
    const loader = recordingLoader();
    const read = await readBack(await writePdf(LATIN_DOCUMENT, loader.load));
    expect(read.text).toContain('Our product helps small teams find their first customers faster.');
    expect(loader.paths.sort()).toEqual(['/fonts/export/noto-sans-latin-400-normal.ttf', '/fonts/export/noto-sans-latin-700-normal.ttf']);
  });

  it('fetches a font file from the static assets once per isolate, however many documents use it', async () => {
    // Cyrillic in bold: a subset no other test here uses.
    const cyrillic = document([{ type: 'heading', level: 1, text: 'Кириллица' }, paragraph('Text')]);
    const texts = [];
    for (let i = 0; i < 3; i++) texts.push((await readBack(await writePdf(cyrillic, loadFont))).text);
    for (const text of texts) expect(text).toContain('Кириллица');
    expect((await fontsFetched()).filter((path) => path === '/fonts/export/noto-sans-cyrillic-700-normal.ttf')).toHaveLength(1);
  });

  it('draws a visible replacement for a character no font has, and keeps the rest of the text', async () => {
    // Tibetan and Gothic: no bundled font has them.
    const read = await readBack(await writePdf(document([paragraph('Before ༀ and 𐌰 after.')]), loadFont));
    expect(read.text).toContain('Before \uFFFD and \uFFFD after.');
  });

  it('writes odd input without throwing: empty text, controls, joined emoji, flags, combining accents, bidi marks, an empty or odd canvas', async () => {
    const odd: ExportDocument = {
      title: '',
      exportedAt: '2026-11-24T10:00:00.000Z',
      blocks: [
        { type: 'heading', level: 3, text: '' },
        { type: 'paragraph', inlines: [] },
        { type: 'paragraph', inlines: [{ text: 'tab\there\u0007bell\r\nnew line' }] },
        { type: 'paragraph', inlines: [{ text: 'coder 👩‍💻 flag 🇷🇴 heart ❤️ accent e\u0301 mark \u200fنعم\u200e end' }] },
        { type: 'list', items: [[], [{ text: '(قوسين) [brackets]' }]] },
        { type: 'sources', sources: [{ title: '', url: 'https://example.net/untitled', readAt: null }] },
        { type: 'canvas', picture: { width: 0, height: 0, frames: [], notes: [], connectors: [] }, description: '' },
        {
          type: 'canvas',
          picture: {
            width: 300,
            height: 200,
            frames: [{ x: 0, y: 0, width: 0, height: 0, title: 'Empty frame' }],
            notes: [{ x: -20, y: 150, width: 0, height: 10, fill: 'red', text: 'no room', proposed: true }],
            connectors: [{ from: { x: 0, y: 0 }, to: { x: 300, y: 200 } }],
          },
          description: 'Odd canvas',
        },
      ],
    };
    const read = await readBack(await writePdf(odd, loadFont));
    expect(read.text).toContain('tab here');
    expect(read.text).toContain('bell');
    expect(read.text).toContain('new line');
    expect(read.text).toContain('👩');
    expect(read.text).toContain('💻');
    expect(read.text).toContain('end');
    expect(read.text).toContain('[brackets]');
    expect(read.links).toContain('https://example.net/untitled');
    expect(read.text).toContain('Odd canvas');
  });

  it('wraps paragraphs within the margins: at spaces, between Chinese characters, and inside a word longer than a line', async () => {
    const words = 'Founders keep talking to customers until the problem is clear enough to build for. '.repeat(8);
    const chinese = '我们的产品帮助小团队更快地找到第一批客户'.repeat(8);
    const longWord = `Long${'x'.repeat(400)}End`;
    const read = await readBack(await writePdf(document([paragraph(words), paragraph(chinese), paragraph(longWord)]), loadFont));
    const body = read.items[0]!.filter((item) => item.fontSize === BODY_SIZE);
    for (const item of body) {
      expect(item.x).toBeGreaterThanOrEqual(MARGIN - 0.5);
      expect(item.x + item.width).toBeLessThanOrEqual(PAGE_WIDTH - MARGIN + 0.5);
    }
    const linesOf = (test: (text: string) => boolean) => new Set(body.filter((item) => test(item.str)).map((item) => Math.round(item.y))).size;
    expect(linesOf((text) => text.includes('Founders') || text.includes('customers'))).toBeGreaterThan(3);
    expect(linesOf((text) => /[\u4e00-\u9fff]/.test(text))).toBeGreaterThan(2);
    expect(linesOf((text) => text.includes('xxxx'))).toBeGreaterThan(2);
    // Nothing of the long word is lost where it breaks.
    expect(read.text.replace(/\s/g, '')).toContain(longWord);
  });

  it('breaks pages within the margins and never ends a page with a heading', async () => {
    const blocks: ExportBlock[] = [];
    // Sections of different lengths, some headed twice (a heading right under another, with an
    // empty paragraph between), so that headings come at every height of the page.
    for (let section = 1; section <= 40; section++) {
      if (section % 3 === 0) blocks.push({ type: 'heading', level: 1, text: `Part ${section}` }, paragraph(' '));
      blocks.push({ type: 'heading', level: 2, text: `Section ${section}` });
      blocks.push(paragraph('A paragraph of a few lines about this section. '.repeat(1 + (section % 7) * 3)));
    }
    const read = await readBack(await writePdf(document(blocks), loadFont));
    expect(read.pages).toBeGreaterThan(3);
    for (const page of read.items) {
      const lowest = page.reduce((low, item) => (item.y < low.y ? item : low));
      expect(lowest.y).toBeGreaterThanOrEqual(MARGIN - 4);
      expect(lowest.str).not.toMatch(/^(Section|Part) \d+$/);
    }
    expect(read.text).toContain('Section 40');
  });

  it('makes links only of web and mail addresses', async () => {
    const read = await readBack(
      await writePdf(
        document([
          {
            type: 'paragraph',
            inlines: [
              { text: 'web', url: 'https://example.com/a' },
              { text: ' script', url: 'javascript:alert(1)' },
              { text: ' mail', url: 'mailto:founder@example.com' },
            ],
          },
        ]),
        loadFont,
      ),
    );
    expect(read.text).toContain('web script mail');
    expect(read.links.sort()).toEqual(['https://example.com/a', 'mailto:founder@example.com']);
  });

  it('says which font is missing when the static assets lack one, rather than writing a PDF without its text', async () => {
    // Greek in bold: a subset no other test here uses, so this isolate has not read it yet.
    const missing = '/fonts/export/noto-sans-greek-700-normal.ttf';
    await resetFonts({ missing: [missing] });
    const greek = document([{ type: 'heading', level: 1, text: 'Ελληνικά' }]);
    await expect(writePdf(greek, loadFont)).rejects.toThrow(`Font ${missing} is missing from the static assets (404)`);
    // Once the file is there, the same document is written: a failed read is not kept.
    await resetFonts();
    expect((await readBack(await writePdf(greek, loadFont))).text).toContain('Ελληνικά');
  });

  it('writes 50 documents at once in one isolate, each whole', async () => {
    const documents = Array.from({ length: 50 }, (_, index) => ({ ...LANGUAGES_DOCUMENT, title: `Project ${index}` }));
    const pdfs = await Promise.all(documents.map((each) => writePdf(each, loadFont)));
    const texts = await Promise.all(pdfs.map(async (pdf) => (await readBack(pdf)).text));
    texts.forEach((text, index) => {
      expect(text).toContain(`Project ${index}`);
      expect(text).toContain(ARABIC);
      expect(text).toContain(CHINESE);
    });
  });

  it('writes a project at its limits: 30 sections, 100 paragraphs, 100 memory entries, 500 notes', async () => {
    const full = fullProjectDocument();
    const bytes = await writePdf(full, loadFont);
    const read = await readBack(bytes);
    expect(bytes.length).toBeLessThan(1_500_000);
    expect(read.text).toContain('Competitor 30: Market Mapper 30');
    expect(read.text).toContain('Memory 100:');
    // Notes are numbered 1 to 500 at the start of their text, tiny but there.
    const text = read.text.replace(/\s+/g, ' ');
    for (const number of [1, 250, 500]) expect(text).toContain(`${number}. `);
    expect(read.links).toContain('https://competitor-30.example.com/pricing');
  });
});
