import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GetProButton } from '../../app/components/GetProButton';
import { checkoutNavigation, hasQueuedPurchase, queueProPurchase } from '../../app/lib/get-pro';
import { readSetting, writeJsonSetting } from '../../app/lib/local-settings';
import { Component as AppLayout } from '../../app/pages/app/AppLayout';
import { Component as ProWelcome } from '../../app/pages/app/ProWelcome';
import { Component as TestCheckout } from '../../app/pages/app/TestCheckout';
import { Component as SignUp } from '../../app/pages/auth/SignUp';
import { Component as Pricing } from '../../app/pages/marketing/Pricing';
import { fakeApi, json } from './fake-api';
import { currentUrl, landingPages, renderPage } from './render-page';

const USER = { id: 'u1', email: 'ada@example.com', name: null, privacyMode: false, subscribed: true, plan: 'free' };
const SESSION = 'cs_test_abc123';
const STRIPE_URL = 'https://checkout.stripe.com/c/pay/cs_test_abc123';

let goTo: ReturnType<typeof vi.fn<(url: string) => void>>;
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  goTo = vi.fn<(url: string) => void>();
  vi.spyOn(checkoutNavigation, 'go').mockImplementation(goTo);
  window.localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const signedIn = (user = USER) => ({ 'GET /api/auth/check-auth': () => json(200, { user }), 'GET /api/auth/session': () => json(200, { user }) });
const proCard = () => screen.getByRole('heading', { level: 2, name: 'Pro' }).closest('li')!;

describe('Get Pro on the pricing page', () => {
  const routes = [{ path: '/pricing', Component: Pricing }, { path: '/signup', Component: () => <p>Sign-up</p> }, ...landingPages('/dashboard')];

  it('signed in: goes to the Checkout the server created, once, and stays busy until it leaves', async () => {
    const server = fakeApi({ ...signedIn(), 'POST /api/billing/checkout': () => json(200, { kind: 'redirect', url: STRIPE_URL }) });
    renderPage(routes, '/pricing');
    const button = await within(proCard()).findByRole('button', { name: 'Get Pro' });
    fireEvent.click(button);
    await waitFor(() => expect(goTo).toHaveBeenCalledWith(STRIPE_URL));
    expect(button.matches(':disabled')).toBe(true);
    expect(server.calls('POST /api/billing/checkout')).toHaveLength(1);
  });

  it('signed in: a checkout that cannot open says so, and can be tried again', async () => {
    const error = 'Payments are not available right now. Nothing was charged; please try again in a few minutes.';
    const server = fakeApi({ ...signedIn(), 'POST /api/billing/checkout': () => json(502, { error }) });
    renderPage(routes, '/pricing');
    fireEvent.click(await within(proCard()).findByRole('button', { name: 'Get Pro' }));
    expect((await within(proCard()).findByRole('alert')).textContent).toBe(error);
    const again = within(proCard()).getByRole('button', { name: 'Get Pro' });
    expect(again.matches(':disabled')).toBe(false);
    server.on('POST /api/billing/checkout', () => json(200, { kind: 'redirect', url: STRIPE_URL }));
    fireEvent.click(again);
    await waitFor(() => expect(goTo).toHaveBeenCalledWith(STRIPE_URL));
  });

  it('signed in with Pro in another tab: says so, charges nothing', async () => {
    fakeApi({ ...signedIn(), 'POST /api/billing/checkout': () => json(409, { error: 'You already have Pro: there is nothing more to buy.' }) });
    renderPage(routes, '/pricing');
    fireEvent.click(await within(proCard()).findByRole('button', { name: 'Get Pro' }));
    expect((await within(proCard()).findByRole('status')).textContent).toBe('You have Pro.');
    expect(goTo).not.toHaveBeenCalled();
  });

  it('signed out: remembers the wish and goes to sign-up', async () => {
    fakeApi({ 'GET /api/auth/session': () => json(200, { user: null }) });
    const router = renderPage(routes, '/pricing');
    const link = await within(proCard()).findByRole('link', { name: /Get Pro/ });
    expect(hasQueuedPurchase()).toBe(false);
    fireEvent.click(link);
    await waitFor(() => expect(currentUrl(router)).toBe('/signup?next=pro'));
    expect(hasQueuedPurchase()).toBe(true);
  });

  it('signed out before the page is hydrated: the sign-up page itself remembers the wish', async () => {
    fakeApi({ 'GET /api/auth/session': () => json(200, { user: null }) });
    renderPage([{ path: '/signup', Component: SignUp }], '/signup?next=pro');
    expect(await screen.findByRole('link', { name: 'Sign up with email' })).toBeTruthy();
    await waitFor(() => expect(hasQueuedPurchase()).toBe(true));
  });
});

describe('a Get Pro followed by a founder who is signed in, before the pricing page was hydrated', () => {
  const routes = [
    { path: '/signup', Component: SignUp },
    { Component: AppLayout, children: [{ path: '/dashboard', Component: () => <p>Dashboard</p> }] },
    ...landingPages('/signin'),
  ];

  it('goes from the sign-up page on to Checkout, once', async () => {
    const server = fakeApi({ ...signedIn(), 'POST /api/billing/checkout': () => json(200, { kind: 'redirect', url: STRIPE_URL }) });
    const router = renderPage(routes, '/signup?next=pro', { strict: true });
    await waitFor(() => expect(goTo).toHaveBeenCalledWith(STRIPE_URL));
    expect(currentUrl(router)).toBe('/dashboard');
    expect(server.calls('POST /api/billing/checkout')).toHaveLength(1);
    expect(server.calls('POST /api/auth/sign-up')).toHaveLength(0);
  });

  it('without ?next=, goes from the sign-up page to the dashboard', async () => {
    const server = fakeApi(signedIn());
    const router = renderPage(routes, '/signup');
    expect(await screen.findByText('Dashboard')).toBeTruthy();
    expect(currentUrl(router)).toBe('/dashboard');
    expect(server.calls('POST /api/billing/checkout')).toHaveLength(0);
  });
});

describe('a Get Pro pressed before signing in', () => {
  const routes = [{ Component: AppLayout, children: [{ path: '/onboarding', Component: () => <p>Onboarding</p> }] }, ...landingPages('/signin')];

  it('opens Checkout on the first signed-in screen (after e-mail verification or Google), once', async () => {
    queueProPurchase();
    const server = fakeApi({ ...signedIn(), 'POST /api/billing/checkout': () => json(200, { kind: 'redirect', url: STRIPE_URL }) });
    renderPage(routes, '/onboarding', { strict: true });
    await waitFor(() => expect(goTo).toHaveBeenCalledWith(STRIPE_URL));
    expect(server.calls('POST /api/billing/checkout')).toHaveLength(1);
    expect(readSetting('proPurchase')).toBeNull();
    // The screen underneath does not flash while the browser leaves.
    expect(screen.queryByText('Onboarding')).toBeNull();
  });

  it('is forgotten after a day', async () => {
    writeJsonSetting('proPurchase', { queuedAt: Date.now() - 25 * 60 * 60 * 1000 });
    const server = fakeApi(signedIn());
    renderPage(routes, '/onboarding');
    expect(await screen.findByText('Onboarding')).toBeTruthy();
    expect(server.calls('POST /api/billing/checkout')).toHaveLength(0);
  });

  it('shows the server’s message when Checkout cannot open, and the screen', async () => {
    queueProPurchase();
    fakeApi({ ...signedIn(), 'POST /api/billing/checkout': () => json(502, { error: 'Payments are not available right now.' }) });
    renderPage(routes, '/onboarding');
    expect(await screen.findByText('Onboarding')).toBeTruthy();
    expect(await screen.findByText('Payments are not available right now.')).toBeTruthy();
  });
});

describe('the return from Checkout', () => {
  const routes = [{ Component: AppLayout, children: [{ path: '/pro/welcome', Component: ProWelcome }] }, ...landingPages('/signin')];

  it('confirms the payment until the webhook has recorded it, then says what Pro unlocks; it grants nothing itself', async () => {
    let recorded = false;
    const server = fakeApi({
      ...signedIn(),
      [`GET /api/billing/checkout/${SESSION}`]: () =>
        json(200, recorded ? { recorded: true, status: 'paid', plan: 'pro' } : { recorded: false, status: null, plan: 'free' }),
    });
    renderPage(routes, `/pro/welcome?session_id=${SESSION}`);
    expect(await screen.findByRole('heading', { name: /Confirming your payment…/ })).toBeTruthy();
    await waitFor(() => expect(server.calls(`GET /api/billing/checkout/${SESSION}`).length).toBeGreaterThan(0));
    expect(screen.queryByRole('heading', { name: 'You have Pro' })).toBeNull();
    recorded = true;
    expect(await screen.findByRole('heading', { name: 'You have Pro' }, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText('5 projects of your own')).toBeTruthy();
    expect(screen.getByText(/Stripe e-mails your receipt and invoice to ada@example.com/)).toBeTruthy();
    expect(server.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('after the local test checkout, says no receipt or invoice comes, and promises no e-mail from Stripe', async () => {
    const session = 'cs_local_0f1e2d3c';
    fakeApi({ ...signedIn(), [`GET /api/billing/checkout/${session}`]: () => json(200, { recorded: true, status: 'paid', plan: 'pro' }) });
    renderPage(routes, `/pro/welcome?session_id=${session}`);
    expect(await screen.findByRole('heading', { name: 'You have Pro' })).toBeTruthy();
    const card = screen.getByRole('heading', { name: 'You have Pro' }).closest('section')!;
    expect(card.textContent).toContain('This was a test checkout: no money moved, so no receipt or invoice is sent.');
    expect(card.textContent).not.toMatch(/Stripe/);
  });

  it('says so when the payment was refunded or failed', async () => {
    fakeApi({ ...signedIn(), [`GET /api/billing/checkout/${SESSION}`]: () => json(200, { recorded: true, status: 'failed', plan: 'free' }) });
    renderPage(routes, `/pro/welcome?session_id=${SESSION}`);
    expect(await screen.findByRole('heading', { name: 'The payment did not go through' })).toBeTruthy();
    expect(screen.getByText(/Your bank declined the payment/)).toBeTruthy();
  });

  it('for a payment that came after the one that gave Pro: says it is refunded and Pro stays', async () => {
    fakeApi({ ...signedIn(), [`GET /api/billing/checkout/${SESSION}`]: () => json(200, { recorded: true, status: 'duplicate_refunded', plan: 'pro' }) });
    renderPage(routes, `/pro/welcome?session_id=${SESSION}`);
    expect(await screen.findByRole('heading', { name: 'You already had Pro' })).toBeTruthy();
    expect(screen.getByText(/so it is refunded in full/).textContent).toContain('Your Pro plan stays as it is.');
    expect(screen.queryByRole('heading', { name: 'The payment did not go through' })).toBeNull();
  });

  it('asks nothing for a malformed session id', async () => {
    const server = fakeApi(signedIn());
    renderPage(routes, '/pro/welcome?session_id=<script>');
    expect(await screen.findByRole('heading', { name: 'We do not know this checkout' })).toBeTruthy();
    expect(server.requests.filter((r) => r.path.startsWith('/api/billing'))).toEqual([]);
  });
});

describe('the local test checkout', () => {
  const routes = [
    { Component: AppLayout, children: [{ path: '/pro/test-checkout', Component: TestCheckout }, ...landingPages('/pro/welcome')] },
    ...landingPages('/signin', '/pricing'),
  ];

  it('is labelled, pays through the API and goes to the return page; Cancel goes back to pricing', async () => {
    const server = fakeApi({ ...signedIn(), 'POST /api/billing/test-checkout': () => json(200, { url: '/pro/welcome?session_id=cs_local_1' }) });
    const router = renderPage(routes, '/pro/test-checkout?session_id=cs_local_1');
    expect(await screen.findByText('Test checkout — no money moves')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe('/pricing?checkout=cancelled');
    fireEvent.click(screen.getByRole('button', { name: 'Pay $149.00 (test)' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/pro/welcome?session_id=cs_local_1'));
    expect(server.calls('POST /api/billing/test-checkout')[0]!.body).toEqual({ sessionId: 'cs_local_1' });
  });
});

describe('GetProButton', () => {
  it('for a founder with Pro is a plain statement', async () => {
    fakeApi();
    renderPage([{ path: '/', Component: () => <GetProButton user={{ ...USER, plan: 'pro' } as never} /> }], '/');
    expect((await screen.findByRole('status')).textContent).toBe('You have Pro.');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
