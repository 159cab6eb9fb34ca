/**
 * Plain text out of the HTML that outside sources send (Stack Exchange bodies, Hacker News
 * comments, Reddit titles): tags and the content of scripts and styles removed, entities decoded,
 * control characters dropped, white space collapsed, cut to a length. The result is shown as text
 * (React escapes it) and read by the model, so it only needs to be readable, never safe as HTML.
 * Why a helper of our own and not a library: docs/decisions/0032-discussion-search.md.
 */

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  bull: '•',
  middot: '·',
  copy: '©',
  reg: '®',
  trade: '™',
  euro: '€',
  pound: '£',
  times: '×',
  deg: '°',
};

/** Scripts, styles and comments are dropped with their content; any other tag becomes a space. */
const INVISIBLE = /<(script|style|template)\b[^>]*>[\s\S]*?<\/\1\s*>|<!--[\s\S]*?(?:-->|$)/gi;
const TAG = /<\/?[a-z][^>]*>?/gi;
const ENTITY = /&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|([a-z][a-z0-9]{1,31}));/gi;
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/g;

function decodeEntity(match: string, decimal?: string, hex?: string, name?: string): string {
  if (name) return NAMED_ENTITIES[name.toLowerCase()] ?? match;
  const code = decimal ? Number.parseInt(decimal, 10) : Number.parseInt(hex!, 16);
  // Surrogates, NUL and numbers past Unicode are not characters.
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '';
  return String.fromCodePoint(code);
}

/** Cuts to `maxChars` characters, ending with an ellipsis, without splitting a surrogate pair. */
function cut(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  let kept = text.slice(0, maxChars - 1);
  if (/[\uD800-\uDBFF]$/.test(kept)) kept = kept.slice(0, -1);
  return `${kept.trimEnd()}…`;
}

export function plainText(html: string, maxChars: number): string {
  const text = html
    .replace(INVISIBLE, ' ')
    .replace(TAG, ' ')
    // Decoded after the tags are gone, so an escaped "&lt;b&gt;" stays visible as the text "<b>".
    .replace(ENTITY, decodeEntity)
    .replace(CONTROL, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return cut(text, maxChars);
}

/** Elements that end a line of a page's text. */
const BLOCK =
  /<\/?(?:p|div|li|ul|ol|br|h[1-6]|tr|td|th|table|section|article|header|footer|nav|main|aside|dt|dd|blockquote|pre|hr|form|label|button|option)\b[^>]*>/gi;
const HIDDEN = /<(script|style|template|noscript|svg|head)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;

/**
 * A web page's visible text as lines (for quoting and for the price lines 'Check again'
 * compares): block elements end lines, everything else as plainText does.
 */
export function pageLines(html: string, maxChars: number): string[] {
  const text = html
    .replace(HIDDEN, ' ')
    .replace(INVISIBLE, ' ')
    .replace(BLOCK, '\n')
    .replace(TAG, ' ')
    .replace(ENTITY, decodeEntity)
    .replace(/[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/g, ' ');
  const lines: string[] = [];
  let total = 0;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\s+/g, ' ').trim();
    if (!line) continue;
    if (total + line.length > maxChars) {
      lines.push(cut(line, Math.max(2, maxChars - total)));
      break;
    }
    lines.push(line);
    total += line.length + 1;
  }
  return lines;
}

/** The text of a page's <title>, plain. */
export function pageTitle(html: string, maxChars: number): string {
  const match = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(html);
  return match ? plainText(match[1]!, maxChars) : '';
}
