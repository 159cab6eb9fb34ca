import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INDUSTRIES } from '../../app/content/industries';
import { Component as BusinessIdeasGenerator } from '../../app/pages/tools/BusinessIdeasGenerator';
import { deferred, fakeApi, json } from './fake-api';
import { renderPage } from './render-page';
import { fakeClipboard, ndjsonStream } from './tool-stream';

const RATE_LIMITED = "You've reached the rate limit for this tool. Sign up on Launchmate to increase your limit and access more features.";
const UNEXPECTED = 'An unexpected error occurred. Please try again later.';
const GENERATE = 'POST /api/free-tools/business-ideas';
const PAIRS = Array.from({ length: 10 }, (_, i): [string, string] => [`Problem number ${i + 1}`, `Solution number ${i + 1}`]);

const input = () => screen.getByLabelText('Which industry do you know best or want to explore?') as HTMLInputElement;
const randomButton = () => screen.getByRole('button', { name: 'Random industry' });
const submitButton = () => screen.queryByRole('button', { name: 'Generate business ideas' });
const cards = () => document.querySelectorAll('.idea-card');

async function settle() {
  for (let i = 0; i < 10; i++) await act(async () => {});
}

function renderTool() {
  renderPage([{ path: '/business-ideas-generator', Component: BusinessIdeasGenerator }], '/business-ideas-generator');
}

async function submit(industry: string) {
  fireEvent.change(input(), { target: { value: industry } });
  fireEvent.click(submitButton()!);
  await settle();
}

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  api = fakeApi({ 'GET /api/free-tools/business-ideas/count': () => json(200, { count: 400 }) });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the business ideas generator', () => {
  it('hides the public counter below its minimum, so a fresh install does not boast of 0 ideas', async () => {
    api.on('GET /api/free-tools/business-ideas/count', () => json(200, { count: 90 }));
    renderTool();
    await settle();
    expect(screen.queryByText(/generated so far/)).toBeNull();
  });

  it('asks for the stream, disables the form, ticks every second and shows each card as it arrives', async () => {
    vi.useFakeTimers();
    const stream = ndjsonStream();
    api.on(GENERATE, () => stream.response);
    renderTool();
    await settle();
    expect(screen.getByText('400 ideas generated so far')).toBeTruthy();

    await submit('  Dental clinics ');
    const [request] = api.calls(GENERATE);
    expect(request!.body).toEqual({ industry: 'Dental clinics' });
    expect(request!.headers.get('Accept')).toBe('application/x-ndjson');

    expect(input().disabled).toBe(true);
    expect((randomButton() as HTMLButtonElement).disabled).toBe(true);
    expect(submitButton()).toBeNull();
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('Generating ideas');
    expect(status.textContent).toContain('The first ideas appear in a few seconds; all ten take a little longer.');
    expect(within(status).getByText('0s')).toBeTruthy();
    act(() => vi.advanceTimersByTime(999));
    expect(within(status).getByText('0s')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(within(status).getByText('1s')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1000));
    expect(within(status).getByText('2s')).toBeTruthy();

    stream.send({ type: 'idea', idea: PAIRS[0] });
    await settle();
    expect(cards()).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 2, name: 'Problems and solutions in the industry' })).toBeTruthy();
    expect(screen.getByText('Problem number 1')).toBeTruthy();
    expect(screen.getByText('Generating ideas')).toBeTruthy();

    for (const pair of PAIRS.slice(1, 5)) stream.send({ type: 'idea', idea: pair });
    await settle();
    expect(cards()).toHaveLength(5);
    // The progress message stays until the last card.
    expect(screen.getByText('Generating ideas')).toBeTruthy();

    for (const pair of PAIRS.slice(5)) stream.send({ type: 'idea', idea: pair });
    stream.send({ type: 'done', id: 'AAAAAAAAAAAAAAAAAAAAAA', offline_demo: false, problem_solution_pairs: PAIRS });
    stream.close();
    await settle();
    expect(cards()).toHaveLength(10);
    expect(screen.queryByText('Generating ideas')).toBeNull();
    expect(screen.queryByLabelText('Which industry do you know best or want to explore?')).toBeNull();
    expect(screen.getByRole('button', { name: 'Generate new ideas' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try Launchmate for free' }).getAttribute('href')).toBe('/signup');
    expect(screen.getByText('410 ideas generated so far')).toBeTruthy();
    expect(screen.queryByText('offline demo — not AI')).toBeNull();
    // The timer has stopped: nothing is left ticking.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('labels a result of the offline demo generator', async () => {
    const stream = ndjsonStream();
    api.on(GENERATE, () => stream.response);
    renderTool();
    await submit('Retail');
    stream.send({ type: 'done', id: 'AAAAAAAAAAAAAAAAAAAAAA', offline_demo: true, problem_solution_pairs: PAIRS });
    stream.close();
    await settle();
    expect(screen.getByText('offline demo — not AI')).toBeTruthy();
  });

  it('on a 429 shows the rate-limit banner, stops the timer and gives the form back with the input kept', async () => {
    vi.useFakeTimers();
    const answer = deferred();
    api.on(GENERATE, () => answer.promise);
    renderTool();
    await submit('Fintech');
    act(() => vi.advanceTimersByTime(3000));
    expect(within(screen.getByRole('status')).getByText('3s')).toBeTruthy();
    answer.release(json(429, { error: RATE_LIMITED }, { 'Retry-After': '60' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toContain(RATE_LIMITED);
    expect(input().value).toBe('Fintech');
    expect(input().disabled).toBe(false);
    expect((randomButton() as HTMLButtonElement).disabled).toBe(false);
    expect(submitButton()).not.toBeNull();
    expect(screen.queryByText('Generating ideas')).toBeNull();
    // Only the banner's own timers remain: the progress timer is gone.
    act(() => vi.advanceTimersByTime(4000));
    act(() => vi.advanceTimersByTime(1000));
    expect(vi.getTimerCount()).toBe(0);
  });

  it.each([
    ['a 502', () => json(502, { error: UNEXPECTED })],
    ['a 503', () => json(503, { error: 'The free tools have reached their limit for today. Please try again tomorrow.' })],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('on %s shows the generic banner and keeps the form', async (_, answer) => {
    api.on(GENERATE, answer);
    renderTool();
    await submit('Fintech');
    expect(screen.getByRole('alert').textContent).toContain(UNEXPECTED);
    expect(screen.getByRole('alert').textContent).not.toContain(RATE_LIMITED);
    expect(input().value).toBe('Fintech');
    expect(submitButton()).not.toBeNull();
  });

  it('on an error event half-way drops the partial cards and shows the generic banner', async () => {
    const stream = ndjsonStream();
    api.on(GENERATE, () => stream.response);
    renderTool();
    await submit('Fintech');
    stream.send({ type: 'idea', idea: PAIRS[0] });
    stream.send({ type: 'idea', idea: PAIRS[1] });
    await settle();
    expect(cards()).toHaveLength(2);
    stream.send({ type: 'error', error: UNEXPECTED });
    stream.close();
    await settle();
    expect(screen.getByRole('alert').textContent).toContain(UNEXPECTED);
    expect(cards()).toHaveLength(0);
    expect(input().value).toBe('Fintech');
    expect(input().disabled).toBe(false);
  });

  it('treats a stream that ends without its result as an error', async () => {
    const stream = ndjsonStream();
    api.on(GENERATE, () => stream.response);
    renderTool();
    await submit('Fintech');
    stream.send({ type: 'idea', idea: PAIRS[0] });
    stream.close();
    await settle();
    expect(screen.getByRole('alert').textContent).toContain(UNEXPECTED);
    expect(submitButton()).not.toBeNull();
  });

  it('refuses an empty industry without calling the server', async () => {
    renderTool();
    await submit('   ');
    expect(api.calls(GENERATE)).toHaveLength(0);
    expect(screen.getByText('Please enter an industry')).toBeTruthy();
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(input().maxLength).toBe(100);
    expect(input().required).toBe(true);
    expect(input().placeholder).toBe('e.g., Healthcare');
  });

  it('fills a random industry from the built-in list, a different one each press', async () => {
    renderTool();
    fireEvent.click(randomButton());
    const first = input().value;
    expect(INDUSTRIES).toContain(first);
    fireEvent.click(randomButton());
    expect(INDUSTRIES).toContain(input().value);
    expect(input().value).not.toBe(first);
    expect(INDUSTRIES.length).toBeGreaterThanOrEqual(110);
    expect(new Set(INDUSTRIES).size).toBe(INDUSTRIES.length);
    for (const named of ['Artificial intelligence', 'Healthcare', 'Education', 'Fintech', 'Mental health', 'Vertical farming']) {
      expect(INDUSTRIES).toContain(named);
    }
  });

  describe('Copy idea', () => {
    async function showIdeas() {
      const stream = ndjsonStream();
      api.on(GENERATE, () => stream.response);
      renderTool();
      await submit('Dental clinics');
      stream.send({ type: 'done', id: 'AAAAAAAAAAAAAAAAAAAAAA', offline_demo: false, problem_solution_pairs: PAIRS });
      stream.close();
      await settle();
    }

    it("copies the card's problem and solution and says 'Copied' for exactly 2 seconds", async () => {
      vi.useFakeTimers();
      const writes = fakeClipboard();
      await showIdeas();
      const third = cards()[2] as HTMLElement;
      fireEvent.click(within(third).getByRole('button', { name: 'Copy idea' }));
      await settle();
      expect(writes).toEqual(['Problem: Problem number 3\nPotential solution: Solution number 3']);
      expect(within(third).getByRole('button', { name: 'Copied' })).toBeTruthy();
      // The other cards are untouched.
      expect(within(cards()[0] as HTMLElement).getByRole('button', { name: 'Copy idea' })).toBeTruthy();
      act(() => vi.advanceTimersByTime(1999));
      expect(within(third).getByRole('button', { name: 'Copied' })).toBeTruthy();
      act(() => vi.advanceTimersByTime(1));
      expect(within(third).getByRole('button', { name: 'Copy idea' })).toBeTruthy();
    });

    it('only logs a failed copy', async () => {
      fakeClipboard({ fail: true });
      const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      await showIdeas();
      fireEvent.click(within(cards()[0] as HTMLElement).getByRole('button', { name: 'Copy idea' }));
      await settle();
      expect(logged).toHaveBeenCalledWith('Copying failed', expect.any(DOMException));
      expect(within(cards()[0] as HTMLElement).getByRole('button', { name: 'Copy idea' })).toBeTruthy();
      expect(screen.queryByRole('alert')).toBeNull();
    });
  });

  it('shares the page address before a result, and the result link after', async () => {
    const writes = fakeClipboard();
    const stream = ndjsonStream();
    api.on(GENERATE, () => stream.response);
    renderTool();
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await settle();
    expect(writes.at(-1)).toBe(window.location.href);

    await submit('Dental clinics');
    stream.send({ type: 'done', id: 'AbCdEfGhIjKlMnOpQrStUv', offline_demo: false, problem_solution_pairs: PAIRS });
    stream.close();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await settle();
    expect(writes.at(-1)).toBe(`${window.location.origin}/business-ideas-generator/r/AbCdEfGhIjKlMnOpQrStUv`);
  });
});
