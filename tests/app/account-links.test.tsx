import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readJsonSetting, readSetting } from '../../app/lib/local-settings';
import { Component as ForgotPassword, RESET_LINK_SENT } from '../../app/pages/auth/ForgotPassword';
import { Component as Invite } from '../../app/pages/auth/Invite';
import { Component as Unsubscribe } from '../../app/pages/auth/Unsubscribe';
import { fakeApi, json } from './fake-api';
import { currentUrl, landingPages, renderPage } from './render-page';

const USER = { id: 'u1', email: 'ada@example.com', name: null, privacyMode: false, subscribed: true };

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/invite/{token}', () => {
  const routes = [{ path: '/invite/:token', Component: Invite }, ...landingPages('/dashboard', '/signup')];

  it('keeps the token as a pending invitation and opens the dashboard when signed in', async () => {
    fakeApi({ 'GET /api/auth/check-auth': () => json(200, { user: USER }) });
    const router = renderPage(routes, '/invite/inv-1');
    expect(screen.getByRole('heading', { level: 1, name: 'Joining the project' })).toBeTruthy();
    expect(await screen.findByText('Landed on /dashboard')).toBeTruthy();
    expect(readSetting('pendingInvitation')).toBe('inv-1');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('keeps the proof the e-mailed link carries with its token, and drops a proof kept for an earlier link', async () => {
    fakeApi({ 'GET /api/auth/check-auth': () => json(401, { error: 'Please sign in to continue.' }), 'POST /api/auth/refresh': () => json(401, {}) });
    renderPage(routes, '/invite/inv-4?proof=pr-4');
    expect(await screen.findByText('Landed on /signup')).toBeTruthy();
    expect(readJsonSetting('invitationProof')).toEqual({ token: 'inv-4', proof: 'pr-4' });
    cleanup();
    renderPage(routes, '/invite/inv-5');
    expect(await screen.findByText('Landed on /signup')).toBeTruthy();
    expect(readSetting('pendingInvitation')).toBe('inv-5');
    expect(readSetting('invitationProof')).toBeNull();
  });

  it('refreshes an expired session once before deciding', async () => {
    let signedIn = false;
    const server = fakeApi({
      'GET /api/auth/check-auth': () => (signedIn ? json(200, { user: USER }) : json(401, { error: 'Please sign in to continue.' })),
      'POST /api/auth/refresh': () => {
        signedIn = true;
        return json(200, { refreshed: true });
      },
    });
    renderPage(routes, '/invite/inv-2');
    expect(await screen.findByText('Landed on /dashboard')).toBeTruthy();
    expect(server.calls('POST /api/auth/refresh')).toHaveLength(1);
  });

  it('sends a visitor who is not signed in to sign up, keeping the invitation', async () => {
    fakeApi({
      'GET /api/auth/check-auth': () => json(401, { error: 'Please sign in to continue.' }),
      'POST /api/auth/refresh': () => json(401, { error: 'Please sign in again.' }),
    });
    const router = renderPage(routes, '/invite/inv-3');
    expect(await screen.findByText('Landed on /signup')).toBeTruthy();
    expect(currentUrl(router)).toBe('/signup');
    expect(readSetting('pendingInvitation')).toBe('inv-3');
  });
});

describe('/unsubscribe/{token}', () => {
  const routes = [{ path: '/unsubscribe/:token', Component: Unsubscribe }];

  it('unsubscribes once on load (StrictMode too), then resubscribes on request', async () => {
    const server = fakeApi({
      'POST /api/user/unsubscribe/u-ok': () => json(200, { subscribed: false }),
      'POST /api/user/resubscribe/u-ok': () => json(200, { subscribed: true }),
    });
    renderPage(routes, '/unsubscribe/u-ok', { strict: true });
    expect(screen.getByRole('heading', { level: 1, name: 'Email preferences' })).toBeTruthy();

    expect(await screen.findByRole('heading', { level: 1, name: "You've been unsubscribed" })).toBeTruthy();
    expect(screen.getByText("We won't send you any more emails")).toBeTruthy();
    expect(screen.getByText('Unsubscribe by accident?')).toBeTruthy();
    expect(server.calls('POST /api/user/unsubscribe/u-ok')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Go to homepage' }).getAttribute('href')).toBe('/');

    fireEvent.click(screen.getByRole('button', { name: 'Resubscribe' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you!' })).toBeTruthy();
    expect(screen.getByText('You have been resubscribed')).toBeTruthy();
    expect(server.calls('POST /api/user/resubscribe/u-ok')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Go to homepage' })).toBeTruthy();
  });

  it('shows the error view, with a way to reach support, for an unknown link', async () => {
    fakeApi({ 'POST /api/user/unsubscribe/u-bad': () => json(404, { error: 'This unsubscribe link is not valid.' }) });
    renderPage(routes, '/unsubscribe/u-bad');
    expect(await screen.findByRole('heading', { level: 1, name: 'An error occurred' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'hello@launchmate.app' }).getAttribute('href')).toBe('mailto:hello@launchmate.app');
    expect(screen.getByRole('link', { name: 'Go to homepage' })).toBeTruthy();
  });

  it('shows the error view when resubscribing fails', async () => {
    fakeApi({
      'POST /api/user/unsubscribe/u-half': () => json(200, { subscribed: false }),
      'POST /api/user/resubscribe/u-half': () => json(500, { error: 'Something went wrong on our side. Please try again.' }),
    });
    renderPage(routes, '/unsubscribe/u-half');
    fireEvent.click(await screen.findByRole('button', { name: 'Resubscribe' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'An error occurred' })).toBeTruthy();
  });
});

describe('/forgot-password', () => {
  const routes = [{ path: '/forgot-password', Component: ForgotPassword }];

  it('requires an email, then always shows the same answer', async () => {
    const server = fakeApi({ 'POST /api/auth/forgot-password': () => json(200, { message: RESET_LINK_SENT }) });
    renderPage(routes, '/forgot-password');
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/signin');

    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(server.requests).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('If an account with that email exists, a password reset link has been sent.')).toBeTruthy();
    expect(server.calls('POST /api/auth/forgot-password').map((r) => r.body)).toEqual([{ email: 'ada@example.com' }]);
  });

  it('says "An error occurred. Please try again." when the call fails, keeping the address', async () => {
    fakeApi({ 'POST /api/auth/forgot-password': () => Promise.reject(new TypeError('Failed to fetch')) });
    renderPage(routes, '/forgot-password');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('An error occurred. Please try again.');
    await waitFor(() => expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com'));
  });
});
