/** Phase 4's view: a persona with the product's avatar, ranked pains and gains with their evidence, quotes linked to where they were said. */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MemoryPanel } from '../../app/pages/app/workspace/MemoryPanel';
import { PersonaView, reviewRequest } from '../../app/pages/app/workspace/phases/personas/PersonaView';
import { PERSONA } from './artifact-fixtures';

describe('a persona', () => {
  it('shows its avatar, ranks pains with their evidence, links its quotes and channels, and can be accepted', () => {
    const onAccept = vi.fn(async () => null);
    const { container } = render(<PersonaView entry={PERSONA} onAccept={onAccept} />);
    expect(container.querySelector('img')!.getAttribute('src')).toBe(PERSONA.persona.avatarUrl);
    const pains = screen.getByText('Pains, worst first').nextElementSibling!;
    expect(
      within(pains as HTMLElement)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Late cancellations. (source)', 'Phone tag. (assumption)']);
    expect(pains.querySelector('ol')).not.toBeNull();
    const quote = screen.getByText('Every empty chair is money we never get back');
    expect(quote.tagName).toBe('Q');
    expect(within(quote.parentElement!).getByRole('link', { name: 'source' }).getAttribute('href')).toBe('https://news.ycombinator.com/item?id=1');
    expect(screen.getByRole('link', { name: 'Dental managers forum' }).getAttribute('href')).toBe('https://forum.example/');
    fireEvent.click(screen.getByRole('button', { name: 'Accept this persona' }));
    expect(onAccept).toHaveBeenCalledTimes(1);
  });
});

describe('research answers the personas have not seen', () => {
  it('are counted on the persona, and its button asks the co-founder once, as a member message', () => {
    const onAsk = vi.fn();
    const { rerender } = render(<PersonaView entry={PERSONA} newResearchAnswers={3} onAsk={onAsk} />);
    expect(screen.getByRole('status').textContent).toContain('3 new research answers since these personas were written.');
    fireEvent.click(screen.getByRole('button', { name: 'Ask the co-founder to review them' }));
    expect(onAsk).toHaveBeenCalledWith(reviewRequest(3));
    expect(reviewRequest(3)).toMatch(/^3 new research answers have come in since the personas were written\. Please read them/);
    // Asked: not twice for the same answers, until more arrive.
    const asked = screen.getByRole('button', { name: 'Asked the co-founder' }) as HTMLButtonElement;
    expect(asked.disabled).toBe(true);
    rerender(<PersonaView entry={PERSONA} newResearchAnswers={4} onAsk={onAsk} />);
    expect(screen.getByRole('status').textContent).toContain('4 new research answers');
    fireEvent.click(screen.getByRole('button', { name: 'Ask the co-founder to review them' }));
    expect(onAsk).toHaveBeenLastCalledWith(reviewRequest(4));
    expect(onAsk).toHaveBeenCalledTimes(2);
  });

  it('reach the persona in the memory panel from the workspace', () => {
    const onAsk = vi.fn();
    render(<MemoryPanel entries={[PERSONA]} changeMemory={vi.fn()} workspace={{ newResearchAnswers: 2, onAsk }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Ask the co-founder to review them' }));
    expect(onAsk).toHaveBeenCalledWith(reviewRequest(2));
  });

  it('say nothing when there are none, and one answer is counted in the singular', () => {
    const { rerender } = render(<PersonaView entry={PERSONA} newResearchAnswers={0} onAsk={vi.fn()} />);
    expect(screen.queryByText(/new research answer/)).toBeNull();
    rerender(<PersonaView entry={PERSONA} newResearchAnswers={1} onAsk={vi.fn()} />);
    expect(screen.getByRole('status').textContent).toContain('1 new research answer since these personas were written.');
    expect(reviewRequest(1)).toMatch(/^A new research answer has come in .* Please read it, tell us which persona it confirms or contradicts/);
  });
});
