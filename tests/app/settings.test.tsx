import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as AppLayout } from '../../app/pages/app/AppLayout';
import { Component as Settings } from '../../app/pages/app/Settings';
import { fakeApi, json } from './fake-api';
import { landingPages, renderPage } from './render-page';

const routes = [{ Component: AppLayout, children: [{ path: '/app/settings', Component: Settings }] }, ...landingPages('/', '/signin', '/dashboard')];

const USER = { id: 'u1', email: 'ada@example.com', name: null, privacyMode: false, subscribed: true, plan: 'free' };
const signedIn = () => json(200, { user: USER });
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
    fakeApi({ 'GET /api/auth/check-auth': signedIn });
    renderPage(routes, '/app/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Account settings' })).toBeTruthy();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/app/settings');
    expect(screen.getByRole('main').textContent).toContain('Signed in as ada@example.com · Free plan');
  });
});

describe('password', () => {
  it('checks the fields first, then sends both passwords and clears the form', async () => {
    const server = fakeApi({ 'GET /api/auth/check-auth': signedIn, 'PUT /api/user/password': () => json(200, { message: 'ok' }) });
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
    fakeApi({ 'GET /api/auth/check-auth': signedIn, 'PUT /api/user/password': () => json(400, { error: 'Your current password is not correct.' }) });
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
    const server = fakeApi({ 'GET /api/auth/check-auth': signedIn, 'PUT /api/user/privacy-mode': () => json(200, { privacyMode: true }) });
    renderPage(routes, '/app/settings');
    const toggle = await screen.findByRole('switch', { name: 'Privacy mode' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);
    await waitFor(() => expect(server.calls('PUT /api/user/privacy-mode').map((r) => r.body)).toEqual([{ privacyMode: true }]));
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(await screen.findByText('Privacy mode is on.')).toBeTruthy();
  });

  it('saves the product e-mails preference', async () => {
    const server = fakeApi({ 'GET /api/auth/check-auth': signedIn, 'PUT /api/user/email-preferences': () => json(200, { subscribed: false }) });
    renderPage(routes, '/app/settings');
    const toggle = await screen.findByRole('switch', { name: 'Product e-mails' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    await waitFor(() => expect(server.calls('PUT /api/user/email-preferences').map((r) => r.body)).toEqual([{ subscribed: false }]));
    expect(toggle.getAttribute('aria-checked')).toBe('false');
  });

  it('puts a switch back and says so when saving fails', async () => {
    fakeApi({ 'GET /api/auth/check-auth': signedIn, 'PUT /api/user/email-preferences': () => json(500, OOPS) });
    renderPage(routes, '/app/settings');
    const toggle = await screen.findByRole('switch', { name: 'Product e-mails' });
    fireEvent.click(toggle);
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong on our side.');
    expect(toggle.getAttribute('aria-checked')).toBe('true');
  });
});

describe('devices and data', () => {
  it('signs out of all devices and goes to sign-in', async () => {
    const server = fakeApi({ 'GET /api/auth/check-auth': signedIn, 'POST /api/user/sign-out-everywhere': () => json(200, { signedOut: true }) });
    renderPage(routes, '/app/settings');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out of all devices' }));
    expect(await screen.findByText('Landed on /signin')).toBeTruthy();
    expect(server.calls('POST /api/user/sign-out-everywhere')).toHaveLength(1);
  });

  it('downloads the export under the name the server gives', async () => {
    const exported = JSON.stringify({ account: { email: USER.email } });
    fakeApi({
      'GET /api/auth/check-auth': signedIn,
      'GET /api/user/export': () => new Response(exported, { headers: { 'Content-Type': 'application/json', 'Content-Disposition': 'attachment; filename="launchmate-export-2026-11-23.json"' } }),
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
    fakeApi({ 'GET /api/auth/check-auth': signedIn, 'GET /api/user/export': () => json(500, OOPS) });
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
      'GET /api/auth/check-auth': signedIn,
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
    expect(server.calls('DELETE /api/user').map((r) => r.body)).toEqual([{ confirmation: 'Ada@Example.com', handOver: [{ projectId: 'p1', newOwnerId: 'u2' }] }]);
  });

  it('keeps the visitor on the page with the reason when deletion fails', async () => {
    fakeApi({
      'GET /api/auth/check-auth': signedIn,
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
    fakeApi({ 'GET /api/auth/check-auth': signedIn, 'GET /api/user/owned-projects': () => json(500, OOPS) });
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
    expect(description).toMatch(/^On: the AI provider is asked not to keep your conversations with the co-founder, in every project you are a member of\.Off: /);
  });
});
