/**
 * The workspace's side panels and its door: the memory panel's edits (saved, refused as stale
 * with the other version shown and nothing lost, deleted meanwhile, invalid), the phases with
 * the locked ones leading to pricing, and the not-found page for anyone not in the project.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '#contracts/auth';
import type { MemoryEntry } from '#contracts/workspace';
import { registerPhase } from '#contracts/phases/registry';
import { listedPhases } from '../../app/content/phases';
import { Component as AppLayout } from '../../app/pages/app/AppLayout';
import { DELETED_WHILE_EDITING, MemoryPanel, STALE_EDIT } from '../../app/pages/app/workspace/MemoryPanel';
import { PhasesPanel } from '../../app/pages/app/workspace/PhasesPanel';
import { Component as Workspace } from '../../app/pages/app/workspace/Workspace';
import type { MemoryResult } from '../../app/pages/app/workspace/use-workspace';
import { fakeApi, json } from './fake-api';
import { renderPage } from './render-page';

const AT = Date.UTC(2026, 10, 23, 9, 30);
const FOUNDER: CurrentUser = { id: 'u1', email: 'ada@example.com', name: null, privacyMode: false, subscribed: true, plan: 'free' };
const NOTE: MemoryEntry = {
  id: 'e1',
  kind: 'assumption',
  title: 'Clinics pay for tools',
  body: 'Practice managers have a software budget.',
  author: { kind: 'cofounder' },
  updatedAt: AT,
  version: 3,
};
const IDEA: MemoryEntry = {
  id: 'e2',
  kind: 'chosen_idea',
  title: 'Booking assistant for dental clinics',
  idea: {
    problem: 'Cancelled slots stay empty.',
    whoHasIt: 'Practice managers of small clinics.',
    proposedSolution: 'Fill cancelled slots from a waiting list automatically.',
    whyNow: 'Patients expect to book by text.',
    riskiestAssumption: 'Patients answer texts within the hour.',
    openQuestions: ['How many cancellations a week?'],
  },
  author: { kind: 'member', userId: 'u2', name: 'Grace Hopper' },
  updatedAt: AT,
  version: 1,
};

type Change = Parameters<Parameters<typeof MemoryPanel>[0]['changeMemory']>[0];

function memoryPanel(entries: MemoryEntry[], answers: MemoryResult[]) {
  const changes: Change[] = [];
  const changeMemory = vi.fn(async (change: Change) => {
    changes.push(change);
    const next = answers.shift();
    if (!next) throw new Error('No answer scripted for this change');
    return next;
  });
  const view = render(<MemoryPanel entries={entries} changeMemory={changeMemory} />);
  return { changes, view, changeMemory };
}

const ok = (entry: MemoryEntry | null): MemoryResult => ({ type: 'request_result', requestId: 'r', ok: true, value: entry });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the memory panel', () => {
  it('shows typed entries, the chosen idea with its fields, and who wrote each and when', () => {
    memoryPanel([NOTE, IDEA], []);
    const entries = screen.getAllByRole('listitem').filter((item) => item.classList.contains('memory-entry'));
    // The chosen idea comes first.
    expect(entries[0]!.getAttribute('aria-label')).toBe('Chosen idea: Booking assistant for dental clinics');
    const idea = within(entries[0]!);
    expect(idea.getByText('Riskiest assumption').nextElementSibling!.textContent).toBe('Patients answer texts within the hour.');
    expect(idea.getByText('How many cancellations a week?')).toBeTruthy();
    expect(entries[0]!.textContent).toContain('Grace Hopper');
    expect(entries[1]!.textContent).toContain('AI co-founder');
    expect(entries[1]!.querySelector('time')!.getAttribute('datetime')).toBe(new Date(AT).toISOString());
  });

  it('shows HTML in an entry as text', () => {
    memoryPanel([{ ...NOTE, body: '<img src=x onerror="alert(1)">' }], []);
    expect(document.querySelector('.memory-panel img')).toBeNull();
    expect(screen.getByText('<img src=x onerror="alert(1)">')).toBeTruthy();
  });

  it('saves an edit with the version the editor saw', async () => {
    const { changes } = memoryPanel([NOTE], [ok({ ...NOTE, body: 'Most have one.', version: 4 })]);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Clinics pay for tools' }));
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: 'Most have one.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit Clinics pay for tools' })).toBeNull());
    expect(changes).toEqual([
      { type: 'memory_update', id: 'e1', baseVersion: 3, content: { kind: 'assumption', title: 'Clinics pay for tools', body: 'Most have one.' } },
    ]);
  });

  it('on a stale edit shows the other version, keeps the text, and the next save knowingly replaces it', async () => {
    const theirs = { ...NOTE, body: 'Only clinics with 3+ chairs.', author: { kind: 'member' as const, userId: 'u2', name: 'Grace Hopper' }, version: 5 };
    const { changes } = memoryPanel(
      [NOTE],
      [{ type: 'request_result', requestId: 'r', ok: false, reason: 'stale', error: 'Changed meanwhile.', current: theirs }, ok({ ...theirs, version: 6 })],
    );
    fireEvent.click(screen.getByRole('button', { name: 'Edit Clinics pay for tools' }));
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: 'Mine: most have one.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect((await screen.findByRole('alert')).textContent).toBe(STALE_EDIT);
    expect(within(screen.getByLabelText('Their version')).getByText('Only clinics with 3+ chairs.')).toBeTruthy();
    expect((screen.getByLabelText('Text') as HTMLTextAreaElement).value).toBe('Mine: most have one.');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(changes).toHaveLength(2));
    expect(changes[1]).toMatchObject({ type: 'memory_update', id: 'e1', baseVersion: 5, content: { body: 'Mine: most have one.' } });
  });

  it('when the entry was deleted meanwhile, keeps the text and adds it anew on the next save', async () => {
    const { changes } = memoryPanel(
      [NOTE],
      [{ type: 'request_result', requestId: 'r', ok: false, reason: 'not_found', error: 'Gone.', current: null }, ok({ ...NOTE, id: 'e9', version: 1 })],
    );
    fireEvent.click(screen.getByRole('button', { name: 'Edit Clinics pay for tools' }));
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Clinics pay' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(DELETED_WHILE_EDITING);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(changes).toHaveLength(2));
    expect(changes[1]).toEqual({ type: 'memory_create', content: { kind: 'assumption', title: 'Clinics pay', body: NOTE.body } });
  });

  it('refuses an empty title before asking the server', async () => {
    const { changeMemory } = memoryPanel([NOTE], []);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Clinics pay for tools' }));
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Title: Please write something');
    expect(changeMemory).not.toHaveBeenCalled();
  });

  it('edits the chosen idea field by field, open questions one per line', async () => {
    const { changes } = memoryPanel([IDEA], [ok(IDEA)]);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Booking assistant for dental clinics' }));
    fireEvent.change(screen.getByLabelText('Why now'), { target: { value: 'Texting is the norm.' } });
    fireEvent.change(screen.getByLabelText('Open questions (one per line)'), { target: { value: 'Q1\n\n Q2 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(changes).toHaveLength(1));
    expect(changes[0]).toEqual({
      type: 'memory_update',
      id: 'e2',
      baseVersion: 1,
      content: { kind: 'chosen_idea', title: IDEA.title, idea: { ...IDEA.idea, whyNow: 'Texting is the norm.', openQuestions: ['Q1', 'Q2'] } },
    });
  });

  it('adds an entry and deletes one', async () => {
    const { changes } = memoryPanel([NOTE], [ok({ ...NOTE, id: 'e3' }), ok(null)]);
    fireEvent.click(screen.getByRole('button', { name: 'Add an entry' }));
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'decision' } });
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Start with dentists' } });
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: 'They feel the pain most.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add an entry' })).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Delete Clinics pay for tools' }));
    // One click asks first; only the confirmation deletes.
    expect(changes).toHaveLength(1);
    const confirm = screen.getByRole('group', { name: 'Delete Clinics pay for tools?' });
    expect(confirm.textContent).toContain('Delete “Clinics pay for tools” for every member? It cannot be brought back.');
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(changes).toHaveLength(2));
    expect(changes).toEqual([
      { type: 'memory_create', content: { kind: 'decision', title: 'Start with dentists', body: 'They feel the pain most.' } },
      { type: 'memory_delete', id: 'e1', baseVersion: 3 },
    ]);
  });

  it('refuses to delete an entry someone changed a moment ago', async () => {
    memoryPanel([NOTE], [{ type: 'request_result', requestId: 'r', ok: false, reason: 'stale', error: 'Changed.', current: { ...NOTE, version: 4 } }]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Clinics pay for tools' }));
    fireEvent.click(within(screen.getByRole('group', { name: 'Delete Clinics pay for tools?' })).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Someone changed this entry just now');
  });

  it('keeps an entry when the confirmation is dismissed, and returns focus to its Delete button', async () => {
    const { changes } = memoryPanel([NOTE], []);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Clinics pay for tools' }));
    fireEvent.keyDown(screen.getByRole('button', { name: 'Keep it' }), { key: 'Escape' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete Clinics pay for tools' })));
    expect(changes).toEqual([]);
  });

  it('says that deleting the chosen idea of a done phase reopens it', () => {
    render(<MemoryPanel entries={[IDEA]} changeMemory={vi.fn()} phasesDone={[1]} />);
    fireEvent.click(screen.getByRole('button', { name: `Delete ${IDEA.title}` }));
    expect(screen.getByRole('group', { name: `Delete ${IDEA.title}?` }).textContent).toContain(
      'This reopens phase 1, "Find an idea": it will no longer be done.',
    );
  });
});

/** Every phase is built: a phase still to come is listed for these tests, so 'Coming soon' stays tested. */
const STILL_TO_COME = { number: 9, title: 'Scale', summary: 'Grow the team and the company.', free: false, artifacts: [], doneWhenAccepted: null };

describe('the phases panel', () => {
  let undo: () => void;
  beforeEach(() => {
    undo = registerPhase(STILL_TO_COME, {}, { built: false });
  });
  afterEach(() => undo());

  function renderPhases(phases: { done: number[]; current: number; unlocked: number[] }, answer: string | null = null) {
    const openPhase = vi.fn(async (_phase: number) => answer);
    const router = createMemoryRouter([{ path: '*', Component: () => <PhasesPanel phases={phases} openPhase={openPhase} user={FOUNDER} /> }]);
    render(<RouterProvider router={router} />);
    return { items: within(screen.getByRole('navigation', { name: 'Phases' })).getAllByRole('listitem'), openPhase };
  }

  it('on Free, marks the phase worked in, opens the other free one, and shows the locked ones with Get Pro', () => {
    const { items } = renderPhases({ done: [], current: 1, unlocked: [1, 2] });
    const PHASES = listedPhases();
    expect(items).toHaveLength(9);
    expect(PHASES.filter((phase) => !phase.built).map((phase) => phase.number)).toEqual([9]);
    expect(items[0]!.getAttribute('aria-current')).toBe('step');
    expect(items[0]!.textContent).toContain('Working here');
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    expect(items[1]!.getAttribute('aria-current')).toBeNull();
    expect(within(items[1]!).getByRole('button', { name: "Work on this: phase 2, Estimate the problem's scale and impact" })).toBeTruthy();
    for (const [index, item] of items.entries()) {
      const phase = PHASES[index]!;
      if (phase.free) continue;
      if (phase.built) {
        // The purchase itself (app/lib/get-pro.ts): Checkout for a signed-in founder.
        expect(within(item).getByRole('button', { name: 'Get Pro' })).toBeTruthy();
        expect(item.textContent).toContain('locked');
      } else {
        // A phase not built yet is sold by nothing.
        expect(item.textContent).toContain('Coming soon');
        expect(within(item).queryByRole('button')).toBeNull();
      }
      expect(within(item).queryByRole('button', { name: /^Work on/ })).toBeNull();
    }
  });

  it('reads every phase not built yet as Coming soon, on Free and on Pro, with nothing to buy', () => {
    const PHASES = listedPhases();
    for (const unlocked of [
      [1, 2],
      [1, 2, 3, 4, 5, 6, 7, 8],
    ]) {
      const { items } = renderPhases({ done: [], current: 1, unlocked });
      for (const [index, item] of items.entries()) {
        const comingSoon = !PHASES[index]!.built;
        expect(item.textContent!.includes('Coming soon')).toBe(comingSoon);
        if (comingSoon) expect(within(item).queryByRole('button')).toBeNull();
      }
      cleanup();
    }
  });

  it('goes back to an earlier phase, and shows what the server refused', async () => {
    const { items, openPhase } = renderPhases({ done: [1, 2], current: 2, unlocked: [1, 2] }, 'Phase 1 could not open.');
    expect(items[0]!.textContent).toContain('Done');
    fireEvent.click(within(items[0]!).getByRole('button', { name: 'Work on this: phase 1, Find an idea' }));
    expect(openPhase).toHaveBeenCalledWith(1);
    expect((await screen.findByRole('alert')).textContent).toBe('Phase 1 could not open.');
  });

  it('on Pro, has no Get Pro, and phases not built yet are not offered', () => {
    const { items } = renderPhases({ done: [1], current: 2, unlocked: [1, 2, 3, 4, 5, 6, 7, 8] });
    expect(screen.queryByRole('link', { name: 'Get Pro' })).toBeNull();
    expect(items[7]!.textContent).not.toContain('Coming soon');
    expect(items[8]!.textContent).toContain('Coming soon');
    expect(within(items[8]!).queryByRole('button')).toBeNull();
  });
});

describe('the workspace page', () => {
  const USER = { id: 'u1', email: 'ada@example.com', name: null, privacyMode: false, subscribed: true };
  beforeEach(() => localStorage.clear());

  it('is the not-found page for anyone who is not a member of the project', async () => {
    const server = fakeApi({
      'GET /api/auth/check-auth': () => json(200, { user: USER }),
      'GET /api/project': () => json(200, { projects: [{ id: 'p1', name: 'Mine', role: 'owner', createdAt: 1, unlockedPhases: [1, 2] }] }),
    });
    renderPage([{ Component: AppLayout, children: [{ path: '/app/projects/:projectId', Component: Workspace }] }], '/app/projects/someone-elses');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeTruthy();
    // Nothing else was asked: no connection to a project the user is not in.
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/auth/check-auth', 'GET /api/project']);
  });

  it('offers to try again when the project list cannot load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    fakeApi({
      'GET /api/auth/check-auth': () => json(200, { user: USER }),
      'GET /api/project': () => (fail ? json(500, { error: 'Something went wrong on our side. Please try again.' }) : json(200, { projects: [] })),
    });
    renderPage([{ Component: AppLayout, children: [{ path: '/app/projects/:projectId', Component: Workspace }] }], '/app/projects/p1');
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong on our side.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeTruthy();
  });
});
