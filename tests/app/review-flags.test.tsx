/**
 * Contradictions across phases in the memory panel: each entry a review flag is about reads it
 * as a note ('Review: …'), beside the stale flag; the flags are worked out once per memory, not
 * once per entry, and go away when the memory no longer raises them.
 */
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LeanCanvas } from '#contracts/phases/shape-solution';
import type { Experiment } from '#contracts/phases/grow';
import * as registry from '#contracts/phases/registry';
import type { MemoryEntry } from '#contracts/workspace';
import { MemoryPanel, reviewFlagsByEntry } from '../../app/pages/app/workspace/MemoryPanel';

vi.mock('#contracts/phases/registry', { spy: true });

const AT = Date.UTC(2026, 10, 24, 9, 30);
const meta = { version: 1, author: { kind: 'cofounder' }, updatedAt: AT } as const;
const box = (text: string) => ({ text, source: 'assumption' });

const CANVAS: LeanCanvas = {
  problem: box('Late cancellations leave chairs empty.'),
  existingAlternatives: box('A paper waiting list and the phone.'),
  solution: box('Text the waiting list when a slot opens.'),
  keyMetrics: box('Slots refilled within an hour.'),
  uniqueValueProposition: box('Empty chairs refill themselves.'),
  unfairAdvantage: box('A calendar sync with the two biggest practice systems.'),
  channels: box('Dental managers forum, trade shows'),
  customerSegments: box('Dental clinics of 2 to 10 chairs.'),
  earlyAdopters: box('Clinics that keep a waiting list already.'),
  costStructure: box('SMS at $0.01 a text, hosting.'),
  revenueStreams: box('$49 per clinic per month.'),
};

const EXPERIMENT: Experiment = {
  channel: 'targeting_blogs',
  hypothesis: 'A guest post on the managers forum brings sign-ups.',
  budget: 0,
  // Started today, due in two weeks: no result is missing yet.
  startedOn: new Date().toISOString().slice(0, 10),
  threshold: { metric: 'sign-ups', comparison: 'at_least', value: 20, by: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10) },
  tests: null,
  results: [],
  verdict: null,
};

const canvasEntry = { ...meta, id: 'lc1', kind: 'lean_canvas', title: 'Chairs that refill', canvas: CANVAS } as MemoryEntry;
const experimentEntry = { ...meta, id: 'exp1', kind: 'experiment', title: 'Guest posts', experiment: EXPERIMENT } as MemoryEntry;
const note = { ...meta, id: 'n1', kind: 'note', title: 'A note', body: 'Nothing to review.' } as MemoryEntry;

const FLAG = 'Review: No experiment tests the channel “trade shows” of the Lean Canvas.';

afterEach(() => {
  vi.clearAllMocks();
});

describe('review flags in the memory panel', () => {
  it('shows a contradiction on each entry it is about, as a note', () => {
    render(<MemoryPanel entries={[canvasEntry, experimentEntry, note]} changeMemory={vi.fn()} />);
    for (const name of ['Lean Canvas: Chairs that refill', 'Experiment: Guest posts']) {
      const entry = screen.getByRole('listitem', { name: new RegExp(name.split(': ')[1]!) });
      const flag = within(entry).getByRole('note', { name: 'To review' });
      expect(flag.textContent).toBe(FLAG);
    }
    // The forum is tested (the hypothesis names it); an entry no flag is about has no note.
    expect(screen.queryByText(/managers forum” of the Lean Canvas/)).toBeNull();
    expect(within(screen.getByRole('listitem', { name: /A note/ })).queryByRole('note')).toBeNull();
  });

  it('works the flags out once per memory, not once per entry, and drops them when the memory no longer raises them', () => {
    const entries = [canvasEntry, experimentEntry, note];
    const { rerender } = render(<MemoryPanel entries={entries} changeMemory={vi.fn()} />);
    expect(registry.reviewFlagsOf).toHaveBeenCalledTimes(1);
    rerender(<MemoryPanel entries={entries} changeMemory={vi.fn()} />);
    expect(registry.reviewFlagsOf).toHaveBeenCalledTimes(1);

    const tested = {
      ...experimentEntry,
      version: 2,
      experiment: { ...EXPERIMENT, hypothesis: 'Trade shows and the managers forum bring sign-ups.' },
    } as MemoryEntry;
    rerender(<MemoryPanel entries={[canvasEntry, tested, note]} changeMemory={vi.fn()} />);
    expect(registry.reviewFlagsOf).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('note', { name: 'To review' })).toBeNull();
  });

  it('groups the flags by entry, each said once', () => {
    const flags = reviewFlagsByEntry([canvasEntry, experimentEntry]);
    expect([...flags.keys()].sort()).toEqual(['exp1', 'lc1']);
    expect(flags.get('lc1')).toEqual(['No experiment tests the channel “trade shows” of the Lean Canvas.']);
  });
});
