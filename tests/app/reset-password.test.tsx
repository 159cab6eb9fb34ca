import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as ResetPassword, REDIRECT_AFTER_RESET_MS } from '../../app/pages/auth/ResetPassword';
import { fakeApi, json } from './fake-api';
import { currentUrl, landingPages, renderPage } from './render-page';

const TOKEN = 'reset-token-1';
const routes = [{ path: '/reset-password/:token', Component: ResetPassword }, ...landingPages('/signin', '/forgot-password')];
/** The link check the page makes on opening: this link still works. */
const USABLE = { [`GET /api/auth/reset-password/${TOKEN}`]: () => json(200, { usable: true }) };
const RESET_DONE = 'Your password has been reset. You can now sign in with your new password.';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const newPassword = () => screen.getByLabelText('New password');
const confirmPassword = () => screen.getByLabelText('Confirm new password');

function submit(password: string, confirm: string) {
  fireEvent.change(newPassword(), { target: { value: password } });
  fireEvent.change(confirmPassword(), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
}

async function settle() {
  for (let i = 0; i < 10; i++) await act(async () => {});
}

describe('reset password', () => {
  it('says at once that a used or expired link no longer works, with no form to fill', async () => {
    const server = fakeApi({
      [`GET /api/auth/reset-password/${TOKEN}`]: () => json(400, { error: 'This reset link is invalid or has expired. Please ask for a new one.' }),
    });
    renderPage(routes, `/reset-password/${TOKEN}`);
    await settle();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('This link no longer works');
    expect(screen.getByRole('alert').textContent).toContain('This reset link is invalid or has expired. Please ask for a new one.');
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(server.calls(`GET /api/auth/reset-password/${TOKEN}`)).toHaveLength(1);
  });

  it('asks for matching entries', () => {
    const server = fakeApi(USABLE);
    renderPage(routes, `/reset-password/${TOKEN}`);
    submit('correct horse', 'correct hose');
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(confirmPassword().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(confirmPassword());
    expect(server.calls(`POST /api/auth/reset-password/${TOKEN}`)).toHaveLength(0);
  });

  it('asks for at least 8 characters', () => {
    const server = fakeApi(USABLE);
    renderPage(routes, `/reset-password/${TOKEN}`);
    submit('1234567', '1234567');
    expect(screen.getByText('Password must be at least 8 characters long')).toBeTruthy();
    expect(screen.queryByText('Passwords do not match')).toBeNull();
    expect(document.activeElement).toBe(newPassword());
    expect(server.calls(`POST /api/auth/reset-password/${TOKEN}`)).toHaveLength(0);
  });

  it("shows the server's error and keeps the form", async () => {
    fakeApi({
      ...USABLE,
      [`POST /api/auth/reset-password/${TOKEN}`]: () => json(400, { error: 'This reset link is invalid or has expired. Please ask for a new one.' }),
    });
    renderPage(routes, `/reset-password/${TOKEN}`);
    submit('correct horse', 'correct horse');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This reset link is invalid or has expired. Please ask for a new one.');
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/forgot-password');
    expect((newPassword() as HTMLInputElement).value).toBe('correct horse');
  });

  it('falls back to the generic message', async () => {
    fakeApi({ ...USABLE, [`POST /api/auth/reset-password/${TOKEN}`]: () => new Response('', { status: 500 }) });
    renderPage(routes, `/reset-password/${TOKEN}`);
    submit('correct horse', 'correct horse');
    expect((await screen.findByRole('alert')).textContent).toBe('An error occurred. Please try again.');
  });

  it('on success shows the message, then opens sign-in at exactly 3000 ms', async () => {
    expect(REDIRECT_AFTER_RESET_MS).toBe(3000);
    vi.useFakeTimers();
    const server = fakeApi({ ...USABLE, [`POST /api/auth/reset-password/${TOKEN}`]: () => json(200, { message: RESET_DONE }) });
    const router = renderPage(routes, `/reset-password/${TOKEN}`);
    submit('correct horse', 'correct horse');
    await settle();

    expect(server.calls(`POST /api/auth/reset-password/${TOKEN}`).map((r) => r.body)).toEqual([{ new_password: 'correct horse' }]);
    expect(screen.getByText(RESET_DONE)).toBeTruthy();
    expect(screen.getByText(/sign in in 3 seconds/)).toBeTruthy();

    act(() => vi.advanceTimersByTime(2999));
    expect(currentUrl(router)).toBe(`/reset-password/${TOKEN}`);
    act(() => vi.advanceTimersByTime(1));
    await settle();
    expect(currentUrl(router)).toBe('/signin');
    expect(screen.getByText('Landed on /signin')).toBeTruthy();
  });
});
