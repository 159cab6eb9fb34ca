/**
 * The owner's members panel in Chromium, against the built product: an invitation shows as
 * pending, the account that used the link shows with the invitation it came through, a pending
 * invitation is withdrawn (its link stops working), and a removed member loses the project at
 * once. The panel is the same component on a phone, only narrower (the dashboard puts it in one
 * column): the flow runs at desktop width, and a phone test checks the layout of its states.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { baseUrl, expectHeading, expectNoProblems, newAccount, newPage, screenshot, uniqueEmail, withBrowser, expectPhoneLayout } from './support';

withBrowser();

const membersPanel = (page: Page) => page.getByRole('region', { name: 'Members', exact: true });

async function createProject(page: Page, name: string): Promise<string> {
  await expectHeading(page, 'Dashboard');
  const empty = page.getByRole('region', { name: 'Start your first project', exact: true });
  await empty.getByLabel('Project name', { exact: true }).fill(name);
  await empty.getByRole('button', { name: 'Create project', exact: true }).click();
  await page.waitForURL((address) => address.searchParams.has('projectId'));
  return new URL(page.url()).searchParams.get('projectId')!;
}

async function invite(page: Page, email: string): Promise<string> {
  const panel = page.getByRole('region', { name: 'Invite a collaborator', exact: true });
  await panel.getByLabel('Email address', { exact: true }).fill(email);
  await panel.getByRole('button', { name: 'Send invitation', exact: true }).click();
  await panel.getByRole('status').waitFor();
  return panel.getByLabel('Invitation link', { exact: true }).inputValue();
}

const acceptThroughApi = (page: Page, link: string) =>
  page.request.post(`/api/project/invitations/${link.split('/').at(-1)}/accept`, { headers: { Origin: baseUrl } });

describe('at desktop width', () => {
  test('the owner sees who joined through which invitation, withdraws one and removes a member', async () => {
    const owner = await newAccount('owner');
    const collaborator = await newAccount('member');
    const ownerPage = await newPage('desktop', { storageState: owner.storageState });
    await ownerPage.goto('/dashboard');
    const projectId = await createProject(ownerPage, 'Members test');

    // Two invitations: one will be used (by an account with another address), one withdrawn.
    const sentTo = uniqueEmail('team-inbox');
    const used = await invite(ownerPage, sentTo);
    const withdrawnEmail = uniqueEmail('not-needed');
    const withdrawn = await invite(ownerPage, withdrawnEmail);
    const pending = membersPanel(ownerPage).getByRole('list', { name: 'Pending invitations', exact: true });
    await pending.getByText(withdrawnEmail, { exact: true }).waitFor();
    expect(await pending.getByRole('listitem').count()).toBe(2);

    const collaboratorPage = await newPage('desktop', { storageState: collaborator.storageState });
    expect((await acceptThroughApi(collaboratorPage, used)).status()).toBe(200);

    await ownerPage.reload();
    const people = membersPanel(ownerPage).getByRole('list', { name: 'People in this project', exact: true });
    const joined = people.getByRole('listitem').filter({ hasText: collaborator.email });
    await joined.getByText(`through the invitation sent to ${sentTo} by ${owner.email}`, { exact: false }).waitFor();
    await membersPanel(ownerPage).scrollIntoViewIfNeeded();
    await screenshot(ownerPage, 'project-members', { fullPage: false });

    // Withdraw: two steps, then the link no longer works for anyone.
    await membersPanel(ownerPage)
      .getByRole('button', { name: `Withdraw the invitation to ${withdrawnEmail}`, exact: true })
      .click();
    await membersPanel(ownerPage).getByRole('button', { name: 'Yes, withdraw', exact: true }).click();
    await ownerPage.getByText(`The invitation to ${withdrawnEmail} was withdrawn; its link no longer works.`, { exact: true }).waitFor();
    // The used invitation left the list when it was accepted; the withdrawn one is gone too.
    await membersPanel(ownerPage).getByText('No invitation is waiting to be accepted.', { exact: true }).waitFor();
    const stranger = await newAccount('stranger');
    const strangerPage = await newPage('desktop', { storageState: stranger.storageState });
    expect((await acceptThroughApi(strangerPage, withdrawn)).status()).toBe(400);

    // The collaborator works in the project, then is removed and loses it on the next call.
    await collaboratorPage.goto(`/dashboard?projectId=${projectId}`);
    await collaboratorPage.getByRole('heading', { level: 2, name: 'Members test', exact: true }).waitFor();
    await membersPanel(ownerPage)
      .getByRole('button', { name: `Remove ${collaborator.email}`, exact: true })
      .click();
    await screenshot(ownerPage, 'project-members-confirm', { fullPage: false });
    await membersPanel(ownerPage).getByRole('button', { name: 'Yes, remove', exact: true }).click();
    await ownerPage.getByText(`${collaborator.email} no longer has access to this project.`, { exact: true }).waitFor();
    expect(await people.getByText(collaborator.email, { exact: true }).count()).toBe(0);

    const renamed = await collaboratorPage.request.patch(`/api/project/${projectId}`, { headers: { Origin: baseUrl }, data: { name: 'Taken over' } });
    expect(renamed.status()).toBe(404);
    await collaboratorPage.reload();
    // The project is gone from their dashboard (it was their only one).
    await collaboratorPage.getByRole('region', { name: 'Start your first project', exact: true }).waitFor();
    expect(await collaboratorPage.getByText('Members test', { exact: true }).count()).toBe(0);

    expectNoProblems(ownerPage);
    await Promise.all([ownerPage.context().close(), collaboratorPage.context().close(), strangerPage.context().close()]);
    // Three accounts signed up through the product on a shared two-core machine.
  }, 120_000);
});

describe('at phone width', () => {
  test('the invitation form, the members panel with a member and a pending invitation, and its confirmation fit the screen', async () => {
    const [owner, collaborator] = await Promise.all([newAccount('owner-phone'), newAccount('member-phone')]);
    const page = await newPage('phone', { storageState: owner.storageState });
    await page.goto('/dashboard');
    const projectId = await createProject(page, 'Members on a phone');

    const sentTo = uniqueEmail('team-inbox');
    const used = await invite(page, sentTo);
    const invitePanel = page.getByRole('region', { name: 'Invite a collaborator', exact: true });
    await invitePanel.scrollIntoViewIfNeeded();
    await expectPhoneLayout(
      page,
      'project-members-invited',
      'Dashboard',
      [
        invitePanel.getByRole('status'),
        invitePanel.getByLabel('Invitation link', { exact: true }),
        invitePanel.getByRole('button', { name: 'Copy link', exact: true }),
      ],
      { fullPage: false },
    );
    const pendingEmail = uniqueEmail('not-needed');
    await invite(page, pendingEmail);
    const collaboratorPage = await newPage('phone', { storageState: collaborator.storageState });
    expect((await acceptThroughApi(collaboratorPage, used)).status()).toBe(200);

    await page.goto(`/dashboard?projectId=${projectId}`);
    const members = membersPanel(page);
    const joined = members.getByRole('list', { name: 'People in this project', exact: true }).getByRole('listitem').filter({ hasText: collaborator.email });
    await joined.getByText(`through the invitation sent to ${sentTo} by ${owner.email}`, { exact: false }).waitFor();
    await members.scrollIntoViewIfNeeded();
    const remove = members.getByRole('button', { name: `Remove ${collaborator.email}`, exact: true });
    await expectPhoneLayout(
      page,
      'project-members',
      'Dashboard',
      [joined, remove, members.getByRole('button', { name: `Withdraw the invitation to ${pendingEmail}`, exact: true })],
      { fullPage: false },
    );
    await remove.click();
    await expectPhoneLayout(page, 'project-members-confirm', 'Dashboard', [members.getByRole('button', { name: 'Yes, remove', exact: true })], {
      fullPage: false,
    });
    expectNoProblems(page);
  });
});
