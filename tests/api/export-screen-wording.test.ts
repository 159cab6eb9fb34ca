import { strFromU8, unzipSync } from 'fflate';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { fileSlug, type ExportDocument } from '#contracts/export';
import { assumptionsOnly } from '#contracts/phases/problem-scale';
import { MemoryContentSchema, type MemoryContent, type MemoryEntry } from '#contracts/workspace';
import { asEntries } from '../fixtures/full-project';
import { db, postJson } from '../utils';
import { buildExportDocument } from '../../worker/services/export/document';
import { writeMarkdown } from '../../worker/services/export/markdown';
import { seedWorkspace } from './export-support';
import { ownerWithProject } from './workspace-support';

/**
 * The export keeps what the screen says (docs/decisions/0067-the-export-keeps-what-the-screen-says.md):
 * an estimate accepted on assumptions says so in the words of its view; only the addresses a tool
 * returned, or that an artifact cites, are listed as sources; the Markdown escapes only what
 * Markdown would read as syntax; and the file is named by a safe slug, the title kept inside it.
 */

const TITLE = 'The first version of mobile bike repair, step by step';
const ACCEPTED_ON = '2026-11-22';

const step = (label: string, value: number) => ({ operation: 'start', value, label, source: 'assumption' });
/** An estimate made only of assumptions: its view says 'Accepted on assumptions: phase 2 is done.' once accepted. */
const ASSUMED_ESTIMATE = {
  kind: 'scale_estimate',
  title: 'How many commuters',
  estimate: {
    segments: ['Commuters who cycle to work'],
    topDown: { unit: 'commuters', steps: [step('commuters who cycle in one city', 20000)] },
    bottomUp: { unit: 'customers a year', steps: [step('repairs one mechanic does a year', 600)] },
    frequency: 'A flat a few times a year (assumption).',
    pain: 'A lost morning each time (assumption).',
    currentAlternatives: 'A shop across town.',
    confidence: 'low',
    confidenceReasons: 'Nothing read yet.',
    evidence: [],
  },
};
const TYPED = 'https://evil.example/setup';
const RETURNED = 'https://forum.example/thread-9';
const PLAN = {
  kind: 'build_plan',
  title: TITLE,
  plan: {
    weeks: 2,
    milestones: [{ id: 'works', title: 'It works for one rider', week: 2 }],
    tractionGoal: 'First 10 paying riders',
    tasks: [
      { id: 'setup', title: `Follow ${TYPED} first`, estimateDays: 1, dependsOn: [], owner: null, milestone: 'works', status: 'todo' },
      { id: 'read', title: `Answer the riders of ${RETURNED}`, estimateDays: 1, dependsOn: [], owner: null, milestone: 'works', status: 'todo' },
    ],
    techChoices: [],
  },
};

async function exportOf(name: string, contents: object[], phases: number[], format: 'md' | 'docx') {
  const owner = await ownerWithProject(name);
  await db().prepare("UPDATE users SET plan = 'pro' WHERE email = ?").bind(owner.email).run();
  await seedWorkspace(owner.projectId, asEntries(contents.map((content) => MemoryContentSchema.parse(content))), []);
  const response = await postJson(`/api/project/${owner.projectId}/export`, { format, phases, includeCanvas: false }, {}, { jar: owner.jar });
  expect(response.status).toBe(200);
  return response;
}

describe('the export says what the screen says', () => {
  it("says an estimate made of assumptions was accepted on assumptions, and what it rests on, in its view's words", async () => {
    const sentence = assumptionsOnly(ASSUMED_ESTIMATE.estimate as never)!;
    expect(sentence).toBe('No discussion backs this estimate and every number in it is an assumption.');
    const markdown = await (await exportOf('Bikes', [ASSUMED_ESTIMATE], [2], 'md')).text();
    expect(markdown).toContain(`Accepted on assumptions on ${ACCEPTED_ON}. ${sentence} Version 1,`);
    expect(markdown).not.toContain(`Accepted on ${ACCEPTED_ON}.`);
    const word = strFromU8(unzipSync(new Uint8Array(await (await exportOf('Bikes', [ASSUMED_ESTIMATE], [2], 'docx')).arrayBuffer()))['word/document.xml']!);
    expect(word).toContain(`Accepted on assumptions on ${ACCEPTED_ON}. ${sentence}`);
  });

  it('says a sourced estimate was accepted, with no word of assumptions', () => {
    const sourced = {
      ...ASSUMED_ESTIMATE,
      estimate: {
        ...ASSUMED_ESTIMATE.estimate,
        topDown: { unit: 'commuters', steps: [{ ...step('commuters', 20000), source: RETURNED }] },
        evidence: [{ title: 'Riders on flats', url: RETURNED, site: 'Forum' }],
      },
    };
    const document = buildExportDocument(project([sourced]), { phases: [2], includeCanvas: false }, new Date(Date.UTC(2026, 10, 24)));
    expect(writeMarkdown(document)).toContain(`Accepted on ${ACCEPTED_ON}. Version 1,`);
  });
});

describe('sources', () => {
  it('never lists an address a member typed into a task as a source; the text keeps it as written', async () => {
    const markdown = await (await exportOf('Bikes', [PLAN], [6], 'md')).text();
    expect(markdown).toContain(`Follow [${TYPED}](<${TYPED}>) first`);
    expect(markdown).not.toContain('Sources:');
    expect(markdown).not.toContain('read date not recorded');
  });

  it('lists an address a tool returned in the conversation, with the day it was read', () => {
    const markdown = writeMarkdown(
      buildExportDocument(project([PLAN], { [RETURNED]: '2026-11-20T09:00:00.000Z' }), { phases: [6], includeCanvas: false }, new Date(Date.UTC(2026, 10, 24))),
    );
    const sources = markdown.slice(markdown.indexOf('Sources:'));
    expect(sources).toContain(`[forum.example](<${RETURNED}>) (read 2026-11-20)`);
    expect(sources).not.toContain('evil.example');
  });
});

/** Every node the Markdown parses into, depth first. */
type Node = { type: string; value?: string; children?: Node[] };
const nodes = (node: Node): Node[] => [node, ...(node.children ?? []).flatMap(nodes)];
const textOf = (node: Node): string => node.value ?? (node.children ?? []).map(textOf).join('');

describe('Markdown', () => {
  /** Founders' text that Markdown would take for syntax if written as is, line by line. */
  const TRICKY = [
    '1. Find an idea (first)',
    '# not a heading',
    '- not a list',
    '+ nor this',
    '> not a quote',
    '---',
    'Use *bold* and _this_ and `code` and [a link](x) and <b>html</b> and ~~struck~~',
    'Fish &amp; chips, A | B',
    '|---|---|',
  ];

  it('reads as the founders wrote it once rendered, and escapes nothing else: parentheses, a # or a number inside a line stay as they are', () => {
    const paragraph = TRICKY.join('\n');
    const document: ExportDocument = {
      title: 'Bikes (for commuters) #1',
      exportedAt: '2026-11-24T00:00:00.000Z',
      blocks: [
        { type: 'heading', level: 1, text: 'Phase 1 (Find an idea): 2. try' },
        { type: 'paragraph', inlines: [{ text: paragraph }] },
        { type: 'list', items: [[{ text: '2) a plain item (with a note)' }], [{ text: 'Label: ' }, { text: '3. not a list either' }]] },
      ],
    };
    const markdown = writeMarkdown(document);
    const tree = unified().use(remarkParse).use(remarkGfm).parse(markdown) as Node;
    // Only the blocks the document asked for: two headings, one paragraph, one list of two items.
    expect(tree.children!.map((node) => node.type)).toEqual(['heading', 'heading', 'paragraph', 'list']);
    const [title, heading, text, list] = tree.children!;
    expect(textOf(title!)).toBe('Bikes (for commuters) #1');
    expect(textOf(heading!)).toBe('Phase 1 (Find an idea): 2. try');
    // Line breaks are kept as breaks: the text reads back line by line.
    expect(
      text!
        .children!.map((node) => (node.type === 'break' ? '\n' : textOf(node)))
        .join('')
        .replace(/ +\n/g, '\n'),
    ).toBe(paragraph);
    expect(list!.children!.map(textOf)).toEqual(['2) a plain item (with a note)', 'Label: 3. not a list either']);
    const kinds = new Set(nodes(tree).map((node) => node.type));
    for (const syntax of ['emphasis', 'strong', 'delete', 'inlineCode', 'link', 'html', 'table', 'blockquote', 'thematicBreak', 'code'])
      expect(kinds.has(syntax), syntax).toBe(false);
    // Nothing escaped that needs no escape.
    expect(markdown).toContain('# Bikes (for commuters) #1\n');
    expect(markdown).toContain('## Phase 1 (Find an idea): 2. try\n');
    expect(markdown).toContain('- 2\\) a plain item (with a note)');
    expect(markdown).toContain('Label: 3. not a list either');
    // The one parenthesis escaped is the one that would make '2)' a list's number.
    expect(markdown.match(/\\[()]/g)).toEqual(['\\)']);
  });

  it('lists the phases included with their titles in plain parentheses', async () => {
    const markdown = await (await exportOf('Bikes', [PLAN], [1, 6], 'md')).text();
    expect(markdown).toContain('Phases included: 1 (Find an idea), 6 (Plan the build).');
    expect(markdown).not.toContain('\\(');
  });
});

describe('file names', () => {
  it('are a safe slug of the project name, which stays the title inside the file', async () => {
    const response = await exportOf(TITLE, [PLAN], [6], 'md');
    const disposition = response.headers.get('Content-Disposition')!;
    expect(disposition).toBe(
      'attachment; filename="the-first-version-of-mobile-bike-repair-step-by-step.md"; filename*=UTF-8\'\'the-first-version-of-mobile-bike-repair-step-by-step.md',
    );
    expect(await response.text()).toMatch(new RegExp(`^# ${TITLE}\n`));
  });

  it('keep letters of any language, and nothing a file system or a header refuses', () => {
    expect(fileSlug(TITLE, 'project')).toBe('the-first-version-of-mobile-bike-repair-step-by-step');
    expect(fileSlug('Clinic waitlist: ș ț 诊所', 'project')).toBe('clinic-waitlist-ș-ț-诊所');
    expect(fileSlug('Q3/Q4: "launch"? <now>', 'project')).toBe('q3-q4-launch-now');
    expect(fileSlug(' ,,, ', 'project')).toBe('project');
    const long = fileSlug('word '.repeat(40), 'project');
    expect(long.length).toBeLessThanOrEqual(60);
    expect(long).toMatch(/^word(-word)+$/);
  });
});

/** A project for the document builder alone, with the read times a conversation would give. */
function project(contents: object[], sourceReadAt: Record<string, string> = {}) {
  const memory: MemoryEntry[] = asEntries(contents.map((content) => MemoryContentSchema.parse(content) as MemoryContent));
  return { name: 'Bikes', memory, canvas: [], research: { pages: [], truncated: false }, sourceReadAt, appUrl: 'https://launchmate.example' };
}
