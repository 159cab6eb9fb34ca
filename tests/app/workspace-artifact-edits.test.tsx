/**
 * The edit forms of phases 3 and 4 in the memory panel: every field a founder would change, cited
 * evidence shown read-only with Remove, new claims added as assumptions, schema errors named by
 * their field, and the object's refusal of an invented citation shown (docs/decisions/0048).
 */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MemoryEntry } from '#contracts/workspace';
import { MemoryPanel } from '../../app/pages/app/workspace/MemoryPanel';
import type { MemoryResult } from '../../app/pages/app/workspace/use-workspace';
import { COMPETITOR, LANDSCAPE, PERSONA, THREAD } from './artifact-fixtures';

type Change = Parameters<Parameters<typeof MemoryPanel>[0]['changeMemory']>[0];

const saved: MemoryResult = { type: 'request_result', requestId: 'r', ok: true, value: null };

function editing(entry: MemoryEntry, answers: MemoryResult[]) {
  const changes: Change[] = [];
  const changeMemory = vi.fn(async (change: Change) => {
    changes.push(change);
    return answers.shift() ?? saved;
  });
  render(<MemoryPanel entries={[entry]} changeMemory={changeMemory} />);
  fireEvent.click(screen.getByRole('button', { name: `Edit ${entry.title}` }));
  const form = screen.getByRole('form', { name: `Edit ${entry.title}` });
  const field = (label: string | RegExp) => within(form).getByLabelText(label) as HTMLInputElement;
  const type = (label: string | RegExp, value: string) => fireEvent.change(field(label), { target: { value } });
  const save = () => fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
  return { changes, changeMemory, form, field, type, save };
}

const updated = (changes: Change[]) => {
  const change = changes.at(-1);
  if (change?.type !== 'memory_update') throw new Error('No update was sent');
  return change;
};

describe('editing a persona', () => {
  it('changes every field a founder would, keeps cited evidence read-only, and sends the version it started from', async () => {
    const { changes, form, field, type, save } = editing(PERSONA, []);
    expect(field('Name').value).toBe('Dana Whitfield');
    type('Name', 'Dana W. Okafor');
    type('Role', 'Office manager');
    type('Age', '39');
    type('Situation', 'Runs the front desk alone.');
    type('Social jobs (one per line)', 'Look on top of it\nBe the one who fixed it');
    type('Uses today (one per line)', 'A paper waiting list\nHer own phone');
    type('Early adopters', 'Clinics that already text patients.');
    fireEvent.change(field('Confidence'), { target: { value: 'low' } });

    // The cited pain is text with its source, not a text box; the assumption is.
    const pains = within(form).getByRole('group', { name: 'Pains, worst first' });
    expect(within(pains).queryByDisplayValue('Late cancellations.')).toBeNull();
    expect(within(pains).getByRole('link', { name: 'source' }).getAttribute('href')).toBe(THREAD);
    fireEvent.change(within(pains).getByLabelText('Pains, worst first 2 (assumption)'), { target: { value: 'Endless phone tag.' } });
    // Ranked: the assumption moves above the cited pain; a new one is an assumption.
    fireEvent.click(within(pains).getByRole('button', { name: 'Move up “Endless phone tag.”' }));
    fireEvent.change(within(pains).getByLabelText('A new assumption for pains, worst first'), { target: { value: 'Patients forget to cancel.' } });
    fireEvent.click(within(pains).getByRole('button', { name: 'Add as an assumption' }));
    // A quote can be removed, never written.
    const quotes = within(form).getByRole('group', { name: 'Quotes' });
    expect(within(quotes).queryByRole('textbox')).toBeNull();
    fireEvent.click(within(quotes).getByRole('button', { name: 'Remove “Every empty chair is money we never get back”' }));

    save();
    await vi.waitFor(() => expect(changes).toHaveLength(1));
    const change = updated(changes);
    expect(change).toMatchObject({ id: 'p1', baseVersion: 1, content: { kind: 'persona', title: 'Dana W. Okafor' } });
    const persona = (change.content as typeof PERSONA).persona;
    expect(persona).toMatchObject({
      role: 'Office manager',
      age: 39,
      situation: 'Runs the front desk alone.',
      earlyAdopter: 'Clinics that already text patients.',
      confidence: 'low',
      quotes: [],
    });
    expect(persona.jobs.social).toEqual(['Look on top of it', 'Be the one who fixed it']);
    expect(persona.usesToday).toEqual(['A paper waiting list', 'Her own phone']);
    expect(persona.pains).toEqual([
      { text: 'Endless phone tag.', source: 'assumption' },
      { text: 'Late cancellations.', source: THREAD },
      { text: 'Patients forget to cancel.', source: 'assumption' },
    ]);
    // Untouched evidence goes back as it was.
    expect(persona.reachAt).toEqual(PERSONA.persona.reachAt);
    expect(persona.avatarUrl).toBe(PERSONA.persona.avatarUrl);
  });

  it('names the field of a job story in the wrong form and sends nothing, then shows the refusal of an invented citation', async () => {
    const refusal =
      "Only the co-founder's tools add cited evidence, which they check: the quote “x” from https://invented.example/ is not in this entry. Delete it, or write it as a claim labelled 'assumption'.";
    const { changes, form, type, save } = editing(PERSONA, [
      { type: 'request_result', requestId: 'r', ok: false, reason: 'invalid', error: refusal, current: null },
    ]);
    type(/^Job stories/, 'Clinics want fewer cancellations.');
    save();
    expect(within(form).getByRole('alert').textContent).toBe('Job stories: A job story reads "When …, I want to …, so I can …"');
    expect(changes).toHaveLength(0);
    type(/^Job stories/, 'When a slot opens, I want to fill it in a minute, so I can stop calling.');
    save();
    await vi.waitFor(() => expect(within(form).getByRole('alert').textContent).toBe(refusal));
    expect(changes).toHaveLength(1);
    // The form stays open with what the member wrote.
    expect((within(form).getByLabelText(/^Job stories/) as HTMLTextAreaElement).value).toBe(
      'When a slot opens, I want to fill it in a minute, so I can stop calling.',
    );
  });
});

describe('editing phase 3', () => {
  it("the map: gap titles and descriptions, axes labels and positions; the gap's cited evidence stays as read", async () => {
    const { changes, form, type, save } = editing(LANDSCAPE, []);
    type('Gap title', 'Nobody refills slots for them');
    type('Description', 'Every slot is refilled by phone.');
    const horizontal = within(form).getByRole('group', { name: 'Horizontal axis' });
    fireEvent.change(within(horizontal).getByLabelText('Axis label'), { target: { value: 'Time to set up' } });
    fireEvent.change(within(horizontal).getByLabelText('Low end'), { target: { value: 'minutes' } });
    const positions = within(form).getByRole('group', { name: 'Positions, from 0 to 10' });
    fireEvent.change(within(positions).getAllByLabelText('Automation')[1]!, { target: { value: '8.5' } });
    const evidence = within(form).getByRole('group', { name: 'Evidence' });
    expect(within(evidence).getByText(/Seen on its page\./)).toBeTruthy();
    expect(within(evidence).queryByDisplayValue('Seen on its page.')).toBeNull();
    save();
    await vi.waitFor(() => expect(changes).toHaveLength(1));
    const landscape = (updated(changes).content as typeof LANDSCAPE).landscape;
    expect(landscape.gaps[0]).toEqual({
      ...LANDSCAPE.landscape.gaps[0],
      title: 'Nobody refills slots for them',
      description: 'Every slot is refilled by phone.',
    });
    expect(landscape.axes.x).toEqual({ label: 'Time to set up', low: 'minutes', high: 'weeks' });
    expect(landscape.placements[1]).toEqual({ name: 'Our idea', isIdea: true, x: 2, y: 8.5 });
  });

  it('a competitor: its name, kind and audience, a quoted price removed, a weakness added as an assumption', async () => {
    const { changes, form, field, type, save } = editing(COMPETITOR, []);
    type('Name', 'SlotFill Pro');
    fireEvent.change(field('Kind'), { target: { value: 'indirect' } });
    type('For whom', 'Hospital schedulers.');
    fireEvent.click(within(form).getByRole('button', { name: 'Remove the quoted price' }));
    const weaknesses = within(form).getByRole('group', { name: 'Weaknesses' });
    fireEvent.change(within(weaknesses).getByLabelText('A new assumption for weaknesses'), { target: { value: 'Too big for small clinics.' } });
    fireEvent.click(within(weaknesses).getByRole('button', { name: 'Add as an assumption' }));
    save();
    await vi.waitFor(() => expect(changes).toHaveLength(1));
    const content = updated(changes).content as typeof COMPETITOR;
    expect(content.title).toBe('SlotFill Pro');
    expect(content.competitor).toEqual({
      ...COMPETITOR.competitor,
      category: 'indirect',
      forWhom: 'Hospital schedulers.',
      pricing: { status: 'not_found' },
      weaknesses: [...COMPETITOR.competitor.weaknesses, { text: 'Too big for small clinics.', source: 'assumption' }],
    });
  });
});
