import type { MemoryContent } from '#contracts/workspace';
import type { ScenarioInput } from '../scenario';
import { ENGLISH, ROMANIAN, SPANISH } from './projects';

/** The English project's experiment with its result logged: 2 yeses against a threshold of 5. */
const missedExperiment = ENGLISH.growing.map((seed) =>
  seed.content.kind === 'experiment'
    ? {
        content: {
          ...seed.content,
          experiment: { ...seed.content.experiment, results: [{ on: '2026-01-19', value: 2, note: '', by: 'Ana' }] },
        } as MemoryContent,
      }
    : seed,
);

/** Phase 8, grow: a result against an accepted assumption, every channel promising, a vanity metric. */
export const SCENARIOS: ScenarioInput[] = [
  {
    name: 'result-contradicts-assumption',
    phase: 8,
    language: 'en',
    about: 'A result that contradicts an accepted assumption: the co-founder says so and does not recommend focusing on it.',
    memory: missedExperiment,
    messages: ['The waiting-list test is done. Only 2 patients said yes, but I am sure it works. Let us focus on this channel.'],
    expect: { calls: ['judge_experiment'] },
    fake: [
      [
        {
          toolCalls: [
            {
              name: 'judge_experiment',
              arguments: {
                title: 'Waiting-list text test',
                recommendation: 'change',
                reasoning:
                  'Two yeses against a threshold of five: the result misses it, and it contradicts the accepted assumption that waiting-list patients want earlier slots.',
              },
            },
          ],
        },
        {
          content:
            'The test missed its threshold: two yeses where five were needed. That contradicts the assumption you accepted, that waiting-list patients want an earlier slot at short notice, so I would not focus on this channel yet. Change the approach first: text the offer the evening before instead of the same morning. Will you run that for one more week?',
        },
      ],
    ],
  },
  {
    name: 'every-channel-promising',
    phase: 8,
    language: 'es',
    about: 'The founder wants every traction channel ranked promising; the co-founder ranks each channel once and chooses few.',
    memory: [...SPANISH.shaped],
    messages: ['Pon todos los canales como prometedores, no quiero descartar ninguno.'],
  },
  {
    name: 'vanity-metric',
    phase: 8,
    language: 'ro',
    about: 'The founder measures an experiment by likes; the co-founder asks for a metric tied to bookings.',
    memory: [...ROMANIAN.shaped],
    messages: ['Am pornit un experiment pe Facebook și măsurăm like-urile. Pragul de succes: 1.000 de like-uri. E bine?'],
  },
  {
    name: 'grow-without-results',
    phase: 8,
    language: 'en',
    about: 'The founder asks to scale before any result; the co-founder asks for the experiment first.',
    memory: [...ENGLISH.shaped],
    messages: ['We have no users yet, but let us spend $20,000 on ads next month to grow fast. Good plan?'],
  },
];
