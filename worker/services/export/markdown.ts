import type { ExportDocument, ExportInline, ExportSource } from '#contracts/export';
import { canvasSvg } from './canvas-svg';

/** The document as Markdown (CommonMark): founders' text is escaped, so it reads as they wrote it. */
export function writeMarkdown(document: ExportDocument): string {
  const out: string[] = [`# ${headingText(document.title)}`];
  for (const block of document.blocks) {
    switch (block.type) {
      case 'heading':
        out.push(`${'#'.repeat(block.level + 1)} ${headingText(block.text)}`);
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
        out.push(`![${escapeText(block.description, false)}](data:image/svg+xml;base64,${base64(canvasSvg(block.picture))})`);
        break;
    }
  }
  return `${out.join('\n\n')}\n`;
}

export const sourceReadLabel = (source: ExportSource) => (source.readAt ? `read ${source.readAt.slice(0, 10)}` : 'read date not recorded');

const sourceLine = (source: ExportSource) => `[${escapeText(source.title, false)}](${destination(source.url)}) (${sourceReadLabel(source)})`;

/** A paragraph or list item: only its first part starts the line. */
const inlines = (parts: ExportInline[]) =>
  parts.map((part, index) => (part.url ? `[${escapeText(part.text, false)}](${destination(part.url)})` : escapeText(part.text, index === 0))).join('');

/**
 * Founders' text as Markdown that reads as they wrote it, escaping only what Markdown would read
 * as syntax where it would: emphasis and code marks, the brackets of links and images, the start
 * of HTML or an autolink, character references, and at the start of a line what would begin a
 * heading, a quote, a list, a rule or a code fence. Parentheses, and '#' or '+' inside a line, stay
 * as written; a '|' only when a line of the text would make a table. `atLineStart` false: the
 * text follows something on its line (a label, a heading's marks), so its first line begins no block.
 */
export function escapeText(text: string, atLineStart = true): string {
  const table = text.includes('|') && /^[ \t|:-]*-[ \t|:-]*$/m.test(text);
  return text
    .replace(table ? /[\\`*_[\]<~|]/g : /[\\`*_[\]<~]/g, (char) => `\\${char}`)
    .replace(/&(?=#?[a-z0-9]+;)/gi, '\\&')
    .split('\n')
    .map((line, index) => (index === 0 && !atLineStart ? line : line.replace(BLOCK_START, blockStart)))
    .join('  \n');
}

/**
 * What opens a block at the start of a line: a quote's '>', a heading's '#', a list's '-' or '+'
 * before a space, a line of '-' or '=' (a rule, or a heading's underline), a number of up to 9
 * digits before '.' or ')' and a space.
 */
const BLOCK_START = /^([ \t]*)(?:(>|[#+-](?=[ \t]|$)|[=-](?=[-= \t]*$))|(\d{1,9})(?=[.)](?:[ \t]|$)))/;

/** A line's opening mark escaped: '\\#', '\\-', or '1\\.' for a number that would start a list. */
const blockStart = (_: string, space: string, mark: string | undefined, number: string | undefined) => (mark ? `${space}\\${mark}` : `${space}${number}\\`);

/** A heading's text: inside it nothing starts a block, but a ' #' at its end would be taken for closing marks. */
const headingText = (text: string) => escapeText(text, false).replace(/(?<=[ \t])#(?=#*[ \t]*$)/, '\\#');

/** A link destination in angle brackets, so spaces and parentheses in addresses stay part of it. */
const destination = (url: string) => `<${url.replace(/[<>\s]/g, encodeURIComponent)}>`;

function base64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}
