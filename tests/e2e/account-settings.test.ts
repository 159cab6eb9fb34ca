/**
 * A founder's control of their account, in Chromium against the built product: the settings page
 * (privacy mode, password, export), deleting the account with a project in it, and the pricing
 * page signed in ('Get Pro' and a cancelled checkout). These screens are the same components on a
 * phone, only narrower: the flows run at desktop width, and at phone width one test opens each
 * screen they visit and checks its layout.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { AccountExport } from '#contracts/user';
import {
  expectHeading,
  expectNoProblems,
  latestEmail,
  newAccount,
  newPage,
  queryD1,
  screenshot,
  sqlText,
  url,
  withBrowser,
  type Account,
  expectPhoneLayout,
} from './support';

withBrowser();

const NEW_PASSWORD = 'a fresh e2e passphrase 7';

/** What the header and the page show once the notification is on screen. */
const notification = (page: Page, text: string) => page.getByText(text, { exact: true }).waitFor();

/** A signed-in account the pricing test and the phone layouts share: nothing they do changes its plan. */
let shared: Account;
beforeAll(async () => {
  shared = await newAccount('settings-shared');
});

describe('account settings (desktop)', () => {
  test('reached from the header: privacy mode, password and export work', async () => {
    // Its own account: changing the password signs every other session of it out.
    const account = await newAccount('settings');
    const page = await newPage('desktop', { storageState: account.storageState });
    await page.goto('/dashboard');
    await expectHeading(page, 'Dashboard');
    await page.getByRole('banner').getByRole('link', { name: 'Settings', exact: true }).click();
    await page.waitForURL(url('/app/settings'));
    await expectHeading(page, 'Account settings');
    expect(await page.getByRole('main').textContent()).toContain(`Signed in as ${account.email} · Free plan`);
    expect(await page.title()).toContain('Account settings');
    await screenshot(page, 'account-settings');

    const privacy = page.getByRole('switch', { name: 'Privacy mode' });
    await privacy.click();
    await notification(page, 'Privacy mode is on.');
    expect(await privacy.getAttribute('aria-checked')).toBe('true');
    const [stored] = await queryD1<{ privacy_mode: number }>(`SELECT privacy_mode FROM users WHERE email = ${sqlText(account.email)}`);
    expect(stored?.privacy_mode).toBe(1);

    const password = page.getByRole('region', { name: 'Password' });
    await password.getByLabel('Current password', { exact: true }).fill(account.password);
    await password.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await password.getByRole('button', { name: 'Change password' }).click();
    await notification(page, 'Your password was changed. Every other device was signed out.');
    const { mail } = await latestEmail(account.email, '/forgot-password');
    expect(mail.subject).toBe('Your Launchmate password was changed');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export my data' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^launchmate-export-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(readFileSync((await download.path())!, 'utf8')) as AccountExport;
    expect(exported.account).toMatchObject({ email: account.email, privacyMode: true, plan: 'free', hasPassword: true });
    await notification(page, 'Your data was downloaded.');

    // Still signed in here after the change; the page still works after a reload.
    await page.reload();
    await expectHeading(page, 'Account settings');
    expectNoProblems(page);
  });

  test('deleting the account removes it with its project, e-mails a confirmation and signs out', async () => {
    const account = await newAccount('delete');
    const page = await newPage('desktop', { storageState: account.storageState });
    await page.goto('/dashboard');
    await expectHeading(page, 'Dashboard');
    const empty = page.getByRole('region', { name: 'Start your first project', exact: true });
    await empty.getByLabel('Project name', { exact: true }).fill('Soon gone');
    await empty.getByRole('button', { name: 'Create project', exact: true }).click();
    await page.getByRole('heading', { level: 2, name: 'Soon gone' }).waitFor();
    const projectId = new URL(page.url()).searchParams.get('projectId');
    expect(await queryD1(`SELECT id FROM projects WHERE id = ${sqlText(projectId ?? '')}`)).toHaveLength(1);

    // The Free plan's one project is used: "New project" explains the limit and links to /pricing.
    await page.getByRole('button', { name: 'New project', exact: true }).click();
    const limit = page.getByRole('status').filter({ hasText: 'The Free plan includes 1 project of your own.' });
    expect(await limit.getByRole('link', { name: 'See Pro pricing' }).getAttribute('href')).toBe('/pricing');
    // The project's own Delete asks for its name.
    const panel = page.getByRole('region', { name: 'Soon gone', exact: true });
    await panel.getByRole('button', { name: 'Delete', exact: true }).click();
    await panel.getByLabel('Type Soon gone to confirm').waitFor();
    expect(await panel.getByRole('button', { name: 'Delete project' }).isDisabled()).toBe(true);
    await screenshot(page, 'dashboard-limit-and-delete');
    await panel.getByRole('button', { name: 'Cancel' }).click();

    await page.goto('/app/settings');
    const section = page.getByRole('region', { name: 'Delete account' });
    await section.getByRole('button', { name: 'Delete my account…' }).click();
    await section.getByText('will be deleted with its research pages and responses').waitFor();
    const confirm = section.getByRole('button', { name: 'Delete my account', exact: true });
    expect(await confirm.isDisabled()).toBe(true);
    await section.getByLabel(`Type ${account.email} to confirm`).fill(account.email);
    expect(await confirm.isDisabled()).toBe(false);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'account-delete', { fullPage: false });
    await confirm.click();

    await page.waitForURL(url('/'));
    await notification(page, `Your account was deleted. We sent a confirmation to ${account.email}.`);
    const users = await queryD1(`SELECT id FROM users WHERE email = ${sqlText(account.email)}`);
    expect(users).toEqual([]);
    expect(await queryD1(`SELECT id FROM projects WHERE id = ${sqlText(projectId ?? '')}`)).toEqual([]);
    expect(await queryD1(`SELECT user_id FROM project_members WHERE project_id = ${sqlText(projectId ?? '')}`)).toEqual([]);
    const [mail] = await queryD1<{ subject: string }>(`SELECT subject FROM outbox WHERE "to" = ${sqlText(account.email)} ORDER BY id DESC LIMIT 1`);
    expect(mail?.subject).toBe('Your Launchmate account was deleted');

    await page.goto('/app/settings');
    await page.waitForURL(url('/signin'));
    expectNoProblems(page, [/status of 401/]);
  });

  test('the pricing page signed in: Get Pro opens the local test checkout, and Cancel returns with nothing charged', async () => {
    const page = await newPage('desktop', { storageState: shared.storageState });
    await page.goto('/pricing');
    await expectHeading(page, 'Simple, honest pricing');
    const pro = page.locator('[data-plan="pro"]');
    const getPro = pro.getByRole('button', { name: /Get Pro/ });
    await getPro.waitFor();
    expect(await page.locator('.pricing-cards a[href^="/signup"]').count()).toBe(0);
    await pro.scrollIntoViewIfNeeded();
    await screenshot(page, 'pricing-signed-in', { fullPage: false });
    await getPro.click();
    // No Stripe keys on this local server: the labelled stand-in for Stripe Checkout.
    await page.getByText('Test checkout — no money moves').waitFor();
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL(url('/pricing?checkout=cancelled'));
    await page.getByText('Checkout was cancelled. Nothing was charged, and your plan is as it was.').waitFor();
    expect(await queryD1(`SELECT plan FROM users WHERE email = ${sqlText(shared.email)}`)).toEqual([{ plan: 'free' }]);
    expect(await queryD1(`SELECT count(*) AS n FROM payments p JOIN users u ON u.id = p.user_id WHERE u.email = ${sqlText(shared.email)}`)).toEqual([{ n: 0 }]);
    expectNoProblems(page);
  });
});

describe('at phone width', () => {
  test('the dashboard, the settings with the deletion opened, pricing and the test checkout fit the screen', async () => {
    const page = await newPage('phone', { storageState: shared.storageState });
    const header = page.getByRole('banner');
    await page.goto('/dashboard');
    const empty = page.getByRole('region', { name: 'Start your first project', exact: true });
    await expectPhoneLayout(page, 'dashboard-empty', 'Dashboard', [
      header.getByRole('link', { name: 'Settings', exact: true }),
      empty.getByRole('button', { name: 'Create project', exact: true }),
    ]);

    // With a project, the Free limit explained and the project's deletion asking for its name.
    await empty.getByLabel('Project name', { exact: true }).fill('Phone project');
    await empty.getByRole('button', { name: 'Create project', exact: true }).click();
    const panel = page.getByRole('region', { name: 'Phone project', exact: true });
    await panel.getByRole('heading', { level: 2, name: 'Phone project' }).waitFor();
    await page.getByRole('button', { name: 'New project', exact: true }).click();
    const limit = page.getByRole('status').filter({ hasText: 'The Free plan includes 1 project of your own.' });
    await panel.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectPhoneLayout(page, 'dashboard-limit-and-delete', 'Dashboard', [
      limit.getByRole('link', { name: 'See Pro pricing' }),
      panel.getByLabel('Type Phone project to confirm'),
      panel.getByRole('button', { name: 'Delete project' }),
    ]);
    await panel.getByRole('button', { name: 'Cancel' }).click();

    await header.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.waitForURL(url('/app/settings'));
    await expectPhoneLayout(page, 'account-settings', 'Account settings', [
      page.getByRole('switch', { name: 'Privacy mode' }),
      page.getByRole('region', { name: 'Password' }).getByRole('button', { name: 'Change password' }),
      page.getByRole('button', { name: 'Export my data' }),
      page.getByRole('button', { name: 'Delete my account…' }),
    ]);
    const section = page.getByRole('region', { name: 'Delete account' });
    await section.getByRole('button', { name: 'Delete my account…' }).click();
    await section.getByText('will be deleted with its research pages and responses').waitFor();
    await section.scrollIntoViewIfNeeded();
    await expectPhoneLayout(
      page,
      'account-delete',
      'Account settings',
      [section.getByLabel(`Type ${shared.email} to confirm`), section.getByRole('button', { name: 'Delete my account', exact: true })],
      { fullPage: false },
    );

    await page.goto('/pricing');
    const getPro = page.locator('[data-plan="pro"]').getByRole('button', { name: /Get Pro/ });
    await expectPhoneLayout(page, 'pricing-signed-in', 'Simple, honest pricing', [getPro]);
    await getPro.click();
    await page.getByText('Test checkout — no money moves').waitFor();
    await expectPhoneLayout(page, 'pricing-test-checkout', 'Pay for Launchmate Pro', [
      page.getByRole('button', { name: 'Pay $149.00 (test)' }),
      page.getByRole('link', { name: 'Cancel' }),
    ]);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL(url('/pricing?checkout=cancelled'));
    await expectPhoneLayout(page, 'pricing-checkout-cancelled', 'Simple, honest pricing', [
      page.getByText('Checkout was cancelled. Nothing was charged, and your plan is as it was.'),
      getPro,
    ]);
    expectNoProblems(page);
  });
});
