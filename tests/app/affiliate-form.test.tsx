import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as Affiliate } from '../../app/pages/marketing/Affiliate';
import { APPLICATION_APPROVED, APPLICATION_FAILED, APPLICATION_RECEIVED, applicationPending } from '../../app/pages/marketing/AffiliateForm';
import { deferred, fakeApi, json } from './fake-api';
import { renderPage } from './render-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
});

const APPLY = 'POST /api/general/affiliate-application';
const LABELS = {
  name: 'Name',
  email: 'Account email',
  socialProfile: 'Social profile URL',
  referralCode: 'Referral code',
  paypalEmail: 'PayPal email',
  whyLaunchmate: 'Why do you want to join the Launchmate affiliate program?',
  promotionStrategy: 'How will you promote Launchmate?',
} as const;
const VALID = {
  name: 'Priya Raman',
  email: 'priya@example.com',
  socialProfile: 'https://x.com/priya',
  referralCode: 'priya',
  paypalEmail: 'pay@example.com',
  whyLaunchmate: 'I coach founders.',
  promotionStrategy: 'My newsletter.',
};

async function settle() {
  for (let i = 0; i < 10; i++) await act(async () => {});
}

function fill(values: Partial<Record<keyof typeof LABELS, string>>) {
  for (const [field, value] of Object.entries(values)) {
    fireEvent.change(screen.getByLabelText(LABELS[field as keyof typeof LABELS]), { target: { value } });
  }
}
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Submit application' }));
const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

function open() {
  renderPage([{ path: '/affiliate', Component: Affiliate }], '/affiliate');
}

describe('the affiliate page', () => {
  it('explains the program in 3 steps and answers the FAQ', () => {
    fakeApi();
    open();
    expect(screen.getByRole('heading', { level: 1, name: 'Affiliate program' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Apply', 'Share', 'Earn 20% of each purchase']);
    const faq = screen.getByRole('region', { name: 'Frequently asked questions' }).textContent;
    for (const fact of [
      '72 hours',
      '20%',
      'one-time lifetime purchase',
      'within a year of signing up',
      '30-day cookie',
      '$50',
      '1st of each month',
      'PayPal',
      'clicks, conversions and commissions',
    ]) {
      expect(faq).toContain(fact);
    }
    // Pro is paid once: nothing may promise a share of subscriptions.
    expect(document.body.textContent).not.toMatch(/subscription/i);
  });
});

describe('the affiliate application form', () => {
  it("says 'Please fill in all required fields' and sends nothing while a field is empty", async () => {
    const api = fakeApi();
    open();
    fill({ ...VALID, promotionStrategy: '   ' });
    submit();
    await settle();
    expect(alerts()).toContain('Please fill in all required fields');
    expect(screen.getByLabelText(LABELS.promotionStrategy).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText(LABELS.promotionStrategy));
    expect(api.calls(APPLY)).toHaveLength(0);
  });

  it('checks the URL, e-mail and referral code formats before sending', async () => {
    const api = fakeApi();
    open();
    fill({ ...VALID, socialProfile: 'x.com/priya', paypalEmail: 'pay-at-example.com', referralCode: 'two words' });
    submit();
    await settle();
    expect(screen.getByLabelText(LABELS.socialProfile).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(LABELS.paypalEmail).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(LABELS.referralCode).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(LABELS.email).getAttribute('aria-invalid')).toBeNull();
    // Every field is filled in: the required-fields message is not the problem here.
    expect(alerts()).not.toContain('Please fill in all required fields');
    expect(api.calls(APPLY)).toHaveLength(0);
  });

  it('is disabled while sending, then shows the confirmation instead of the form', async () => {
    const answer = deferred();
    const api = fakeApi({ [APPLY]: () => answer.promise });
    open();
    fill(VALID);
    submit();
    await settle();
    expect(api.calls(APPLY).map((c) => c.body)).toEqual([VALID]);
    expect((screen.getByLabelText(LABELS.name) as HTMLInputElement).closest('fieldset')!.disabled).toBe(true);

    await act(async () => answer.release(json(201, { received: true })));
    await settle();
    expect(screen.getByRole('status').textContent).toBe(APPLICATION_RECEIVED);
    expect(screen.queryByRole('button', { name: 'Submit application' })).toBeNull();
  });

  it("shows the server's error as an error notification and keeps what was typed", async () => {
    fakeApi({ [APPLY]: () => json(409, { error: 'This referral code is already taken. Please choose another one.', field: 'referralCode' }) });
    open();
    fill(VALID);
    submit();
    await settle();
    expect(alerts()).toContain('This referral code is already taken. Please choose another one.');
    const code = screen.getByLabelText(LABELS.referralCode) as HTMLInputElement;
    expect(code.value).toBe('priya');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(code.closest('fieldset')!.disabled).toBe(false);
    // The one field the visitor can fix is focused, announced with its error.
    expect(document.activeElement).toBe(code);
  });

  it(`falls back to '${APPLICATION_FAILED}' when the server gives no error text or cannot be reached`, async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = fakeApi({ [APPLY]: () => new Response('upstream failure', { status: 502 }) });
    open();
    fill(VALID);
    submit();
    await settle();
    expect(alerts()).toContain(APPLICATION_FAILED);

    api.on(APPLY, () => Promise.reject(new TypeError('Failed to fetch')));
    submit();
    await settle();
    expect(alerts().filter((text) => text === APPLICATION_FAILED)).toHaveLength(2);
    expect(screen.queryByText(APPLICATION_RECEIVED)).toBeNull();
  });
});

describe('a visitor who is known', () => {
  const STATE = 'GET /api/general/affiliate-application';

  it("fills in a signed-in visitor's name and account address", async () => {
    fakeApi({ [STATE]: () => json(200, { prefill: { name: 'Priya Raman', email: 'priya@example.com' }, application: null }) });
    open();
    await settle();
    expect((screen.getByLabelText(LABELS.name) as HTMLInputElement).value).toBe('Priya Raman');
    expect((screen.getByLabelText(LABELS.email) as HTMLInputElement).value).toBe('priya@example.com');
  });

  it('shows a signed-in applicant that the application is pending, instead of an empty form', async () => {
    fakeApi({
      [STATE]: () => json(200, { prefill: { name: 'Priya', email: 'priya@example.com' }, application: { status: 'pending', referralCode: 'priya' } }),
    });
    open();
    await settle();
    expect(screen.getByRole('status').textContent).toBe(applicationPending('priya'));
    expect(screen.queryByRole('button', { name: 'Submit application' })).toBeNull();
  });

  it('tells an approved affiliate where their link is', async () => {
    fakeApi({
      [STATE]: () => json(200, { prefill: { name: 'Priya', email: 'priya@example.com' }, application: { status: 'approved', referralCode: 'priya' } }),
    });
    open();
    await settle();
    expect(screen.getByRole('status').textContent).toBe(APPLICATION_APPROVED);
  });

  it('remembers in this browser that a signed-out visitor applied', async () => {
    fakeApi({ [APPLY]: () => json(201, { received: true }) });
    open();
    fill(VALID);
    submit();
    await settle();
    expect(screen.getByRole('status').textContent).toBe(APPLICATION_RECEIVED);
    cleanup();
    open();
    await settle();
    expect(screen.getByRole('status').textContent).toBe(applicationPending('priya'));
  });
});
