import { strFromU8, unzipSync } from 'fflate';
import { extractLinks, extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import type { MemoryEntry, WorkspaceMessage } from '#contracts/workspace';
import { sourceReadTimes } from '../../worker/agents/memory-history';
import { buildExportDocument, PHASE_REGISTRY, type ExportRegistry, type ProjectForExport } from '../../worker/services/export/document';
import { writeDocx } from '../../worker/services/export/docx';
import { writeMarkdown } from '../../worker/services/export/markdown';
import { db, postJson } from '../utils';
import { canvasItems, fullMemory, LANGUAGES, seedWorkspace } from './export-support';
import { addCollaborator, ownerWithProject } from './workspace-support';

/**
 * 'Export' (docs/decisions/0046-project-export.md): any member of a Pro project downloads the
 * project as Markdown, Word or PDF, each read back here; Free projects, strangers and bad
 * requests are refused and nothing is counted.
 */

const ALL_PHASES = [1, 2, 3, 4];
const exportOf = (projectId: string, body: object, jar: Parameters<typeof postJson>[3] extends infer O ? O : never) =>
  postJson(`/api/project/${projectId}/export`, body, {}, jar);
const proOwner = async () => {
  const owner = await ownerWithProject('Clinic waitlist: ș ț 诊所');
  await db().prepare("UPDATE users SET plan = 'pro' WHERE email = ?").bind(owner.email).run();
  return owner;
};
const docxXml = (bytes: Uint8Array) => {
  const files = unzipSync(bytes);
  return {
    document: strFromU8(files['word/document.xml']!),
    relationships: strFromU8(files['word/_rels/document.xml.rels']!),
    media: Object.keys(files).filter((name) => name.startsWith('word/media/')),
  };
};

describe('who may export', () => {
  it('refuses strangers and the signed-out, and Free projects with the way to Pro, for every format', async () => {
    const owner = await ownerWithProject();
    const stranger = await ownerWithProject();
    for (const format of ['md', 'docx', 'pdf']) {
      const free = await exportOf(owner.projectId, { format, phases: [1] }, { jar: owner.jar });
      expect(free.status).toBe(403);
      expect(await free.json()).toEqual({ error: "Export comes with Pro: the project's owner can get Pro to export it.", upgrade: '/pricing' });
      expect((await exportOf(owner.projectId, { format, phases: [1] }, { jar: stranger.jar })).status).toBe(404);
      expect((await exportOf(owner.projectId, { format, phases: [1] }, {})).status).toBe(401);
    }
    // Free refusals cost nothing: the owner's hour of exports is untouched.
    const counted = await db()
      .prepare("SELECT COUNT(*) AS n FROM rate_limit_windows WHERE key LIKE 'project-export:' || (SELECT id FROM users WHERE email = ?) || ':%'")
      .bind(owner.email)
      .first<{ n: number }>();
    expect(counted?.n ?? 0).toBe(0);
  });

  it('refuses a bad request with a clear message', async () => {
    const owner = await proOwner();
    const cases: [object, string][] = [
      [{ format: 'rtf', phases: [1] }, 'Choose Markdown, Word or PDF.'],
      [{ format: 'md', phases: [] }, 'Choose at least one phase to include.'],
      [{ format: 'md', phases: [1, 1] }, 'Each phase can be chosen once.'],
      [{ format: 'md', phases: [9] }, ''],
      [{ format: 'md', phases: [1], extra: true }, ''],
    ];
    for (const [body, message] of cases) {
      const refused = await exportOf(owner.projectId, body, { jar: owner.jar });
      expect(refused.status).toBe(400);
      const { error } = await refused.json<{ error: string }>();
      expect(error.length).toBeGreaterThan(5);
      if (message) expect(error).toContain(message);
    }
  });
});

describe('what the export holds', () => {
  it('gives a member who is not the owner the project as Markdown, with sources as links and their read dates', async () => {
    const owner = await proOwner();
    const member = await addCollaborator(owner.jar, owner.projectId);
    await seedWorkspace(owner.projectId, fullMemory(), canvasItems(30));
    const response = await exportOf(owner.projectId, { format: 'md', phases: ALL_PHASES }, { jar: member.jar });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/markdown; charset=utf-8');
    expect(response.headers.get('Content-Disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('clinic-waitlist-ș-ț-诊所.md')}`);
    const markdown = await response.text();
    expect(markdown).toMatch(/^# Clinic waitlist: ș ț 诊所\n/);
    for (const heading of [
      '## Phase 1: Find an idea',
      "## Phase 2: Estimate the problem's scale and impact",
      '## Phase 3: Research competitors and gaps',
      '## Phase 4: Define user personas',
      '## Memory',
      '## Canvas',
    ]) {
      expect(markdown).toContain(heading);
    }
    // The estimate with its arithmetic, the competitors with their pricing read on a day, personas' quotes.
    expect(markdown).toContain('Top-down: start 120000 (independent clinics; [https://stats.example/clinics](<https://stats.example/clinics>)), multiply 0.25');
    expect(markdown).toContain('= 30,000 clinics');
    expect(markdown).toContain('- [Pricing of Rival 7](<https://rival-7.example/pricing>) (read 2026-11-20)');
    expect(markdown).toContain('[Clinic managers forum](<https://forum.example/>)');
    expect(markdown).toContain('We lose two slots a day');
    expect((markdown.match(/^### Rival \d+$/gm) ?? []).length).toBe(30);
    for (const text of Object.values(LANGUAGES)) expect(markdown).toContain(text);
    // The canvas as a picture, and its notes as text by frame.
    expect(markdown).toMatch(/!\[The canvas: 30 notes in 2 frames, 1 connector\.\]\(data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+\)/);
    expect(markdown).toContain('### Risks');
    expect(markdown).toContain('(proposed by the co-founder) Canvas note 1');
  });

  it('includes only the phases chosen, and leaves the canvas out when asked', async () => {
    const owner = await proOwner();
    await seedWorkspace(owner.projectId, fullMemory(), canvasItems(3));
    const markdown = await (await exportOf(owner.projectId, { format: 'md', phases: [1], includeCanvas: false }, { jar: owner.jar })).text();
    expect(markdown).toContain('## Phase 1: Find an idea');
    expect(markdown).not.toContain('Phase 3');
    expect(markdown).not.toContain('Rival 1');
    expect(markdown).not.toContain('## Canvas');
    expect(markdown).toContain('## Memory');
  });

  it('writes a Word file whose XML holds every language, right-to-left paragraphs, links and the canvas picture', async () => {
    const owner = await proOwner();
    await seedWorkspace(owner.projectId, fullMemory(), canvasItems(20));
    const response = await exportOf(owner.projectId, { format: 'docx', phases: ALL_PHASES }, { jar: owner.jar });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const { document, relationships, media } = docxXml(new Uint8Array(await response.arrayBuffer()));
    for (const text of [LANGUAGES.chinese, LANGUAGES.arabic, LANGUAGES.hebrew, 'Launch day 🚀', 'Știință și țară']) expect(document).toContain(text);
    // The Arabic paragraph reads right to left.
    const arabicParagraph = document.split('</w:p>').find((paragraph) => paragraph.includes(LANGUAGES.arabic))!;
    expect(arabicParagraph).toContain('<w:bidi/>');
    expect(relationships).toContain('Target="https://rival-7.example/pricing" TargetMode="External"');
    expect(document).toContain('(read 2026-11-20)');
    expect(media.some((name) => name.endsWith('.svg'))).toBe(true);
    expect(media.some((name) => name.endsWith('.png'))).toBe(true);
    expect(document).toContain('The canvas: 20 notes in 2 frames, 1 connector.');
  });

  it('writes a PDF whose text reads back with ș, ț, a Chinese line, right-to-left lines and emoji, and whose sources are links', async () => {
    const owner = await proOwner();
    await seedWorkspace(owner.projectId, fullMemory(), canvasItems(20));
    const response = await exportOf(owner.projectId, { format: 'pdf', phases: ALL_PHASES }, { jar: owner.jar });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/pdf');
    const pdf = await getDocumentProxy(new Uint8Array(await response.arrayBuffer()));
    const { text } = await extractText(pdf, { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    for (const line of [
      LANGUAGES.romanian,
      LANGUAGES.chinese,
      LANGUAGES.arabic,
      LANGUAGES.hebrew,
      LANGUAGES.emoji,
      'Phase 3: Research competitors and gaps',
      'Rival 30',
      'read 2026-11-20',
    ]) {
      expect(flat).toContain(line);
    }
    const { links } = await extractLinks(pdf);
    expect(links).toContain('https://rival-7.example/pricing');
    expect(links).toContain('https://forum.example/');
  });
});

describe('limits', () => {
  it('exports a project at its limits in every format within the Worker limits', async () => {
    const owner = await proOwner();
    await seedWorkspace(owner.projectId, fullMemory(), canvasItems(500));
    for (const format of ['md', 'docx', 'pdf']) {
      const started = Date.now();
      const response = await exportOf(owner.projectId, { format, phases: ALL_PHASES }, { jar: owner.jar });
      expect(response.status).toBe(200);
      const bytes = (await response.arrayBuffer()).byteLength;
      console.log(`full project export, ${format}: ${bytes} bytes in ${Date.now() - started} ms`);
      expect(bytes).toBeGreaterThan(10_000);
    }
  });

  it('admits exactly the hourly exports of a member when 50 arrive at once', async () => {
    const owner = await proOwner();
    const responses = await Promise.all(Array.from({ length: 50 }, () => exportOf(owner.projectId, { format: 'md', phases: [1] }, { jar: owner.jar })));
    const statuses = responses.map((response) => response.status);
    const limit = Number((await import('cloudflare:workers')).env.EXPORTS_PER_MEMBER_PER_HOUR);
    expect(statuses.filter((status) => status === 200)).toHaveLength(limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(50 - limit);
    const refused = responses.find((response) => response.status === 429)!;
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await refused.json<{ error: string }>()).error).toContain(`You have exported ${limit} times in the last hour.`);
  });
});

describe('read dates', () => {
  it('are the times a tool first returned each address in the conversation', () => {
    const at = (iso: string) => Date.parse(iso);
    const messages = [
      {
        id: 'm1',
        role: 'user',
        parts: [{ type: 'text', text: 'https://typed-by-a-member.example/' }],
        metadata: { author: { kind: 'member', userId: 'u', name: 'A' }, createdAt: at('2026-11-01T08:00:00Z') },
      },
      {
        id: 'm2',
        role: 'assistant',
        parts: [
          {
            type: 'tool-search_discussions',
            toolCallId: 't1',
            state: 'output-available',
            input: {},
            output: { discussions: [{ url: 'https://forum.example/thread-1' }] },
          },
        ],
        metadata: { author: { kind: 'cofounder' }, createdAt: at('2026-11-02T09:00:00Z') },
      },
      {
        id: 'm3',
        role: 'assistant',
        parts: [
          {
            type: 'tool-read_page',
            toolCallId: 't2',
            state: 'output-available',
            input: {},
            output: { url: 'https://forum.example/thread-1', finalUrl: 'https://rival.example/pricing' },
          },
        ],
        metadata: { author: { kind: 'cofounder' }, createdAt: at('2026-11-05T09:00:00Z') },
      },
      {
        id: 'm4',
        role: 'assistant',
        parts: [{ type: 'tool-read_page', toolCallId: 't3', state: 'output-error', input: { url: 'https://failed.example/' }, errorText: 'unreachable' }],
        metadata: { author: { kind: 'cofounder' }, createdAt: at('2026-11-06T09:00:00Z') },
      },
    ] as unknown as WorkspaceMessage[];
    expect(sourceReadTimes(messages)).toEqual({
      'https://forum.example/thread-1': '2026-11-02T09:00:00.000Z',
      'https://rival.example/pricing': '2026-11-05T09:00:00.000Z',
    });
  });
});

describe('driven by the phase registry', () => {
  it('exports a phase added to the registry without a change to export code', async () => {
    const throwAway: ExportRegistry = {
      phases: [
        ...PHASE_REGISTRY.phases,
        {
          number: 9,
          title: 'Throw-away experiments',
          summary: 'A phase that exists only in this test.',
          artifacts: [{ kind: 'experiment', label: 'Experiment', max: 3, builtOn: [] }],
        },
      ],
      outline: (entry) =>
        entry.kind === ('experiment' as string)
          ? {
              sections: [
                { label: 'Hypothesis', text: (entry as unknown as { hypothesis: string }).hypothesis },
                { label: 'Read', links: [{ title: 'A study', url: 'https://study.example/' }] },
              ],
            }
          : PHASE_REGISTRY.outline(entry),
    };
    const experiment = {
      kind: 'experiment',
      title: 'Price test',
      hypothesis: 'Clinics pay $49 a month',
      id: 'x1',
      author: { kind: 'cofounder' },
      updatedAt: Date.UTC(2026, 10, 1),
      version: 2,
    } as unknown as MemoryEntry;
    const project: ProjectForExport = {
      name: 'Registry test',
      memory: [experiment],
      canvas: [],
      research: { pages: [], truncated: false },
      sourceReadAt: { 'https://study.example/': '2026-11-02T10:00:00.000Z' },
      appUrl: 'https://launchmate.example',
    };
    const document = buildExportDocument(project, { phases: [9], includeCanvas: true }, new Date(Date.UTC(2026, 10, 24)), throwAway);
    const markdown = writeMarkdown(document);
    expect(markdown).toContain('## Phase 9: Throw-away experiments');
    expect(markdown).toContain('### Price test');
    expect(markdown).toContain('Hypothesis: Clinics pay $49 a month');
    expect(markdown).toContain('- [A study](<https://study.example/>) (read 2026-11-02)');
    const { document: xml } = docxXml(await writeDocx(document));
    expect(xml).toContain('Phase 9: Throw-away experiments');
    expect(xml).toContain('Clinics pay $49 a month');
  });
});
