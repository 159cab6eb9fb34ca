import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TopBar } from '../../app/components/TopBar';
import { fakeApi, json } from './fake-api';

beforeEach(() => {
  vi.useFakeTimers();
  scrollTo(0);
});

afterEach(() => {
  vi.useRealTimers();
});

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', Component: () => <TopBar /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

/** jsdom does not scroll; set the offset the component reads and tell it, as a browser would. */
function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true, writable: true });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

const header = () => document.querySelector('header.topbar');
const isTranslucent = () => header()?.classList.contains('topbar--translucent');
// jsdom hides a closed popover and loads no stylesheet to show it in line as wide screens do:
// these tests ask which links the bar holds, and Chromium (tests/e2e/chrome.test.ts) which show.
const link = (name: string) => screen.queryByRole('link', { name, hidden: true });

describe('TopBar links', () => {
  it('links the logo to the home page', () => {
    renderAt('/');
    expect(link('Launchmate home')?.getAttribute('href')).toBe('/');
  });

  it('offers Sign in and Get started everywhere', () => {
    renderAt('/blog');
    expect(link('Sign in')?.getAttribute('href')).toBe('/signin');
    expect(link('Get started')?.getAttribute('href')).toBe('/signup');
  });

  it('shows a signed-in visitor Dashboard instead of Sign in and Get started', async () => {
    vi.useRealTimers();
    fakeApi({ 'GET /api/auth/session': () => json(200, { user: { id: 'u1', email: 'ada@example.com', name: null, privacyMode: false, subscribed: true } }) });
    renderAt('/');
    expect((await screen.findByRole('link', { name: 'Dashboard' })).getAttribute('href')).toBe('/dashboard');
    expect(link('Sign in')).toBeNull();
    expect(link('Get started')).toBeNull();
    vi.unstubAllGlobals();
  });

  it('shows Pricing and Our story on other pages', () => {
    renderAt('/');
    expect(link('Pricing')?.getAttribute('href')).toBe('/pricing');
    expect(link('Our story')?.getAttribute('href')).toBe('/our-story');
  });

  it('hides Pricing on the pricing page', () => {
    renderAt('/pricing');
    expect(link('Pricing')).toBeNull();
    expect(link('Our story')).not.toBeNull();
  });

  it('hides Our story on the story page', () => {
    renderAt('/our-story');
    expect(link('Our story')).toBeNull();
    expect(link('Pricing')).not.toBeNull();
  });

  it('updates which links show when the visitor navigates', async () => {
    const router = renderAt('/pricing');
    await act(() => router.navigate('/our-story'));
    expect(link('Pricing')).not.toBeNull();
    expect(link('Our story')).toBeNull();
  });
});

// The menu is a native popover, which jsdom does not implement: its opening and closing are
// tested in Chromium (tests/e2e/chrome.test.ts). Here, how it is wired.
describe('TopBar phone menu', () => {
  it('is a button that opens the list of links as a popover', () => {
    renderAt('/');
    const button = screen.getByRole('button', { name: 'Menu' });
    const list = document.getElementById(button.getAttribute('popovertarget') ?? '');
    expect(list?.getAttribute('popover')).toBe('auto');
    expect(list?.contains(link('Pricing'))).toBe(true);
    expect(list?.contains(link('Sign in'))).toBe(true);
    expect(list?.contains(link('Get started'))).toBe(false);
  });
});

describe('TopBar translucency', () => {
  it('turns translucent only once scrolled more than 50 px', () => {
    renderAt('/');
    expect(isTranslucent()).toBe(false);
    scrollTo(50);
    expect(isTranslucent()).toBe(false);
    scrollTo(51);
    expect(isTranslucent()).toBe(true);
    scrollTo(0);
    expect(isTranslucent()).toBe(false);
  });

  it('is translucent from the start when the page opens scrolled down', () => {
    scrollTo(400);
    renderAt('/');
    expect(isTranslucent()).toBe(true);
  });
});
