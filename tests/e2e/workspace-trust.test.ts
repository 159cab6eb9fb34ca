/**
 * The workspace keeps every project to its members, against the built Worker: the Agents SDK's
 * sub-agent path into another founder's project is closed, and an open workspace whose session
 * ends (sign-out of all devices) or whose member is removed says so at once, on desktop and phone.
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { baseUrl, expectHeading, expectNoProblems, newAccount, newPage, queryD1, screenshot, withBrowser } from './support';
import { createProject, joinAsCollaborator, openWorkspace } from './workspace-support';

withBrowser();

/** Opens a WebSocket from the page and reports whether it ever opened, and how it closed. */
const tryWebSocket = (page: Page, path: string) =>
  page.evaluate(
    (address) =>
      new Promise<{ opened: boolean; code: number }>((resolve) => {
        const socket = new WebSocket(address);
        let opened = false;
        socket.onopen = () => (opened = true);
        socket.onclose = (event) => resolve({ opened, code: event.code });
      }),
    new URL(path, baseUrl.replace(/^http/, 'ws')).href,
  );

test("a founder cannot reach another founder's project through the sub-agent path", async () => {
  const attacker = await newAccount('attacker');
  const victim = await newAccount('victim');
  const attackerPage = await newPage('desktop', { storageState: attacker.storageState });
  const victimPage = await newPage('desktop', { storageState: victim.storageState });
  const own = await createProject(attackerPage, 'Attacker project');
  const target = await createProject(victimPage, 'Victim project');

  const prefix = `/api/projects/${own}/cofounder/sub/cofounder-agent`;
  const socket = await tryWebSocket(attackerPage, `${prefix}/${target}`);
  expect(socket.opened).toBe(false);
  const reads = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      attackerPage.request.get(i === 0 ? `${prefix}/${target}/get-messages` : `${prefix}/${crypto.randomUUID()}/get-messages`),
    ),
  );
  expect(reads.map((response) => response.status())).toEqual(Array(50).fill(404));
  expect(await queryD1(`SELECT phase FROM project_phases WHERE project_id = '${target}'`)).toEqual([]);
  // The attacker's own workspace still works.
  await openWorkspace(attackerPage, own, 'Attacker project');
  // The refused handshake is the one error the page logs.
  expectNoProblems(attackerPage, [/WebSocket connection to .*\/cofounder\/sub\/cofounder-agent\/.* failed: .*404/]);
});

test('an open workspace says "You were signed out" when the account signs out of all devices', async () => {
  const founder = await newAccount('founder');
  const workspacePage = await newPage('desktop', { storageState: founder.storageState });
  const projectId = await createProject(workspacePage, 'Signed out project');
  await openWorkspace(workspacePage, projectId, 'Signed out project');

  // Another device of the same account signs out everywhere.
  const settingsPage = await newPage('phone', { storageState: founder.storageState });
  await settingsPage.goto('/app/settings');
  await settingsPage.getByRole('button', { name: 'Sign out of all devices' }).click();
  await settingsPage.waitForURL((address) => address.pathname === '/signin');

  await expectHeading(workspacePage, 'You were signed out', 5000);
  await workspacePage.getByRole('link', { name: 'Sign in' }).waitFor();
  await screenshot(workspacePage, 'workspace-signed-out');
});

test('a removed member sees at once that they are no longer a member, on a phone', async () => {
  const owner = await newAccount('owner');
  const collaborator = await newAccount('member');
  const ownerPage = await newPage('desktop', { storageState: owner.storageState });
  const projectId = await createProject(ownerPage, 'Team project');
  const memberPage = await joinAsCollaborator(ownerPage, projectId, 'Team project', collaborator, 'phone');

  const [member] = await queryD1<{ user_id: string }>(`SELECT user_id FROM project_members WHERE project_id = '${projectId}' AND role = 'collaborator'`);
  const removed = await ownerPage.request.delete(`/api/project/${projectId}/members/${member!.user_id}`, { headers: { Origin: baseUrl } });
  expect(removed.status()).toBe(200);

  await expectHeading(memberPage, 'You are no longer a member of this project', 5000);
  await memberPage.getByRole('link', { name: 'Go to your dashboard' }).waitFor();
  await screenshot(memberPage, 'workspace-removed-member');
});
