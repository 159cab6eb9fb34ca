import notoEmojiSubsets from '@fontsource/noto-emoji/unicode.json' with { type: 'json' };
import notoSansSubsets from '@fontsource/noto-sans/unicode.json' with { type: 'json' };
import notoSansArabicSubsets from '@fontsource/noto-sans-arabic/unicode.json' with { type: 'json' };
import notoSansHebrewSubsets from '@fontsource/noto-sans-hebrew/unicode.json' with { type: 'json' };
import notoSansScSubsets from '@fontsource/noto-sans-sc/unicode.json' with { type: 'json' };
import type { Bindings } from '../../env';

/**
 * The fonts of the PDF export (docs/decisions/0047-pdf-export.md): Noto from the Fontsource
 * packages, as the unicode-range subsets those packages ship, weights 400 and 700. The build puts
 * exactly these files among the static assets as TrueType (scripts/export-fonts.ts): fontkit
 * cannot subset WOFF2's transformed glyphs, and it inflates a WOFF table again on every read.
 * A document reads only the subsets that hold its characters.
 */

/** Reads one font file by its path under the static assets, e.g. `/fonts/export/noto-sans-latin-400-normal.ttf`. */
export type FontLoader = (path: string) => Promise<ArrayBuffer>;

export type FontWeight = 400 | 700;
export const FONT_WEIGHTS: readonly FontWeight[] = [400, 700];

/** Where the build puts the fonts among the static assets. */
export const EXPORT_FONTS_DIRECTORY = '/fonts/export/';

export interface FontFile {
  /** The Fontsource package, e.g. `@fontsource/noto-sans-sc`. */
  packageName: string;
  /** The WOFF file in the package's `files/` directory. */
  sourceName: string;
  /** The TrueType file the build makes of it in EXPORT_FONTS_DIRECTORY. */
  fileName: string;
  /** Its path among the static assets: what a FontLoader is given. */
  path: string;
  weight: FontWeight;
  /** The code points the file claims, as inclusive [first, last] ranges (its CSS unicode-range). */
  ranges: [number, number][];
}

/**
 * Families in fallback order: a character is drawn with the first file whose range holds it and
 * whose font has its glyph. Noto Sans comes first (Latin, Greek, Cyrillic, Devanagari), Noto Emoji
 * before Noto Sans SC because SC also holds some emoji; the other families' copies of Latin and
 * Greek are left out, Noto Sans has them.
 */
const FAMILIES: { packageName: string; subsets: Record<string, string>; keep: (subset: string) => boolean }[] = [
  { packageName: '@fontsource/noto-sans', subsets: notoSansSubsets, keep: () => true },
  { packageName: '@fontsource/noto-sans-arabic', subsets: notoSansArabicSubsets, keep: (subset) => ['arabic', 'symbols', 'math'].includes(subset) },
  { packageName: '@fontsource/noto-sans-hebrew', subsets: notoSansHebrewSubsets, keep: (subset) => subset === 'hebrew' },
  { packageName: '@fontsource/noto-emoji', subsets: notoEmojiSubsets, keep: () => true },
  // SC's numbered subsets are its Chinese characters, punctuation and symbols.
  { packageName: '@fontsource/noto-sans-sc', subsets: notoSansScSubsets, keep: (subset) => subset.startsWith('[') },
];

function latinFirst(subset: string): number {
  return subset === 'latin' ? 0 : subset === 'latin-ext' ? 1 : 2;
}

/** `U+0600-06FF,U+200C` → [[0x600, 0x6ff], [0x200c, 0x200c]] */
function parseUnicodeRange(unicodeRange: string): [number, number][] {
  return unicodeRange.split(',').map((part) => {
    const [first, last = first] = part.trim().replace(/^U\+/i, '').split('-') as [string, string?];
    return [parseInt(first, 16), parseInt(last, 16)];
  });
}

/** Every font file the export may read, in fallback order, both weights of each subset. */
export const EXPORT_FONT_FILES: readonly FontFile[] = FAMILIES.flatMap(({ packageName, subsets, keep }) =>
  Object.entries(subsets)
    .filter(([subset]) => keep(subset))
    // Latin first: Vietnamese also claims ă and â, which Latin Extended has with the rest of Romanian.
    .sort(([a], [b]) => latinFirst(a) - latinFirst(b))
    .flatMap(([subset, unicodeRange]) =>
      FONT_WEIGHTS.map((weight) => {
        // Fontsource names a numbered subset `[12]` in unicode.json and `12` in the file name.
        const name = `${packageName.replace('@fontsource/', '')}-${subset.replace(/[[\]]/g, '')}-${weight}-normal`;
        return {
          packageName,
          sourceName: `${name}.woff`,
          fileName: `${name}.ttf`,
          path: `${EXPORT_FONTS_DIRECTORY}${name}.ttf`,
          weight,
          ranges: parseUnicodeRange(unicodeRange),
        };
      }),
    ),
);

/** The files that claim this code point in this weight, in fallback order. */
export function fontFilesFor(codePoint: number, weight: FontWeight): FontFile[] {
  return EXPORT_FONT_FILES.filter((file) => file.weight === weight && file.ranges.some(([first, last]) => codePoint >= first && codePoint <= last));
}

/**
 * Font files this isolate has read. The static assets do not change while an isolate lives, so a
 * file is fetched once, and exports running at once share its bytes rather than holding a copy
 * each. Only bytes are kept, never a read under way: a promise shared between requests may hang.
 */
const readFonts = new Map<string, ArrayBuffer>();

/** Reads the fonts from the Worker's static assets, where the build put them. */
export function assetFontLoader(env: Pick<Bindings, 'ASSETS'>): FontLoader {
  return async (path) => {
    const kept = readFonts.get(path);
    if (kept) return kept;
    const response = await env.ASSETS.fetch(new URL(path, 'https://assets.invalid'));
    if (!response.ok) throw new Error(`Font ${path} is missing from the static assets (${response.status}); run the build.`);
    const bytes = await response.arrayBuffer();
    readFonts.set(path, bytes);
    return bytes;
  };
}
