/**
 * Phase 3's views: a competitor card with its quoted price, cited claims and 'Check again' with
 * what changed; the positioning map with its table for screen readers; the research run card
 * through proposal, progress and its end, and its dismissal once ended (decision 0056).
 */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ResearchRunState } from '#contracts/phases/competitors';
import { CompetitorView, LandscapeView } from '../../app/pages/app/workspace/phases/competitors/CompetitorView';
import { ResearchRunCard } from '../../app/pages/app/workspace/phases/competitors/ResearchRunCard';
import { COMPETITOR, LANDSCAPE } from './artifact-fixtures';

describe('a competitor card', () => {
  it('quotes its price with the page and date, cites or labels each claim, and shows what Check again found', async () => {
    const onCheckAgain = vi.fn(async () => 'The site could not be reached just now.');
    render(<CompetitorView entry={COMPETITOR} onCheckAgain={onCheckAgain} />);
    expect(screen.getByText(/“Starter: \$29 per month”/).textContent).toMatch(/read (24 Nov 2026|Nov 24, 2026)/);
    expect(screen.getByRole('link', { name: 'its page' }).getAttribute('href')).toBe('https://slotfill.example/pricing');
    expect(screen.getByText('(assumption)')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'New on its pages' })).getByText('Starter: $39 per month')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'No longer on its pages' })).getByText('Starter: $29 per month')).toBeTruthy();
    expect(screen.getByText('The quoted price is no longer on its page.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Check SlotFill again' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The site could not be reached just now.');
    expect(onCheckAgain).toHaveBeenCalledTimes(1);
  });
});

describe('the positioning map', () => {
  it('draws the places as an SVG hidden from screen readers and gives them as a table', async () => {
    const entry = LANDSCAPE;
    const onAccept = vi.fn(async () => null);
    const { container } = render(<LandscapeView entry={entry} onAccept={onAccept} />);
    expect(container.querySelector('svg')!.getAttribute('aria-hidden')).toBe('true');
    expect(container.querySelectorAll('svg circle')).toHaveLength(2);
    const table = screen.getByRole('table');
    expect(within(table).getByText(/Positions from 0 to 10: Setup effort \(none to weeks\)/)).toBeTruthy();
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['NameSetup effortAutomation', 'SlotFill64', 'Our idea (your idea)29']);
    fireEvent.click(screen.getByRole('button', { name: 'Accept gaps and map' }));
    expect(onAccept).toHaveBeenCalledTimes(1);
  });
});

describe('the research run card', () => {
  const RUN: ResearchRunState = {
    id: 'run1',
    status: 'proposed',
    plan: { queries: ['clinic booking'], pageReads: 4 },
    searches: 4,
    step: 0,
    steps: 5,
    doing: 'Waiting for a member to approve it',
    found: 0,
    cards: 0,
  };

  beforeEach(() => localStorage.clear());

  it('shows what a proposed run spends with Approve, then its progress with Stop, then its end with Dismiss only', async () => {
    const changeRun = vi.fn(async () => 'This research run was already approved, or has ended.');
    const { rerender } = render(<ResearchRunCard projectId="p1" run={RUN} changeRun={changeRun} />);
    expect(screen.getByText(/4 searches and up to 4 page reads, for “clinic booking”/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(changeRun).toHaveBeenCalledWith('run_approve', 'run1');
    expect((await screen.findByRole('alert')).textContent).toMatch(/already approved/);

    rerender(
      <ResearchRunCard
        projectId="p1"
        run={{ ...RUN, status: 'running', step: 2, doing: 'GitHub: 3 found for "clinic booking"', found: 7, cards: 1, approvedBy: 'Ada' }}
        changeRun={changeRun}
      />,
    );
    expect(screen.getByRole('progressbar', { name: 'Steps done' }).getAttribute('value')).toBe('2');
    expect(screen.getByRole('status').textContent).toBe('GitHub: 3 found for "clinic booking" · 7 found · 1 cards');
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Dismiss/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(changeRun).toHaveBeenLastCalledWith('run_stop', 'run1');

    rerender(
      <ResearchRunCard
        projectId="p1"
        run={{ ...RUN, status: 'done', step: 5, doing: 'Done: 7 found, 4 cards made', found: 7, cards: 4 }}
        changeRun={changeRun}
      />,
    );
    expect(screen.getByText('Research run done')).toBeTruthy();
    // No Approve or Stop once it has ended: only the card's own Dismiss.
    expect(screen.getAllByRole('button')).toEqual([screen.getByRole('button', { name: 'Dismiss “Research run done”' })]);
  });

  it("lets a member dismiss an ended run's card, in this browser and this project; a new run shows again", () => {
    const changeRun = vi.fn(async () => null);
    const stopped: ResearchRunState = { ...RUN, status: 'stopped', step: 3, doing: 'Stopped by Ada: 5 found, 2 cards made', found: 5, cards: 2 };
    const card = () => screen.queryByRole('region', { name: 'Research run' });
    const first = render(<ResearchRunCard projectId="p1" run={stopped} changeRun={changeRun} />);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss “Research run stopped”' }));
    expect(card()).toBeNull();
    expect(changeRun).not.toHaveBeenCalled();
    first.unmount();

    // Still dismissed after a reload; another project's card is its own.
    const again = render(<ResearchRunCard projectId="p1" run={stopped} changeRun={changeRun} />);
    expect(card()).toBeNull();
    again.unmount();
    const other = render(<ResearchRunCard projectId="p2" run={stopped} changeRun={changeRun} />);
    expect(card()).toBeTruthy();
    other.unmount();

    // The next run of the project is shown.
    render(<ResearchRunCard projectId="p1" run={{ ...RUN, id: 'run2' }} changeRun={changeRun} />);
    expect(within(card()!).getByText('Research run proposed')).toBeTruthy();
  });
});
