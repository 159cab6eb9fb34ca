import type { CanvasItem } from '#contracts/canvas';
import type { CanvasPicture, ExportBlock, ExportDocument, ExportInline, ExportRequest, ExportSource } from '#contracts/export';
import type { ArtifactOutline, PhaseDefinition, ReviewFlag } from '#contracts/phases/fields';
import { isWebAddress } from '#contracts/discussions';
import { inventedCitations, outlineOf, PHASES, reviewFlagsOf, type ArtifactContent } from '#contracts/phases/registry';
import { TEXT_MEMORY_KINDS, type MemoryEntry } from '#contracts/workspace';
import type { DigestQuestion, ResearchDigest } from '../project-research';

/**
 * The project as one document (docs/decisions/0046-project-export.md), built once and written as
 * Markdown, Word or PDF. Phases and their artifacts are read only through the phase registry:
 * a phase added to it is exported with no change here.
 */

/** What export reads of the phase registry; tests pass a registry with a throw-away phase. */
export interface ExportRegistry {
  phases: readonly Pick<PhaseDefinition, 'number' | 'title' | 'summary' | 'artifacts'>[];
  outline: (entry: MemoryEntry) => ArtifactOutline;
  /** The addresses the artifact cites as evidence, which only the co-founder's tools add, having checked them (decision 0048). */
  cited?: (entry: MemoryEntry) => string[];
  /** The review flags every member sees on the artifacts (claims, scope, contradictions), kept in the file. */
  flags?: (memory: readonly MemoryEntry[], now: Date) => ReviewFlag[];
}

export const PHASE_REGISTRY: ExportRegistry = {
  phases: PHASES,
  outline: (entry) => outlineOf(entry as ArtifactContent),
  cited: (entry) => inventedCitations(entry as ArtifactContent, null).flatMap((citation) => citation.key.split('\n').filter((part) => isWebAddress(part))),
  flags: (memory, now) => reviewFlagsOf(memory, now.getTime()),
};

/** Everything the document is made of, gathered by the route from D1 and the project's object. */
export interface ProjectForExport {
  name: string;
  memory: readonly MemoryEntry[];
  canvas: readonly CanvasItem[];
  research: ResearchDigest;
  /** When each address was first returned by a tool in the conversation (ISO times). */
  sourceReadAt: Readonly<Record<string, string>>;
  /** The app's origin, for links to research pages. */
  appUrl: string;
}

const TEXT_KIND_LABELS: Record<(typeof TEXT_MEMORY_KINDS)[number], string> = {
  target_users: 'Target users',
  problem: 'Problem',
  assumption: 'Assumptions',
  decision: 'Decisions',
  open_question: 'Open questions',
  evidence: 'Evidence',
  note: 'Notes',
};

/** The phase whose artifacts the research pages' answers belong with ('Using real-world data'). */
const RESEARCH_PHASE = 2;

/** Fill colours of the note colours, as the app draws them (app/styles/base.css). */
export const NOTE_FILLS: Record<string, string> = {
  yellow: '#fef3c7',
  pink: '#fef2f2',
  blue: '#eef2ff',
  green: '#ecfdf5',
  purple: '#e0e7ff',
  grey: '#ffffff',
};

const URL_IN_TEXT = /https?:\/\/[^\s)"'<>\]]+/g;
const day = (iso: string) => iso.slice(0, 10);

export function buildExportDocument(
  project: ProjectForExport,
  request: Pick<ExportRequest, 'phases' | 'includeCanvas'>,
  now = new Date(),
  registry = PHASE_REGISTRY,
): ExportDocument {
  const blocks: ExportBlock[] = [];
  const chosen = registry.phases.filter((phase) => request.phases.includes(phase.number));
  blocks.push({
    type: 'paragraph',
    inlines: [
      {
        text: `Exported from Launchmate on ${day(now.toISOString())}. Phases included: ${chosen.map((phase) => `${phase.number} (${phase.title})`).join(', ')}.`,
      },
    ],
  });

  const flags = registry.flags?.(project.memory, now) ?? [];
  for (const phase of chosen) {
    blocks.push({ type: 'heading', level: 1, text: `Phase ${phase.number}: ${phase.title}` });
    blocks.push({ type: 'paragraph', inlines: [{ text: phase.summary }] });
    const kinds = phase.artifacts.map((artifact) => artifact.kind);
    const entries = project.memory.filter((entry) => kinds.includes(entry.kind));
    for (const entry of entries) {
      const reviews = flags.filter((flag) => flag.entryId === entry.id).map((flag) => flag.text);
      blocks.push(...artifactBlocks(entry, registry, project.sourceReadAt, reviews));
    }
    if (phase.number === RESEARCH_PHASE) blocks.push(...researchBlocks(project.research, project.appUrl));
    else if (entries.length === 0) blocks.push({ type: 'paragraph', inlines: [{ text: 'Nothing was written in this phase yet.' }] });
  }

  blocks.push(...memoryBlocks(project.memory));
  if (request.includeCanvas) blocks.push(...canvasBlocks(project.canvas));
  return { title: project.name, exportedAt: now.toISOString(), blocks };
}

function artifactBlocks(
  entry: MemoryEntry,
  registry: ExportRegistry,
  sourceReadAt: ProjectForExport['sourceReadAt'],
  reviews: readonly string[],
): ExportBlock[] {
  const outline = registry.outline(entry);
  const blocks: ExportBlock[] = [{ type: 'heading', level: 2, text: entry.title }];
  blocks.push({
    type: 'paragraph',
    inlines: [
      {
        text: `${standing(entry, outline)} Version ${entry.version}, last changed on ${day(new Date(entry.updatedAt).toISOString())} by ${authorName(entry)}.`,
      },
    ],
  });
  // As the memory panel shows them to every member: 'Review: …'.
  for (const review of new Set(reviews)) blocks.push({ type: 'paragraph', inlines: [{ text: `Review: ${review}` }] });

  const sources = new Map<string, ExportSource>();
  const cited = new Set(registry.cited?.(entry) ?? []);
  const cite = (url: string, title: string, readAt: string | null = null) => {
    if (!sources.has(url)) sources.set(url, { title, url, readAt: readAt ?? sourceReadAt[url] ?? null });
  };
  for (const section of outline.sections) {
    if (section.text !== undefined) blocks.push({ type: 'paragraph', inlines: [{ text: `${section.label}: ` }, ...linked(section.text)] });
    if (section.items?.length || section.links?.length) {
      if (section.text === undefined) blocks.push({ type: 'paragraph', inlines: [{ text: `${section.label}:` }] });
      const items: ExportInline[][] = [...(section.items ?? []).map(linked), ...(section.links ?? []).map((link) => [{ text: link.title, url: link.url }])];
      blocks.push({ type: 'list', items });
    }
    for (const link of section.links ?? []) cite(link.url, link.title);
    // An address in the text is a source only when a tool returned it or the artifact cites it:
    // one a member typed (in a task's title, say) stays in the text, not presented as something read.
    for (const text of [section.text ?? '', ...(section.items ?? [])])
      for (const url of text.match(URL_IN_TEXT) ?? []) if (sourceReadAt[url] !== undefined || cited.has(url)) cite(url, hostOf(url));
  }
  // A competitor's pricing carries the day its page was read; prefer it to the conversation's.
  if (entry.kind === 'competitor' && entry.competitor.pricing.status === 'found') {
    sources.set(entry.competitor.pricing.url, {
      title: `Pricing of ${entry.title}`,
      url: entry.competitor.pricing.url,
      readAt: entry.competitor.pricing.readAt,
    });
  }
  if (sources.size > 0) blocks.push({ type: 'sources', sources: [...sources.values()] });
  return blocks;
}

/** Where the artifact stands, in the words the screen uses: accepted on assumptions says so, and what it rests on. */
function standing(entry: MemoryEntry, outline: ArtifactOutline): string {
  if (entry.acceptedAt === undefined) return 'Not accepted yet.';
  const on = day(new Date(entry.acceptedAt).toISOString());
  return outline.assumptionsOnly ? `Accepted on assumptions on ${on}. ${outline.assumptionsOnly}` : `Accepted on ${on}.`;
}

/** Text with its web addresses as links, so every format can make them clickable. */
function linked(text: string): ExportInline[] {
  const inlines: ExportInline[] = [];
  let rest = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    if (match.index > rest) inlines.push({ text: text.slice(rest, match.index) });
    inlines.push({ text: match[0], url: match[0] });
    rest = match.index + match[0].length;
  }
  if (rest < text.length) inlines.push({ text: text.slice(rest) });
  return inlines;
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}

const authorName = (entry: MemoryEntry) => (entry.author.kind === 'cofounder' ? 'the co-founder' : entry.author.name || 'a member');

function researchBlocks(research: ResearchDigest, appUrl: string): ExportBlock[] {
  if (research.pages.length === 0) return [{ type: 'paragraph', inlines: [{ text: 'No research page was published.' }] }];
  const blocks: ExportBlock[] = [{ type: 'heading', level: 2, text: 'Research results' }];
  for (const page of research.pages) {
    const address = new URL(page.path, appUrl).toString();
    blocks.push({ type: 'heading', level: 3, text: page.title });
    blocks.push({
      type: 'paragraph',
      inlines: [
        { text: `${page.response_count} ${page.response_count === 1 ? 'answer' : 'answers'}, ${page.status}. Page: ` },
        { text: address, url: address },
      ],
    });
    for (const question of page.questions) {
      blocks.push({ type: 'paragraph', inlines: [{ text: `${question.sequence}. ${question.text}` }] });
      const lines = questionLines(question);
      if (lines.length > 0) blocks.push({ type: 'list', items: lines.map((line) => [{ text: line }]) });
    }
  }
  if (research.truncated)
    blocks.push({ type: 'paragraph', inlines: [{ text: 'Only the most recent answers of long pages are listed; the research page has them all.' }] });
  return blocks;
}

function questionLines(question: DigestQuestion): string[] {
  if (question.type === 'email') return [`${question.answered} ${question.answered === 1 ? 'address' : 'addresses'} left (kept out of the export)`];
  if (question.recent_answers) return question.recent_answers.map((answer) => `"${answer}"`);
  const lines = (question.counts ?? []).map((count) => `${count.value}: ${count.count} (${count.percent}%)`);
  if (question.average !== null) lines.push(`Average: ${question.average}`);
  return [`${question.answered} answered, ${question.empty} left it empty`, ...lines];
}

function memoryBlocks(memory: readonly MemoryEntry[]): ExportBlock[] {
  const blocks: ExportBlock[] = [{ type: 'heading', level: 1, text: 'Memory' }];
  const textEntries = memory.filter((entry): entry is Extract<MemoryEntry, { body: string }> => (TEXT_MEMORY_KINDS as readonly string[]).includes(entry.kind));
  if (textEntries.length === 0) blocks.push({ type: 'paragraph', inlines: [{ text: 'The memory holds nothing besides the artifacts above.' }] });
  for (const kind of TEXT_MEMORY_KINDS) {
    const ofKind = textEntries.filter((entry) => entry.kind === kind);
    if (ofKind.length === 0) continue;
    blocks.push({ type: 'heading', level: 2, text: TEXT_KIND_LABELS[kind] });
    for (const entry of ofKind) {
      blocks.push({ type: 'heading', level: 3, text: entry.title });
      for (const paragraph of entry.body.split(/\n{2,}/)) if (paragraph.trim()) blocks.push({ type: 'paragraph', inlines: linked(paragraph.trim()) });
    }
  }
  return blocks;
}

function canvasBlocks(canvas: readonly CanvasItem[]): ExportBlock[] {
  const blocks: ExportBlock[] = [{ type: 'heading', level: 1, text: 'Canvas' }];
  const notes = canvas.filter((item) => item.kind === 'note');
  if (notes.length === 0) return [...blocks, { type: 'paragraph', inlines: [{ text: 'The canvas is empty.' }] }];
  const picture = canvasPicture(canvas);
  const frames = picture.frames.length;
  const description = `The canvas: ${notes.length} ${notes.length === 1 ? 'note' : 'notes'}${frames ? ` in ${frames} ${frames === 1 ? 'frame' : 'frames'}` : ''}, ${picture.connectors.length} ${picture.connectors.length === 1 ? 'connector' : 'connectors'}.`;
  blocks.push({ type: 'canvas', picture, description });
  // The notes as text too: searchable, and readable where pictures are not.
  const frameTitles = new Map(canvas.flatMap((item) => (item.kind === 'frame' ? [[item.id, item.title] as const] : [])));
  const byFrame = new Map<string, string[]>();
  for (const note of notes) {
    const frame = (note.frameId && frameTitles.get(note.frameId)) || 'Outside frames';
    byFrame.set(frame, [...(byFrame.get(frame) ?? []), `${note.proposed ? '(proposed by the co-founder) ' : ''}${note.text}`]);
  }
  for (const [frame, texts] of byFrame) {
    blocks.push({ type: 'heading', level: 2, text: frame });
    blocks.push({ type: 'list', items: texts.map((text) => linked(text)) });
  }
  return blocks;
}

/** The board as a picture: everything moved so the top-left item starts at (0, 0). */
export function canvasPicture(canvas: readonly CanvasItem[]): CanvasPicture {
  const frames = canvas.filter((item) => item.kind === 'frame');
  const notes = canvas.filter((item) => item.kind === 'note');
  const boxes = [...frames, ...notes];
  const left = Math.min(...boxes.map((box) => box.x));
  const top = Math.min(...boxes.map((box) => box.y));
  const right = Math.max(...boxes.map((box) => box.x + box.width));
  const bottom = Math.max(...boxes.map((box) => box.y + box.height));
  const centre = new Map(notes.map((note) => [note.id, { x: note.x - left + note.width / 2, y: note.y - top + note.height / 2 }]));
  return {
    width: right - left,
    height: bottom - top,
    frames: frames.map((frame) => ({ x: frame.x - left, y: frame.y - top, width: frame.width, height: frame.height, title: frame.title })),
    notes: notes.map((note) => ({
      x: note.x - left,
      y: note.y - top,
      width: note.width,
      height: note.height,
      fill: NOTE_FILLS[note.colour] ?? NOTE_FILLS.yellow!,
      text: note.text,
      proposed: note.proposed === true,
    })),
    connectors: canvas.flatMap((item) => {
      if (item.kind !== 'connector') return [];
      const from = centre.get(item.from);
      const to = centre.get(item.to);
      return from && to ? [{ from, to }] : [];
    }),
  };
}
