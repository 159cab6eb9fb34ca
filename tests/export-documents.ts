import type { CanvasPicture, ExportBlock, ExportDocument } from '../contracts/export';

// Export documents of the PDF tests and of bench/export-pdf.mjs: one in every language the PDF
// must hold, a bare Latin one of the same shape, and a project at its limits.

export const ROMANIAN = 'Știm că în țară, școala și ăâî contează: ș ț Ș Ț.';
export const CHINESE = '我们的产品帮助小团队更快地找到第一批客户。';
export const ARABIC = 'مرحبا بكم في مشروعنا الجديد للسلام';
export const HEBREW = 'שלום לכולם במיזם החדש';
export const EMOJI = 'Launch day 🚀 went well 🎉';

export const SMALL_PICTURE: CanvasPicture = {
  width: 1200,
  height: 800,
  frames: [{ x: 40, y: 40, width: 700, height: 500, title: 'Customer pains' }],
  notes: [
    { x: 80, y: 100, width: 220, height: 140, fill: '#fde68a', text: 'Founders lose a week on market sizing', proposed: false },
    { x: 400, y: 100, width: 220, height: 140, fill: '#bfdbfe', text: 'Proposed: interview ten agencies', proposed: true },
    { x: 80, y: 300, width: 220, height: 140, fill: '#bbf7d0', text: 'Școli și țări · 中文便签 · ملاحظة عربية', proposed: false },
    { x: 800, y: 600, width: 220, height: 60, fill: '#fecaca', text: `${'A note far too long for its box. '.repeat(12)}HIDDEN-TAIL`, proposed: false },
  ],
  connectors: [{ from: { x: 190, y: 170 }, to: { x: 510, y: 170 } }],
};

/** A small project in every language the PDF must hold. */
export const LANGUAGES_DOCUMENT: ExportDocument = {
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
    { type: 'canvas', picture: SMALL_PICTURE, description: 'The canvas: 4 notes in 1 frame.' },
  ],
};

/** The same shape in plain Latin: the bare baseline of bench/export-pdf.mjs. */
export const LATIN_DOCUMENT: ExportDocument = {
  title: 'Founders school',
  exportedAt: '2026-11-24T10:00:00.000Z',
  blocks: [
    { type: 'heading', level: 1, text: 'The chosen idea' },
    ...[
      'We know that at home, school matters.',
      'Our product helps small teams find their first customers faster.',
      'Welcome to our new project.',
      'Hello everyone in the new venture.',
      'Launch day went well.',
    ].map((text): ExportBlock => ({ type: 'paragraph', inlines: [{ text }] })),
    { type: 'paragraph', inlines: [{ text: 'See ' }, { text: 'the sizing notes', url: 'https://example.com/sizing' }, { text: ' first.' }] },
    { type: 'list', items: [[{ text: 'First pain' }], [{ text: 'Second pain' }]] },
    { type: 'sources', sources: [{ title: 'Agency survey', url: 'https://example.org/survey', readAt: '2026-11-20T08:00:00.000Z' }] },
    {
      type: 'canvas',
      picture: {
        ...SMALL_PICTURE,
        notes: SMALL_PICTURE.notes.map((note, index) => ({ ...note, text: `Note ${index + 1}: founders lose a week on market sizing` })),
      },
      description: 'The canvas: 4 notes in 1 frame.',
    },
  ],
};

const SENTENCES = [
  'Small agencies spend a week on every market sizing, and most of it is copying numbers between tabs.',
  ROMANIAN,
  CHINESE,
  ARABIC,
  HEBREW,
  EMOJI,
  'The estimate multiplies 12,400 agencies by a 9% adoption rate and $480 a year: $535,680 a year at the end of the second year.',
];

/**
 * A project at the export's limits: 30 sections (30 competitors with their sources), 100
 * paragraphs, 100 memory entries, and a canvas of 500 notes in 20 frames with 200 connectors,
 * its text in every language above.
 */
export function fullProjectDocument(): ExportDocument {
  const blocks: ExportBlock[] = [];
  let paragraphs = 0;
  for (let section = 1; section <= 30; section++) {
    blocks.push({ type: 'heading', level: section % 10 === 1 ? 1 : 2, text: `Competitor ${section}: Market Mapper ${section}` });
    const count = section <= 10 ? 4 : 3;
    for (let index = 0; index < count && paragraphs < 100; index++, paragraphs++) {
      blocks.push({
        type: 'paragraph',
        inlines: [
          { text: `${SENTENCES[paragraphs % SENTENCES.length]} ${SENTENCES[(paragraphs + 3) % SENTENCES.length]} ` },
          { text: 'Their pricing page', url: `https://competitor-${section}.example.com/pricing` },
          { text: ` says plans start at $${section * 7} a month.` },
        ],
      });
    }
    blocks.push({
      type: 'sources',
      sources: [
        { title: `Market Mapper ${section} pricing`, url: `https://competitor-${section}.example.com/pricing`, readAt: '2026-11-20T08:00:00.000Z' },
        { title: `Reviews of Market Mapper ${section}`, url: `https://reviews.example.org/${section}`, readAt: null },
      ],
    });
  }
  blocks.push({ type: 'heading', level: 1, text: 'Memory' });
  blocks.push({ type: 'list', items: Array.from({ length: 100 }, (_, index) => [{ text: `Memory ${index + 1}: ${SENTENCES[index % SENTENCES.length]}` }]) });

  const notes: CanvasPicture['notes'] = [];
  const frames: CanvasPicture['frames'] = [];
  // 20 frames of 25 notes (5 × 5), 4 frames a row.
  for (let frame = 0; frame < 20; frame++) {
    const frameX = 40 + (frame % 4) * 1300;
    const frameY = 40 + Math.floor(frame / 4) * 1300;
    frames.push({ x: frameX, y: frameY, width: 1240, height: 1240, title: `Frame ${frame + 1}: ${SENTENCES[frame % SENTENCES.length]!.slice(0, 30)}` });
    for (let index = 0; index < 25; index++) {
      notes.push({
        x: frameX + 20 + (index % 5) * 240,
        y: frameY + 60 + Math.floor(index / 5) * 230,
        width: 220,
        height: 200,
        fill: ['#fde68a', '#bfdbfe', '#bbf7d0', '#fecaca'][index % 4]!,
        text: `${frame * 25 + index + 1}. ${SENTENCES[(frame + index) % SENTENCES.length]}`,
        proposed: index % 7 === 0,
      });
    }
  }
  const centre = (note: CanvasPicture['notes'][number]) => ({ x: note.x + note.width / 2, y: note.y + note.height / 2 });
  const connectors = Array.from({ length: 200 }, (_, index) => ({ from: centre(notes[index * 2]!), to: centre(notes[index * 2 + 1]!) }));
  blocks.push({ type: 'canvas', picture: { width: 5260, height: 6540, frames, notes, connectors }, description: 'The canvas: 500 notes in 20 frames.' });

  return { title: 'Market Mapper — full project', exportedAt: '2026-11-24T10:00:00.000Z', blocks };
}
