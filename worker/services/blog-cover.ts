/**
 * The cover of a blog article, drawn by the product (no image host, nothing for the CSP to
 * allow): an SVG whose colours and shapes follow from the slug, so an article keeps its cover
 * and two articles rarely share one.
 */
const PALETTES: [string, string, string][] = [
  ['#1e1b4b', '#6366f1', '#c7d2fe'],
  ['#0c4a6e', '#0ea5e9', '#bae6fd'],
  ['#14532d', '#22c55e', '#bbf7d0'],
  ['#7c2d12', '#f97316', '#fed7aa'],
  ['#4a044e', '#d946ef', '#f5d0fe'],
  ['#134e4a', '#14b8a6', '#99f6e4'],
  ['#3f3f46', '#f59e0b', '#fde68a'],
  ['#1e3a8a', '#f43f5e', '#fecdd3'],
];

/** FNV-1a: a small, stable hash; this is decoration, not security. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A little generator of numbers in [0, 1) seeded by the slug. */
function sequence(seed: number) {
  let state = seed || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

export const COVER_WIDTH = 1200;
export const COVER_HEIGHT = 630;

export function coverSvg(slug: string): string {
  const seed = hash(slug);
  const next = sequence(seed);
  const [dark, accent, light] = PALETTES[seed % PALETTES.length]!;
  const shapes: string[] = [];
  for (let i = 0; i < 7; i++) {
    const x = Math.round(next() * COVER_WIDTH);
    const y = Math.round(next() * COVER_HEIGHT);
    const size = Math.round(60 + next() * 220);
    const opacity = (0.15 + next() * 0.5).toFixed(2);
    const fill = i % 2 === 0 ? accent : light;
    if (next() < 0.5) {
      shapes.push(`<circle cx="${x}" cy="${y}" r="${size / 2}" fill="${fill}" fill-opacity="${opacity}"/>`);
    } else {
      const angle = Math.round(next() * 90);
      shapes.push(
        `<rect x="${x - size / 2}" y="${y - size / 2}" width="${size}" height="${size}" rx="${Math.round(size / 6)}" fill="${fill}" fill-opacity="${opacity}" transform="rotate(${angle} ${x} ${y})"/>`,
      );
    }
  }
  // A rising line: the one motif every cover shares.
  const points = Array.from({ length: 7 }, (_, i) => {
    const x = 80 + i * ((COVER_WIDTH - 160) / 6);
    const y = COVER_HEIGHT - 110 - i * 55 - Math.round(next() * 60);
    return `${Math.round(x)},${y}`;
  }).join(' ');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_WIDTH}" height="${COVER_HEIGHT}" viewBox="0 0 ${COVER_WIDTH} ${COVER_HEIGHT}">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${accent}"/></linearGradient></defs>`,
    `<rect width="${COVER_WIDTH}" height="${COVER_HEIGHT}" fill="url(#g)"/>`,
    ...shapes,
    `<polyline points="${points}" fill="none" stroke="#ffffff" stroke-width="10" stroke-linecap="round" stroke-linejoin="round" stroke-opacity="0.9"/>`,
    '</svg>',
  ].join('');
}
