/**
 * Buying Pro in Chromium against the built product, which has no Stripe keys: 'Get Pro' opens the
 * labelled local test checkout, whose signed event goes through the real webhook code
 * (docs/decisions/0038). A visitor presses 'Get Pro' signed out, signs up, verifies and lands in
 * the checkout; the return page waits for the recorded payment and Pro allows a fifth project.
 * Then an affiliate's link leads to a purchase that the affiliate's dashboard shows as a
 * conversion with $29.80 pending.
 * On a phone these screens are the same components, only narrower: the purchase runs at desktop
 * width, and the affiliate's visitor, who buys on a phone, has the layout of the purchase's own
 * screens checked on the way (the checkout, the welcome page, billing and pricing as Pro), as has
 * the affiliate's section of the dashboard.
 */
import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import {
  baseUrl,
  E2E_PASSWORD,
  expectHeading,
  expectNoProblems,
  latestEmailLink,
  newAccount,
  newPage,
  operator,
  queryD1,
  screenshot,
  sqlText,
  uniqueEmail,
  url,
  withBrowser,
  waitForHydration,
  viewportOf,
  expectPhoneLayout,
} from './support';

withBrowser();

/** A screen of the purchase: on a phone its layout is checked, with a screenshot; at desktop width, a screenshot. */
async function screen(page: Page, name: string, heading: string, actions: Locator[], options: { fullPage?: boolean } = {}) {
  if (viewportOf(page) === 'phone') await expectPhoneLayout(page, name, heading, actions, options);
  else await screenshot(page, name, options);
}

/** Signs up with e-mail on the page the visitor is on (/signup) and follows the verification link. */
async function signUpAndVerify(page: Page, email: string) {
  await page.getByRole('link', { name: 'Sign up with email' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectHeading(page, 'Check your inbox');
  const link = await latestEmailLink(email, '/verify-email/', { timeout: 30_000 });
  await page.goto(new URL(link).pathname);
}

/** The labelled local test checkout: pay, then wait on the return page until Pro is recorded. */
async function payInTestCheckout(page: Page) {
  await page.waitForURL(/\/pro\/test-checkout\?session_id=cs_local_/, { timeout: 30_000 });
  await page.getByText('Test checkout — no money moves').waitFor();
  const pay = page.getByRole('button', { name: 'Pay $149.00 (test)' });
  await screen(page, 'pro-test-checkout', 'Pay for Launchmate Pro', [pay, page.getByRole('link', { name: 'Cancel' })], { fullPage: false });
  await pay.click();
  await page.waitForURL(/\/pro\/welcome\?session_id=cs_local_/);
  await expectHeading(page, 'You have Pro');
  await screen(page, 'pro-welcome', 'You have Pro', [page.getByRole('link', { name: 'Go to your dashboard' })], { fullPage: false });
}

const createProject = (page: Page, name: string) => page.request.post('/api/project', { data: { name }, headers: { Origin: baseUrl } });

test("signed-out 'Get Pro' → sign-up → verify → checkout → 'You have Pro', and a fifth project is allowed", async () => {
  const page = await newPage('desktop');
  await page.goto('/pricing');
  await expectHeading(page, 'Simple, honest pricing');
  await waitForHydration(page);
  const getPro = page.locator('[data-plan="pro"]').getByRole('link', { name: /Get Pro/ });
  await getPro.click();
  await page.waitForURL(url('/signup?next=pro'));

  const email = uniqueEmail('pro');
  await signUpAndVerify(page, email);
  await payInTestCheckout(page);
  expect(await page.getByRole('listitem').filter({ hasText: '5 projects of your own' }).count()).toBe(1);
  expect(await page.getByRole('listitem').filter({ hasText: 'All 8 phases, from idea to launch' }).count()).toBe(1);
  expect(await queryD1(`SELECT plan FROM users WHERE email = ${sqlText(email)}`)).toEqual([{ plan: 'pro' }]);
  expect(await queryD1(`SELECT p.status, p.amount_total FROM payments p JOIN users u ON u.id = p.user_id WHERE u.email = ${sqlText(email)}`)).toEqual([
    { status: 'paid', amount_total: 14900 },
  ]);

  // Four projects, then the fifth from the dashboard itself.
  const ids: string[] = [];
  for (const name of ['One', 'Two', 'Three', 'Four']) {
    const response = await createProject(page, name);
    expect(response.status()).toBe(201);
    ids.push(((await response.json()) as { project: { id: string } }).project.id);
  }
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expectHeading(page, 'Dashboard');

  // Every screen that shows a phase reads the plan as the workspace does: all 8 open, none locked,
  // on the newest project and on another one.
  const open = ['Free, open', 'Free, open', ...Array.from({ length: 6 }, () => 'Open, open')];
  for (const id of [ids[3]!, ids[0]!]) {
    if (id !== ids[3]) await page.goto(`/dashboard?projectId=${id}`);
    const phases = page.locator('.phases__list');
    await expect.poll(() => phases.locator('.tag').allTextContents()).toEqual(open);
    expect(await phases.locator('.phase--locked').count()).toBe(0);
    expect(await page.locator('.phases__upgrade').count()).toBe(0);
  }
  await page.locator('.phases__list').scrollIntoViewIfNeeded();
  await screenshot(page, 'pro-dashboard-phases', { fullPage: false });
  await page.goto(`/app/projects/${ids[0]}`);
  const panel = page.getByRole('navigation', { name: 'Phases' });
  await expect.poll(() => panel.locator('.badge').allTextContents()).toEqual(['Working here', ...Array.from({ length: 7 }, () => 'Open')]);
  expect(await panel.getByRole('button', { name: /Work on this: phase 8/ }).count()).toBe(1);
  await page.goto('/dashboard');
  await expectHeading(page, 'Dashboard');
  await page.getByRole('button', { name: 'New project' }).click();
  await page.getByLabel('Project name').fill('Fifth');
  const created = page.waitForResponse((response) => response.url().endsWith('/api/project') && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Create project' }).click();
  expect((await created).status()).toBe(201);
  expect(await queryD1(`SELECT count(*) AS n FROM projects p JOIN users u ON u.id = p.owner_id WHERE u.email = ${sqlText(email)}`)).toEqual([{ n: 5 }]);

  // Billing in settings shows the payment; Get Pro is gone everywhere.
  await page.goto('/app/settings');
  const billing = page.getByRole('region', { name: 'Billing' });
  await billing.getByText(/You have Pro/).waitFor();
  expect(await billing.textContent()).toContain('$149.00');
  await billing.scrollIntoViewIfNeeded();
  await screenshot(page, 'pro-billing', { fullPage: false });
  await page.goto('/pricing');
  await page.locator('[data-plan="pro"]').getByText('This is your plan.').waitFor();
  await page.getByText('You are on the Pro plan. The first 2 phases are free; Pro opens all 8, paid once.').waitFor();
  expect(await page.getByRole('button', { name: /Get Pro/ }).count()).toBe(0);
  expectNoProblems(page);
});

test("an affiliate's link → sign-up → purchase: the affiliate's dashboard shows the conversion and $29.80 pending", async () => {
  const affiliate = await newAccount('affiliate-pro');
  const code = `Pro_${Date.now().toString(36)}`;
  const applicant = await newPage('desktop', { storageState: affiliate.storageState });
  const applied = await applicant.request.post('/api/general/affiliate-application', {
    headers: { Origin: baseUrl },
    data: {
      name: 'Priya Raman',
      email: affiliate.email,
      socialProfile: 'https://x.com/priya',
      referralCode: code,
      paypalEmail: 'payouts@example.com',
      whyLaunchmate: 'I coach founders.',
      promotionStrategy: 'A newsletter.',
    },
  });
  expect(applied.status()).toBe(201);
  // An applicant sees that the application is being reviewed.
  await applicant.goto('/dashboard');
  await applicant.getByText(/is being reviewed/).waitFor();
  expect(await operator('affiliate.ts', 'approve', code)).toContain('is now approved');

  // A visitor follows the link, presses Get Pro, signs up and pays.
  const visitor = await newPage('phone');
  const registered = visitor.waitForResponse((response) => response.url().endsWith(`/api/affiliate/register-click/${code}`));
  await visitor.goto(`/?via=${code}`);
  expect((await registered).status()).toBe(200);
  await visitor.goto('/pricing');
  // This flow is about the referral, not the first moments of a page: the click waits for the app
  // to have taken the page over, so it cannot land while hydration replaces the link.
  await waitForHydration(visitor);
  await visitor
    .locator('[data-plan="pro"]')
    .getByRole('link', { name: /Get Pro/ })
    .click();
  await visitor.waitForURL(url('/signup?next=pro'));
  const email = uniqueEmail('referred-buyer');
  await signUpAndVerify(visitor, email);
  await payInTestCheckout(visitor);

  // The buyer's Pro screens on a phone (pricing, sign-up and the dashboard signed out or on the
  // Free plan are checked at phone width in marketing, accounts and account-settings).
  await visitor.goto('/app/settings');
  const billing = visitor.getByRole('region', { name: 'Billing' });
  await billing.getByText(/You have Pro/).waitFor();
  await billing.scrollIntoViewIfNeeded();
  await expectPhoneLayout(visitor, 'pro-billing', 'Account settings', [billing.getByText('$149.00').first(), billing.getByText(/You have Pro/)], {
    fullPage: false,
  });
  await visitor.goto('/pricing');
  await expectPhoneLayout(visitor, 'pro-pricing-own-plan', 'Simple, honest pricing', [visitor.locator('[data-plan="pro"]').getByText('This is your plan.')]);

  const dashboard = await newPage('desktop', { storageState: affiliate.storageState });
  await dashboard.goto('/dashboard');
  await expectHeading(dashboard, 'Dashboard');
  await expect.poll(() => dashboard.getByTestId('affiliate-conversions').textContent()).toBe('1');
  expect(await dashboard.getByTestId('affiliate-pending').textContent()).toBe('$29.80');
  expect(await dashboard.getByTestId('affiliate-payable').textContent()).toBe('$0.00');
  expect(await dashboard.getByTestId('affiliate-sign-ups').textContent()).toBe('1');
  expect(await dashboard.getByRole('img', { name: /Clicks per day over the last 30 days: 1 in all/ }).count()).toBe(1);
  await dashboard.getByRole('region', { name: 'Affiliate' }).scrollIntoViewIfNeeded();
  await screenshot(dashboard, 'affiliate-commissions', { fullPage: false });

  // The affiliate's figures and chart on a phone.
  const phoneDashboard = await newPage('phone', { storageState: affiliate.storageState });
  await phoneDashboard.goto('/dashboard');
  const section = phoneDashboard.getByRole('region', { name: 'Affiliate' });
  await section.getByTestId('affiliate-conversions').getByText('1', { exact: true }).waitFor();
  await section.scrollIntoViewIfNeeded();
  await expectPhoneLayout(
    phoneDashboard,
    'affiliate-commissions',
    'Dashboard',
    [
      section.getByTestId('affiliate-pending'),
      section.getByTestId('affiliate-payable'),
      section.getByRole('img', { name: /Clicks per day over the last 30 days/ }),
      section.getByLabel('Your referral link'),
    ],
    { fullPage: false },
  );
  for (const page of [applicant, visitor, dashboard, phoneDashboard]) expectNoProblems(page);
});
