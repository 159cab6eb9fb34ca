/**
 * Ways into the workspace, in Chromium against the built product: an idea typed on the landing
 * page becomes the first message of a new project after sign-up and verification, and the
 * co-founder's answer streams when the workspace opens (once, even across a reload); a
 * signed-in visitor who sends from the landing page goes straight to a new project; signing in
 * from the landing page's dialog does the same; the top bar shows a signed-in visitor
 * 'Dashboard'; the dashboard opens the workspace.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { E2E_PASSWORD, expectHeading, expectNoProblems, latestEmailLink, newAccount, newPage, screenshot, uniqueEmail, url, withBrowser } from './support';
import { answers, scriptCofounder, transcript, waitForAnswer, waitForWorkspace } from './workspace-support';

withBrowser();

// Streamed slowly (about 2.5 s at 12 tokens a second) so that a page still loading on a busy
// machine can see the answer part-written.
const ANSWER = 'Who books the appointments today, and how many slots go empty each week? **Weakest assumption:** clinics will pay.';
const CHECK_AUTH_401 = /status of 401 .*\/api\/auth\/check-auth/;
const REFRESH_401 = /status of 401 .*\/api\/auth\/refresh/;

const projectIdOf = (page: Page) => /^\/app\/projects\/([^/]+)$/.exec(new URL(page.url()).pathname)?.[1];

/** Types on the landing page and presses Send. */
async function sendFromLanding(page: Page, idea: string) {
  await page.goto('/');
  await page.getByRole('textbox', { name: 'Describe what you want to build' }).fill(idea);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
}

/** The first answer streams: seen part-written first, then whole, with the member's message above it. */
async function expectFirstAnswerStreams(page: Page, idea: string) {
  const first = answers(page).first();
  await expect
    .poll(async () => (await first.getAttribute('aria-busy')) === 'true' && ((await first.textContent()) ?? '').length > 0, { timeout: 15_000 })
    .toBe(true);
  await waitForAnswer(page, 'Weakest assumption:');
  expect(await transcript(page)).toEqual([expect.stringMatching(/ \(you\): /), `AI co-founder: ${ANSWER.replace(/\*\*/g, '')}`]);
  expect((await transcript(page))[0]).toContain(idea);
  // The draft is used: nothing waits any more.
  await expect
    .poll(() => page.evaluate(() => [localStorage.getItem('launchmate.firstMessage'), localStorage.getItem('launchmate.landingPagePrompt')]))
    .toEqual([null, null]);
}

describe('the landing idea', () => {
  test('becomes the first message after sign-up and verification, and the answer streams at once (once, across a reload)', async () => {
    const lane = await scriptCofounder([{ content: ANSWER, tokensPerSecond: 12 }]);
    const idea = `I want to build a booking assistant for dental clinics. Ref ${lane.tag}`;
    const email = uniqueEmail('idea');
    const page = await newPage('desktop');
    await sendFromLanding(page, idea);
    const dialog = page.getByRole('dialog', { name: 'Join and start building' });
    await dialog.getByRole('link', { name: 'Sign up' }).click();

    await expectHeading(page, 'Create your account');
    await page.getByRole('link', { name: 'Sign up with email', exact: true }).click();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expectHeading(page, 'Check your inbox');

    await page.goto(new URL(await latestEmailLink(email, '/verify-email/')).pathname);
    await page.waitForURL(url('/onboarding'));
    await page.getByText(idea, { exact: true }).waitFor();
    // The suggested name is whole words of the idea.
    expect(await page.getByLabel('Project name', { exact: true }).inputValue()).toBe('Booking assistant for dental clinics');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();

    await page.waitForURL((address) => address.pathname.startsWith('/app/projects/'));
    await waitForWorkspace(page, 'Booking assistant for dental clinics');
    await expectFirstAnswerStreams(page, idea);
    await screenshot(page, 'workspace-first-answer');
    expect((await lane.requests()).length).toBe(1);

    await page.reload();
    await waitForWorkspace(page, 'Booking assistant for dental clinics');
    await waitForAnswer(page, 'Weakest assumption:');
    expect(await page.locator('.message').count()).toBe(2);
    expect((await lane.requests()).length).toBe(1);
    expectNoProblems(page, [CHECK_AUTH_401, REFRESH_401]);

    // Revisiting onboarding offers the dashboard, not a second first project.
    await page.goto('/onboarding');
    await expectHeading(page, 'Welcome back');
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await expectHeading(page, 'Dashboard');
    await page.getByRole('region', { name: 'Your projects' }).getByRole('link', { name: 'Booking assistant for dental clinics' }).click();
    await waitForWorkspace(page, 'Booking assistant for dental clinics');
  });

  test("'Brainstorm ideas' from a signed-in visitor opens a new project that starts from scratch", async () => {
    const account = await newAccount('brainstorm');
    const page = await newPage('desktop', { storageState: account.storageState });
    await page.goto('/');
    // The top bar knows the visitor is signed in.
    const topBar = page.getByRole('banner');
    await topBar.getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await topBar.getByRole('link', { name: 'Sign in' }).count()).toBe(0);
    expect(await topBar.getByRole('link', { name: 'Get started' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Brainstorm ideas' }).click();
    await page.waitForURL((address) => address.pathname.startsWith('/app/projects/'));
    // No idea to name the project after yet.
    await waitForWorkspace(page, 'Untitled project');
    await answers(page).first().waitFor();
    expect((await transcript(page))[0]).toMatch(/ \(you\): Help me brainstorm ideas$/);
    expect(projectIdOf(page)).toBeTruthy();
    expectNoProblems(page);
  });

  test('signing in from the landing dialog opens a new project with the idea', async () => {
    const account = await newAccount('landing-signin');
    const lane = await scriptCofounder([{ content: ANSWER, tokensPerSecond: 12 }]);
    const idea = `Help me check an idea: a bike marketplace. Ref ${lane.tag}`;
    const page = await newPage('phone');
    await sendFromLanding(page, idea);
    await page.getByRole('dialog', { name: 'Join and start building' }).getByRole('link', { name: 'Sign in' }).click();
    await expectHeading(page, 'Sign in to Launchmate');
    await page.getByRole('link', { name: 'Sign in with email', exact: true }).click();
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    await page.waitForURL((address) => address.pathname.startsWith('/app/projects/'));
    // A short name from the idea, not its first words.
    await waitForWorkspace(page, 'Bike marketplace');
    await expectFirstAnswerStreams(page, idea);
    await screenshot(page, 'workspace-first-answer', { fullPage: false });
    expectNoProblems(page, [CHECK_AUTH_401]);
  });
});
