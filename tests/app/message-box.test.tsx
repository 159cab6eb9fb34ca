/**
 * The landing page's message box:
 * the typing placeholder, Send on non-blank text only, Enter vs Shift+Enter, growth between
 * 110 and 192 px, the local draft, privacy mode saved on send, and the join dialog.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGE_BOX_MAX_HEIGHT_PX, MESSAGE_BOX_MIN_HEIGHT_PX, MessageBox } from '../../app/components/MessageBox';
import { EXAMPLE_PREFIX } from '../../app/content/landing';
import { LANDING_EXAMPLES } from '../../app/content/landing-examples';
import { TYPING } from '../../app/lib/typing-animation';
import { fakeApi, json } from './fake-api';
import { currentUrl, landingPages, renderPage } from './render-page';

const DRAFT_KEY = 'launchmate.landingPagePrompt';
const PRIVACY_KEY = 'launchmate.privacyMode';
const LINE_HEIGHT = 24;
const PADDING = 24;

// jsdom implements neither showModal() nor layout. The dialog stand-in keeps the open
// attribute and the close event as browsers do; focus trapping is checked in Chromium (e2e).
beforeEach(() => {
  localStorage.clear();
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
  // A text area as tall as its lines, as a browser would lay it out.
  vi.spyOn(HTMLTextAreaElement.prototype, 'scrollHeight', 'get').mockImplementation(function (this: HTMLTextAreaElement) {
    return this.value.split('\n').length * LINE_HEIGHT + PADDING;
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function renderBox() {
  const router = renderPage([{ path: '/', Component: MessageBox }, ...landingPages('/signup', '/signin', '/app/projects/:projectId')], '/');
  const textbox = screen.getByRole('textbox', { name: 'Describe what you want to build' }) as HTMLTextAreaElement;
  return { router, textbox, send: screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement };
}

const dialog = () => screen.queryByRole('dialog');

describe('the typing placeholder', () => {
  const advance = (ms: number) => {
    act(() => vi.advanceTimersByTime(ms));
  };

  it('types each of the 17 examples after "I want to", erases it, and starts over after the last', async () => {
    expect(LANDING_EXAMPLES).toHaveLength(17);
    vi.useFakeTimers();
    const { textbox } = renderBox();
    expect(textbox.placeholder).toBe(`${EXAMPLE_PREFIX} `);
    await act(() => vi.dynamicImportSettled());

    for (const [index, example] of [...LANDING_EXAMPLES, LANDING_EXAMPLES[0]!].entries()) {
      // The first letter comes one type step in (the very first) or one pause in (the others).
      advance(index === 0 ? TYPING.typeMs : TYPING.pauseMs);
      expect(textbox.placeholder).toBe(`${EXAMPLE_PREFIX} ${example[0]}`);
      advance(TYPING.typeMs * 4);
      expect(textbox.placeholder).toBe(`${EXAMPLE_PREFIX} ${example.slice(0, 5)}`);
      advance(TYPING.typeMs * (example.length - 5));
      expect(textbox.placeholder).toBe(`${EXAMPLE_PREFIX} ${example}`);
      // Held in full, then erased letter by letter.
      advance(TYPING.holdMs - 1);
      expect(textbox.placeholder).toBe(`${EXAMPLE_PREFIX} ${example}`);
      advance(1);
      expect(textbox.placeholder).toBe(`${EXAMPLE_PREFIX} ${example.slice(0, -1)}`);
      advance(TYPING.eraseMs * (example.length - 1));
      expect(textbox.placeholder).toBe(`${EXAMPLE_PREFIX} `);
    }
  });

  it('shows whole examples, changing every few seconds, to visitors who prefer reduced motion', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({ ...matchMediaStub(query), matches: query === '(prefers-reduced-motion: reduce)' }));
    vi.useFakeTimers();
    const { textbox } = renderBox();
    await act(() => vi.dynamicImportSettled());
    expect(textbox.placeholder).toBe(`${EXAMPLE_PREFIX} ${LANDING_EXAMPLES[0]}`);
    act(() => vi.advanceTimersByTime(TYPING.reducedMotionStepMs - 1));
    expect(textbox.placeholder).toBe(`${EXAMPLE_PREFIX} ${LANDING_EXAMPLES[0]}`);
    act(() => vi.advanceTimersByTime(1));
    expect(textbox.placeholder).toBe(`${EXAMPLE_PREFIX} ${LANDING_EXAMPLES[1]}`);
  });
});

function matchMediaStub(query: string): MediaQueryList {
  return {
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  };
}

describe('sending', () => {
  it('keeps Send disabled while the text is blank after trimming', async () => {
    const user = userEvent.setup();
    const { textbox, send } = renderBox();
    expect(send.disabled).toBe(true);
    await user.type(textbox, '   ');
    expect(send.disabled).toBe(true);
    await user.type(textbox, '{Shift>}{Enter}{/Shift}');
    expect(send.disabled).toBe(true);
    await user.type(textbox, 'x');
    expect(send.disabled).toBe(false);
  });

  it('sends with Enter but not with Enter on blank text', async () => {
    const user = userEvent.setup();
    const { textbox } = renderBox();
    await user.click(textbox);
    await user.keyboard('  {Enter}');
    expect(dialog()).toBeNull();
    await user.keyboard('A habit tracker{Enter}');
    expect(textbox.value).toBe('  A habit tracker');
    expect(((await screen.findByRole('dialog', { name: 'Join and start building' })) as HTMLDialogElement).open).toBe(true);
  });

  it('inserts a newline with Shift+Enter and does not send', async () => {
    const user = userEvent.setup();
    const { textbox } = renderBox();
    await user.type(textbox, 'First line{Shift>}{Enter}{/Shift}Second line');
    expect(textbox.value).toBe('First line\nSecond line');
    expect(dialog()).toBeNull();
  });

  it('sends with the Send button, and the dialog offers sign-up and sign-in', async () => {
    const user = userEvent.setup();
    const { textbox, send, router } = renderBox();
    await user.type(textbox, 'A marketplace for used bikes');
    await user.click(send);
    const join = await screen.findByRole('dialog', { name: 'Join and start building' });
    expect((join as HTMLDialogElement).open).toBe(true);
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/signin');
    await user.click(screen.getByRole('link', { name: 'Sign up' }));
    expect(router.state.location.pathname).toBe('/signup');
  });

  it("'Brainstorm ideas' sends 'Help me brainstorm ideas'", async () => {
    const user = userEvent.setup();
    const { textbox } = renderBox();
    await user.click(screen.getByRole('button', { name: 'Brainstorm ideas' }));
    expect(textbox.value).toBe('Help me brainstorm ideas');
    expect(localStorage.getItem(DRAFT_KEY)).toBe('Help me brainstorm ideas');
    expect(((await screen.findByRole('dialog', { name: 'Join and start building' })) as HTMLDialogElement).open).toBe(true);
  });

  it('closes the dialog with its Close button, and the box keeps the text', async () => {
    const user = userEvent.setup();
    const { textbox } = renderBox();
    await user.type(textbox, 'An idea{Enter}');
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(dialog()).toBeNull();
    expect(textbox.value).toBe('An idea');
  });
});

describe('the first message of a project', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('waits for the visitor to sign in, queued with an id of its own', async () => {
    fakeApi({ 'GET /api/auth/session': () => json(200, { user: null }) });
    const user = userEvent.setup();
    const { textbox, send } = renderBox();
    await user.type(textbox, 'A marketplace for used bikes');
    await user.click(send);
    expect(await screen.findByRole('dialog', { name: 'Join and start building' })).toBeTruthy();
    const queued = JSON.parse(localStorage.getItem('launchmate.firstMessage')!);
    expect(queued).toEqual({ id: expect.any(String), text: 'A marketplace for used bikes' });
  });

  it('opens a new project at once for a visitor who is signed in', async () => {
    const server = fakeApi({
      'GET /api/auth/session': () => json(200, { user: { id: 'u1', email: 'ada@example.com', name: null, privacyMode: false, subscribed: true } }),
      'POST /api/project': () => json(201, { project: { id: 'p3', name: 'Marketplace for used bikes', role: 'owner', createdAt: 1, unlockedPhases: [1, 2] } }),
    });
    const user = userEvent.setup();
    const { textbox, send, router } = renderBox();
    await user.type(textbox, 'I want to build a marketplace for used bikes');
    await user.click(send);
    expect(await screen.findByText('Landed on /app/projects/:projectId')).toBeTruthy();
    expect(currentUrl(router)).toBe('/app/projects/p3');
    expect(server.calls('POST /api/project').map((r) => r.body)).toEqual([{ name: 'Marketplace for used bikes' }]);
    expect(JSON.parse(localStorage.getItem('launchmate.firstMessage')!)).toMatchObject({
      projectId: 'p3',
      text: 'I want to build a marketplace for used bikes',
    });
    expect(dialog()).toBeNull();
  });

  it('says so, and keeps the text, when the project cannot be made', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi({
      'GET /api/auth/session': () => json(200, { user: { id: 'u1', email: 'ada@example.com', name: null, privacyMode: false, subscribed: true } }),
      'POST /api/project': () => json(500, { error: 'Something went wrong on our side. Please try again.' }),
    });
    const user = userEvent.setup();
    const { textbox, send } = renderBox();
    await user.type(textbox, 'A marketplace for used bikes');
    await user.click(send);
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong on our side.');
    expect(textbox.value).toBe('A marketplace for used bikes');
  });
});

describe('privacy mode', () => {
  it('is saved locally when a message is sent, not when toggled', async () => {
    const user = userEvent.setup();
    const { textbox } = renderBox();
    const toggle = screen.getByRole('switch', { name: 'Privacy mode' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(localStorage.getItem(PRIVACY_KEY)).toBeNull();
    await user.type(textbox, 'Idea{Enter}');
    expect(localStorage.getItem(PRIVACY_KEY)).toBe('true');
  });

  it('starts from the saved choice', () => {
    localStorage.setItem(PRIVACY_KEY, 'true');
    renderBox();
    expect(screen.getByRole('switch', { name: 'Privacy mode' }).getAttribute('aria-checked')).toBe('true');
  });
});

describe('the draft', () => {
  it('is saved as plain text while typing and comes back on return', async () => {
    const user = userEvent.setup();
    const first = renderBox();
    await user.type(first.textbox, 'Meal plans{Shift>}{Enter}{/Shift}for nurses');
    expect(localStorage.getItem(DRAFT_KEY)).toBe('Meal plans\nfor nurses');
    document.body.innerHTML = '';

    const second = renderBox();
    expect(second.textbox.value).toBe('Meal plans\nfor nurses');
    expect(second.send.disabled).toBe(false);
  });

  it('is forgotten when the box is emptied', async () => {
    const user = userEvent.setup();
    const { textbox } = renderBox();
    await user.type(textbox, 'abc');
    await user.clear(textbox);
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
  });
});

describe('height', () => {
  const typeLines = (textbox: HTMLTextAreaElement, lines: number) =>
    fireEvent.change(textbox, { target: { value: Array.from({ length: lines }, (_, i) => `line ${i + 1}`).join('\n') } });

  it(`stays at ${MESSAGE_BOX_MIN_HEIGHT_PX} px for short text, grows with its lines, and stops at ${MESSAGE_BOX_MAX_HEIGHT_PX} px, then scrolls`, () => {
    const { textbox } = renderBox();
    expect(textbox.style.height).toBe('110px');
    typeLines(textbox, 2);
    expect(textbox.style.height).toBe('110px');
    typeLines(textbox, 5);
    expect(textbox.style.height).toBe(`${5 * LINE_HEIGHT + PADDING}px`);
    expect(textbox.style.overflowY).toBe('hidden');
    typeLines(textbox, 12);
    expect(textbox.style.height).toBe('192px');
    expect(textbox.style.overflowY).toBe('auto');
    typeLines(textbox, 1);
    expect(textbox.style.height).toBe('110px');
  });
});

describe('the restored draft', () => {
  it('sizes the box to the restored text at once', async () => {
    localStorage.setItem(DRAFT_KEY, 'a\nb\nc\nd\ne\nf');
    const { textbox } = renderBox();
    await waitFor(() => expect(textbox.style.height).toBe(`${6 * LINE_HEIGHT + PADDING}px`));
  });
});
