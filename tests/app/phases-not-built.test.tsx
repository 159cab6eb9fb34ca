import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as AppLayout } from '../../app/pages/app/AppLayout';
import { Component as Dashboard } from '../../app/pages/app/Dashboard';
import { Component as ProWelcome } from '../../app/pages/app/ProWelcome';
import { Component as Pricing } from '../../app/pages/marketing/Pricing';
import { fakeApi, json } from './fake-api';
import { landingPages, renderPage } from './render-page';

/**
 * The product as it was sold while phases 5 to 8 were still being built: the registry says which
 * phases are built, and every screen that sells or lists phases reads it (docs/decisions/0050).
 * Every phase is built now, so this file takes the registry back to that time; no copy is edited.
 */
vi.mock('#contracts/phases/registry', async (importOriginal) => {
  const registry = await importOriginal<typeof import('#contracts/phases/registry')>();
  return { ...registry, PHASES: registry.PHASES.map((phase) => (phase.number >= 5 ? { ...phase, built: false } : phase)) };
});

const USER = { id: 'u1', email: 'ada@example.com', name: null, privacyMode: false, subscribed: true, plan: 'free' };
const signedIn = (user = USER) => ({ 'GET /api/auth/check-auth': () => json(200, { user }), 'GET /api/auth/session': () => json(200, { user }) });
const AVAILABLE_NOW = 'Available now: phases 1 to 4. Phases 5 to 8 are coming soon, and included in Pro when they are ready.';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('phases not built yet', () => {
  it("on the pricing page: each of their features reads 'Coming soon', and the Pro card says which phases work today", async () => {
    fakeApi({ 'GET /api/auth/session': () => json(200, { user: null }) });
    renderPage([{ path: '/pricing', Component: Pricing }, ...landingPages('/signup', '/dashboard')], '/pricing');
    const pro = await waitFor(() => screen.getByRole('heading', { level: 2, name: 'Pro' }).closest('li')!);
    const coming = [...pro.querySelectorAll('.pricing-card__feature--coming')].map((item) => item.textContent);
    expect(coming).toEqual(['Solution shapingComing soon', 'Build planningComing soon', 'Launch and marketing helpComing soon']);
    expect(within(pro).getByText('Competitor and gap research').closest('li')!.className).not.toContain('coming');
    expect(within(pro).getByText(AVAILABLE_NOW)).toBeTruthy();
  });

  it("on the dashboard: 'Coming soon' links nowhere, and what Pro opens says which phases are to come", async () => {
    const project = { id: 'p1', name: 'Bakery tools', role: 'owner', createdAt: Date.UTC(2026, 2, 4), phasesCompleted: [], unlockedPhases: [1, 2] };
    fakeApi({ ...signedIn(), 'GET /api/project': () => json(200, { projects: [project] }) });
    renderPage([{ Component: AppLayout, children: [{ path: '/dashboard', Component: Dashboard }] }, ...landingPages('/signin', '/pricing')], '/dashboard');
    const phases = await screen.findByRole('heading', { level: 3, name: 'Phases' });
    const rows = [...phases.nextElementSibling!.querySelectorAll(':scope > li')];
    expect(rows.map((row) => row.querySelector('.tag')?.textContent)).toEqual([
      'Free, open',
      'Free, open',
      'Pro, locked',
      'Pro, locked',
      'Coming soon',
      'Coming soon',
      'Coming soon',
      'Coming soon',
    ]);
    for (const row of rows.slice(4)) expect(row.querySelector('a, button')).toBeNull();
    expect(screen.getByText(/Phases 3 and 4 come with Pro, and phases 5 to 8 as each is ready/)).toBeTruthy();
  });

  it('on the Pro welcome page: the phases Pro opens now, and those to come', async () => {
    fakeApi({
      ...signedIn({ ...USER, plan: 'pro' }),
      'GET /api/billing/checkout/cs_test_abc123': () => json(200, { recorded: true, status: 'paid', plan: 'pro' }),
    });
    renderPage(
      [{ Component: AppLayout, children: [{ path: '/pro/welcome', Component: ProWelcome }] }, ...landingPages('/signin')],
      '/pro/welcome?session_id=cs_test_abc123',
    );
    expect(await screen.findByRole('heading', { name: 'You have Pro' })).toBeTruthy();
    expect(screen.getByText('Phases 3 and 4 now; phases 5 to 8 are coming soon, and yours when each is ready')).toBeTruthy();
  });
});
