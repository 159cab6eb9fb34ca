import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationsProvider } from '../../app/components/Notifications';
import { ShareMenu } from '../../app/components/ShareMenu';
import { fakeClipboard } from './tool-stream';

const LINK = 'https://launchmate.app/business-ideas-generator/r/AbCdEfGhIjKlMnOpQrStUv';
const shareButton = () => screen.getByRole('button', { name: 'Share' });
const copyLink = () => screen.queryByRole('button', { name: 'Copy link' });

async function settle() {
  for (let i = 0; i < 5; i++) await act(async () => {});
}

beforeEach(() => {
  render(
    <NotificationsProvider>
      <p>Elsewhere on the page</p>
      <ShareMenu link={LINK} />
    </NotificationsProvider>,
  );
});

afterEach(() => vi.restoreAllMocks());

describe('the share menu', () => {
  it('toggles open and closed', () => {
    expect(copyLink()).toBeNull();
    expect(shareButton().getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(shareButton());
    expect(copyLink()).not.toBeNull();
    expect(shareButton().getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(shareButton());
    expect(copyLink()).toBeNull();
  });

  it('closes on a press outside it, and on Escape, but not on a press inside it', () => {
    fireEvent.click(shareButton());
    fireEvent.pointerDown(copyLink()!);
    expect(copyLink()).not.toBeNull();
    fireEvent.pointerDown(screen.getByText('Elsewhere on the page'));
    expect(copyLink()).toBeNull();
    fireEvent.click(shareButton());
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(copyLink()).toBeNull();
  });

  it("copies the link, says 'Link copied to clipboard!' and closes", async () => {
    const writes = fakeClipboard();
    fireEvent.click(shareButton());
    fireEvent.click(copyLink()!);
    await settle();
    expect(writes).toEqual([LINK]);
    expect(screen.getByRole('status').textContent).toContain('Link copied to clipboard!');
    expect(copyLink()).toBeNull();
  });

  it("says 'Failed to copy link to clipboard.' when the copy fails, and stays open", async () => {
    fakeClipboard({ fail: true });
    fireEvent.click(shareButton());
    fireEvent.click(copyLink()!);
    await settle();
    expect(screen.getByRole('alert').textContent).toContain('Failed to copy link to clipboard.');
    expect(copyLink()).not.toBeNull();
  });
});
