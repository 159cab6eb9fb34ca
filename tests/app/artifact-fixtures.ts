import type { MemoryEntry } from '#contracts/workspace';

/** Artifacts of phases 3 and 4 as the memory holds them, for the views' and editors' tests. */

export const AT = Date.UTC(2026, 10, 24, 9, 30);
export const THREAD = 'https://news.ycombinator.com/item?id=1';

export const COMPETITOR = {
  id: 'c1',
  kind: 'competitor',
  title: 'SlotFill',
  version: 2,
  author: { kind: 'cofounder' },
  updatedAt: AT,
  competitor: {
    category: 'direct',
    url: 'https://slotfill.example/',
    forWhom: 'Dental clinics with a front desk.',
    pricing: { status: 'found', quote: 'Starter: $29 per month', url: 'https://slotfill.example/pricing', readAt: '2026-11-24T09:00:00.000Z' },
    strengths: [{ text: 'Texts the waiting list.', source: 'https://slotfill.example/' }],
    weaknesses: [{ text: 'No calendar sync.', source: 'assumption' }],
    checkedAt: '2026-11-24T09:00:00.000Z',
    lastCheck: {
      at: '2026-11-24T10:00:00.000Z',
      unreachable: false,
      added: ['Starter: $39 per month'],
      removed: ['Starter: $29 per month'],
      pricingQuoteGone: true,
    },
  },
} as Extract<MemoryEntry, { kind: 'competitor' }>;

export const LANDSCAPE = {
  id: 'l1',
  kind: 'landscape',
  title: 'Where clinics are alone',
  version: 1,
  author: { kind: 'cofounder' },
  updatedAt: AT,
  landscape: {
    gaps: [
      {
        title: 'No automation',
        description: 'Refilled by hand.',
        competitors: ['SlotFill'],
        evidence: [{ text: 'Seen on its page.', source: 'https://slotfill.example/' }],
      },
    ],
    axes: { x: { label: 'Setup effort', low: 'none', high: 'weeks' }, y: { label: 'Automation', low: 'none', high: 'full' } },
    placements: [
      { name: 'SlotFill', isIdea: false, x: 6, y: 4 },
      { name: 'Our idea', isIdea: true, x: 2, y: 9 },
    ],
  },
} as Extract<MemoryEntry, { kind: 'landscape' }>;

export const PERSONA = {
  id: 'p1',
  kind: 'persona',
  title: 'Dana Whitfield',
  version: 1,
  author: { kind: 'cofounder' },
  updatedAt: Date.UTC(2026, 10, 24),
  persona: {
    role: 'Practice manager',
    age: 44,
    situation: 'Runs the schedule.',
    jobs: { functional: ['Keep chairs booked'], social: [], emotional: ['Stop dreading cancellations'] },
    pains: [
      { text: 'Late cancellations.', source: THREAD },
      { text: 'Phone tag.', source: 'assumption' },
    ],
    gains: [{ text: 'Slots refilled without calls.', source: 'assumption' }],
    usesToday: ['A paper waiting list'],
    reachAt: [{ name: 'Dental managers forum', url: 'https://forum.example/' }],
    jobStories: ['When a patient cancels, I want to text the waiting list, so I can keep the chair busy.'],
    earlyAdopter: 'Clinics with a waiting list already.',
    quotes: [{ text: 'Every empty chair is money we never get back', url: THREAD }],
    confidence: 'medium',
    confidenceReasons: 'Two discussions agree.',
    avatarUrl: '/api/free-tools/avatar.svg?name=Dana+Whitfield&age=44&traits=Practice+manager',
  },
} as Extract<MemoryEntry, { kind: 'persona' }>;
