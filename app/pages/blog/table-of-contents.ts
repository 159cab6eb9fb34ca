export interface TocEntry {
  id: string;
  text: string;
  /** The h3 headings under this h2. */
  children: TocEntry[];
}

const HEADING = /<h([23])\b[^>]*?\sid="([^"]+)"[^>]*>([\s\S]*?)<\/h\1>/g;
const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** The text of a fragment of HTML: tags dropped, character references decoded. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(?:#x([0-9a-f]+)|#(\d+)|([a-z]+));/gi, (reference, hex?: string, decimal?: string, name?: string) => {
      if (hex) return String.fromCodePoint(parseInt(hex, 16));
      if (decimal) return String.fromCodePoint(Number(decimal));
      return NAMED_ENTITIES[name!.toLowerCase()] ?? reference;
    })
    .trim();
}

/**
 * The table of contents of an article's HTML: its h2 headings, each with the h3 headings that
 * follow it nested underneath (an h3 before any h2 stands on its own). Headings without an id
 * cannot be linked to and are left out. The HTML is the blog loader's own sanitised output
 * (scripts/load-blog.ts), so its headings are regular enough to read without a DOM, which the
 * Worker's render does not have.
 */
export function tableOfContents(html: string): TocEntry[] {
  const entries: (TocEntry & { level: 2 | 3 })[] = [];
  for (const [, level, id = '', inner = ''] of html.matchAll(HEADING)) {
    const entry = { id: textOf(id), text: textOf(inner), children: [] };
    const parent = entries.at(-1);
    if (level === '3' && parent?.level === 2) parent.children.push(entry);
    else entries.push({ ...entry, level: level === '2' ? 2 : 3 });
  }
  return entries.map(({ id, text, children }) => ({ id, text, children }));
}
