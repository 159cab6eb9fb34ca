import type { ExportDocument, ExportInline, ExportSource } from '#contracts/export';
import { canvasSvg } from './canvas-svg';

/** The document as Markdown (CommonMark): founders' text is escaped, so it reads as they wrote it. */
export function writeMarkdown(document: ExportDocument): string {
  const out: string[] = [`# ${escapeText(document.title)}`];
  for (const block of document.blocks) {
    switch (block.type) {
      case 'heading':
        out.push(`${'#'.repeat(block.level + 1)} ${escapeText(block.text)}`);
        break;
      case 'paragraph':
        out.push(inlines(block.inlines));
        break;
      case 'list':
        out.push(block.items.map((item) => `- ${inlines(item)}`).join('\n'));
        break;
      case 'sources':
        out.push(`Sources:\n\n${block.sources.map((source) => `- ${sourceLine(source)}`).join('\n')}`);
        break;
      case 'canvas':
        out.push(`![${escapeText(block.description)}](data:image/svg+xml;base64,${base64(canvasSvg(block.picture))})`);
        break;
    }
  }
  return `${out.join('\n\n')}\n`;
}

export const sourceReadLabel = (source: ExportSource) => (source.readAt ? `read ${source.readAt.slice(0, 10)}` : 'read date not recorded');

const sourceLine = (source: ExportSource) => `[${escapeText(source.title)}](${destination(source.url)}) (${sourceReadLabel(source)})`;

const inlines = (parts: ExportInline[]) =>
  parts.map((part) => (part.url ? `[${escapeText(part.text)}](${destination(part.url)})` : escapeText(part.text))).join('');

/** Characters Markdown would read as syntax, and line starts that would make a heading or list. */
const escapeText = (text: string) =>
  text
    .replace(/[\\`*_{}[\]<>()#+!|~]/g, (char) => `\\${char}`)
    .replace(/^(\s*)(-|\d+\.)(\s)/gm, (_, space: string, marker: string, after: string) => `${space}${marker.replace(/([-.])/, '\\$1')}${after}`)
    .replace(/\n/g, '  \n');

/** A link destination in angle brackets, so spaces and parentheses in addresses stay part of it. */
const destination = (url: string) => `<${url.replace(/[<>\s]/g, encodeURIComponent)}>`;

function base64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}
