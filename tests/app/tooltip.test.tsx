import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Tooltip } from '../../app/components/Tooltip';

/** Makes `(hover: hover)` match or not, i.e. a mouse-driven or a touch device. */
function deviceCanHover(canHover: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      ({
        matches: query === '(hover: hover)' ? canHover : false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) satisfies MediaQueryList,
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  deviceCanHover(true);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** One per test: each instance keeps its own idea of where the pointer is. */
const setupUser = () => userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });

/** floating-ui positions asynchronously; let its promise settle inside act. */
const settle = () => act(async () => {});

function renderTooltip(props: Partial<Parameters<typeof Tooltip>[0]> = {}) {
  render(
    <>
      <p>Outside text</p>
      <Tooltip content="Helpful hint" {...props}>
        <button type="button">Info</button>
      </Tooltip>
    </>,
  );
  return screen.getByRole('button', { name: 'Info' });
}

const tooltip = () => screen.queryByRole('tooltip');

describe('Tooltip placement', () => {
  it('opens below its trigger by default', async () => {
    const trigger = renderTooltip();
    fireEvent.click(trigger);
    await settle();
    expect(tooltip()?.classList.contains('tooltip--positioned')).toBe(true);
    expect(tooltip()?.dataset.placement).toBe('bottom');
  });

  it.each(['top', 'left', 'right'] as const)('opens on the %s side when asked', async (position) => {
    const trigger = renderTooltip({ position });
    fireEvent.click(trigger);
    await settle();
    expect(tooltip()?.dataset.placement).toBe(position);
  });

  it('applies a fixed width', async () => {
    fireEvent.click(renderTooltip({ width: 240 }));
    await settle();
    expect(tooltip()?.style.width).toBe('240px');
  });
});

describe('Tooltip behaviour', () => {
  it('opens on hover on a device that can hover, and closes when the pointer leaves', async () => {
    const user = setupUser();
    const trigger = renderTooltip();
    await user.hover(trigger);
    expect(tooltip()?.textContent).toBe('Helpful hint');
    await user.unhover(trigger);
    expect(tooltip()).toBeNull();
  });

  it('does not open on hover on a touch device', async () => {
    const user = setupUser();
    deviceCanHover(false);
    const trigger = renderTooltip();
    await user.hover(trigger);
    expect(tooltip()).toBeNull();
  });

  it.each([true, false])('toggles on click (device can hover: %s)', async (canHover) => {
    deviceCanHover(canHover);
    const trigger = renderTooltip();
    fireEvent.click(trigger);
    expect(tooltip()).not.toBeNull();
    fireEvent.click(trigger);
    expect(tooltip()).toBeNull();
    fireEvent.click(trigger);
    expect(tooltip()).not.toBeNull();
  });

  it('a tap on a touch device opens it and a second tap closes it', async () => {
    const user = setupUser();
    deviceCanHover(false);
    const trigger = renderTooltip();
    await user.click(trigger);
    expect(tooltip()).not.toBeNull();
    await user.click(trigger);
    expect(tooltip()).toBeNull();
  });

  it('stays open after a click even when the pointer leaves', async () => {
    const user = setupUser();
    const trigger = renderTooltip();
    await user.click(trigger);
    await user.unhover(trigger);
    expect(tooltip()).not.toBeNull();
  });

  it('describes its trigger while open', async () => {
    const trigger = renderTooltip();
    expect(trigger.getAttribute('aria-describedby')).toBeNull();
    fireEvent.click(trigger);
    const id = tooltip()?.id;
    expect(id).toBeTruthy();
    expect(trigger.getAttribute('aria-describedby')).toBe(id);
  });

  it('opens on keyboard focus and closes when focus moves on', async () => {
    const user = setupUser();
    renderTooltip();
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Info');
    expect(tooltip()).not.toBeNull();
    await user.tab();
    expect(tooltip()).toBeNull();
  });

  it('closes on a click elsewhere', async () => {
    const user = setupUser();
    const trigger = renderTooltip();
    await user.click(trigger);
    expect(tooltip()).not.toBeNull();
    await user.click(screen.getByText('Outside text'));
    expect(tooltip()).toBeNull();
  });

  it('stays open when its own content is pressed', async () => {
    const user = setupUser();
    const trigger = renderTooltip();
    await user.click(trigger);
    await user.click(screen.getByText('Helpful hint'));
    expect(tooltip()).not.toBeNull();
  });

  it('closes on Escape', async () => {
    const user = setupUser();
    const trigger = renderTooltip();
    await user.click(trigger);
    expect(tooltip()).not.toBeNull();
    await user.keyboard('{Escape}');
    expect(tooltip()).toBeNull();
  });

  it('only one tooltip is open at a time', async () => {
    render(
      <>
        <Tooltip content="First hint">
          <button type="button">First</button>
        </Tooltip>
        <Tooltip content="Second hint">
          <button type="button">Second</button>
        </Tooltip>
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'First' }));
    expect(screen.getByRole('tooltip').textContent).toBe('First hint');

    fireEvent.click(screen.getByRole('button', { name: 'Second' }));
    expect(screen.getAllByRole('tooltip').map((t) => t.textContent)).toEqual(['Second hint']);
    expect(screen.getByRole('button', { name: 'First' }).getAttribute('aria-describedby')).toBeNull();
  });
});
