import type { CanvasPicture } from '#contracts/export';

/**
 * The canvas as an SVG picture for the Markdown and Word files (the PDF draws the same picture
 * with its own fonts, pdf.ts). Note text wraps by a rough character width and is clipped to its
 * note: the full text of every note follows the picture as a list.
 */

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
const FONT_SIZE = 14;
const LINE_HEIGHT = 18;
const PADDING = 8;
const MARGIN = 20;

/** Lines of `text` that fit `width`, by an average character width; CJK and emoji count double. */
export function roughLines(text: string, width: number, fontSize = FONT_SIZE): string[] {
  const perLine = Math.max(4, Math.floor(width / (fontSize * 0.55)));
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    let used = 0;
    for (const char of paragraph) {
      const cost = /[\u1100-\u9fff\uac00-\ud7af\u{1f000}-\u{1faff}]/u.test(char) ? 2 : 1;
      if (used + cost > perLine) {
        const space = line.lastIndexOf(' ');
        const carried = space > perLine / 2 ? line.slice(space + 1) : '';
        lines.push(space > perLine / 2 ? line.slice(0, space) : line);
        line = carried;
        used = [...carried].length;
      }
      line += char;
      used += cost;
    }
    lines.push(line);
  }
  return lines;
}

export function canvasSvg(picture: CanvasPicture): string {
  const width = picture.width + MARGIN * 2;
  const height = picture.height + MARGIN * 2;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="Noto Sans, Arial, sans-serif" font-size="${FONT_SIZE}">`,
    `<rect width="${width}" height="${height}" fill="#f8fafc"/>`,
    `<g transform="translate(${MARGIN} ${MARGIN})">`,
  ];
  for (const frame of picture.frames) {
    parts.push(`<rect x="${frame.x}" y="${frame.y}" width="${frame.width}" height="${frame.height}" rx="8" fill="#ffffff" stroke="#94a3b8" stroke-width="2"/>`);
    parts.push(`<text x="${frame.x + PADDING}" y="${frame.y + LINE_HEIGHT}" font-weight="700" fill="#334155">${escapeXml(frame.title)}</text>`);
  }
  for (const connector of picture.connectors) {
    parts.push(`<line x1="${connector.from.x}" y1="${connector.from.y}" x2="${connector.to.x}" y2="${connector.to.y}" stroke="#64748b" stroke-width="2"/>`);
  }
  picture.notes.forEach((note, index) => {
    const dash = note.proposed ? ' stroke-dasharray="6 4"' : '';
    parts.push(`<clipPath id="note-${index}"><rect x="${note.x}" y="${note.y}" width="${note.width}" height="${note.height}"/></clipPath>`);
    parts.push(
      `<rect x="${note.x}" y="${note.y}" width="${note.width}" height="${note.height}" rx="4" fill="${note.fill}" stroke="${note.proposed ? '#4f46e5' : '#cbd5e1'}" stroke-width="2"${dash}/>`,
    );
    const lines = roughLines(note.text, note.width - PADDING * 2).slice(0, Math.max(1, Math.floor((note.height - PADDING) / LINE_HEIGHT)));
    const tspans = lines
      .map((line, row) => `<tspan x="${note.x + PADDING}" y="${note.y + PADDING + LINE_HEIGHT * (row + 1) - 4}">${escapeXml(line)}</tspan>`)
      .join('');
    parts.push(`<text clip-path="url(#note-${index})" fill="#0f172a">${tspans}</text>`);
  });
  parts.push('</g></svg>');
  return parts.join('');
}
