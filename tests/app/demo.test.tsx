import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as Demo } from '../../app/pages/marketing/Demo';
import { DEMO_VIDEO } from '#contracts/pages/demo-video';
import { fakeApi } from './fake-api';
import { renderPage } from './render-page';

beforeEach(() => {
  sessionStorage.clear();
  // The memory router leaves the address bar alone; track() reads the page from it, as in the app.
  window.history.replaceState(null, '', '/demo');
  vi.unstubAllGlobals();
});

const video = () => document.querySelector('video') as HTMLVideoElement;

describe('the demo page', () => {
  it("sends 'play-demo' once, on the first play, with the page and a tab session id", async () => {
    const api = fakeApi({ 'POST /api/events': () => new Response(null, { status: 204 }) });
    renderPage([{ path: '/demo', Component: Demo }], '/demo');
    expect(api.calls('POST /api/events')).toHaveLength(0);

    fireEvent.play(video());
    fireEvent.pause(video());
    fireEvent.play(video());
    await waitFor(() => expect(api.calls('POST /api/events')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls('POST /api/events')).toHaveLength(1);
    const [call] = api.calls('POST /api/events');
    expect(call!.body).toEqual({ name: 'play-demo', path: '/demo', sessionId: expect.stringMatching(/^[A-Za-z0-9-]{8,64}$/) });
  });

  it('plays the configured video with captions', () => {
    renderPage([{ path: '/demo', Component: Demo }], '/demo');
    expect(video().querySelector('source')!.getAttribute('src')).toBe(DEMO_VIDEO.src);
    expect(video().getAttribute('poster')).toBe(DEMO_VIDEO.poster);
    expect(video().querySelector('track[kind="captions"]')!.getAttribute('src')).toBe(DEMO_VIDEO.captions);
    expect(video().controls).toBe(true);
  });

  it('a failing analytics call is logged, never thrown', async () => {
    const api = fakeApi({ 'POST /api/events': () => Promise.reject(new TypeError('Failed to fetch')) });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderPage([{ path: '/demo', Component: Demo }], '/demo');
    fireEvent.play(video());
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Analytics event "play-demo" could not be sent', expect.any(TypeError)));
    expect(api.calls('POST /api/events')).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('See Launchmate in action');
  });
});
