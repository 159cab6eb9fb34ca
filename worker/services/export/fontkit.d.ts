// fontkit ships no types; this is the part of its API the PDF export uses (pdfkit draws with the
// same fontkit module).
declare module 'fontkit' {
  export interface Glyph {
    id: number;
    advanceWidth: number;
    /** The characters the glyph stands for; none for a mark the font split off a letter. */
    codePoints: number[];
    path: { toSVG(): string };
  }
  export interface GlyphPosition {
    xAdvance: number;
    yAdvance: number;
    xOffset: number;
    yOffset: number;
  }
  export interface GlyphRun {
    glyphs: Glyph[];
    positions: GlyphPosition[];
    advanceWidth: number;
    direction: 'ltr' | 'rtl';
  }
  export interface Font {
    unitsPerEm: number;
    ascent: number;
    descent: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
    getGlyph(glyphId: number, codePoints?: number[]): Glyph | null;
    layout(text: string, features?: string[]): GlyphRun;
  }
  export function create(buffer: Uint8Array): Font;
}
