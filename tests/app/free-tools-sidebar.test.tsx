import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as FreeToolsLayout } from '../../app/components/FreeToolsLayout';
import { fakeApi, json } from './fake-api';
import { currentUrl, renderPage } from './render-page';

async function settle() {
  for (let i = 0; i < 5; i++) await act(async () => {});
}

function renderTools(user: object | null) {
  const api = fakeApi({ 'GET /api/auth/session': () => json(200, { user }) });
  const router = renderPage(
    [
      {
        Component: FreeToolsLayout,
        children: [
          { path: '/business-ideas-generator', Component: () => <h1>Ideas page</h1> },
          { path: '/user-persona-generator', Component: () => <h1>Persona page</h1> },
        ],
      },
    ],
    '/user-persona-generator',
  );
  return { api, router };
}

const toggle = () => screen.getByRole('button', { name: 'Free tools' });
const sidebar = () => screen.queryByRole('complementary', { name: 'Free tools' });
const isOpen = () => toggle().getAttribute('aria-expanded') === 'true' && sidebar()!.classList.contains('tools-sidebar--open');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the free-tools sidebar', () => {
  it('offers both tools and sign-up to a signed-out visitor, asking /session (never a 401)', async () => {
    const { api } = renderTools(null);
    await settle();
    expect(api.calls('GET /api/auth/session')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Business ideas' }).getAttribute('href')).toBe('/business-ideas-generator');
    expect(screen.getByRole('link', { name: 'User persona' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
    expect(screen.getByRole('heading', { name: 'Persona page' })).toBeTruthy();
  });

  it('is not shown to someone signed in', async () => {
    renderTools({ id: 'u1', email: 'dana@example.com', name: null, privacyMode: false, subscribed: true });
    await settle();
    expect(sidebar()).toBeNull();
    expect(screen.getByRole('heading', { name: 'Persona page' })).toBeTruthy();
  });

  it('folds: the toggle opens and closes it; a press outside, Escape or navigating closes it', async () => {
    const { router } = renderTools(null);
    await settle();
    expect(isOpen()).toBe(false);
    fireEvent.click(toggle());
    expect(isOpen()).toBe(true);
    fireEvent.click(toggle());
    expect(isOpen()).toBe(false);

    fireEvent.click(toggle());
    fireEvent.pointerDown(screen.getByRole('link', { name: 'Business ideas' }));
    expect(isOpen()).toBe(true);
    fireEvent.pointerDown(screen.getByRole('heading', { name: 'Persona page' }));
    expect(isOpen()).toBe(false);

    fireEvent.click(toggle());
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(isOpen()).toBe(false);

    fireEvent.click(toggle());
    fireEvent.click(screen.getByRole('link', { name: 'Business ideas' }));
    await settle();
    expect(currentUrl(router)).toBe('/business-ideas-generator');
    expect(isOpen()).toBe(false);
  });
});
