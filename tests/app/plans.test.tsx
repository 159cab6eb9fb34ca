import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PHASES, PHASES_AVAILABLE_NOW, phaseRange } from '../../app/content/phases';
import { Component as AppLayout } from '../../app/pages/app/AppLayout';
import { Component as Dashboard } from '../../app/pages/app/Dashboard';
import { Component as SignIn } from '../../app/pages/auth/SignIn';
import { Component as Pricing } from '../../app/pages/marketing/Pricing';
import { fakeApi, json } from './fake-api';
import { currentUrl, landingPages, renderPage } from './render-page';

const USER = { id: 'u1', email: 'ada@example.com', name: null, privacyMode: false, subscribed: true, plan: 'free' };
const OWN = { id: 'p1', name: 'Bakery tools', role: 'owner', createdAt: Date.UTC(2026, 2, 4), phasesDone: [], unlockedPhases: [1, 2] };
const SHARED = { id: 'p0', name: 'Their idea', role: 'collaborator', createdAt: Date.UTC(2026, 2, 1), phasesDone: [], unlockedPhases: [1, 2] };
const LIMIT = 'The Free plan includes 1 project of your own. Pro includes 5; projects others share with you never count.';

const dashboardRoutes = [{ Component: AppLayout, children: [{ path: '/dashboard', Component: Dashboard }] }, ...landingPages('/signin', '/pricing')];

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the plan limit in the dashboard', () => {
  it('explains the limit and links to /pricing instead of a form when the Free project is used', async () => {
    const server = fakeApi({ 'GET /api/auth/check-auth': () => json(200, { user: USER }), 'GET /api/project': () => json(200, { projects: [OWN, SHARED] }) });
    renderPage(dashboardRoutes, '/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'New project' }));
    const notice = screen.getByText(LIMIT).closest<HTMLElement>('[role="status"]')!;
    expect(within(notice).getByRole('link', { name: 'See Pro pricing' }).getAttribute('href')).toBe('/pricing');
    expect(within(notice).getByRole('button', { name: 'Get Pro' })).toBeTruthy();
    expect(screen.queryByLabelText('Project name')).toBeNull();
    expect(server.calls('POST /api/project')).toHaveLength(0);
  });

  it("offers the form when only others' projects are listed, and explains a 403 from the server", async () => {
    fakeApi({
      'GET /api/auth/check-auth': () => json(200, { user: USER }),
      'GET /api/project': () => json(200, { projects: [SHARED] }),
      'POST /api/project': () => json(403, { error: LIMIT, upgrade: '/pricing' }),
    });
    renderPage(dashboardRoutes, '/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'New project' }));
    fireEvent.change(screen.getByLabelText('Project name'), { target: { value: 'Second idea' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create project' }));
    const notice = (await screen.findByText(LIMIT)).closest<HTMLElement>('[role="status"]')!;
    expect(within(notice).getByRole('link', { name: 'See Pro pricing' }).getAttribute('href')).toBe('/pricing');
    expect(screen.queryByLabelText('Project name')).toBeNull();
  });
});

describe('deleting a project', () => {
  it('is offered to the owner only, and needs the typed name', async () => {
    const server = fakeApi({
      'GET /api/auth/check-auth': () => json(200, { user: USER }),
      'GET /api/project': () => json(200, { projects: [OWN, SHARED] }),
      'DELETE /api/project/p1': () => json(200, { deleted: true }),
      'GET /api/research/projects/p1/pages': () => json(200, { pages: [] }),
      'GET /api/research/projects/p0/pages': () => json(200, { pages: [] }),
    });
    const router = renderPage(dashboardRoutes, '/dashboard?projectId=p0');
    const shared = await screen.findByRole('region', { name: 'Their idea' });
    expect(within(shared).queryByRole('button', { name: 'Delete' })).toBeNull();

    await router.navigate('/dashboard?projectId=p1');
    const own = await screen.findByRole('region', { name: 'Bakery tools' });
    fireEvent.click(within(own).getByRole('button', { name: 'Delete' }));
    const confirm = within(own).getByRole('button', { name: 'Delete project' });
    expect(confirm.matches(':disabled')).toBe(true);
    fireEvent.change(within(own).getByLabelText('Type Bakery tools to confirm'), { target: { value: 'Bakery' } });
    expect(confirm.matches(':disabled')).toBe(true);
    fireEvent.change(within(own).getByLabelText('Type Bakery tools to confirm'), { target: { value: 'Bakery tools' } });
    fireEvent.click(confirm);
    expect(await screen.findByText('Bakery tools was deleted.')).toBeTruthy();
    expect(server.calls('DELETE /api/project/p1')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Bakery tools' })).toBeNull());
    expect(currentUrl(router)).toBe('/dashboard');
  });
});

describe('/signin?newProject=true at the limit', () => {
  it('opens the dashboard and says why no project was made', async () => {
    fakeApi({
      'GET /api/auth/check-auth': () => json(200, { user: USER }),
      'POST /api/project': () => json(403, { error: LIMIT, upgrade: '/pricing' }),
    });
    const router = renderPage([{ path: '/signin', Component: SignIn }, ...landingPages('/dashboard')], '/signin?newProject=true');
    expect(await screen.findByText('Landed on /dashboard')).toBeTruthy();
    expect(currentUrl(router)).toBe('/dashboard');
    expect(screen.getByText(LIMIT)).toBeTruthy();
  });
});

describe('the pricing page', () => {
  const pricingRoutes = [{ path: '/pricing', Component: Pricing }, ...landingPages('/signup', '/dashboard')];
  const proCard = () => screen.getByRole('heading', { level: 2, name: 'Pro' }).closest('li')!;

  it('signed out: both plans start at sign-up', async () => {
    fakeApi({ 'GET /api/auth/session': () => json(200, { user: null }) });
    renderPage(pricingRoutes, '/pricing');
    await waitFor(() =>
      expect(
        within(proCard())
          .getByRole('link', { name: /Get Pro/ })
          .getAttribute('href'),
      ).toBe('/signup?next=pro'),
    );
  });

  it('signed in where payments are not open: Get Pro records the interest and says Pro is coming, with no sign-up form', async () => {
    const server = fakeApi({
      'GET /api/auth/session': () => json(200, { user: USER }),
      'POST /api/billing/checkout': () => json(200, { kind: 'interest', email: USER.email }),
    });
    renderPage(pricingRoutes, '/pricing');
    const getPro = await within(proCard()).findByRole('button', { name: /Get Pro/ });
    expect(within(proCard()).queryByRole('link', { name: /Get Pro/ })).toBeNull();
    fireEvent.click(getPro);
    const noted = await within(proCard()).findByRole('status');
    expect(noted.textContent).toBe('Pro is coming soon. You are on the list: we will e-mail ada@example.com as soon as Pro opens.');
    expect(server.calls('POST /api/billing/checkout')).toHaveLength(1);
    const free = screen.getByRole('heading', { level: 2, name: 'Free' }).closest('li')!;
    expect(within(free).getByText('This is your plan.')).toBeTruthy();
    expect(within(free).getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByRole('link', { name: /Start for free|Get Pro/ })).toBeNull();
  });

  it('marks each feature whose phase is not built yet as Coming soon, and says which phases work today', async () => {
    fakeApi({ 'GET /api/auth/session': () => json(200, { user: null }) });
    renderPage(pricingRoutes, '/pricing');
    await waitFor(() => expect(proCard()).toBeTruthy());
    const coming = [...proCard().querySelectorAll('.pricing-card__feature--coming')].map((item) => item.textContent);
    expect(coming).toEqual(
      PHASES.some((phase) => !phase.built)
        ? ['Solution shapingComing soon', 'Build planningComing soon', 'Launch and marketing helpComing soon'].filter((_, n) => !PHASES[4 + n]!.built)
        : [],
    );
    expect(within(proCard()).getByText('Competitor and gap research').closest('li')!.className).not.toContain('coming');
    if (PHASES_AVAILABLE_NOW) expect(within(proCard()).getByText(PHASES_AVAILABLE_NOW)).toBeTruthy();
  });

  it('after a cancelled checkout: says nothing was charged', async () => {
    fakeApi({ 'GET /api/auth/session': () => json(200, { user: USER }) });
    renderPage(pricingRoutes, '/pricing?checkout=cancelled');
    expect((await screen.findByText(/Checkout was cancelled/)).textContent).toBe('Checkout was cancelled. Nothing was charged, and your plan is as it was.');
  });

  it("signed in: never 'Start with 2 free phases' to a founder who has started", async () => {
    fakeApi({
      'GET /api/auth/session': () => json(200, { user: USER }),
      'GET /api/user/pro-interest': () => json(200, { interested: false, email: null }),
    });
    renderPage(pricingRoutes, '/pricing');
    await screen.findByText('This is your plan.');
    await waitFor(() => expect(screen.getByText(/You are on the Free plan\./)).toBeTruthy());
    expect(screen.queryByText(/Start with 2 free phases|Start free with the first 2 phases/)).toBeNull();
    const closing = screen.getByRole('region', { name: 'Pick up where you left off' });
    expect(within(closing).getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it('signed out: the invitation to start stays', async () => {
    fakeApi({ 'GET /api/auth/session': () => json(200, { user: null }) });
    renderPage(pricingRoutes, '/pricing');
    await waitFor(() => expect(within(proCard()).getByRole('link', { name: /Get Pro/ })).toBeTruthy());
    expect(screen.getByText('Start free with the first 2 phases. Go Pro once, for life.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start with 2 free phases' }).getAttribute('href')).toBe('/signup');
  });

  it('signed in with Pro: no Get Pro at all', async () => {
    fakeApi({ 'GET /api/auth/session': () => json(200, { user: { ...USER, plan: 'pro' } }) });
    renderPage(pricingRoutes, '/pricing');
    expect(await within(proCard()).findByText('This is your plan.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Get Pro/ })).toBeNull();
  });
});

describe('phases as people say them', () => {
  it('joins consecutive numbers into ranges', () => {
    expect(phaseRange([5])).toBe('phase 5');
    expect(phaseRange([3, 4])).toBe('phases 3 and 4');
    expect(phaseRange([8, 5, 6, 7])).toBe('phases 5 to 8');
    expect(phaseRange([1, 2, 4, 6, 7, 8])).toBe('phases 1, 2, 4 and 6 to 8');
  });

  it('says today what Pro opens, from the registry', () => {
    // Phases 1 to 4 are built as this is written; the sentences follow the registry as more are.
    const built = PHASES.filter((phase) => phase.built).map((phase) => phase.number);
    if (built.length < PHASES.length)
      expect(PHASES_AVAILABLE_NOW).toBe(
        `Available now: ${phaseRange(built)}. ${phaseRange(PHASES.filter((phase) => !phase.built).map((phase) => phase.number)).replace(/^p/, 'P')} are coming soon, and included in Pro when they are ready.`,
      );
    else expect(PHASES_AVAILABLE_NOW).toBeNull();
  });
});
