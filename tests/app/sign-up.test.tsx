import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeJsonSetting } from '../../app/lib/local-settings';
import { Component as SignUp, NEWEST_LINK_ONLY, RESEND_LOCK_MS, RESENT_MESSAGE } from '../../app/pages/auth/SignUp';
import { deferred, fakeApi, json } from './fake-api';
import { landingPages, renderPage } from './render-page';

const routes = [{ path: '/signup', Component: SignUp }, ...landingPages('/signin')];

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const emailInput = () => screen.getByLabelText('Email');
const passwordInput = () => screen.getByLabelText('Password');
const continueButton = () => screen.getByRole('button', { name: 'Continue' });

function fillIn(email: string, password: string) {
  fireEvent.change(emailInput(), { target: { value: email } });
  fireEvent.change(passwordInput(), { target: { value: password } });
}

/** The text of the element an input's aria-describedby points at, joined. */
function descriptionOf(input: HTMLElement): string {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

/** Lets pending fetch answers and the state updates after them run. */
async function settle() {
  for (let i = 0; i < 10; i++) await act(async () => {});
}

describe('sign-up choice screen', () => {
  it('offers Google, email and a link to sign in', async () => {
    fakeApi({ 'GET /api/auth/providers': () => json(200, { google: true }) });
    renderPage(routes, '/signup');
    expect(screen.getByRole('heading', { level: 1, name: 'Create your account' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign up with email' }).getAttribute('href')).toBe('/signup?method=email');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/signin');
  });

  it('"Sign up with email" opens the form and "Go back" returns, keeping what was typed', async () => {
    fakeApi({ 'GET /api/auth/providers': () => json(200, { google: true }) });
    renderPage(routes, '/signup');
    fireEvent.click(screen.getByRole('link', { name: 'Sign up with email' }));
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('link', { name: 'Go back' }));
    expect(await screen.findByRole('link', { name: 'Sign up with email' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Sign up with email' }));
    expect(((await screen.findByLabelText('Email')) as HTMLInputElement).value).toBe('ada@example.com');
  });
});

describe('sign-up form validation', () => {
  it('requires both fields, links the messages to the fields and focuses the first', async () => {
    const server = fakeApi();
    renderPage(routes, '/signup?method=email');
    fireEvent.click(continueButton());

    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(emailInput().getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(emailInput())).toContain('Email is required');
    expect(descriptionOf(passwordInput())).toContain('Password is required');
    expect(document.activeElement).toBe(emailInput());
    expect(server.calls('POST /api/auth/sign-up')).toHaveLength(0);
  });

  it('checks the email shape and the password length', async () => {
    const server = fakeApi();
    renderPage(routes, '/signup?method=email');
    fillIn('ada@example', 'short');
    fireEvent.click(continueButton());

    expect(screen.getByText('Invalid email format')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters long')).toBeTruthy();
    expect(server.calls('POST /api/auth/sign-up')).toHaveLength(0);
  });

  it('focuses the password when only the password is wrong, and keeps both values', async () => {
    fakeApi();
    renderPage(routes, '/signup?method=email');
    fillIn('ada@example.com', '1234567');
    fireEvent.click(continueButton());

    expect(screen.queryByText('Invalid email format')).toBeNull();
    expect(screen.getByText('Password must be at least 8 characters long')).toBeTruthy();
    expect(document.activeElement).toBe(passwordInput());
    expect((emailInput() as HTMLInputElement).value).toBe('ada@example.com');
  });
});

describe('sign-up submission', () => {
  it('sends email, password, attribution and privacy mode, then shows "Check your inbox"', async () => {
    const attribution = {
      source: 'hackernews',
      medium: 'referral',
      campaign: null,
      ref: null,
      firstVisit: '2026-03-01T09:00:00.000Z',
      lastTouch: '2026-03-01T09:00:00.000Z',
      referrer: 'https://news.ycombinator.com/',
      sessionId: 'session-1',
    };
    writeJsonSetting('attribution', attribution);
    writeJsonSetting('privacyMode', true);
    const server = fakeApi({ 'POST /api/auth/sign-up': () => json(200, { message: 'Check your inbox' }) });
    renderPage(routes, '/signup?method=email');
    fillIn('  ada@example.com ', 'correct horse');
    fireEvent.click(continueButton());

    expect(await screen.findByRole('heading', { level: 1, name: 'Check your inbox' })).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect(server.calls('POST /api/auth/sign-up').map((r) => r.body)).toEqual([
      { email: 'ada@example.com', password: 'correct horse', attribution, privacyMode: true },
    ]);
  });

  it("shows the server's error text and keeps the values", async () => {
    fakeApi({ 'POST /api/auth/sign-up': () => json(400, { error: 'email: Email is too long' }) });
    renderPage(routes, '/signup?method=email');
    fillIn('ada@example.com', 'correct horse');
    fireEvent.click(continueButton());

    expect((await screen.findByRole('alert')).textContent).toBe('email: Email is too long');
    expect((passwordInput() as HTMLInputElement).value).toBe('correct horse');
    expect(continueButton().matches(':disabled')).toBe(false);
  });

  it('falls back to the generic message when the server says nothing useful', async () => {
    fakeApi({ 'POST /api/auth/sign-up': () => new Response('Bad gateway', { status: 502 }) });
    renderPage(routes, '/signup?method=email');
    fillIn('ada@example.com', 'correct horse');
    fireEvent.click(continueButton());
    expect((await screen.findByRole('alert')).textContent).toBe('An error occurred. Please try again.');
  });
});

describe('resending the verification email', () => {
  /** Signs up with fake timers on and returns the resend button. */
  async function reachCheckInbox(resendAnswer: () => Response) {
    vi.useFakeTimers();
    const server = fakeApi({
      'POST /api/auth/sign-up': () => json(200, { message: 'Check your inbox' }),
      'POST /api/auth/resend-verification-email': resendAnswer,
    });
    renderPage(routes, '/signup?method=email');
    fillIn('ada@example.com', 'correct horse');
    fireEvent.click(continueButton());
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeTruthy();
    return { server, button: () => screen.getByRole('button', { name: 'Resend email' }) as HTMLButtonElement };
  }

  it('uses the lock of the specification', () => {
    expect(RESEND_LOCK_MS).toBe(60_000);
    expect(RESENT_MESSAGE).toBe('Email resent... you can resend again in 1 minute');
  });

  it('locks the button for exactly 60 seconds after a successful resend', async () => {
    const { server, button } = await reachCheckInbox(() => json(200, { message: 'Check your inbox' }));
    expect(button().disabled).toBe(false);

    fireEvent.click(button());
    await settle();
    expect(server.calls('POST /api/auth/resend-verification-email').map((r) => r.body)).toEqual([{ email: 'ada@example.com' }]);
    expect(button().disabled).toBe(true);
    expect(screen.getByText(RESENT_MESSAGE)).toBeTruthy();

    act(() => vi.advanceTimersByTime(59_900));
    expect(button().disabled).toBe(true);
    expect(screen.getByText(RESENT_MESSAGE)).toBeTruthy();

    act(() => vi.advanceTimersByTime(100));
    expect(button().disabled).toBe(false);
    expect(screen.queryByText(RESENT_MESSAGE)).toBeNull();
    // Which link to use stays said: the first e-mail's link no longer works.
    expect(screen.getByText(NEWEST_LINK_ONLY)).toBeTruthy();
  });

  it('treats a 429 answer as the same 60-second lock, without an error banner', async () => {
    const { button } = await reachCheckInbox(() => json(429, { error: 'Please wait a minute before asking for another email.' }, { 'Retry-After': '42' }));
    fireEvent.click(button());
    await settle();
    expect(button().disabled).toBe(true);
    expect(screen.getByText(RESENT_MESSAGE)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    // Nothing new was sent: the earlier link is still the one to use.
    expect(screen.queryByText(NEWEST_LINK_ONLY)).toBeNull();

    act(() => vi.advanceTimersByTime(59_900));
    expect(button().disabled).toBe(true);
    act(() => vi.advanceTimersByTime(100));
    expect(button().disabled).toBe(false);
  });

  it('re-enables at once on any other error and shows it in a banner', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { button } = await reachCheckInbox(() => json(500, { error: 'Something went wrong on our side. Please try again.' }));
    fireEvent.click(button());
    await settle();
    expect(button().disabled).toBe(false);
    expect(screen.queryByText(RESENT_MESSAGE)).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('Something went wrong on our side. Please try again.');
  });

  it('"Go back" leaves the inbox view for the choice screen', async () => {
    await reachCheckInbox(() => json(200, {}));
    fireEvent.click(screen.getByRole('link', { name: 'Go back' }));
    await settle();
    expect(screen.getByRole('link', { name: 'Sign up with email' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Check your inbox' })).toBeNull();
  });
});

describe('sign-up reached through an invitation', () => {
  const TOKEN = 'T'.repeat(43);
  const INVITATION = { email: 'linus@example.com', projectName: 'Clinic reminders', invitedBy: 'Maya Chen' };

  it('shows the invitation and fills in the invited address', async () => {
    localStorage.setItem('launchmate.pendingInvitation', TOKEN);
    const server = fakeApi({ [`GET /api/invitations/${TOKEN}`]: () => json(200, { invitation: INVITATION }) });
    renderPage(routes, '/signup');
    const note = await screen.findByRole('note');
    expect(note.textContent).toContain('Maya Chen invited you to join “Clinic reminders”.');
    expect(note.textContent).toContain('The invitation was sent to linus@example.com.');
    fireEvent.click(screen.getByRole('link', { name: 'Sign up with email' }));
    expect(((await screen.findByLabelText('Email')) as HTMLInputElement).value).toBe('linus@example.com');
    expect(screen.getByRole('note')).toBeTruthy();
    expect(server.calls(`GET /api/invitations/${TOKEN}`)).toHaveLength(1);
  });

  it('through the e-mailed link: the invited address joins right away, signed in without confirming it', async () => {
    const PROOF = 'P'.repeat(43);
    localStorage.setItem('launchmate.pendingInvitation', TOKEN);
    writeJsonSetting('invitationProof', { token: TOKEN, proof: PROOF });
    const server = fakeApi({
      [`GET /api/invitations/${TOKEN}`]: () => json(200, { invitation: INVITATION }),
      'POST /api/auth/sign-up': () => json(200, { signedIn: true }),
    });
    const router = renderPage([...routes, ...landingPages('/onboarding')], '/signup?method=email');
    const note = await screen.findByRole('note');
    expect(note.textContent).toContain('Create your account with the address the invitation was sent to and you join the project right away.');
    expect(note.textContent).toContain('With another address, you first confirm it from the link we email you.');
    fireEvent.change(passwordInput(), { target: { value: 'correct horse' } });
    fireEvent.click(continueButton());
    expect(await screen.findByText('Landed on /onboarding')).toBeTruthy();
    expect(router.state.historyAction).toBe('REPLACE');
    expect(server.calls('POST /api/auth/sign-up')[0]?.body).toMatchObject({ email: INVITATION.email, invitation: { token: TOKEN, proof: PROOF } });
  });

  it('through a shared link: says the address is confirmed first, sends no proof, and the inbox view names the project', async () => {
    localStorage.setItem('launchmate.pendingInvitation', TOKEN);
    // A proof kept for another invitation's link is not this one's.
    writeJsonSetting('invitationProof', { token: 'O'.repeat(43), proof: 'P'.repeat(43) });
    const server = fakeApi({
      [`GET /api/invitations/${TOKEN}`]: () => json(200, { invitation: INVITATION }),
      'POST /api/auth/sign-up': () => json(200, { message: 'Check your inbox' }),
    });
    renderPage(routes, '/signup?method=email');
    const note = await screen.findByRole('note');
    expect(note.textContent).not.toContain('right away');
    expect(note.textContent).toContain('signing up with email, you first confirm your address from the link we send you');
    fireEvent.change(passwordInput(), { target: { value: 'correct horse' } });
    fireEvent.click(continueButton());
    const lead = (await screen.findByRole('heading', { level: 1, name: 'Check your inbox' })).nextElementSibling;
    expect(lead?.textContent).toContain('Open it to activate your account and join “Clinic reminders”.');
    expect(server.calls('POST /api/auth/sign-up')[0]?.body).not.toHaveProperty('invitation');
  });

  it('keeps an address the visitor typed already', async () => {
    localStorage.setItem('launchmate.pendingInvitation', TOKEN);
    const answer = deferred();
    fakeApi({ [`GET /api/invitations/${TOKEN}`]: () => answer.promise });
    renderPage(routes, '/signup?method=email');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'own@example.com' } });
    answer.release(json(200, { invitation: INVITATION }));
    await screen.findByRole('note');
    expect((emailInput() as HTMLInputElement).value).toBe('own@example.com');
  });

  it('an invitation that no longer works leaves sign-up as usual', async () => {
    localStorage.setItem('launchmate.pendingInvitation', TOKEN);
    fakeApi({
      [`GET /api/invitations/${TOKEN}`]: () =>
        json(404, { error: 'This invitation is invalid, expired, withdrawn or already used. Ask a member of the project for a new link.' }),
    });
    renderPage(routes, '/signup?method=email');
    await settle();
    expect(screen.queryByRole('note')).toBeNull();
    expect((emailInput() as HTMLInputElement).value).toBe('');
  });

  it('without an invitation, nothing is asked', async () => {
    const server = fakeApi({});
    renderPage(routes, '/signup');
    await settle();
    expect(screen.queryByRole('note')).toBeNull();
    expect(server.requests.filter((r) => r.path.startsWith('/api/invitations'))).toEqual([]);
  });
});
