/** White space and quotes folded, so a quote copied from a page matches the page's text. */
export const normaliseQuote = (text: string) =>
  text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
