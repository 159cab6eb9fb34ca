import { describe, expect, it } from 'vitest';
import { TRACTION_CHANNELS, type TractionChannel } from '#contracts/phases/grow';
import { exportedText } from './export-support';

/**
 * Phase 8 in the project export, with no export code of its own: the export reads every phase
 * through the registry's outlines (docs/decisions/0046-project-export.md), so the channels ranked
 * with the founders' inner ring, and an experiment with its threshold, results and verdict, appear
 * in the Markdown, Word and PDF files, each read back here.
 */

const INNER: TractionChannel[] = ['sales', 'content_marketing'];
const PROMISING: TractionChannel[] = ['community_building'];
const CONTENTS = [
  {
    kind: 'channel_ranking',
    title: 'Channels for the clinic waitlist',
    ranking: {
      ideas: (Object.keys(TRACTION_CHANNELS) as TractionChannel[]).map((channel) => ({
        channel,
        idea: channel === 'sales' ? 'Call ten practice managers a week.' : `An idea for ${TRACTION_CHANNELS[channel]}.`,
        ring: INNER.includes(channel) ? 'inner' : PROMISING.includes(channel) ? 'promising' : channel === 'offline_ads' ? 'long_shot' : 'possible',
      })),
    },
  },
  {
    kind: 'experiment',
    title: 'Calls to clinics',
    experiment: {
      channel: 'sales',
      hypothesis: 'Practice managers called directly join the waiting list.',
      budget: 0,
      startedOn: '2026-11-02',
      threshold: { metric: 'clinics that join', comparison: 'at_least', value: 3, by: '2026-11-16' },
      tests: null,
      results: [{ on: '2026-11-09', value: 2, note: 'Two of ten', by: 'Ana Ruiz' }],
      verdict: { recommendation: 'change', reasoning: 'Two is short of three: call at lunch time.', on: '2026-11-10' },
    },
  },
];

const EXPECTED = [
  'Phase 8: Market and grow',
  'Channels for the clinic waitlist',
  'Inner ring',
  'Sales: Call ten practice managers a week.',
  'Long shot',
  'Calls to clinics',
  'at least 3 clinics that join by 2026-11-16, from 2026-11-02, budget 0',
  '2026-11-09: 2 (Two of ten), by Ana Ruiz',
  'Change the approach: Two is short of three: call at lunch time.',
];

const exported = (format: 'md' | 'docx' | 'pdf') => exportedText(CONTENTS, [8], format);

describe('phase 8 in the export', () => {
  it('as Markdown: the channels ranked with the inner ring, and the experiment with its threshold, results and verdict', async () => {
    const markdown = await exported('md');
    expect(markdown).toContain('## Phase 8: Market and grow');
    for (const text of EXPECTED) expect(markdown).toContain(text);
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
