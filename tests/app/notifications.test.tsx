import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Banner, BANNER_EXIT_MS, BANNER_LIFE_MS, BANNER_VISIBLE_DELAY_MS, NotificationsProvider } from '../../app/components/Notifications';
import { useNotify } from '../../app/lib/notifications';

const NOW = new Date('2026-03-02T10:00:00Z').getTime();

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
});

afterEach(() => {
  vi.useRealTimers();
});

/**
 * Moves the clock to `ms` after NOW, one millisecond at a time so that React commits (and
 * starts the timers of) each phase at the moment it begins, as it would in a browser.
 */
function advanceTo(ms: number) {
  while (Date.now() < NOW + ms) act(() => vi.advanceTimersByTime(1));
}

const banner = () => document.querySelector('.banner');

describe('Banner life cycle', () => {
  it('uses the timings of the specification', () => {
    expect([BANNER_VISIBLE_DELAY_MS, BANNER_LIFE_MS, BANNER_EXIT_MS]).toEqual([100, 4000, 300]);
  });

  it('fades in after 100 ms, exits at 4 s and leaves the DOM 300 ms later', () => {
    const onRemoved = vi.fn();
    render(<Banner kind="success" message="Saved" createdAt={NOW} onRemoved={onRemoved} />);

    expect(banner()?.classList.contains('banner--entering')).toBe(true);
    advanceTo(99);
    expect(banner()?.classList.contains('banner--visible')).toBe(false);
    advanceTo(100);
    expect(banner()?.classList.contains('banner--visible')).toBe(true);

    advanceTo(3999);
    expect(banner()?.classList.contains('banner--visible')).toBe(true);
    advanceTo(4000);
    expect(banner()?.classList.contains('banner--exiting')).toBe(true);
    expect(banner()?.classList.contains('banner--visible')).toBe(false);

    advanceTo(4299);
    expect(banner()).not.toBeNull();
    expect(onRemoved).not.toHaveBeenCalled();
    advanceTo(4300);
    expect(banner()).toBeNull();
    expect(onRemoved).toHaveBeenCalledTimes(1);
  });

  it('counts its life from its timestamp, not from when it mounts', () => {
    render(<Banner kind="success" message="Saved" createdAt={NOW - 3000} onRemoved={() => {}} />);
    advanceTo(999);
    expect(banner()?.classList.contains('banner--visible')).toBe(true);
    advanceTo(1000);
    expect(banner()?.classList.contains('banner--exiting')).toBe(true);
  });

  it.each([4000, 10_000])('closes at once, never visible, when its timestamp is %i ms old', (age) => {
    const onRemoved = vi.fn();
    render(<Banner kind="error" message="Old news" createdAt={NOW - age} onRemoved={onRemoved} />);
    expect(banner()).toBeNull();
    expect(screen.queryByText('Old news')).toBeNull();
    expect(onRemoved).toHaveBeenCalledTimes(1);
  });

  it('a banner just short of its life still appears, then exits when its life ends', () => {
    render(<Banner kind="error" message="Nearly old" createdAt={NOW - 3999} onRemoved={() => {}} />);
    expect(screen.getByText('Nearly old')).toBeTruthy();
    advanceTo(1);
    expect(banner()?.classList.contains('banner--exiting')).toBe(true);
    advanceTo(301);
    expect(banner()).toBeNull();
  });

  it('the close button starts the exit at once', () => {
    render(<Banner kind="success" message="Saved" createdAt={NOW} onRemoved={() => {}} />);
    advanceTo(500);
    act(() => screen.getByRole('button', { name: 'Dismiss notification' }).click());
    expect(banner()?.classList.contains('banner--exiting')).toBe(true);
    advanceTo(500 + BANNER_EXIT_MS);
    expect(banner()).toBeNull();
  });
});

describe('useNotify', () => {
  function Caller() {
    const notify = useNotify();
    return (
      <>
        <button onClick={() => notify.success('Profile saved')}>ok</button>
        <button onClick={() => notify.error('Could not save')}>fail</button>
      </>
    );
  }

  function setup() {
    render(
      <NotificationsProvider>
        <Caller />
      </NotificationsProvider>,
    );
    return {
      success: () => act(() => screen.getByRole('button', { name: 'ok' }).click()),
      error: () => act(() => screen.getByRole('button', { name: 'fail' }).click()),
    };
  }

  it('shows a green success banner as a status with the message', () => {
    setup().success();
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('Profile saved');
    expect(status.classList.contains('banner--success')).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a red error banner as an alert with the message', () => {
    setup().error();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Could not save');
    expect(alert.classList.contains('banner--error')).toBe(true);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('stacks several banners and removes each when its own life ends', () => {
    const notify = setup();
    notify.success();
    advanceTo(1000);
    notify.error();
    expect(document.querySelectorAll('.notifications > .banner')).toHaveLength(2);

    advanceTo(BANNER_LIFE_MS + BANNER_EXIT_MS);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('alert')).toBeTruthy();

    advanceTo(1000 + BANNER_LIFE_MS + BANNER_EXIT_MS);
    expect(document.querySelectorAll('.banner')).toHaveLength(0);
  });

  it('takes a banner away when its owner dismisses it, and leaves the others', () => {
    let dismiss = () => {};
    function Owner() {
      const notify = useNotify();
      return (
        <>
          <button onClick={() => (dismiss = notify.error('No longer true'))}>raise</button>
          <button onClick={() => notify.success('Still true')}>other</button>
        </>
      );
    }
    render(
      <NotificationsProvider>
        <Owner />
      </NotificationsProvider>,
    );
    act(() => screen.getByRole('button', { name: 'raise' }).click());
    act(() => screen.getByRole('button', { name: 'other' }).click());
    advanceTo(500);
    act(() => dismiss());
    expect(screen.getByRole('alert').classList.contains('banner--exiting')).toBe(true);
    advanceTo(500 + BANNER_EXIT_MS);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Still true');
  });

  it('refuses to work outside the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Caller />)).toThrow(/NotificationsProvider/);
    vi.restoreAllMocks();
  });
});
