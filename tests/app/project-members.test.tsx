import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as AppLayout } from '../../app/pages/app/AppLayout';
import { Component as Dashboard } from '../../app/pages/app/Dashboard';
import { ProjectMembers } from '../../app/pages/app/ProjectMembers';
import { deferred, fakeApi, json } from './fake-api';
import { renderPage } from './render-page';

const OWNER = {
  userId: 'u-owner',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  role: 'owner',
  joinedAt: Date.UTC(2026, 10, 1),
  invitation: null,
};
const COLLABORATOR = {
  userId: 'u-grace',
  name: null,
  email: 'grace@example.com',
  role: 'collaborator',
  joinedAt: Date.UTC(2026, 10, 5),
  invitation: { id: 'a'.repeat(64), email: 'team@example.com', invitedBy: 'ada@example.com', createdAt: Date.UTC(2026, 10, 4) },
};
const PENDING = {
  id: 'b'.repeat(64),
  email: 'linus@example.com',
  invitedBy: 'ada@example.com',
  createdAt: Date.UTC(2026, 10, 20),
  expiresAt: Date.UTC(2026, 10, 27),
};
const MEMBERS = { members: [OWNER, COLLABORATOR], invitations: [PENDING] };

const MEMBERS_ROUTE = 'GET /api/project/p1/members';
const renderMembers = () => renderPage([{ path: '/dashboard', Component: () => <ProjectMembers projectId="p1" /> }], '/dashboard');

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ProjectMembers', () => {
  it('shows each member with the invitation they joined through, and the pending invitations', async () => {
    fakeApi({ [MEMBERS_ROUTE]: () => json(200, MEMBERS) });
    renderMembers();
    const people = await screen.findByRole('list', { name: 'People in this project' });
    const [owner, collaborator] = within(people).getAllByRole('listitem');
    expect(owner!.textContent).toContain('Ada Lovelace');
    expect(owner!.textContent).toContain('Owner');
    expect(within(owner!).queryByRole('button')).toBeNull();
    // The link was sent to one address and used by another account: both are shown.
    expect(collaborator!.textContent).toContain('grace@example.com');
    expect(collaborator!.textContent).toContain('through the invitation sent to team@example.com by ada@example.com');

    const pending = screen.getByRole('list', { name: 'Pending invitations' });
    expect(pending.textContent).toContain('linus@example.com');
    expect(within(pending).getByRole('button', { name: 'Withdraw the invitation to linus@example.com' })).toBeTruthy();
  });

  it('removes a member only after a second confirmation', async () => {
    const server = fakeApi({
      [MEMBERS_ROUTE]: () => json(200, MEMBERS),
      'DELETE /api/project/p1/members/u-grace': () => json(200, { removed: true }),
    });
    renderMembers();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove grace@example.com' }));
    expect(server.calls('DELETE /api/project/p1/members/u-grace')).toHaveLength(0);

    const confirm = screen.getByRole('group', { name: 'Remove grace@example.com?' });
    // Cancel puts the plain button back and calls nothing.
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(server.calls('DELETE /api/project/p1/members/u-grace')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Remove grace@example.com' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, remove' }));
    expect(await screen.findByText('grace@example.com no longer has access to this project.')).toBeTruthy();
    expect(server.calls('DELETE /api/project/p1/members/u-grace')).toHaveLength(1);
    const people = screen.getByRole('list', { name: 'People in this project' });
    expect(people.textContent).not.toContain('grace@example.com');
  });

  it('withdraws a pending invitation, and says so', async () => {
    const server = fakeApi({
      [MEMBERS_ROUTE]: () => json(200, MEMBERS),
      [`DELETE /api/project/p1/invitations/${PENDING.id}`]: () => json(200, { withdrawn: true }),
    });
    renderMembers();
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw the invitation to linus@example.com' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, withdraw' }));
    expect(await screen.findByText('The invitation to linus@example.com was withdrawn; its link no longer works.')).toBeTruthy();
    expect(server.calls(`DELETE /api/project/p1/invitations/${PENDING.id}`)).toHaveLength(1);
    expect(screen.getByText('No invitation is waiting to be accepted.')).toBeTruthy();
  });

  it("shows the server's message when a removal fails, and keeps the member listed", async () => {
    const removal = deferred();
    fakeApi({
      [MEMBERS_ROUTE]: () => json(200, MEMBERS),
      'DELETE /api/project/p1/members/u-grace': () => removal.promise,
    });
    renderMembers();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove grace@example.com' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, remove' }));
    // While the call runs, the buttons cannot be pressed twice.
    await waitFor(() => expect((screen.getByRole('button', { name: 'Yes, remove' }) as HTMLButtonElement).disabled).toBe(true));
    removal.release(json(403, { error: "Only the project's owner can manage its members." }));
    expect(await screen.findByText("Only the project's owner can manage its members.")).toBeTruthy();
    expect(screen.getByRole('list', { name: 'People in this project' }).textContent).toContain('grace@example.com');
  });

  it('offers to try again when the list cannot be loaded', async () => {
    const server = fakeApi({ [MEMBERS_ROUTE]: () => json(500, { error: 'Something went wrong.' }) });
    renderMembers();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByText('We could not load the members of this project.')).toBeTruthy();
    server.on(MEMBERS_ROUTE, () => json(200, MEMBERS));
    fireEvent.click(retry);
    expect(await screen.findByRole('list', { name: 'People in this project' })).toBeTruthy();
  });
});

describe('the dashboard', () => {
  const USER = { id: 'u-owner', email: 'ada@example.com', name: 'Ada Lovelace', privacyMode: false, subscribed: true };
  const routes = [{ Component: AppLayout, children: [{ path: '/dashboard', Component: Dashboard }] }];
  const base = {
    'GET /api/auth/check-auth': () => json(200, { user: USER }),
    'GET /api/research/projects/p1/pages': () => json(200, { pages: [] }),
    'GET /api/research/projects/p2/pages': () => json(200, { pages: [] }),
  };

  it("shows the members of the owner's project, and the new invitation as pending once sent", async () => {
    let invitations: (typeof PENDING)[] = [];
    fakeApi({
      ...base,
      'GET /api/project': () =>
        json(200, { projects: [{ id: 'p1', name: 'Mine', role: 'owner', createdAt: Date.UTC(2026, 10, 1), phasesDone: [], unlockedPhases: [1, 2] }] }),
      [MEMBERS_ROUTE]: () => json(200, { members: [OWNER], invitations }),
      'POST /api/project/p1/invitations': () => {
        invitations = [PENDING];
        return json(201, { link: 'http://localhost/invite/x', emailed: true });
      },
    });
    renderPage(routes, '/dashboard?projectId=p1');
    const members = await screen.findByRole('region', { name: 'Members' });
    expect(await within(members).findByText('No invitation is waiting to be accepted.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'linus@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await within(members).findByRole('list', { name: 'Pending invitations' })).toBeTruthy();
  });

  it('does not show the members panel on a project shared with you', async () => {
    const server = fakeApi({
      ...base,
      'GET /api/project': () =>
        json(200, { projects: [{ id: 'p2', name: 'Theirs', role: 'collaborator', createdAt: Date.UTC(2026, 10, 1), phasesDone: [], unlockedPhases: [1, 2] }] }),
    });
    renderPage(routes, '/dashboard?projectId=p2');
    expect(await screen.findByRole('heading', { level: 2, name: 'Theirs' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Members' })).toBeNull();
    expect(server.calls('GET /api/project/p2/members')).toHaveLength(0);
  });
});
