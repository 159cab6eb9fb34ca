export interface TocEntry {
  id: string;
  text: string;
  /** The h3 headings under this h2. */
  children: TocEntry[];
}

/**
 * The table of contents of an article's HTML: its h2 headings, each with the h3 headings that
 * follow it nested underneath (an h3 before any h2 stands on its own). Headings without an id
 * cannot be linked to and are left out. DOMParser builds an inert document: nothing in it runs.
 */
export function tableOfContents(html: string): TocEntry[] {
  const document = new DOMParser().parseFromString(html, 'text/html');
  const entries: (TocEntry & { level: 2 | 3 })[] = [];
  for (const heading of document.querySelectorAll('h2[id], h3[id]')) {
    const entry = { id: heading.id, text: heading.textContent?.trim() ?? '', children: [] };
    const parent = entries.at(-1);
    if (heading.tagName === 'H3' && parent?.level === 2) parent.children.push(entry);
    else entries.push({ ...entry, level: heading.tagName === 'H2' ? 2 : 3 });
  }
  return entries.map(({ id, text, children }) => ({ id, text, children }));
}
