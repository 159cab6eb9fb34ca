/**
 * Markdown as plain text: what a screen reader's live region says and what 'Copy as text' puts on
 * the clipboard. Emphasis, code marks, headings, quotes and list bullets go; links keep their
 * text; table rows become cells separated by commas. Good enough for the co-founder's answers,
 * which use Markdown sparingly; the page itself renders the real thing.
 */
export function markdownToPlainText(markdown: string): string {
  return markdown
    .split('\n')
    .filter((line) => !/^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/.test(line)) // table separator rows
    .map(
      (line) =>
        line
          .replace(/^\s{0,3}#{1,6}\s+/, '') // headings
          .replace(/^\s*>\s?/, '') // quotes
          .replace(/^(\s*)[-*+]\s+/, '$1') // bullets
          .replace(/^\s*\|(.*)\|\s*$/, (_, cells: string) =>
            cells
              .split('|')
              .map((cell) => cell.trim())
              .join(', '),
          ), // table rows
    )
    .join('\n')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1') // images
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1') // links
    .replace(/(\*\*|__)(.+?)\1/g, '$2') // bold
    .replace(/(^|[^\w*])[*_]([^*_\n]+)[*_](?=[^\w*]|$)/g, '$1$2') // italics
    .replace(/~~(.+?)~~/g, '$1')
    .replace(/`{1,3}([^`]*)`{1,3}/g, '$1')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
