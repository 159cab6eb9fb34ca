import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as AppLayout } from '../../app/pages/app/AppLayout';
import { Component as Settings } from '../../app/pages/app/Settings';
import { fakeApi, json } from './fake-api';
import { landingPages, renderPage } from './render-page';

const routes = [{ Component: AppLayout, children: [{ path: '/app/settings', Component: Settings }] }, ...landingPages('/', '/signin', '/dashboard')];

const USER = { id: 'u1', email: 'ada@example.com', name: null, privacyMode: false, subscribed: true, plan: 'free' };
const signedIn = () => json(200, { user: USER });
const FREE_BILLING = { plan: 'free', purchaseMode: 'stripe', payments: [] };
/** The signed-in founder and the billing panel every settings page loads. */
const account = {
  'GET /api/auth/check-auth': signedIn,
  'GET /api/billing': () => json(200, FREE_BILLING),
  'GET /api/support': () => json(200, { dedicated: false, contactEmail: 'hello@launchmate.app' }),
  'GET /api/project': () => json(200, { projects: [] }),
};
const OOPS = { error: 'Something went wrong on our side. Please try again.' };

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const panel = async (name: string) => screen.findByRole('region', { name });

describe('account settings', () => {
  it('is linked from the signed-in header and shows the e-mail address and plan', async () => {
    fakeApi({ ...account });
    renderPage(routes, '/app/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Account settings' })).toBeTruthy();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/app/settings');
    expect(screen.getByRole('main').textContent).toContain('Signed in as ada@example.com · Free plan');
  });
});

describe('password', () => {
  it('checks the fields first, then sends both passwords and clears the form', async () => {
    const server = fakeApi({ ...account, 'PUT /api/user/password': () => json(200, { message: 'ok' }) });
    renderPage(routes, '/app/settings');
    const form = await panel('Password');
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(within(form).getByText('Enter your current password')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Current password'), { target: { value: 'old password 1' } });
    fireEvent.change(within(form).getByLabelText('New password'), { target: { value: 'short' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(within(form).getByText('Password must be at least 8 characters long')).toBeTruthy();
    expect(server.calls('PUT /api/user/password')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('New password'), { target: { value: 'a new long password' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password was changed. Every other device was signed out.')).toBeTruthy();
    expect(server.calls('PUT /api/user/password').map((r) => r.body)).toEqual([{ currentPassword: 'old password 1', newPassword: 'a new long password' }]);
    expect((within(form).getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });

  it("shows the server's answer for a wrong current password", async () => {
    fakeApi({ ...account, 'PUT /api/user/password': () => json(400, { error: 'Your current password is not correct.' }) });
    renderPage(routes, '/app/settings');
    const form = await panel('Password');
    fireEvent.change(within(form).getByLabelText('Current password'), { target: { value: 'wrong one' } });
    fireEvent.change(within(form).getByLabelText('New password'), { target: { value: 'a new long password' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect((await within(form).findByRole('alert')).textContent).toContain('Your current password is not correct.');
  });
});

describe('switches', () => {
  it('privacy mode is saved on the account', async () => {
    const server = fakeApi({ ...account, 'PUT /api/user/privacy-mode': () => json(200, { privacyMode: true }) });
    renderPage(routes, '/app/settings');
    const toggle = await screen.findByRole('switch', { name: 'Privacy mode' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);
    await waitFor(() => expect(server.calls('PUT /api/user/privacy-mode').map((r) => r.body)).toEqual([{ privacyMode: true }]));
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(await screen.findByText('Privacy mode is on.')).toBeTruthy();
  });

  it('saves the product e-mails preference', async () => {
    const server = fakeApi({ ...account, 'PUT /api/user/email-preferences': () => json(200, { subscribed: false }) });
    renderPage(routes, '/app/settings');
    const toggle = await screen.findByRole('switch', { name: 'Product e-mails' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    await waitFor(() => expect(server.calls('PUT /api/user/email-preferences').map((r) => r.body)).toEqual([{ subscribed: false }]));
    expect(toggle.getAttribute('aria-checked')).toBe('false');
  });

  it('puts a switch back and says so when saving fails', async () => {
    fakeApi({ ...account, 'PUT /api/user/email-preferences': () => json(500, OOPS) });
    renderPage(routes, '/app/settings');
    const toggle = await screen.findByRole('switch', { name: 'Product e-mails' });
    fireEvent.click(toggle);
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong on our side.');
    expect(toggle.getAttribute('aria-checked')).toBe('true');
  });
});

describe('devices and data', () => {
  it('signs out of all devices and goes to sign-in', async () => {
    const server = fakeApi({ ...account, 'POST /api/user/sign-out-everywhere': () => json(200, { signedOut: true }) });
    renderPage(routes, '/app/settings');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out of all devices' }));
    expect(await screen.findByText('Landed on /signin')).toBeTruthy();
    expect(server.calls('POST /api/user/sign-out-everywhere')).toHaveLength(1);
  });

  it('downloads the export under the name the server gives', async () => {
    const exported = JSON.stringify({ account: { email: USER.email } });
    fakeApi({
      ...account,
      'GET /api/user/export': () =>
        new Response(exported, {
          headers: { 'Content-Type': 'application/json', 'Content-Disposition': 'attachment; filename="launchmate-export-2026-11-23.json"' },
        }),
    });
    const saved: { name: string; blob: Blob }[] = [];
    const blobs = new Map<string, Blob>();
    // jsdom has no object URLs: these stand in for the browser's, keeping the blob to read back.
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        blobs.set('blob:export', blob);
        return 'blob:export';
      },
      revokeObjectURL: () => {},
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, blob: blobs.get(this.getAttribute('href')!)! });
    });
    renderPage(routes, '/app/settings');
    fireEvent.click(await screen.findByRole('button', { name: 'Export my data' }));
    expect(await screen.findByText('Your data was downloaded.')).toBeTruthy();
    expect(saved.map((s) => s.name)).toEqual(['launchmate-export-2026-11-23.json']);
    expect(await saved[0]!.blob.text()).toBe(exported);
  });

  it('says so when the export fails', async () => {
    fakeApi({ ...account, 'GET /api/user/export': () => json(500, OOPS) });
    renderPage(routes, '/app/settings');
    fireEvent.click(await screen.findByRole('button', { name: 'Export my data' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong on our side.');
  });
});

describe('deleting the account', () => {
  const OWNED = [
    { id: 'p1', name: 'Bakery tools', members: [{ id: 'u2', email: 'bob@example.com' }] },
    { id: 'p2', name: '', members: [] },
  ];

  it('asks about each owned project, needs the typed address, hands over as chosen, and leaves', async () => {
    const server = fakeApi({
      ...account,
      'GET /api/user/owned-projects': () => json(200, { projects: OWNED }),
      'DELETE /api/user': () => json(200, { deleted: true, deletedProjects: 1, handedOver: 1 }),
    });
    renderPage(routes, '/app/settings');
    const section = await panel('Delete account');
    fireEvent.click(within(section).getByRole('button', { name: 'Delete my account…' }));
    const choice = await within(section).findByLabelText('What happens to Bakery tools?');
    if (!(choice instanceof HTMLSelectElement)) throw new Error('The choice is not a <select>');
    expect([...choice.options].map((o) => o.textContent)).toEqual(['Delete it', 'Hand it to bob@example.com']);
    expect(within(section).getByText(/will be deleted with its research pages and responses/).textContent).toContain('Untitled project');

    const confirm = within(section).getByRole<HTMLButtonElement>('button', { name: 'Delete my account' });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(section).getByLabelText('Type ada@example.com to confirm'), { target: { value: 'ada@example' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(section).getByLabelText('Type ada@example.com to confirm'), { target: { value: 'Ada@Example.com' } });
    fireEvent.change(choice, { target: { value: 'u2' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);

    expect(await screen.findByText('Landed on /')).toBeTruthy();
    expect(screen.getByText('Your account was deleted. We sent a confirmation to ada@example.com.')).toBeTruthy();
    expect(server.calls('DELETE /api/user').map((r) => r.body)).toEqual([
      { confirmation: 'Ada@Example.com', handOver: [{ projectId: 'p1', newOwnerId: 'u2' }] },
    ]);
  });

  it('keeps the visitor on the page with the reason when deletion fails', async () => {
    fakeApi({
      ...account,
      'GET /api/user/owned-projects': () => json(200, { projects: [] }),
      'DELETE /api/user': () => json(500, OOPS),
    });
    renderPage(routes, '/app/settings');
    const section = await panel('Delete account');
    fireEvent.click(within(section).getByRole('button', { name: 'Delete my account…' }));
    expect(await within(section).findByText(/You own no projects/)).toBeTruthy();
    fireEvent.change(within(section).getByLabelText('Type ada@example.com to confirm'), { target: { value: 'ada@example.com' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Delete my account' }));
    expect((await within(section).findByRole('alert')).textContent).toContain('Something went wrong on our side.');
    expect(screen.getByRole('heading', { level: 1, name: 'Account settings' })).toBeTruthy();
  });

  it('says so when the owned projects cannot be loaded', async () => {
    fakeApi({ ...account, 'GET /api/user/owned-projects': () => json(500, OOPS) });
    renderPage(routes, '/app/settings');
    const section = await panel('Delete account');
    fireEvent.click(within(section).getByRole('button', { name: 'Delete my account…' }));
    expect((await within(section).findByRole('alert')).textContent).toContain('We could not load your projects.');
    expect(within(section).queryByLabelText('Type ada@example.com to confirm')).toBeNull();
  });
});

describe('display name', () => {
  it('is saved, used at once, and refused at the field when it is not one line', async () => {
    const server = fakeApi({ 'GET /api/auth/check-auth': signedIn, 'PUT /api/user/name': () => json(200, { name: 'Ada Lovelace' }) });
    renderPage(routes, '/app/settings');
    const form = await panel('Your name');
    expect(form.textContent).toContain('Without one, they see ada.');
    const field = within(form).getByLabelText('Display name') as HTMLInputElement;
    fireEvent.change(field, { target: { value: 'Ada\u0007' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save name' }));
    expect(within(form).getByText('Please keep it on one line, without control characters')).toBeTruthy();
    expect(document.activeElement).toBe(field);
    expect(server.calls('PUT /api/user/name')).toHaveLength(0);

    fireEvent.change(field, { target: { value: ' Ada Lovelace ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Teammates now see you as Ada Lovelace.')).toBeTruthy();
    expect(server.calls('PUT /api/user/name').map((r) => r.body)).toEqual([{ name: 'Ada Lovelace' }]);
    expect(field.value).toBe('Ada Lovelace');
  });

  it('emptied, it is cleared and the address before the @ is shown again', async () => {
    const server = fakeApi({
      'GET /api/auth/check-auth': () => json(200, { user: { ...USER, name: 'Ada' } }),
      'PUT /api/user/name': () => json(200, { name: null }),
    });
    renderPage(routes, '/app/settings');
    const form = await panel('Your name');
    const field = within(form).getByLabelText('Display name') as HTMLInputElement;
    expect(field.value).toBe('Ada');
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Your name was removed; teammates see you as ada.')).toBeTruthy();
    expect(server.calls('PUT /api/user/name').map((r) => r.body)).toEqual([{ name: null }]);
  });

  it('a failure says so at the field and keeps what was typed', async () => {
    fakeApi({ 'GET /api/auth/check-auth': signedIn, 'PUT /api/user/name': () => json(500, OOPS) });
    renderPage(routes, '/app/settings');
    const form = await panel('Your name');
    const field = within(form).getByLabelText('Display name') as HTMLInputElement;
    fireEvent.change(field, { target: { value: 'Ada' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save name' }));
    expect(await within(form).findByText(OOPS.error)).toBeTruthy();
    expect(field.value).toBe('Ada');
  });
});

describe('the privacy switch', () => {
  it('says what each position does', async () => {
    fakeApi({ 'GET /api/auth/check-auth': signedIn });
    renderPage(routes, '/app/settings');
    const toggle = within(await panel('Privacy')).getByRole('switch', { name: 'Privacy mode' });
    const description = document.getElementById(toggle.getAttribute('aria-describedby')!)!.textContent!;
    expect(description).toMatch(
      /^On: the AI provider is asked not to keep your conversations with the co-founder, in every project you are a member of\.Off: /,
    );
  });
});

describe('billing', () => {
  it('shows the plan and each payment with its amount, tax, receipt and invoice', async () => {
    fakeApi({
      ...account,
      'GET /api/auth/check-auth': () => json(200, { user: { ...USER, plan: 'pro' } }),
      'GET /api/billing': () =>
        json(200, {
          plan: 'pro',
          purchaseMode: 'stripe',
          payments: [
            {
              id: 'pay1',
              status: 'paid',
              currency: 'usd',
              amountTotal: 18029,
              amountTax: 3129,
              amountWithoutTax: 14900,
              paidAt: '2026-11-24T10:00:00.000Z',
              reversedAt: null,
              receiptUrl: 'https://pay.stripe.com/receipts/r1',
              invoiceUrl: 'https://invoice.stripe.com/i/1',
              invoicePdfUrl: 'https://pay.stripe.com/invoice/1/pdf',
            },
          ],
        }),
    });
    renderPage(routes, '/app/settings');
    const billing = await panel('Billing');
    await within(billing).findByText(/You have Pro/);
    expect(billing.textContent).toContain('Paid');
    expect(billing.textContent).toContain('November 24, 2026');
    expect(billing.textContent).toContain('$180.29');
    expect(billing.textContent).toContain('$31.29');
    expect(within(billing).getByRole('link', { name: 'Receipt' }).getAttribute('href')).toBe('https://pay.stripe.com/receipts/r1');
    expect(within(billing).getByRole('link', { name: 'Invoice' }).getAttribute('href')).toBe('https://invoice.stripe.com/i/1');
    expect(within(billing).getByRole('link', { name: 'Invoice (PDF)' }).getAttribute('href')).toBe('https://pay.stripe.com/invoice/1/pdf');
    expect(within(billing).queryByRole('button', { name: 'Get Pro' })).toBeNull();
  });

  it('offers Get Pro on the Free plan', async () => {
    fakeApi(account);
    renderPage(routes, '/app/settings');
    const billing = await panel('Billing');
    expect(await within(billing).findByRole('button', { name: 'Get Pro' })).toBeTruthy();
    expect(billing.textContent).toContain('You are on the Free plan');
  });
});

describe('contact support', () => {
  it('gives a Free founder the contact address', async () => {
    fakeApi(account);
    renderPage(routes, '/app/settings');
    const support = await panel('Contact support');
    const link = await within(support).findByRole('link', { name: 'hello@launchmate.app' });
    expect(link.getAttribute('href')).toBe('mailto:hello@launchmate.app');
    expect(within(support).queryByRole('button', { name: 'Send to support' })).toBeNull();
  });

  it('lets a Pro founder write about a project, checks the fields first, and confirms', async () => {
    const server = fakeApi({
      ...account,
      'GET /api/support': () => json(200, { dedicated: true, contactEmail: 'hello@launchmate.app' }),
      'GET /api/project': () =>
        json(200, { projects: [{ id: 'p1', name: 'Bakery tools', role: 'owner', createdAt: 0, phasesDone: [], unlockedPhases: [1, 2] }] }),
      'POST /api/support': () => json(201, { received: true, email: USER.email }),
    });
    renderPage(routes, '/app/settings');
    const support = await panel('Contact support');
    fireEvent.click(await within(support).findByRole('button', { name: 'Send to support' }));
    expect(await within(support).findByText('Please write a subject.')).toBeTruthy();
    expect(server.calls('POST /api/support')).toHaveLength(0);

    fireEvent.change(within(support).getByLabelText('Subject'), { target: { value: 'Export question' } });
    fireEvent.change(within(support).getByLabelText('Message'), { target: { value: 'How do I export?' } });
    fireEvent.change(within(support).getByLabelText('Project (optional)'), { target: { value: 'p1' } });
    fireEvent.click(within(support).getByRole('button', { name: 'Send to support' }));
    expect((await within(support).findByRole('status')).textContent).toContain('We will reply to ada@example.com');
    expect(server.calls('POST /api/support')[0]!.body).toEqual({ subject: 'Export question', message: 'How do I export?', projectId: 'p1' });
  });

  it('keeps the message and says why when sending fails', async () => {
    fakeApi({
      ...account,
      'GET /api/support': () => json(200, { dedicated: true, contactEmail: 'hello@launchmate.app' }),
      'POST /api/support': () => json(429, { error: 'You have sent 5 messages today.' }),
    });
    renderPage(routes, '/app/settings');
    const support = await panel('Contact support');
    fireEvent.change(await within(support).findByLabelText('Subject'), { target: { value: 'Again' } });
    fireEvent.change(within(support).getByLabelText('Message'), { target: { value: 'Hello' } });
    fireEvent.click(within(support).getByRole('button', { name: 'Send to support' }));
    expect((await within(support).findByRole('alert')).textContent).toContain('You have sent 5 messages today.');
    expect((within(support).getByLabelText('Message') as HTMLTextAreaElement).value).toBe('Hello');
  });
});
