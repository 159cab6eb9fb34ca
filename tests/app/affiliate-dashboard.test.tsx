import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AffiliateMe, AffiliateStats } from '#contracts/affiliate';
import { AffiliateSection } from '../../app/pages/app/AffiliateSection';
import { fakeApi, json } from './fake-api';
import { renderPage } from './render-page';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const days = Array.from({ length: 30 }, (_, i) => ({
  day: `2026-11-${String(i + 1).padStart(2, '0')}`,
  clicks: i === 29 ? 3 : i === 27 ? 1 : 0,
  signUps: i === 29 ? 1 : 0,
}));
const STATS: AffiliateStats = {
  referralCode: 'priya',
  referralLink: 'https://launchmate.app/?via=priya',
  days,
  totals: { clicks: 4, signUps: 1 },
  balances: { pending: 2980, payable: -2980, paid: 5960, conversions: 3, nextPayoutDate: '2026-12-01', minimumPayout: 5000 },
};

const show = (me: AffiliateMe) => {
  const server = fakeApi({ 'GET /api/affiliate/me': () => json(200, me) });
  renderPage([{ path: '/', Component: AffiliateSection }], '/');
  return server;
};

describe('the affiliate section of the dashboard', () => {
  it('shows an approved affiliate the link, a chart of clicks per day, conversions and the ledger balances', async () => {
    show({ affiliate: STATS, application: null });
    const section = await screen.findByRole('region', { name: 'Affiliate' });
    expect(within(section).getByLabelText('Your referral link')).toHaveProperty('value', 'https://launchmate.app/?via=priya');
    expect(within(section).getByRole('button', { name: 'Copy' })).toBeTruthy();
    const chart = within(section).getByRole('img', { name: 'Clicks per day over the last 30 days: 4 in all' });
    expect(chart.querySelectorAll('rect')).toHaveLength(30);
    expect(chart.querySelectorAll('rect:not(.affiliate-chart__bar--empty)')).toHaveLength(2);
    expect(within(section).getByTestId('affiliate-conversions').textContent).toBe('3');
    expect(within(section).getByTestId('affiliate-pending').textContent).toBe('$29.80');
    expect(within(section).getByTestId('affiliate-payable').textContent).toBe('−$29.80');
    expect(within(section).getByTestId('affiliate-paid').textContent).toBe('$59.60');
    expect(section.textContent).toContain('balances of $50.00 or more: the next is on December 1, 2026.');
    expect(section.textContent).toContain('A refund after a payout is taken from your next balance.');
  });

  it('tells an applicant that the application is being reviewed, and a rejected one that it was not approved', async () => {
    show({ affiliate: null, application: { status: 'pending', referralCode: 'priya' } });
    expect((await screen.findByText(/is being reviewed/)).textContent).toContain('priya');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('tells a rejected applicant so', async () => {
    show({ affiliate: null, application: { status: 'rejected', referralCode: 'priya' } });
    expect((await screen.findByText(/was not approved/)).textContent).toContain('priya');
  });

  it('shows nothing to everyone else', async () => {
    const server = show({ affiliate: null, application: null });
    await waitFor(() => expect(server.calls('GET /api/affiliate/me')).toHaveLength(1));
    // Let the answer be read and rendered.
    await act(async () => {});
    expect(screen.queryByRole('region', { name: 'Affiliate' })).toBeNull();
  });
});
