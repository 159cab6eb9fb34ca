import { strFromU8, unzipSync } from 'fflate';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { MemoryContentSchema, type MemoryContent } from '#contracts/workspace';
import { asEntries } from '../fixtures/full-project';
import { db, postJson } from '../utils';
import { seedWorkspace } from './export-support';
import { ownerWithProject } from './workspace-support';

/**
 * Phase 7 in the project export, with no export code of its own: the export reads every phase
 * through the registry's outlines (docs/decisions/0046-project-export.md), so the launch plan with
 * its moment, channels and checklist due dates, the landing copy, the Product Hunt kit, the Show HN
 * post and the launch e-mail appear in the Markdown, Word and PDF files, each read back here.
 */

const CONTENTS = [
  {
    kind: 'launch_plan',
    title: 'Launch on Product Hunt',
    launch: {
      moment: { date: '2026-12-01', time: '00:01', timeZone: 'America/Los_Angeles' },
      channels: [{ name: 'Practice-manager forums', why: 'Where Dana asks for help.', source: 'Persona: Dana Whitfield' }],
      checklist: [
        { id: 'landing', title: 'Landing page live', part: 'before', offsetDays: -7, owner: { userId: 'u1', name: 'Ana Ruiz' }, status: 'done' },
        { id: 'post', title: 'Post on Product Hunt', part: 'day', offsetDays: 0, owner: null, status: 'todo' },
        { id: 'recap', title: 'Write the recap', part: 'after', offsetDays: 3, owner: null, status: 'doing' },
      ],
    },
  },
  {
    kind: 'landing_copy',
    title: 'Landing page',
    copy: {
      headline: 'Refill a cancelled slot without a phone call',
      subhead: 'For practice managers with a waiting list.',
      benefits: [
        { text: 'No more calls down a paper list.', source: 'Persona: Dana Whitfield' },
        { text: 'Patients book by replying to a text.', source: 'assumption' },
        { text: 'You see at once who took the slot.', source: 'assumption' },
      ],
      callToAction: 'Try it free',
      faq: [{ question: 'Do patients need an app?', answer: 'No: a text.' }],
    },
  },
  {
    kind: 'product_hunt_kit',
    title: 'Product Hunt kit',
    kit: {
      name: 'Refill',
      tagline: 'Texts your waiting list when a patient cancels',
      description: 'A cancelled slot goes to the whole waiting list by text.',
      makerComment: 'We built this after watching a practice manager phone down a paper list.',
      galleryIdeas: ['The cancel button'],
    },
  },
  {
    kind: 'show_hn_post',
    title: 'Show HN',
    post: {
      title: 'Show HN: Refill – texts a clinic’s waiting list when a slot frees up',
      whatItDoes: 'A cancelled slot goes to the waiting list by text.',
      why: 'Practice managers phone down paper lists.',
      whatIsRough: 'No calendar sync yet.',
    },
  },
  { kind: 'launch_email', title: 'Launch e-mail', email: { subject: 'Refill is live', body: 'You asked to hear when it was ready. It is.' } },
];

const EXPECTED = [
  'Phase 7: Launch',
  '2026-12-01 00:01 (America/Los_Angeles)',
  'Practice-manager forums',
  'Before the launch',
  'On the day',
  'After the launch',
  'Landing page live (due 2026-11-24, Ana Ruiz)',
  'Post on Product Hunt (due 2026-12-01)',
  'Write the recap (due 2026-12-04)',
  'Refill a cancelled slot without a phone call',
  'Texts your waiting list when a patient cancels',
  'No calendar sync yet.',
  'Refill is live',
];

async function exported(format: 'md' | 'docx' | 'pdf') {
  const owner = await ownerWithProject('Clinic waitlist');
  await db().prepare("UPDATE users SET plan = 'pro' WHERE email = ?").bind(owner.email).run();
  await seedWorkspace(owner.projectId, asEntries(CONTENTS.map((content) => MemoryContentSchema.parse(content) as MemoryContent)), []);
  const response = await postJson(`/api/project/${owner.projectId}/export`, { format, phases: [7], includeCanvas: false }, {}, { jar: owner.jar });
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('phase 7 in the export', () => {
  it('as Markdown: the launch moment, the channels, the checklist in its three parts with due dates and statuses, and the four assets', async () => {
    const markdown = flat(new TextDecoder().decode(await exported('md')).replace(/\\/g, ''));
    expect(markdown).toContain('## Phase 7: Launch');
    for (const text of EXPECTED) expect(markdown).toContain(text);
    expect(markdown).toContain('[Done] Landing page live (due 2026-11-24, Ana Ruiz)');
    expect(markdown).toContain('[Doing] Write the recap (due 2026-12-04)');
  });

  it('as Word: the same text in the document', async () => {
    const document = strFromU8(unzipSync(await exported('docx'))['word/document.xml']!).replace(/<[^>]+>/g, ' ');
    for (const text of EXPECTED) expect(flat(document)).toContain(text);
  });

  it('as PDF: the same text read back', async () => {
    const { text } = await extractText(await getDocumentProxy(await exported('pdf')), { mergePages: true });
    for (const line of EXPECTED) expect(flat(text)).toContain(line);
  });
});
