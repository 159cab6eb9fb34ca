import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as VerifyEmail, ONLY_NEWEST_LINK } from '../../app/pages/auth/VerifyEmail';
import { deferred, fakeApi, json } from './fake-api';
import { currentUrl, landingPages, renderPage } from './render-page';

const routes = [{ path: '/verify-email/:token', Component: VerifyEmail }, ...landingPages('/onboarding', '/signup')];

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// The page remembers tokens it has spent for the life of the page: each test uses its own.
describe('email verification', () => {
  it('shows a spinner while verifying', () => {
    const answer = deferred();
    fakeApi({ 'POST /api/auth/verify-email/token-loading': () => answer.promise });
    renderPage(routes, '/verify-email/token-loading');
    expect(screen.getByRole('heading', { level: 1, name: 'Verifying your email' })).toBeTruthy();
    expect(document.querySelector('.spinner')).not.toBeNull();
  });

  it('posts the single-use token exactly once under StrictMode, then opens onboarding', async () => {
    const server = fakeApi({ 'POST /api/auth/verify-email/token-ok': () => json(200, { verified: true }) });
    const router = renderPage(routes, '/verify-email/token-ok', { strict: true });
    expect(await screen.findByText('Landed on /onboarding')).toBeTruthy();
    expect(currentUrl(router)).toBe('/onboarding');
    expect(server.calls('POST /api/auth/verify-email/token-ok')).toHaveLength(1);
    expect(server.requests).toHaveLength(1);
    // Replaced, so Back does not return to a spent link.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows the failed view when the link is invalid or expired', async () => {
    const server = fakeApi({
      'POST /api/auth/verify-email/token-bad': () => json(400, { error: 'This verification link is invalid or has expired.' }),
    });
    renderPage(routes, '/verify-email/token-bad', { strict: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Verification failed' })).toBeTruthy();
    expect(screen.getByText('It seems like the verification link is invalid or expired. Please try to sign up again.')).toBeTruthy();
    expect(screen.getByText(ONLY_NEWEST_LINK)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to sign up' }).getAttribute('href')).toBe('/signup');
    expect(server.calls('POST /api/auth/verify-email/token-bad')).toHaveLength(1);
  });

  it('shows the failed view on a network failure too', async () => {
    fakeApi({ 'POST /api/auth/verify-email/token-offline': () => Promise.reject(new TypeError('Failed to fetch')) });
    renderPage(routes, '/verify-email/token-offline');
    expect(await screen.findByRole('heading', { level: 1, name: 'Verification failed' })).toBeTruthy();
  });
});
