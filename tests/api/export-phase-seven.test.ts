import { describe, expect, it } from 'vitest';
import { exportedText } from './export-support';

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

const exported = (format: 'md' | 'docx' | 'pdf') => exportedText(CONTENTS, [7], format);

describe('phase 7 in the export', () => {
  it('as Markdown: the launch moment, the channels, the checklist in its three parts with due dates and statuses, and the four assets', async () => {
    const markdown = await exported('md');
    expect(markdown).toContain('## Phase 7: Launch');
    for (const text of EXPECTED) expect(markdown).toContain(text);
    expect(markdown).toContain('[Done] Landing page live (due 2026-11-24, Ana Ruiz)');
    expect(markdown).toContain('[Doing] Write the recap (due 2026-12-04)');
  });

  it('as Word: the same text in the document', async () => {
    const document = await exported('docx');
    for (const text of EXPECTED) expect(document).toContain(text);
  });

  it('as PDF: the same text read back', async () => {
    const text = await exported('pdf');
    for (const line of EXPECTED) expect(text).toContain(line);
  });

  it('keeps the review flag every member sees: the claims a launch asset makes that no artifact backs', async () => {
    const claiming = CONTENTS.map((content) =>
      content.kind === 'product_hunt_kit'
        ? { ...content, kit: { ...content.kit, description: 'Trusted by 10,000 clinics. Fills any slot in 5 minutes, guaranteed.' } }
        : content,
    );
    const markdown = await exportedText(claiming, [7], 'md');
    expect(markdown).toContain('Review: These words need evidence that no earlier artifact of the memory gives:');
    expect(markdown).toContain('“10,000 clinics”, “any slot”, “5 minutes”, “guaranteed”. Back each with evidence, or cut it.');
    // The assets that claim nothing carry no flag.
    expect(markdown.match(/Review: /g)).toHaveLength(1);
  });
});
