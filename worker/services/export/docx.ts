import { Document, ExternalHyperlink, HeadingLevel, ImageRun, Packer, Paragraph, TextRun, type ParagraphChild } from 'docx';
import type { ExportDocument, ExportInline } from '#contracts/export';
import { canvasPng } from './canvas-png';
import { canvasSvg } from './canvas-svg';
import { sourceReadLabel } from './markdown';

/**
 * The document as a Word file through the `docx` library (decision 0046): plain JavaScript, so it
 * runs in workerd. Right-to-left paragraphs are marked so Word lays them out from the right.
 */

const HEADINGS = [HeadingLevel.TITLE, HeadingLevel.HEADING_1, HeadingLevel.HEADING_2, HeadingLevel.HEADING_3] as const;
/** The picture's width on an A4 page with Word's default margins, in pixels at 96 to the inch. */
const PAGE_WIDTH_PX = 600;

/** Whether a paragraph reads right to left: its first strong letter is Hebrew or Arabic. */
export const startsRightToLeft = (text: string) => /^[^\p{L}]*[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/u.test(text);

export async function writeDocx(document: ExportDocument): Promise<Uint8Array> {
  const children: Paragraph[] = [new Paragraph({ heading: HEADINGS[0], children: [new TextRun(document.title)] })];
  for (const block of document.blocks) {
    switch (block.type) {
      case 'heading':
        children.push(new Paragraph({ heading: HEADINGS[block.level], bidirectional: startsRightToLeft(block.text), children: [new TextRun(block.text)] }));
        break;
      case 'paragraph':
        children.push(paragraph(block.inlines));
        break;
      case 'list':
        for (const item of block.items) children.push(paragraph(item, { bullet: { level: 0 } }));
        break;
      case 'sources':
        children.push(new Paragraph({ children: [new TextRun({ text: 'Sources:', bold: true })] }));
        for (const source of block.sources) {
          children.push(paragraph([{ text: source.title, url: source.url }, { text: ` (${sourceReadLabel(source)})` }], { bullet: { level: 0 } }));
        }
        break;
      case 'canvas': {
        const scale = Math.min(1, PAGE_WIDTH_PX / Math.max(block.picture.width, 1));
        const svg = new TextEncoder().encode(canvasSvg(block.picture));
        children.push(
          new Paragraph({
            children: [
              new ImageRun({
                type: 'svg',
                data: svg,
                fallback: { type: 'png', data: await canvasPng(block.picture) },
                transformation: {
                  width: Math.max(1, Math.round((block.picture.width + 40) * scale)),
                  height: Math.max(1, Math.round((block.picture.height + 40) * scale)),
                },
                altText: { name: 'Canvas', title: 'The canvas', description: block.description },
              }),
            ],
          }),
        );
        break;
      }
    }
  }
  const file = new Document({
    title: document.title,
    description: `Exported from Launchmate on ${document.exportedAt.slice(0, 10)}`,
    creator: 'Launchmate',
    styles: { default: { document: { run: { font: 'Noto Sans' } } } },
    sections: [{ children }],
  });
  return new Uint8Array(await Packer.toArrayBuffer(file));
}

function paragraph(inlines: ExportInline[], options: { bullet?: { level: number } } = {}): Paragraph {
  const children: ParagraphChild[] = inlines.map((inline) => {
    const run = new TextRun({ text: inline.text, rightToLeft: startsRightToLeft(inline.text), ...(inline.url ? { style: 'Hyperlink' } : {}) });
    return inline.url ? new ExternalHyperlink({ link: inline.url, children: [run] }) : run;
  });
  return new Paragraph({ ...options, bidirectional: startsRightToLeft(inlines.map((inline) => inline.text).join('')), children });
}
