import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hasQueuedPurchase } from '../../app/lib/get-pro';
import { writeJsonSetting } from '../../app/lib/local-settings';
import { Component as ForgotPassword } from '../../app/pages/auth/ForgotPassword';
import { Component as SignIn } from '../../app/pages/auth/SignIn';
import { deferred, fakeApi, json } from './fake-api';
import { currentUrl, landingPages, renderPage } from './render-page';

const routes = [
  { path: '/signin', Component: SignIn },
  ...landingPages('/dashboard', '/forgot-password', '/signup', '/app/projects/:projectId', '/app/settings'),
];

const USER = { id: 'u1', email: 'ada@example.com', name: null, privacyMode: false, subscribed: true };
const signedOut = () => json(401, { error: 'Please sign in to continue.' });

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const emailInput = () => screen.getByLabelText('Email') as HTMLInputElement;
const passwordInput = () => screen.getByLabelText('Password') as HTMLInputElement;
const signInButton = () => screen.getByRole('button', { name: 'Sign in' });
/** Disabled by its own attribute or by a disabled <fieldset> around it, as browsers treat it. */
const isDisabled = (element: HTMLElement) => element.matches(':disabled');

function submit(email = 'ada@example.com', password = 'correct horse') {
  fireEvent.change(emailInput(), { target: { value: email } });
  fireEvent.change(passwordInput(), { target: { value: password } });
  fireEvent.click(signInButton());
}

describe('sign-in views', () => {
  it('starts with Google, "Sign in with email" and a link to sign-up', async () => {
    fakeApi({ 'GET /api/auth/check-auth': signedOut, 'GET /api/auth/providers': () => json(200, { google: true }) });
    renderPage(routes, '/signin');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to Launchmate' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in with email' }).getAttribute('href')).toBe('/signin?method=email');
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
  });

  it('the email view links to /forgot-password and goes back to the Google view', async () => {
    fakeApi({ 'GET /api/auth/check-auth': signedOut, 'GET /api/auth/providers': () => json(200, { google: true }) });
    renderPage(routes, '/signin?method=email&newProject=true');
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe('/forgot-password');
    expect(emailInput().getAttribute('autocomplete')).toBe('email');
    expect(passwordInput().getAttribute('autocomplete')).toBe('current-password');
    // ?newProject survives the switch between views.
    expect(screen.getByRole('link', { name: 'Go back' }).getAttribute('href')).toBe('/signin?newProject=true');
    fireEvent.click(screen.getByRole('link', { name: 'Go back' }));
    expect(await screen.findByRole('link', { name: 'Sign in with email' })).toBeTruthy();
  });

  it("carries the address typed to 'Forgot your password?', without putting it in the URL", async () => {
    fakeApi({ 'GET /api/auth/check-auth': signedOut, 'GET /api/auth/providers': () => json(200, { google: true }) });
    const router = renderPage(
      [
        { path: '/signin', Component: SignIn },
        { path: '/forgot-password', Component: ForgotPassword },
      ],
      '/signin?method=email',
    );
    fireEvent.change(emailInput(), { target: { value: ' ada@example.com ' } });
    fireEvent.click(screen.getByRole('link', { name: 'Forgot your password?' }));
    const email = (await screen.findByLabelText('Email')) as HTMLInputElement;
    expect(email.value).toBe('ada@example.com');
    expect(currentUrl(router)).toBe('/forgot-password');
  });

  it.each([
    ['denied', 'Google sign-in was cancelled.'],
    ['failed', 'Google authentication failed!'],
  ])('explains ?google=%s', async (outcome, message) => {
    fakeApi({ 'GET /api/auth/check-auth': signedOut, 'GET /api/auth/providers': () => json(200, { google: true }) });
    renderPage(routes, `/signin?google=${outcome}`);
    expect(screen.getByRole('alert').textContent).toBe(message);
  });
});

describe('signing in with email', () => {
  it('disables the form while submitting, then shows the server error and re-enables it', async () => {
    const answer = deferred();
    const server = fakeApi({ 'GET /api/auth/check-auth': signedOut, 'POST /api/auth/sign-in': () => answer.promise });
    renderPage(routes, '/signin?method=email');
    submit();

    await waitFor(() => expect(server.calls('POST /api/auth/sign-in')).toHaveLength(1));
    expect(isDisabled(signInButton())).toBe(true);
    expect(isDisabled(emailInput())).toBe(true);
    expect(isDisabled(passwordInput())).toBe(true);
    expect(server.calls('POST /api/auth/sign-in')[0]!.body).toEqual({ email: 'ada@example.com', password: 'correct horse' });

    answer.release(json(401, { error: 'Invalid email or password.' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password.');
    expect(isDisabled(signInButton())).toBe(false);
    expect(isDisabled(emailInput())).toBe(false);
    // Nothing typed is lost.
    expect(emailInput().value).toBe('ada@example.com');
    expect(passwordInput().value).toBe('correct horse');
  });

  it('shows the unconfirmed-email answer (403) as the server words it', async () => {
    fakeApi({
      'GET /api/auth/check-auth': signedOut,
      'POST /api/auth/sign-in': () => json(403, { error: 'Please confirm your email address first. We have sent you a link.' }),
    });
    renderPage(routes, '/signin?method=email');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Please confirm your email address first. We have sent you a link.');
  });

  it('falls back to the generic message on a network failure', async () => {
    fakeApi({
      'GET /api/auth/check-auth': signedOut,
      'POST /api/auth/sign-in': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    renderPage(routes, '/signin?method=email');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('An error occurred. Please try again.');
    expect(isDisabled(signInButton())).toBe(false);
  });

  it('requires both fields before calling the server', () => {
    const server = fakeApi({ 'GET /api/auth/check-auth': signedOut });
    renderPage(routes, '/signin?method=email');
    fireEvent.click(signInButton());
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(document.activeElement).toBe(emailInput());
    expect(server.calls('POST /api/auth/sign-in')).toHaveLength(0);
  });

  it('opens the dashboard after signing in, without touching privacy mode when it is off', async () => {
    const server = fakeApi({
      'GET /api/auth/check-auth': signedOut,
      'POST /api/auth/sign-in': () => json(200, { user: USER }),
    });
    const router = renderPage(routes, '/signin?method=email');
    submit();
    expect(await screen.findByText('Landed on /dashboard')).toBeTruthy();
    expect(currentUrl(router)).toBe('/dashboard');
    expect(server.calls('PUT /api/user/privacy-mode')).toHaveLength(0);
  });

  it('turns the account privacy mode on when it is on in this browser', async () => {
    writeJsonSetting('privacyMode', true);
    const server = fakeApi({
      'GET /api/auth/check-auth': signedOut,
      'POST /api/auth/sign-in': () => json(200, { user: USER }),
      'PUT /api/user/privacy-mode': () => json(200, { privacyMode: true }),
    });
    renderPage(routes, '/signin?method=email');
    submit();
    expect(await screen.findByText('Landed on /dashboard')).toBeTruthy();
    expect(server.calls('PUT /api/user/privacy-mode').map((r) => r.body)).toEqual([{ privacyMode: true }]);
  });

  it('with ?newProject=true creates a project after signing in and opens it', async () => {
    const server = fakeApi({
      'GET /api/auth/check-auth': signedOut,
      'POST /api/auth/sign-in': () => json(200, { user: USER }),
      'POST /api/project': () => json(201, { project: { id: 'p-42', name: '', role: 'owner', createdAt: 1, unlockedPhases: [1, 2] } }),
    });
    const router = renderPage(routes, '/signin?method=email&newProject=true');
    submit();
    expect(await screen.findByText('Landed on /app/projects/:projectId')).toBeTruthy();
    expect(currentUrl(router)).toBe('/app/projects/p-42');
    expect(server.calls('POST /api/project').map((r) => r.body)).toEqual([{ name: '' }]);
  });
});

describe('entering the sign-in page', () => {
  it('sends a signed-in visitor to the dashboard', async () => {
    fakeApi({ 'GET /api/auth/check-auth': () => json(200, { user: USER }) });
    const router = renderPage(routes, '/signin');
    expect(await screen.findByText('Landed on /dashboard')).toBeTruthy();
    expect(currentUrl(router)).toBe('/dashboard');
  });

  it('sends a signed-in visitor on to the page ?next= names, when it is a page of this site', async () => {
    fakeApi({ 'GET /api/auth/check-auth': () => json(200, { user: USER }) });
    const router = renderPage(routes, '/signin?next=%2Fapp%2Fsettings');
    expect(await screen.findByText('Landed on /app/settings')).toBeTruthy();
    expect(currentUrl(router)).toBe('/app/settings');
  });

  it('ignores a ?next= that leaves the site', async () => {
    for (const next of ['//evil.example/x', '/\\evil.example', 'https://evil.example']) {
      fakeApi({ 'GET /api/auth/check-auth': () => json(200, { user: USER }) });
      const router = renderPage(routes, `/signin?next=${encodeURIComponent(next)}`);
      expect(await screen.findByText('Landed on /dashboard')).toBeTruthy();
      expect(currentUrl(router)).toBe('/dashboard');
      cleanup();
    }
  });

  it('with ?next=pro queues the purchase, which the signed-in area opens, and goes on', async () => {
    fakeApi({ 'GET /api/auth/check-auth': () => json(200, { user: USER }) });
    renderPage(routes, '/signin?next=pro');
    expect(await screen.findByText('Landed on /dashboard')).toBeTruthy();
    expect(hasQueuedPurchase()).toBe(true);
  });

  it('with ?newProject=true creates one project (even under StrictMode) and opens it', async () => {
    const server = fakeApi({
      'GET /api/auth/check-auth': () => json(200, { user: USER }),
      'POST /api/project': () => json(201, { project: { id: 'p-7', name: '', role: 'owner', createdAt: 1, unlockedPhases: [1, 2] } }),
    });
    const router = renderPage(routes, '/signin?newProject=true', { strict: true });
    expect(await screen.findByText('Landed on /app/projects/:projectId')).toBeTruthy();
    expect(currentUrl(router)).toBe('/app/projects/p-7');
    expect(server.calls('POST /api/project')).toHaveLength(1);
  });

  it('with a message sent from the landing page, leaves the project to the signed-in area', async () => {
    localStorage.setItem('launchmate.firstMessage', JSON.stringify({ id: 'm-1', text: 'A dog sitter finder' }));
    const server = fakeApi({ 'GET /api/auth/check-auth': () => json(200, { user: USER }) });
    const router = renderPage(routes, '/signin?newProject=true');
    expect(await screen.findByText('Landed on /dashboard')).toBeTruthy();
    expect(currentUrl(router)).toBe('/dashboard');
    expect(server.calls('POST /api/project')).toHaveLength(0);
  });

  it('falls back to the plain dashboard when creating the project fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi({
      'GET /api/auth/check-auth': () => json(200, { user: USER }),
      'POST /api/project': () => json(500, { error: 'Something went wrong on our side. Please try again.' }),
    });
    const router = renderPage(routes, '/signin?newProject=true');
    expect(await screen.findByText('Landed on /dashboard')).toBeTruthy();
    expect(currentUrl(router)).toBe('/dashboard');
  });
});
