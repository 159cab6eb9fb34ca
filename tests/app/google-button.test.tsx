import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from './fake-api';

/**
 * GoogleButton asks GET /auth/providers once per page load and keeps the answer in its module,
 * so every test loads a fresh copy of it.
 */
async function renderButton() {
  vi.resetModules();
  const { GoogleButton } = await import('../../app/components/GoogleButton');
  const { writeJsonSetting } = await import('../../app/lib/local-settings');
  // The same fresh copy of the notifications module as the button's.
  const { renderPage } = await import('./render-page');
  const routes: RouteObject[] = [{ path: '/signup', Component: () => <GoogleButton label="Continue with Google" /> }];
  return { writeJsonSetting, render: () => renderPage(routes, '/signup') };
}

const button = () => screen.getByRole('button', { name: /Continue with Google|Redirecting to Google/ }) as HTMLButtonElement;

let assign: ReturnType<typeof vi.fn>;
beforeEach(() => {
  localStorage.clear();
  assign = vi.fn();
  // jsdom cannot navigate; record where the page was sent instead.
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as unknown as Location);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('GoogleButton', () => {
  it('is disabled and says in visible text when Google is not configured', async () => {
    const server = fakeApi({ 'GET /api/auth/providers': () => json(200, { google: false }) });
    const page = await renderButton();
    page.render();
    expect(await screen.findByText(/Google sign-in is not configured/)).toBeTruthy();
    expect(button().disabled).toBe(true);
    expect(button().getAttribute('aria-describedby')).toBeTruthy();
    expect(server.calls('GET /api/auth/providers')).toHaveLength(1);
  });

  it('starts sign-in with the attribution and privacy mode, then goes to Google', async () => {
    const server = fakeApi({
      'GET /api/auth/providers': () => json(200, { google: true }),
      'POST /api/auth/google/start': () => json(200, { url: 'https://accounts.google.com/o/oauth2/v2/auth?state=s' }),
    });
    const page = await renderButton();
    const attribution = {
      source: 'google',
      medium: 'organic',
      campaign: null,
      ref: null,
      firstVisit: '2026-03-01T09:00:00.000Z',
      lastTouch: '2026-03-01T09:00:00.000Z',
      referrer: 'https://www.google.com/',
      sessionId: 's-1',
    };
    page.writeJsonSetting('attribution', attribution);
    page.writeJsonSetting('privacyMode', true);
    page.render();
    await waitFor(() => expect(server.calls('GET /api/auth/providers')).toHaveLength(1));

    fireEvent.click(button());
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://accounts.google.com/o/oauth2/v2/auth?state=s'));
    expect(server.calls('POST /api/auth/google/start').map((r) => r.body)).toEqual([{ attribution, privacyMode: true }]);
    expect(button().disabled).toBe(true);
  });

  it("shows the server's message in an error banner and re-enables", async () => {
    fakeApi({
      'GET /api/auth/providers': () => json(200, { google: true }),
      'POST /api/auth/google/start': () => json(503, { error: 'Google sign-in is not configured.' }),
    });
    const page = await renderButton();
    page.render();
    fireEvent.click(button());
    expect((await screen.findByRole('alert')).textContent).toContain('Google sign-in is not configured.');
    expect(button().disabled).toBe(false);
    expect(assign).not.toHaveBeenCalled();
    expect(console.error).toHaveBeenCalled();
  });

  it("says 'Google authentication failed!' when the server gives no message", async () => {
    fakeApi({
      'GET /api/auth/providers': () => json(200, { google: true }),
      'POST /api/auth/google/start': () => new Response('', { status: 500 }),
    });
    const page = await renderButton();
    page.render();
    fireEvent.click(button());
    expect((await screen.findByRole('alert')).textContent).toContain('Google authentication failed!');
  });

  it('reports a network failure as such', async () => {
    const server = fakeApi({ 'GET /api/auth/providers': () => json(200, { google: true }) });
    server.on('POST /api/auth/google/start', () => Promise.reject(new TypeError('Failed to fetch')));
    const page = await renderButton();
    page.render();
    fireEvent.click(button());
    expect((await screen.findByRole('alert')).textContent).toContain('Network error: Unable to authenticate with Google');
  });
});
