/**
 * The affiliate program in Chromium: the application form's validation, confirmation and
 * failure banner, then the whole loop: an account applies, the operator approves it with
 * `npm run affiliate`, a visitor arrives through ?via=, signs up, and the affiliate's dashboard
 * shows the click and the sign-up. The form is the same component on a phone, its rows stacked:
 * its flows run at desktop width, and a phone test checks the layout of each of its states.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
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
  expectPhoneLayout,
} from './support';

withBrowser();

const RECEIVED = "Thank you for your application! We'll review your information and contact you if you have been accepted.";
const uniqueCode = (prefix: string) => `${prefix}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function fillApplication(page: Page, values: { email: string; referralCode: string; socialProfile?: string }) {
  await page.getByLabel('Name', { exact: true }).fill('Priya Raman');
  await page.getByLabel('Account email').fill(values.email);
  await page.getByLabel('Social profile URL').fill(values.socialProfile ?? 'https://www.linkedin.com/in/priya');
  await page.getByLabel('Referral code').fill(values.referralCode);
  await page.getByLabel('PayPal email').fill('payouts@example.com');
  await page.getByLabel('Why do you want to join the Launchmate affiliate program?').fill('I coach first-time founders every week.');
  await page.getByLabel('How will you promote Launchmate?').fill('My newsletter and a monthly workshop.');
}

const submit = (page: Page) => page.getByRole('button', { name: 'Submit application' }).click();
const banner = (page: Page, text: string) => page.locator('.banner--error').filter({ hasText: text });

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Whether `element` has the focus and is on the screen, below the sticky top bar. */
async function focusedInView(page: Page, element: Locator) {
  const box = await element.boundingBox();
  const topBar = (await page.locator('header.topbar').boundingBox())!;
  return (
    (await element.evaluate((node) => node === document.activeElement)) &&
    box !== null &&
    box.y >= topBar.y + topBar.height &&
    box.y + box.height <= page.viewportSize()!.height
  );
}

/** The problems of the banners on the screen: each one over the top bar or over `field`. */
async function bannersCovering(page: Page, field: Locator) {
  const topBar = (await page.locator('header.topbar').boundingBox())!;
  const fieldBox = (await field.boundingBox())!;
  const boxes = await page.locator('.notifications .banner').evaluateAll((banners) => banners.map((banner) => banner.getBoundingClientRect().toJSON() as Box));
  expect(boxes.length).toBeGreaterThan(0);
  return boxes.flatMap((box, i) => [
    ...(overlaps(box, topBar) ? [`banner ${i} over the top bar`] : []),
    ...(overlaps(box, fieldBox) ? [`banner ${i} over the field`] : []),
  ]);
}

/** An application sent straight to the API, so that its referral code is taken. */
async function applyThroughApi(page: Page, referralCode: string) {
  const response = await page.request.post('/api/general/affiliate-application', {
    headers: { Origin: new URL(url('/')).origin },
    data: {
      name: 'First',
      email: uniqueEmail('first'),
      socialProfile: 'https://x.com/first',
      referralCode,
      paypalEmail: 'first@example.com',
      whyLaunchmate: 'Because.',
      promotionStrategy: 'Posts.',
    },
  });
  expect(response.status()).toBe(201);
}

describe('at desktop width', () => {
  test('the form asks for every field and checks formats, then confirms the application', async () => {
    const page = await newPage('desktop');
    await page.goto('/affiliate');
    await expectHeading(page, 'Affiliate program');
    await screenshot(page, 'affiliate');

    await submit(page);
    await banner(page, 'Please fill in all required fields').waitFor();
    expect(await page.getByLabel('Name', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'affiliate-required', { fullPage: false });

    const code = uniqueCode('form');
    await fillApplication(page, { email: 'not-an-email', referralCode: code, socialProfile: 'linkedin' });
    await submit(page);
    await expect.poll(() => page.getByLabel('Social profile URL').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Account email').getAttribute('aria-invalid')).toBe('true');

    const email = uniqueEmail('applicant');
    await page.getByLabel('Account email').fill(email);
    await page.getByLabel('Social profile URL').fill('https://www.linkedin.com/in/priya');
    await submit(page);
    await page.getByText(RECEIVED, { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Submit application' }).count()).toBe(0);
    // The form's error banners no longer apply: they leave.
    await expect.poll(() => page.locator('.notifications .banner--error').count()).toBe(0);
    await screenshot(page, 'affiliate-received', { fullPage: false });

    expect(await queryD1(`SELECT email, status FROM affiliates WHERE referral_code = ${sqlText(code)}`)).toEqual([{ email, status: 'pending' }]);
    expectNoProblems(page);
  });

  test("a refused application shows the server's error, or 'Failed to submit application', as an error banner", async () => {
    const page = await newPage('desktop');
    const taken = uniqueCode('taken');
    await applyThroughApi(page, taken);

    await page.goto('/affiliate');
    await expectHeading(page, 'Affiliate program');
    await fillApplication(page, { email: uniqueEmail('second'), referralCode: taken.toUpperCase() });
    await submit(page);
    await banner(page, 'This referral code is already taken. Please choose another one.').waitFor();
    expect(await page.getByLabel('Referral code').inputValue()).toBe(taken.toUpperCase());
    await screenshot(page, 'affiliate-taken', { fullPage: false });

    // The server fails without a message of its own.
    await page.route('**/api/general/affiliate-application', (route) => route.fulfill({ status: 502, contentType: 'text/plain', body: 'Bad gateway' }));
    await page.getByLabel('Referral code').fill(uniqueCode('other'));
    await submit(page);
    await banner(page, 'Failed to submit application').waitFor();
    expect(await page.getByText(RECEIVED).count()).toBe(0);
    expectNoProblems(page, [/status of 409 .*affiliate-application/, /status of 502 .*affiliate-application/, /Submitting the affiliate application failed/]);
  });
});

describe('at phone width', () => {
  test('the form, its required-field banner, a refused code and the confirmation fit the screen', async () => {
    const page = await newPage('phone');
    const taken = uniqueCode('taken');
    await applyThroughApi(page, taken);
    await page.goto('/affiliate');
    const submitButton = page.getByRole('button', { name: 'Submit application' });
    await expectPhoneLayout(page, 'affiliate', 'Affiliate program', [page.getByLabel('Name', { exact: true }), submitButton]);

    await submit(page);
    await expectPhoneLayout(page, 'affiliate-required', 'Affiliate program', [banner(page, 'Please fill in all required fields'), submitButton], {
      fullPage: false,
    });
    // The first invalid field is focused on the screen, and the banner covers neither it nor the top bar.
    const name = page.getByLabel('Name', { exact: true });
    await expect.poll(() => focusedInView(page, name)).toBe(true);
    await expect.poll(() => bannersCovering(page, name)).toEqual([]);

    await fillApplication(page, { email: uniqueEmail('applicant'), referralCode: taken });
    await submit(page);
    await expectPhoneLayout(
      page,
      'affiliate-taken',
      'Affiliate program',
      [banner(page, 'This referral code is already taken. Please choose another one.'), page.getByLabel('Referral code'), submitButton],
      { fullPage: false },
    );
    // Two banners now (the required fields' one is still fading): neither covers the taken code's field.
    const referralCode = page.getByLabel('Referral code');
    await expect.poll(() => focusedInView(page, referralCode)).toBe(true);
    await expect.poll(() => bannersCovering(page, referralCode)).toEqual([]);

    await referralCode.fill(uniqueCode('phone'));
    await submit(page);
    // The confirmation takes the form's place: on the screen, focused, and the form's error banners leave.
    const confirmation = page.getByRole('status').filter({ hasText: RECEIVED });
    await expect.poll(() => focusedInView(page, confirmation)).toBe(true);
    expect(await page.locator('.notifications .banner--error:not(.banner--exiting)').count()).toBe(0);
    await expect.poll(() => page.locator('.notifications .banner--error').count()).toBe(0);
    await expectPhoneLayout(page, 'affiliate-received', 'Affiliate program', [page.getByText(RECEIVED, { exact: true })], { fullPage: false });
    expectNoProblems(page, [/status of 409 .*affiliate-application/, /Submitting the affiliate application failed/]);
  });
});

test("a ?via= visit followed by a sign-up shows up in the approved affiliate's dashboard", async () => {
  // An account applies with its own address; the operator approves it.
  const affiliate = await newAccount('affiliate');
  const code = uniqueCode('Partner');
  const applicant = await newPage('desktop', { storageState: affiliate.storageState });
  await applicant.goto('/affiliate');
  await fillApplication(applicant, { email: affiliate.email, referralCode: code });
  await submit(applicant);
  await applicant.getByText(RECEIVED, { exact: true }).waitFor();
  expect(await operator('affiliate.ts', 'approve', code)).toContain(`${code} (Priya Raman, ${affiliate.email}) is now approved.`);

  // Before any visit, the dashboard shows the link and nothing yet.
  const dashboard = await newPage('desktop', { storageState: affiliate.storageState });
  await dashboard.goto('/dashboard');
  await expectHeading(dashboard, 'Dashboard');
  const link = dashboard.getByLabel('Your referral link');
  await link.waitFor();
  const referralLink = await link.inputValue();
  expect(referralLink).toBe(url(`/?via=${code}`));
  expect(await dashboard.getByTestId('affiliate-clicks').textContent()).toBe('0');

  // A visitor follows the link: the click is registered and the parameter leaves the address bar.
  const visitor = await newPage('phone');
  const registered = visitor.waitForResponse((response) => response.url().endsWith(`/api/affiliate/register-click/${code}`));
  await visitor.goto(referralLink);
  expect((await registered).status()).toBe(200);
  await expect.poll(() => visitor.url()).toBe(url('/'));
  const cookie = (await visitor.context().cookies()).find((c) => c.name === '__Host-via');
  expect(cookie).toMatchObject({ value: code, httpOnly: true, secure: true, sameSite: 'Lax' });
  expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(29.9 * 24 * 60 * 60 * 1000);

  // …and signs up with e-mail.
  const email = uniqueEmail('referred');
  await visitor.goto('/signup?method=email');
  await visitor.getByLabel('Email').fill(email);
  await visitor.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await visitor.getByRole('button', { name: 'Continue' }).click();
  await expectHeading(visitor, 'Check your inbox');
  await latestEmailLink(email, '/verify-email/');
  expect(await queryD1(`SELECT referred_by FROM users WHERE email = ${sqlText(email)}`)).toEqual([{ referred_by: code }]);

  // The affiliate sees one click and one sign-up today.
  await dashboard.reload();
  await expectHeading(dashboard, 'Dashboard');
  await expect.poll(() => dashboard.getByTestId('affiliate-clicks').textContent()).toBe('1');
  expect(await dashboard.getByTestId('affiliate-sign-ups').textContent()).toBe('1');
  const today = new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const row = dashboard.getByRole('row', { name: new RegExp(`^${today}`) });
  expect(await row.getByRole('cell').allTextContents()).toEqual(['1', '1']);
  await screenshot(dashboard, 'affiliate-dashboard');

  // The dashboard's affiliate section at phone width: its figures and the referral link fit.
  const phoneDashboard = await newPage('phone', { storageState: affiliate.storageState });
  await phoneDashboard.goto('/dashboard');
  await expectPhoneLayout(phoneDashboard, 'affiliate-dashboard', 'Dashboard', [
    phoneDashboard.getByLabel('Your referral link'),
    phoneDashboard.getByTestId('affiliate-clicks'),
    phoneDashboard.getByTestId('affiliate-sign-ups'),
  ]);

  for (const page of [applicant, dashboard, visitor, phoneDashboard]) expectNoProblems(page);
});
