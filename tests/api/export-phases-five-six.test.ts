import { describe, expect, it } from 'vitest';
import { CANVAS_FIELDS } from '#contracts/phases/shape-solution';
import { exportedText } from './export-support';

/**
 * Phases 5 and 6 in the project export, with no export code of their own: the export reads every
 * phase through the registry's outlines (docs/decisions/0046-project-export.md), so a value map,
 * a Lean Canvas, the riskiest assumptions, a pitch, an MVP scope and a build plan appear in the
 * Markdown, Word and PDF files, each read back here.
 */

const CONTENTS = [
  {
    kind: 'value_map',
    title: 'Slots refilled by text',
    valueMap: {
      products: ['Texts to the waiting list'],
      relievers: [{ text: 'Offers a freed slot to the list at once', answers: { persona: 'Dana Whitfield', text: 'Late cancellations.' } }],
      creators: [{ text: 'Books without a call', answers: null }],
    },
  },
  {
    kind: 'lean_canvas',
    title: 'Clinic canvas',
    canvas: Object.fromEntries(
      Object.entries(CANVAS_FIELDS).map(([field, label]) => [
        field,
        { text: `Canvas box ${label}`, source: field === 'problem' ? 'Chosen idea: Clinics' : 'assumption' },
      ]),
    ),
  },
  {
    kind: 'riskiest_assumptions',
    title: 'Riskiest assumptions',
    risks: [1, 2, 3].map((index) => ({
      assumption: `Risk number ${index}`,
      whyRisky: 'Everything rests on it.',
      test: `Cheapest test ${index}`,
      cost: '2 days, $0',
      researchQuestion: index === 1 ? 'How many slots did you lose last week?' : null,
    })),
  },
  {
    kind: 'pitch',
    title: 'Refill a slot by text',
    pitch: {
      problem: 'The chair stays empty after a late cancellation.',
      appetite: '2 weeks',
      elements: [{ name: 'The offer text', description: 'A text to the list.' }],
      flows: ['Slot freed → text → first reply booked'],
      rabbitHoles: ['Calendar sync'],
      noGos: ['Payments'],
    },
  },
  {
    kind: 'mvp_scope',
    title: 'The first version',
    scope: { in: [{ item: 'Text the list', delivers: 'Offers a freed slot to the list at once' }], out: ['Online payments'], later: ['A dashboard'] },
  },
  {
    kind: 'build_plan',
    title: 'Two weeks to the first refilled slot',
    plan: {
      weeks: 2,
      milestones: [{ id: 'texts-work', title: 'Texts refill a slot', week: 2 }],
      tractionGoal: 'First 10 paying clinics',
      tasks: [
        {
          id: 'sms',
          title: 'Send the offer text',
          estimateDays: 2,
          dependsOn: [],
          owner: { userId: 'u1', name: 'Ana Ruiz' },
          milestone: 'texts-work',
          status: 'done',
        },
        { id: 'reply', title: 'Book the first reply', estimateDays: 1.5, dependsOn: ['sms'], owner: null, milestone: 'texts-work', status: 'todo' },
      ],
      techChoices: [{ choice: 'A texting API', reason: 'No app to install.', risk: 'Texts cost money.' }],
    },
  },
];

const EXPECTED = [
  'Phase 5: Shape the solution',
  'Phase 6: Plan the build',
  'Offers a freed slot to the list at once',
  'Canvas box Unfair advantage',
  'Chosen idea: Clinics',
  'Cheapest test 3',
  'The chair stays empty after a late cancellation.',
  'Rabbit holes',
  'Online payments',
  'First 10 paying clinics',
  'Send the offer text',
  'Ana Ruiz',
  'A texting API',
];

const exported = (format: 'md' | 'docx' | 'pdf') => exportedText(CONTENTS, [5, 6], format);

describe('phases 5 and 6 in the export', () => {
  it('as Markdown: each artifact under its phase, the plan with its milestones, tasks and statuses', async () => {
    const markdown = await exported('md');
    expect(markdown).toContain('## Phase 5: Shape the solution');
    expect(markdown).toContain('## Phase 6: Plan the build');
    for (const text of EXPECTED) expect(markdown).toContain(text);
    expect(markdown.indexOf('Phase 5: Shape the solution')).toBeLessThan(markdown.indexOf('Phase 6: Plan the build'));
    expect(markdown).toContain('[Done] Send the offer text (2 d, Ana Ruiz)');
  });

  it('as Word: the same text in the document', async () => {
    const document = await exported('docx');
    for (const text of EXPECTED) expect(document).toContain(text);
  });

  it('as PDF: the same text read back', async () => {
    const text = await exported('pdf');
    for (const line of EXPECTED) expect(text).toContain(line);
  });
});
