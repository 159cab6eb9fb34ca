/**
 * The weekly check-in under the channels ranked: the last check-in, linked to its message, and the
 * next one; the project's owner posts this week's now (the phase's frame), and a refusal says why.
 */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CHECK_IN_NOW_FRAME, TRACTION_CHANNELS, type GrowState, type TractionChannel } from '#contracts/phases/grow';
import type { MemoryEntry } from '#contracts/workspace';
import { MemoryPanel } from '../../app/pages/app/workspace/MemoryPanel';

const RANKING = {
  id: 'rank1',
  kind: 'channel_ranking',
  title: 'Where users come from',
  ranking: {
    ideas: (Object.keys(TRACTION_CHANNELS) as TractionChannel[]).map((channel) => ({ channel, idea: `An idea for ${channel}`, ring: 'possible' })),
    innerRing: [],
  },
  version: 1,
  author: { kind: 'cofounder' },
  updatedAt: Date.UTC(2026, 10, 24),
} as unknown as MemoryEntry;

const POSTED: GrowState['checkIn'] = {
  enabled: true,
  emailUserIds: [],
  nextAt: Date.UTC(2026, 11, 5, 9),
  lastWeek: '2026-W48',
  lastMessageId: 'm-check-in',
  lastAt: Date.UTC(2026, 10, 28, 9),
};
const REFUSAL = 'This week’s check-in (2026-W48) was already posted: one a week at most. The next can be posted from Monday 30 November 2026.';

function panel(checkIn: GrowState['checkIn'], role: 'owner' | 'collaborator', answer: string | null = null) {
  const frames: object[] = [];
  const onAction = vi.fn(async (frame: object) => (frames.push(frame), answer));
  const onShowMessage = vi.fn();
  render(<MemoryPanel entries={[RANKING]} changeMemory={vi.fn()} workspace={{ onAction, checkIn, me: { userId: 'u1', name: 'Ada', role }, onShowMessage }} />);
  return { frames, onShowMessage, control: screen.getByRole('group', { name: 'Weekly check-in' }) };
}

describe('the weekly check-in under the ranking', () => {
  it('shows the last check-in as a link to its message, and the next one', () => {
    const { control, onShowMessage } = panel(POSTED, 'collaborator');
    const last = within(control).getByRole('link', { name: 'week 2026-W48, 28 November 2026' });
    expect(last.getAttribute('href')).toBe('#message-m-check-in');
    expect(last.parentElement!.textContent).toBe('Last check-in: week 2026-W48, 28 November 2026');
    fireEvent.click(last);
    expect(onShowMessage).toHaveBeenCalledWith('m-check-in');
    expect(within(control).getByText(/Next check-in/).textContent).toBe('Next check-in: 5 December 2026');
    // Posting now is the owner's.
    expect(within(control).queryByRole('button', { name: 'Post this week’s check-in now' })).toBeNull();
  });

  it('says none was posted yet, lets the owner post this week’s now, and shows the refusal of a second one', async () => {
    const none = { ...POSTED, lastWeek: null, lastMessageId: null, lastAt: null };
    const { control, frames } = panel(none, 'owner', REFUSAL);
    expect(within(control).getByText('No check-in posted yet.')).toBeTruthy();
    fireEvent.click(within(control).getByRole('button', { name: 'Post this week’s check-in now' }));
    expect(frames).toEqual([{ type: CHECK_IN_NOW_FRAME }]);
    expect((await within(control).findByRole('alert')).textContent).toBe(REFUSAL);
  });
});
