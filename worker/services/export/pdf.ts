import bidiFactory from 'bidi-js';
import { create as openFont, type Font, type Glyph, type GlyphRun } from 'fontkit';
import PDFDocument from 'pdfkit';
import type { CanvasPicture, ExportBlock, ExportDocument, ExportInline, ExportSource } from '#contracts/export';
import { fontFilesFor, type FontFile, type FontLoader, type FontWeight } from './fonts';

/**
 * The project export as a PDF (docs/decisions/0047-pdf-export.md), drawn in the Worker with pdfkit
 * and only embedded Noto fonts. pdfkit draws glyphs; the layout is ours, because no PDF library
 * that runs here lays out mixed scripts: every character gets the first font that has its glyph,
 * lines break by width, each line is put in visual order with the Unicode bidi algorithm
 * (bidi-js), and fontkit shapes each run (Arabic joining) in its logical order.
 */

const bidi = bidiFactory();

// A4 in PDF points, with 2 cm margins.
const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 56;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const PAGE_BOTTOM = PAGE_HEIGHT - MARGIN;

const BODY_SIZE = 10.5;
const LINE_HEIGHT = 1.45;
const TITLE_SIZE = 22;
const HEADING_SIZES = { 1: 17, 2: 14, 3: 12 } as const;
const LIST_INDENT = 16;
const BLOCK_GAP = 8;
/** Room kept above a page-high canvas for a heading and its description. */
const CANVAS_HEADROOM = 80;

const TEXT_COLOUR = '#1f2328';
const MUTED_COLOUR = '#59636e';
const LINK_COLOUR = '#0b57d0';
const FRAME_COLOUR = '#8c959f';
const CONNECTOR_COLOUR = '#57606a';
const NOTE_BORDER_COLOUR = '#6e7781';
const PROPOSED_BORDER_COLOUR = '#0b57d0';
const DEFAULT_NOTE_FILL = '#fff3b0';

// The canvas in board units: the app's note text size and padding, scaled with the board.
const BOARD_NOTE_TEXT_SIZE = 14;
const BOARD_FRAME_TITLE_SIZE = 16;
const BOARD_PADDING = 8;

/** What is drawn when no font has a character's glyph: visible, never a silent gap. */
const REPLACEMENT_CHARACTER = 0xfffd;

/** A piece of text in one style, as the layout takes it. */
interface Span {
  text: string;
  weight: FontWeight;
  size: number;
  colour: string;
  url?: string;
}

interface LoadedFont {
  /** The name pdfkit knows the font by: its file name. */
  name: string;
  font: Font;
  /** Spaces and punctuation after a character of this font stay in it (not in Noto Emoji, whose space is an emoji's width). */
  keepsNeighbours: boolean;
}

/** One run of a laid-out line: one font, one style, one direction, ready to draw. */
interface Run {
  text: string;
  font: LoadedFont;
  span: Span;
  width: number;
}

interface Line {
  /** In visual order, left to right. */
  runs: Run[];
  width: number;
  /** The line's paragraph is right to left: it is right-aligned. */
  rightToLeft: boolean;
  size: number;
}

/**
 * Writes the document as a PDF. `loadFont` reads the font files (fonts.ts); only the subsets that
 * hold the document's characters are read. A character no font has is drawn as U+FFFD; a font
 * that cannot be read is an error, since a PDF without it would lose text.
 */
export async function writePdf(document: ExportDocument, loadFont: FontLoader): Promise<Uint8Array<ArrayBuffer>> {
  const fonts = new FontBook(loadFont);
  await fonts.prepare(charactersOf(document));

  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    // No default font: pdfkit's is Helvetica, read from an AFM file that a Worker does not have.
    font: null as unknown as string,
    info: { Title: document.title, Creator: 'Launchmate' },
    displayTitle: true,
  });
  const chunks: Uint8Array[] = [];
  pdf.on('data', (chunk: Uint8Array) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    pdf.on('end', resolve);
    pdf.on('error', reject);
  });

  const writer = new PdfWriter(pdf, fonts);
  writer.title(document.title, document.exportedAt);
  document.blocks.forEach((block, index) => {
    switch (block.type) {
      case 'heading':
        writer.heading(block.level, block.text, document.blocks.slice(index + 1));
        break;
      case 'paragraph':
        writer.paragraph(block.inlines);
        break;
      case 'list':
        writer.list(block.items);
        break;
      case 'sources':
        writer.list(block.sources.map(sourceInlines));
        break;
      case 'canvas':
        writer.canvas(block.picture, block.description);
        break;
    }
  });
  pdf.end();
  await finished;

  const bytes = new Uint8Array(chunks.reduce((total, chunk) => total + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

/** A source as a list item: its title linking to it, and the day it was read. */
function sourceInlines(source: ExportSource): ExportInline[] {
  const inlines: ExportInline[] = [{ text: source.title || source.url, url: source.url }];
  if (source.readAt) inlines.push({ text: ` — read ${source.readAt.slice(0, 10)}` });
  return inlines;
}

/** Every character the document draws, by weight: what decides the fonts to read. */
function charactersOf(document: ExportDocument): Map<FontWeight, Set<number>> {
  const regular = new Set<number>();
  const bold = new Set<number>();
  const add = (set: Set<number>, text: string) => {
    for (const character of text) set.add(character.codePointAt(0)!);
  };
  add(bold, document.title);
  add(regular, `Exported ${document.exportedAt.slice(0, 10)} • — read 0123456789`);
  for (const block of document.blocks) {
    if (block.type === 'heading') add(bold, block.text);
    else if (block.type === 'paragraph') for (const inline of block.inlines) add(regular, inline.text);
    else if (block.type === 'list') for (const item of block.items) for (const inline of item) add(regular, inline.text);
    else if (block.type === 'sources') for (const source of block.sources) add(regular, source.title || source.url);
    else {
      add(regular, block.description);
      for (const note of block.picture.notes) add(regular, note.text);
      for (const frame of block.picture.frames) add(bold, frame.title);
    }
  }
  // The replacement character, for whatever no font has.
  regular.add(REPLACEMENT_CHARACTER);
  bold.add(REPLACEMENT_CHARACTER);
  return new Map([
    [400, regular],
    [700, bold],
  ]);
}

/** Invisible characters that may be left out when no font has them (variation selectors, joiners, bidi marks). */
function isIgnorable(codePoint: number): boolean {
  return (
    codePoint === 0xad ||
    (codePoint >= 0x200b && codePoint <= 0x200f) ||
    (codePoint >= 0x202a && codePoint <= 0x202e) ||
    (codePoint >= 0x2060 && codePoint <= 0x206f) ||
    (codePoint >= 0xfe00 && codePoint <= 0xfe0f) ||
    codePoint === 0xfeff ||
    (codePoint >= 0xe0000 && codePoint <= 0xe0fff)
  );
}

function isControl(codePoint: number): boolean {
  return codePoint < 0x20 || (codePoint >= 0x7f && codePoint < 0xa0);
}

/** Scripts written without spaces, where a line may break between any two characters. */
function breaksAnywhere(codePoint: number): boolean {
  return (
    (codePoint >= 0x2e80 && codePoint <= 0x9fff) ||
    (codePoint >= 0xac00 && codePoint <= 0xd7af) ||
    (codePoint >= 0xf900 && codePoint <= 0xfaff) ||
    (codePoint >= 0xfe30 && codePoint <= 0xfe4f) ||
    (codePoint >= 0xff00 && codePoint <= 0xffef) ||
    (codePoint >= 0x20000 && codePoint <= 0x3ffff)
  );
}

/** The fonts of one document: read once each, and which one draws each character. */
class FontBook {
  private readonly files = new Map<string, Promise<LoadedFont>>();
  private readonly byCharacter = new Map<string, LoadedFont | null>();

  constructor(private readonly loadFont: FontLoader) {}

  /**
   * Finds the font of every character: the first file whose range claims it, read in parallel;
   * for a character that file lacks, the next one, and so on. Usually one round.
   */
  async prepare(characters: Map<FontWeight, Set<number>>): Promise<void> {
    let pending: { key: string; codePoint: number; candidates: FontFile[] }[] = [];
    for (const [weight, codePoints] of characters) {
      for (const codePoint of codePoints) {
        if (isControl(codePoint)) continue;
        pending.push({ key: `${weight}:${codePoint}`, codePoint, candidates: fontFilesFor(codePoint, weight) });
      }
    }
    while (pending.length > 0) {
      const unresolved: typeof pending = [];
      await Promise.all(
        pending.map(async (character) => {
          const file = character.candidates.shift();
          if (!file) return this.byCharacter.set(character.key, null);
          const loaded = await this.open(file);
          if (loaded.font.hasGlyphForCodePoint(character.codePoint)) this.byCharacter.set(character.key, loaded);
          else unresolved.push(character);
        }),
      );
      pending = unresolved;
    }
  }

  /** The font that draws this character in this weight, or null when none has it. */
  fontFor(codePoint: number, weight: FontWeight): LoadedFont | null {
    return this.byCharacter.get(`${weight}:${codePoint}`) ?? null;
  }

  private open(file: FontFile): Promise<LoadedFont> {
    let loaded = this.files.get(file.path);
    if (!loaded) {
      loaded = this.loadFont(file.path).then((bytes) => ({
        name: file.fileName,
        font: withGlyphsPerUse(openFont(new Uint8Array(bytes))),
        keepsNeighbours: file.packageName !== '@fontsource/noto-emoji',
      }));
      this.files.set(file.path, loaded);
    }
    return loaded;
  }
}

/**
 * fontkit keeps one glyph object per glyph id, with the characters of its first use, and shaping
 * returns those objects: the second letter drawn with a shared glyph (Arabic ب and ن share their
 * dotless form) would claim the first one's characters. Each use gets its own view of the glyph
 * with its own characters, which encodeForExtraction maps.
 */
function withGlyphsPerUse(font: Font): Font {
  const cachedGlyph = font.getGlyph.bind(font);
  font.getGlyph = (glyphId, codePoints = []) => {
    const glyph = cachedGlyph(glyphId, codePoints);
    if (!glyph) return null;
    // Metrics are cached on the shared glyph, where every view finds them.
    void glyph.advanceWidth;
    const view = Object.create(glyph) as typeof glyph;
    view.codePoints = codePoints;
    return view;
  };
  return font;
}

/** Lays out text: fonts per character, lines by width, visual order per line. */
class TextLayout {
  private readonly widths = new Map<string, number>();

  constructor(private readonly fonts: FontBook) {}

  /** Width of text in one font at one size, shaped as a whole (as it is drawn). */
  widthOf(text: string, font: LoadedFont, size: number): number {
    const key = `${font.name}\u0000${size}\u0000${text}`;
    let width = this.widths.get(key);
    if (width === undefined) {
      width = (font.font.layout(text, []).advanceWidth / font.font.unitsPerEm) * size;
      this.widths.set(key, width);
    }
    return width;
  }

  /** Lines of the spans within maxWidth; `\n` starts a new line. */
  lines(spans: Span[], maxWidth: number): Line[] {
    // The text as drawn: tabs as spaces, controls left out, a missing glyph as U+FFFD; with each
    // UTF-16 unit's span and font (a character keeps the previous one's font when that font has it,
    // so that spaces and punctuation stay inside an Arabic or Chinese run).
    let text = '';
    const spanAt: number[] = [];
    const fontAt: LoadedFont[] = [];
    let previous: LoadedFont | null = null;
    spans.forEach((span, spanIndex) => {
      for (const character of span.text) {
        let codePoint = character.codePointAt(0)!;
        if (codePoint === 0x09) codePoint = 0x20;
        if (codePoint !== 0x0a && isControl(codePoint)) continue;
        let font: LoadedFont | null =
          previous?.keepsNeighbours && previous.font.hasGlyphForCodePoint(codePoint) ? previous : this.fonts.fontFor(codePoint, span.weight);
        if (codePoint === 0x0a) font = previous ?? this.fonts.fontFor(0x20, span.weight);
        if (!font) {
          if (isIgnorable(codePoint)) continue;
          codePoint = REPLACEMENT_CHARACTER;
          font = this.fonts.fontFor(REPLACEMENT_CHARACTER, span.weight);
          if (!font) continue;
        }
        const drawn = String.fromCodePoint(codePoint);
        text += drawn;
        for (let unit = 0; unit < drawn.length; unit++) {
          spanAt.push(spanIndex);
          fontAt.push(font);
        }
        previous = font;
      }
    });
    if (text.length === 0) return [];

    const levels = bidi.getEmbeddingLevels(text, 'auto');
    const size = Math.max(...spans.map((span) => span.size));
    const measure = (start: number, end: number) => {
      let width = 0;
      for (let runStart = start; runStart < end;) {
        let runEnd = runStart + 1;
        while (runEnd < end && fontAt[runEnd] === fontAt[runStart] && spanAt[runEnd] === spanAt[runStart]) runEnd++;
        width += this.widthOf(text.slice(runStart, runEnd), fontAt[runStart]!, spans[spanAt[runStart]!]!.size);
        runStart = runEnd;
      }
      return width;
    };

    // Break opportunities: after spaces, around characters of scripts without spaces, and
    // (for a word longer than a line) between any two characters.
    const ranges: [number, number][] = [];
    let lineStart = 0;
    let lineWidth = 0;
    let position = 0;
    const endLine = (end: number) => {
      ranges.push([lineStart, end]);
      lineStart = end;
      lineWidth = 0;
    };
    while (position < text.length) {
      if (text[position] === '\n') {
        endLine(position);
        lineStart = position + 1;
        position++;
        continue;
      }
      // The next word and the spaces after it.
      const codePoint = text.codePointAt(position)!;
      let wordEnd = position + (codePoint > 0xffff ? 2 : 1);
      if (!breaksAnywhere(codePoint)) {
        while (wordEnd < text.length && text[wordEnd] !== ' ' && text[wordEnd] !== '\n' && !breaksAnywhere(text.codePointAt(wordEnd)!)) wordEnd++;
      }
      let spacesEnd = wordEnd;
      while (spacesEnd < text.length && text[spacesEnd] === ' ') spacesEnd++;
      const wordWidth = measure(position, wordEnd);
      if (lineWidth > 0 && lineWidth + wordWidth > maxWidth) endLine(position);
      if (wordWidth > maxWidth) {
        // Longer than a line: by characters, as many as fit on each line.
        for (let unit = position; unit < wordEnd;) {
          const next = unit + (text.codePointAt(unit)! > 0xffff ? 2 : 1);
          const characterWidth = measure(unit, next);
          if (lineWidth > 0 && lineWidth + characterWidth > maxWidth) endLine(unit);
          lineWidth += characterWidth;
          unit = next;
        }
        lineWidth += measure(wordEnd, spacesEnd);
      } else {
        lineWidth += measure(position, spacesEnd);
      }
      position = spacesEnd;
    }
    endLine(text.length);

    return ranges.map(([start, end]) => {
      while (end > start && text[end - 1] === ' ') end--;
      const paragraph = levels.paragraphs.find((candidate) => start >= candidate.start && start <= candidate.end) ?? levels.paragraphs[0];
      const rightToLeft = (paragraph?.level ?? 0) % 2 === 1;
      if (end <= start) return { runs: [], width: 0, rightToLeft, size };
      const runs = this.visualRuns(text, levels, start, end, spans, spanAt, fontAt);
      return { runs, width: runs.reduce((total, run) => total + run.width, 0), rightToLeft, size };
    });
  }

  /**
   * One line in visual order: its characters reordered by their bidi levels, grouped into runs of
   * one font, span and level. A right-to-left run is given in logical order for fontkit to shape
   * and reverse; one without right-to-left letters (punctuation, emoji) is reversed here.
   */
  private visualRuns(
    text: string,
    levels: ReturnType<typeof bidi.getEmbeddingLevels>,
    start: number,
    end: number,
    spans: Span[],
    spanAt: number[],
    fontAt: LoadedFont[],
  ): Run[] {
    // bidi-js answers with the indices of the whole text, reordered within the line.
    const order = bidi.getReorderedIndices(text, levels, start, end - 1).slice(start, end);
    const runs: Run[] = [];
    let group: number[] = [];
    const flush = () => {
      if (group.length === 0) return;
      const first = Math.min(...group);
      const last = Math.max(...group);
      const level = levels.levels[first]!;
      let runText = text.slice(first, last + 1);
      if (level % 2 === 1) {
        runText = Array.from(runText, (character) => bidi.getMirroredCharacter(character) ?? character).join('');
        const hasRightToLeftLetters = Array.from(runText).some((character) => {
          const type = bidi.getBidiCharTypeName(character);
          return type === 'R' || type === 'AL';
        });
        if (!hasRightToLeftLetters) runText = Array.from(runText).reverse().join('');
      }
      const font = fontAt[first]!;
      const span = spans[spanAt[first]!]!;
      runs.push({ text: runText, font, span, width: this.widthOf(runText, font, span.size) });
      group = [];
    };
    for (const index of order) {
      const last = group[group.length - 1];
      if (
        last !== undefined &&
        (Math.abs(index - last) !== 1 || fontAt[index] !== fontAt[last] || spanAt[index] !== spanAt[last] || levels.levels[index] !== levels.levels[last])
      ) {
        flush();
      }
      group.push(index);
    }
    flush();
    return runs;
  }
}

/**
 * The canvas as vector graphics scaled to the page's width, or for a tall board to a page's height
 * less room for a heading and the description above it, so that those never stay behind alone.
 */
function canvasScale(picture: CanvasPicture): number {
  return Math.min(CONTENT_WIDTH / picture.width, (PAGE_BOTTOM - MARGIN - CANVAS_HEADROOM) / picture.height);
}

function hasText(inlines: ExportInline[]): boolean {
  return inlines.some((inline) => inline.text.trim() !== '');
}

/**
 * What must fit on a heading's page below it: the headings that follow it, then two lines of the
 * first block that shows something (a canvas: its description and its picture). Blocks without
 * text are passed over.
 */
function heightKeptWithHeading(following: ExportBlock[]): number {
  let height = 0;
  for (const block of following) {
    if (block.type === 'heading') {
      const size = HEADING_SIZES[block.level];
      height += size * (0.8 + LINE_HEIGHT + 0.3);
    } else if (block.type === 'canvas') {
      const picture = block.picture.width > 0 && block.picture.height > 0 ? block.picture.height * canvasScale(block.picture) : 0;
      return height + BODY_SIZE * LINE_HEIGHT + picture;
    } else if (
      (block.type === 'paragraph' && hasText(block.inlines)) ||
      (block.type === 'list' && block.items.some(hasText)) ||
      (block.type === 'sources' && block.sources.length > 0)
    ) {
      return height + 2 * BODY_SIZE * LINE_HEIGHT;
    }
  }
  return height;
}

/** Only web and mail addresses become links; anything else stays plain text. */
function linkTarget(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:' || protocol === 'mailto:' ? url : undefined;
  } catch {
    return undefined;
  }
}

function colourOrDefault(fill: string): string {
  return /^#[0-9a-f]{6}$/i.test(fill) ? fill : DEFAULT_NOTE_FILL;
}

/** Draws the blocks down the pages, keeping track of where the next one starts. */
class PdfWriter {
  private y = MARGIN;
  private readonly layout: TextLayout;
  private readonly registered = new Set<string>();
  /** Marks left out of the text of the run being drawn (encodeForExtraction). */
  private readonly marks: Mark[] = [];

  constructor(
    private readonly pdf: PDFKit.PDFDocument,
    fonts: FontBook,
  ) {
    this.layout = new TextLayout(fonts);
  }

  title(title: string, exportedAt: string) {
    this.text([{ text: title, weight: 700, size: TITLE_SIZE, colour: TEXT_COLOUR }], MARGIN, CONTENT_WIDTH);
    this.text([{ text: `Exported ${exportedAt.slice(0, 10)}`, weight: 400, size: BODY_SIZE, colour: MUTED_COLOUR }], MARGIN, CONTENT_WIDTH);
    this.y += BLOCK_GAP * 2;
  }

  /** A heading does not end a page alone: it moves to the next page unless what must follow it fits. */
  heading(level: 1 | 2 | 3, text: string, following: ExportBlock[]) {
    const size = HEADING_SIZES[level];
    const lines = this.layout.lines([{ text, weight: 700, size, colour: TEXT_COLOUR }], CONTENT_WIDTH);
    const before = this.y > MARGIN ? size * 0.8 : 0;
    const needed = before + lines.length * size * LINE_HEIGHT + size * 0.3 + heightKeptWithHeading(following);
    if (this.y + needed > PAGE_BOTTOM) this.newPage();
    else this.y += before;
    this.drawLines(lines, MARGIN, CONTENT_WIDTH);
    this.y += size * 0.3;
  }

  paragraph(inlines: ExportInline[]) {
    this.text(
      inlines.map((inline) => this.inlineSpan(inline)),
      MARGIN,
      CONTENT_WIDTH,
    );
    this.y += BLOCK_GAP;
  }

  list(items: ExportInline[][]) {
    for (const item of items) {
      const lines = this.layout.lines(
        item.map((inline) => this.inlineSpan(inline)),
        CONTENT_WIDTH - LIST_INDENT,
      );
      const rightToLeft = lines[0]?.rightToLeft ?? false;
      if (this.y + BODY_SIZE * LINE_HEIGHT > PAGE_BOTTOM) this.newPage();
      // The bullet sits before the item's first line: at its left, or its right in a right-to-left item.
      const bullet = this.layout.lines([{ text: '•', weight: 400, size: BODY_SIZE, colour: MUTED_COLOUR }], LIST_INDENT)[0];
      if (bullet) this.drawLine(bullet, rightToLeft ? PAGE_WIDTH - MARGIN - bullet.width : MARGIN + 4, this.y);
      this.drawLines(lines, rightToLeft ? MARGIN : MARGIN + LIST_INDENT, CONTENT_WIDTH - LIST_INDENT);
      this.y += 2;
    }
    this.y += BLOCK_GAP;
  }

  canvas(picture: CanvasPicture, description: string) {
    if (description) this.text([{ text: description, weight: 400, size: BODY_SIZE, colour: MUTED_COLOUR }], MARGIN, CONTENT_WIDTH);
    if (!(picture.width > 0 && picture.height > 0)) return;
    const scale = canvasScale(picture);
    const height = picture.height * scale;
    if (this.y + height > PAGE_BOTTOM) this.newPage();
    const left = MARGIN;
    const top = this.y + 4;
    const at = (x: number, y: number): [number, number] => [left + x * scale, top + y * scale];
    const pdf = this.pdf;

    pdf.save();
    pdf
      .rect(left, top, picture.width * scale, height)
      .lineWidth(0.5)
      .stroke('#d0d7de');
    for (const frame of picture.frames) {
      const [x, y] = at(frame.x, frame.y);
      pdf
        .rect(x, y, frame.width * scale, frame.height * scale)
        .lineWidth(Math.max(0.25, scale))
        .stroke(FRAME_COLOUR);
      const padding = BOARD_PADDING * scale;
      this.clippedText(
        [{ text: frame.title, weight: 700, size: BOARD_FRAME_TITLE_SIZE * scale, colour: TEXT_COLOUR }],
        x + padding,
        y + padding,
        frame.width * scale - 2 * padding,
        BOARD_FRAME_TITLE_SIZE * scale * LINE_HEIGHT,
      );
    }
    for (const connector of picture.connectors) {
      pdf
        .moveTo(...at(connector.from.x, connector.from.y))
        .lineTo(...at(connector.to.x, connector.to.y))
        .lineWidth(Math.max(0.25, 1.5 * scale))
        .stroke(CONNECTOR_COLOUR);
    }
    for (const note of picture.notes) {
      const [x, y] = at(note.x, note.y);
      const width = note.width * scale;
      const noteHeight = note.height * scale;
      pdf.rect(x, y, width, noteHeight).fill(colourOrDefault(note.fill));
      pdf.rect(x, y, width, noteHeight).lineWidth(Math.max(0.25, scale));
      // A proposed note is the co-founder's, not kept yet: a dashed border, as on the canvas.
      if (note.proposed)
        pdf
          .dash(4 * scale, { space: 3 * scale })
          .stroke(PROPOSED_BORDER_COLOUR)
          .undash();
      else pdf.stroke(NOTE_BORDER_COLOUR);
      const padding = BOARD_PADDING * scale;
      this.clippedText(
        [{ text: note.text, weight: 400, size: BOARD_NOTE_TEXT_SIZE * scale, colour: TEXT_COLOUR }],
        x + padding,
        y + padding,
        width - 2 * padding,
        noteHeight - 2 * padding,
      );
    }
    pdf.restore();
    this.y = top + height + BLOCK_GAP * 2;
  }

  private inlineSpan(inline: ExportInline): Span {
    const url = linkTarget(inline.url);
    return { text: inline.text, weight: 400, size: BODY_SIZE, colour: url ? LINK_COLOUR : TEXT_COLOUR, url };
  }

  private text(spans: Span[], left: number, width: number) {
    this.drawLines(this.layout.lines(spans, width), left, width);
  }

  /** Lines down the page, a new page when the next line does not fit. */
  private drawLines(lines: Line[], left: number, width: number) {
    for (const line of lines) {
      const height = line.size * LINE_HEIGHT;
      if (this.y + height > PAGE_BOTTOM) this.newPage();
      this.drawLine(line, line.rightToLeft ? left + width - line.width : left, this.y);
      this.y += height;
    }
  }

  /** Text wrapped inside a box and cut at its edges (a note's text that does not fit). */
  private clippedText(spans: Span[], left: number, top: number, width: number, height: number) {
    if (width <= 0 || height <= 0) return;
    const lines = this.layout.lines(spans, width);
    this.pdf.save();
    this.pdf.rect(left, top, width, height).clip();
    let y = top;
    for (const line of lines) {
      if (y >= top + height) break;
      this.drawLine(line, line.rightToLeft ? left + width - line.width : left, y);
      y += line.size * LINE_HEIGHT;
    }
    this.pdf.restore();
  }

  private drawLine(line: Line, left: number, top: number) {
    const baseline = top + line.size * 1.1;
    let x = left;
    for (const run of line.runs) {
      this.useFont(run.font.name, run.font.font);
      this.pdf.fontSize(run.span.size).fillColor(run.span.colour);
      this.pdf.text(run.text, x, baseline, {
        lineBreak: false,
        baseline: 'alphabetic',
        // Any features: pdfkit then shapes the run as a whole, not word by word, which would put
        // right-to-left words in the wrong order.
        features: [],
        textWidth: run.width,
      } as PDFKit.Mixins.TextOptions);
      this.drawMarks(run, x, baseline);
      if (run.span.url) {
        this.pdf.link(x, top, run.width, line.size * LINE_HEIGHT, run.span.url);
        this.pdf
          .moveTo(x, baseline + run.span.size * 0.15)
          .lineTo(x + run.width, baseline + run.span.size * 0.15)
          .lineWidth(0.5)
          .stroke(run.span.colour);
      }
      x += run.width;
    }
  }

  /** Makes this font pdfkit's current one, registering it (with our encoding) the first time. */
  private useFont(name: string, font: Font) {
    if (!this.registered.has(name)) {
      // pdfkit takes an opened fontkit font as it takes a file.
      this.pdf.registerFont(name, font as unknown as PDFKit.Mixins.PDFFontSource);
      this.pdf.font(name);
      encodeForExtraction((this.pdf as unknown as { _font: PdfkitEmbeddedFont })._font, this.marks);
      this.registered.add(name);
    }
    this.pdf.font(name);
  }

  /** Draws the marks the last run's text left out, as shapes at their shaped positions. */
  private drawMarks(run: Run, x: number, baseline: number) {
    const textScale = run.span.size / 1000;
    const glyphScale = run.span.size / run.font.font.unitsPerEm;
    for (const mark of this.marks.splice(0)) {
      this.pdf
        .save()
        .translate(x + mark.x * textScale, baseline - mark.y * textScale)
        .scale(glyphScale, -glyphScale)
        .path(mark.glyph.path.toSVG())
        .fill(run.span.colour)
        .restore();
    }
  }

  private newPage() {
    this.pdf.addPage();
    this.y = MARGIN;
  }
}

/** The part of pdfkit's EmbeddedFont (pdfkit/js/pdfkit.browser.mjs) that encodeForExtraction replaces. */
interface PdfkitEmbeddedFont {
  subset: { glyphs: number[]; includeGlyph(glyphId: number): number };
  unicode: number[][];
  widths: number[];
  /** Font units to pdfkit's 1000 units per em. */
  scale: number;
  layout(text: string, features?: string[]): GlyphRun;
  encode(text: string, features?: string[]): [string[], GlyphRun['positions']];
}

/** A glyph drawn as a shape rather than as text; x and y in 1/1000 of the font size from the run's origin. */
interface Mark {
  glyph: Glyph;
  x: number;
  y: number;
}

/**
 * Makes the drawn text read back as the text that was written. pdfkit maps each glyph of a font
 * to the characters of its first use, which garbles shaped scripts: Noto Sans Arabic draws ب, ت
 * and ن with one dotless glyph plus a dot, so later letters would read back as the first one, and
 * the split-off dots have no characters at all. Here a glyph used for other characters gets a
 * copy of its own in the embedded subset, a mark split off a letter is left out of the text (and
 * drawn as a shape by the caller), and a right-to-left ligature maps to its characters reversed,
 * as readers reverse right-to-left text.
 */
function encodeForExtraction(font: PdfkitEmbeddedFont, marks: Mark[]) {
  const subsetGlyphs = new Map<string, number>();
  const included = new Set<number>();
  // pdfkit shapes a run twice, to draw it and to move past it: once is enough.
  const shaped = new Map<string, GlyphRun>();
  const layout = font.layout.bind(font);
  font.layout = (text, features) => {
    let run = shaped.get(text);
    if (!run) {
      run = layout(text, features);
      shaped.set(text, run);
    }
    return run;
  };
  font.encode = (text, features) => {
    const run = font.layout(text, features);
    const codes: string[] = [];
    const positions: GlyphRun['positions'] = [];
    let x = 0;
    run.glyphs.forEach((glyph, index) => {
      const position = run.positions[index]!;
      if (glyph.codePoints.length === 0 && position.xAdvance === 0 && glyph.id !== 0) {
        marks.push({ glyph, x: x + position.xOffset, y: position.yOffset });
        return;
      }
      x += position.xAdvance;
      const codePoints = run.direction === 'rtl' ? [...glyph.codePoints].reverse() : glyph.codePoints;
      const key = `${glyph.id}:${codePoints.join(',')}`;
      let subsetGlyph = subsetGlyphs.get(key);
      if (subsetGlyph === undefined) {
        if (included.has(glyph.id)) {
          font.subset.glyphs.push(glyph.id);
          subsetGlyph = font.subset.glyphs.length - 1;
        } else {
          subsetGlyph = font.subset.includeGlyph(glyph.id);
          included.add(glyph.id);
        }
        subsetGlyphs.set(key, subsetGlyph);
        font.widths[subsetGlyph] = glyph.advanceWidth * font.scale;
        font.unicode[subsetGlyph] = codePoints;
      }
      codes.push(subsetGlyph.toString(16).padStart(4, '0'));
      positions.push(position);
    });
    return [codes, positions];
  };
}
