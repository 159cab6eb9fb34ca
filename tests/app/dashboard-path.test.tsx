/**
 * The dashboard's phases of a project: each done phase says the day it was done; once every phase
 * is done, the project's whole path leads, all of them with their days; a phase still to come
 * keeps the whole path from showing.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PHASES, registerPhase } from '#contracts/phases/registry';
import { Component as AppLayout } from '../../app/pages/app/AppLayout';
import { Component as Dashboard } from '../../app/pages/app/Dashboard';
import { completionDay } from '../../app/pages/app/PhaseList';
import { fakeApi, json } from './fake-api';
import { landingPages, renderPage } from './render-page';

const routes = [
  { Component: AppLayout, children: [{ path: '/dashboard', Component: Dashboard }] },
  ...landingPages('/signin', '/pricing', '/app/projects/:projectId'),
];
const USER = { id: 'u1', email: 'ada@example.com', name: null, privacyMode: false, subscribed: true, plan: 'pro' };
const at = (day: number) => Date.UTC(2026, 10, day, 12);

function showProject(
  phasesCompleted: { phase: number; completedAt: number }[],
  { unlockedPhases = PHASES.map((phase) => phase.number), role = 'owner', plan = 'pro' }: { unlockedPhases?: number[]; role?: string; plan?: string } = {},
) {
  const project = {
    id: 'p1',
    name: 'Clinic refills',
    role,
    createdAt: at(1),
    phasesDone: phasesCompleted.map((done) => done.phase),
    phasesCompleted,
    unlockedPhases,
  };
  fakeApi({ 'GET /api/auth/check-auth': () => json(200, { user: { ...USER, plan } }), 'GET /api/project': () => json(200, { projects: [project] }) });
  renderPage(routes, '/dashboard');
}

const phaseRows = () => within(screen.getByRole('heading', { level: 3, name: 'Phases' }).nextElementSibling as HTMLElement).getAllByRole('listitem');

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("a project's phases on the dashboard follow its owner's plan, as the workspace does", () => {
  it("shows every phase open, with no lock and nothing to buy, when the project's owner has Pro", async () => {
    showProject([{ phase: 3, completedAt: at(3) }]);
    await screen.findByRole('heading', { level: 2, name: 'Clinic refills' });
    const rows = phaseRows();
    expect(rows.map((row) => row.querySelector('.tag')!.textContent)).toEqual([
      'Free, open',
      'Free, open',
      'Done',
      'Open, open',
      'Open, open',
      'Open, open',
      'Open, open',
      'Open, open',
    ]);
    expect(rows.filter((row) => row.classList.contains('phase--locked'))).toEqual([]);
    expect(within(rows[5]!).getByRole('link').getAttribute('href')).toBe('/app/projects/p1');
    expect(screen.queryByRole('button', { name: 'Get Pro' })).toBeNull();
  });

  it('locks the Pro phases of a shared project whose owner is on Free, even for a member who has Pro, and says whose plan opens them', async () => {
    showProject([], { unlockedPhases: [1, 2], role: 'collaborator', plan: 'pro' });
    await screen.findByRole('heading', { level: 2, name: 'Clinic refills' });
    const rows = phaseRows();
    expect(rows[2]!.querySelector('.tag')!.textContent).toBe('Pro, locked');
    expect(rows[2]!.classList.contains('phase--locked')).toBe(true);
    expect(within(rows[2]!).getByRole('link').getAttribute('href')).toBe('/pricing');
    expect(screen.getByText(/The project's owner is on the Free plan: phases 3 to 8 open for every member once they have Pro\./).textContent).toContain(
      'Your own Pro opens the projects you own.',
    );
  });
});

describe("a project's path on the dashboard", () => {
  it('says the day each done phase was done, and shows no whole path while phases remain', async () => {
    showProject([
      { phase: 1, completedAt: at(3) },
      { phase: 2, completedAt: at(5) },
    ]);
    await screen.findByRole('heading', { level: 2, name: 'Clinic refills' });
    const rows = phaseRows();
    expect(rows[0]!.querySelector('.tag')!.textContent).toBe('Done');
    expect(rows[0]!.textContent).toContain(`Done on ${completionDay(at(3))}`);
    expect(rows[1]!.querySelector('time')!.getAttribute('dateTime')).toBe(new Date(at(5)).toISOString());
    expect(rows[2]!.textContent).not.toContain('Done on');
    expect(screen.queryByRole('region', { name: /The whole path/ })).toBeNull();
  });

  it('shows the whole path once every phase is done, each with its day', async () => {
    showProject(PHASES.map((phase) => ({ phase: phase.number, completedAt: at(phase.number * 2) })));
    const path = await screen.findByRole('region', { name: `The whole path: all ${PHASES.length} phases done` });
    const steps = within(path).getAllByRole('listitem');
    expect(steps).toHaveLength(8);
    expect(steps[0]!.textContent).toBe(`Phase 1: Find an idea done ${completionDay(at(2))}`);
    expect(steps[7]!.textContent).toBe(`Phase 8: Market and grow done ${completionDay(at(16))}`);
    expect(phaseRows().every((row) => row.querySelector('.tag')!.textContent === 'Done')).toBe(true);
  });

  it('keeps the whole path back while a phase is still to come', async () => {
    const undo = registerPhase(
      { number: 9, title: 'Scale', summary: 'Grow the team and the company.', free: false, artifacts: [], doneWhenAccepted: null },
      {},
      { built: false },
    );
    try {
      showProject(PHASES.filter((phase) => phase.number <= 8).map((phase) => ({ phase: phase.number, completedAt: at(phase.number) })));
      await screen.findByRole('heading', { level: 2, name: 'Clinic refills' });
      expect(screen.queryByRole('region', { name: /The whole path/ })).toBeNull();
      const rows = phaseRows();
      expect(rows).toHaveLength(9);
      expect(rows[8]!.querySelector('.tag')!.textContent).toBe('Coming soon');
      expect(within(rows[8]!).queryByRole('link')).toBeNull();
    } finally {
      undo();
    }
  });
});
