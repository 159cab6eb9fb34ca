/**
 * The workspace as a team lives in it, in Chromium: display names in messages and presence (two
 * members, two browsers), avatars that never overlap, a Markdown table that scrolls sideways
 * inside its answer, the phone's drawers as modal dialogs, the co-founder's research draft
 * created in place and its public page, the dashboard's title, the landing page's 'Brainstorm
 * ideas' on a phone, sign-up through an invitation, and axe-core on the workspace. Screenshots
 * saved for each.
 * The workspace is another layout on a phone (the header wraps, the side panels become sheets,
 * a wide table scrolls sideways): the team test runs at both widths. Onboarding, the draft's
 * public page and sign-up are the same components, only narrower: their flows run at desktop
 * width, and at phone width a test checks the layout of each of their screens.
 */
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  baseUrl,
  expectHeading,
  expectNoProblems,
  newAccount,
  newPage,
  screenshot,
  withBrowser,
  VIEWPORTS,
  type Account,
  type Viewport,
  expectPhoneLayout,
} from './support';
import { answers, createProject, joinAsCollaborator, openWorkspace, scriptCofounder, sendMessage, waitForAnswer } from './workspace-support';

withBrowser();

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

const TABLE = [
  'Here is how the segments compare:',
  '',
  '| Segment | Clinics in the US | Slots lost a week | Who fills them today | What it costs a year |',
  '| --- | --- | --- | --- | --- |',
  '| Small dental clinics with two to six chairs | 120,000 | 4 to 6 | The front desk, by phone | About $40,000 |',
  '| Physiotherapy practices | 38,000 | 3 to 5 | Nobody, the slot stays empty | About $25,000 |',
  '',
  'Weakest assumption: clinics track the slots they lose.',
].join('\n');

const DRAFT = {
  title: 'Cancellations at your clinic',
  introduction: 'We are building a waiting-list tool for clinics. Two minutes of your time helps us a lot.',
  testsAssumptions: ['Clinics lose several slots a week'],
  questions: [
    { text: 'How many appointments were cancelled at short notice last week?', type: 'multiple_choice', options: ['None', '1 to 3', '4 or more'] },
    { text: 'May we e-mail you the results?', type: 'email', config: { required: false } },
  ],
};

const setName = async (page: Page, name: string) => {
  const response = await page.request.put('/api/user/name', { data: { name }, headers: { Origin: baseUrl } });
  expect(response.status(), await response.text()).toBe(200);
};

const presence = (page: Page) => page.getByRole('list', { name: 'Here now' }).getByRole('listitem');
const presentNames = (page: Page) =>
  presence(page).evaluateAll((items) => items.map((item) => item.querySelector('.visually-hidden')?.textContent ?? '').sort());

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

async function seriousViolations(page: Page) {
  await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(({ id, impact, help, nodes }) => ({ id, impact, help, targets: nodes.map((node) => node.target.join(' ')) }));
}

/** Whether any two of these boxes overlap. */
const overlapping = (boxes: { x: number; y: number; width: number; height: number }[]) =>
  boxes.some((a, i) => boxes.slice(i + 1).some((b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height));

/**
 * How the workspace shows the project's name: its text, title, whether it is cut across (a
 * line wider than the heading) or below (lines past the heading's height), and its lines shown.
 */
const nameShown = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name, exact: true }).evaluate((element: HTMLElement) => ({
    text: element.innerText,
    title: element.title,
    cutAcross: element.scrollWidth > element.clientWidth,
    cutBelow: element.scrollHeight > element.clientHeight,
    lines: Math.round(element.clientHeight / parseFloat(getComputedStyle(element).lineHeight)),
  }));

/** Sets up the landing page's 'Brainstorm ideas' message, then opens onboarding. */
async function openOnboardingToBrainstorm(page: Page) {
  await page.goto('/');
  await page.evaluate(() => window.localStorage.setItem('launchmate.landingPagePrompt', 'Help me brainstorm ideas'));
  await page.goto('/onboarding');
  await expectHeading(page, 'Welcome to Launchmate');
  await page.getByText(/You asked to brainstorm ideas/).waitFor();
}

/** Linus Park, who joins the team test's project at each width: one account for both. */
let teamCollaborator: Account;
beforeAll(async () => {
  teamCollaborator = await newAccount('names-collab');
});

describe.each(VIEWPORTS)('the workspace with a team at %s width', (viewport: Viewport) => {
  test('two named members, their presence, a wide table in an answer, and axe on the workspace', async () => {
    const owner = await newAccount(`names-owner`);
    const collaborator = teamCollaborator;
    const lane = await scriptCofounder([{ content: TABLE, chunkChars: 40 }]);
    const name = `Team names ${viewport}`;
    const ownerPage = await newPage(viewport, { storageState: owner.storageState, bypassCSP: true });
    await setName(ownerPage, 'Maya Chen');
    const projectId = await createProject(ownerPage, name);
    await openWorkspace(ownerPage, projectId, name);
    const collaboratorPage = await newPage(viewport, { storageState: collaborator.storageState });
    await setName(collaboratorPage, 'Linus Park');
    await collaboratorPage.close();
    const joined = await joinAsCollaborator(ownerPage, projectId, name, collaborator, viewport);

    // Presence by display name, the avatars side by side with whole initials.
    await expect.poll(() => presentNames(ownerPage)).toEqual(['Linus Park', 'Maya Chen (you)']);
    await expect.poll(() => presentNames(joined)).toEqual(['Linus Park (you)', 'Maya Chen']);
    expect(await presence(ownerPage).locator('.avatar').allTextContents()).toEqual(expect.arrayContaining(['MC', 'LP']));
    const avatars = await presence(ownerPage)
      .locator('.avatar')
      .evaluateAll((elements) =>
        elements.map((element) => ({
          ...element.getBoundingClientRect().toJSON(),
          clipped: element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight,
        })),
      );
    expect(avatars.some((avatar) => avatar.clipped)).toBe(false);
    expect(overlapping(avatars)).toBe(false);

    // The message carries its author's name, at both members.
    await sendMessage(ownerPage, `Compare the segments. Ref ${lane.tag}`);
    await waitForAnswer(ownerPage, 'Weakest assumption');
    const mine = ownerPage.locator('.message--mine').last();
    expect(await mine.locator('.message__author').textContent()).toContain('Maya Chen');
    await joined.locator('.message--member', { hasText: 'Compare the segments' }).locator('.message__author', { hasText: 'Maya Chen' }).waitFor();

    // The table scrolls sideways inside the answer, never past the screen's edge.
    const table = answers(ownerPage).last().getByRole('region', { name: 'Table' });
    await table.scrollIntoViewIfNeeded();
    expect(await table.locator('table').count()).toBe(1);
    const geometry = await table.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const body = element.closest('.message__body')!.getBoundingClientRect();
      return {
        scrolls: element.scrollWidth > element.clientWidth,
        right: box.right,
        bodyRight: body.right,
        viewport: window.innerWidth,
        overflowX: getComputedStyle(element).overflowX,
        cue: getComputedStyle(element).backgroundImage,
      };
    });
    expect(geometry.right).toBeLessThanOrEqual(geometry.bodyRight);
    expect(geometry.right).toBeLessThanOrEqual(geometry.viewport);
    expect(geometry.overflowX).toBe('auto');
    expect(geometry.cue).toContain('radial-gradient');
    await screenshot(ownerPage, `workspace-team-table`, { fullPage: false });
    if (viewport === 'phone') {
      expect(geometry.scrolls).toBe(true);
      // Keyboard users scroll it too: it takes focus, and the arrow keys move it.
      await table.focus();
      await ownerPage.keyboard.press('ArrowRight');
      await expect.poll(() => table.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
      await table.evaluate((element) => (element as HTMLElement).blur());
    }
    expect(await ownerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport === 'phone' ? 390 : 1440);
    await presence(ownerPage).first().scrollIntoViewIfNeeded();
    await screenshot(ownerPage, `workspace-team-presence`, { fullPage: false });

    // The project's name is shown whole, never cut with an ellipsis, its full text also the heading's title.
    expect(await nameShown(ownerPage, name)).toEqual({ text: name, title: name, cutAcross: false, cutBelow: false, lines: 1 });
    if (viewport === 'phone') {
      // The header leaves the conversation more than the lower half of the screen: its messages start in the upper half.
      const messagesTop = await ownerPage.locator('.conversation__scroll').evaluate((element) => element.getBoundingClientRect().top);
      expect(messagesTop).toBeLessThan(ownerPage.viewportSize()!.height / 2);
    }

    // axe-core: nothing serious or critical on the workspace, with the table and two members.
    expect(await seriousViolations(ownerPage)).toEqual([]);
    if (viewport === 'phone') {
      await ownerPage.getByRole('button', { name: 'Memory', exact: true }).click();
      await ownerPage.getByRole('dialog', { name: 'Memory' }).waitFor();
      expect(await seriousViolations(ownerPage)).toEqual([]);

      // A name too long for two lines is cut at the second, never across; its whole text stays the heading's name and title.
      const longName = 'A waiting list for dental clinics that lose chairs to late cancellations every week of the year';
      const renamed = await ownerPage.request.patch(`/api/project/${projectId}`, { data: { name: longName }, headers: { Origin: baseUrl } });
      expect(renamed.status(), await renamed.text()).toBe(200);
      const longPage = await newPage(viewport, { storageState: owner.storageState });
      await openWorkspace(longPage, projectId, longName);
      expect(await nameShown(longPage, longName)).toEqual({ text: longName, title: longName, cutAcross: false, cutBelow: true, lines: 2 });
      expect(await longPage.locator('.conversation__scroll').evaluate((element) => element.getBoundingClientRect().top)).toBeLessThan(
        longPage.viewportSize()!.height / 2,
      );
      await screenshot(longPage, 'workspace-team-long-name', { fullPage: false });
      expectNoProblems(longPage);
      await longPage.close();
    }
    expectNoProblems(ownerPage);
    expectNoProblems(joined);
  });
});

describe('at desktop width', () => {
  test("the co-founder's draft is created in place, knows it was, and its public page says who asks", async () => {
    const founder = await newAccount(`draft`);
    const lane = await scriptCofounder([{ toolCalls: [{ name: 'draft_research_page', arguments: DRAFT }] }, { content: 'Here is a page to test it.' }]);
    const page = await newPage('desktop', { storageState: founder.storageState });
    await setName(page, 'Maya Chen');
    const name = 'Clinic drafts';
    const projectId = await createProject(page, name);
    await openWorkspace(page, projectId, name);
    await sendMessage(page, `Draft a research page. Ref ${lane.tag}`);
    await waitForAnswer(page, 'Here is a page to test it.');

    const card = page.getByRole('region', { name: `Draft research page: ${DRAFT.title}` });
    await card.getByRole('button', { name: 'Create this research page' }).click();
    const open = card.getByRole('link', { name: /Open the page/ });
    await open.waitFor();
    expect(await open.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(new URL(page.url()).pathname).toBe(`/app/projects/${projectId}`);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, `workspace-draft-created`, { fullPage: false });
    const publicPath = (await open.getAttribute('href'))!;

    // After a reload the card still knows: 'Open the page', never a second 'Create'.
    await openWorkspace(page, projectId, name);
    await card.getByRole('link', { name: /Open the page/ }).waitFor();
    expect(await card.getByRole('button', { name: 'Create this research page' }).count()).toBe(0);

    // The public page: its title, the introduction, who asks; an e-mail field, optional.
    const respondent = await newPage('desktop', { bypassCSP: true });
    await respondent.goto(publicPath);
    await expectHeading(respondent, DRAFT.title);
    await respondent.getByText(DRAFT.introduction).waitFor();
    await respondent.getByText(`Asked by Maya Chen, for ${name}`).waitFor();
    const email = respondent.getByRole('textbox', { name: /May we e-mail you the results\?\s*\(optional\)/ });
    expect(await email.getAttribute('type')).toBe('email');
    expect(await respondent.getByRole('radio', { name: 'Yes' }).count()).toBe(0);
    await respondent.getByRole('radio', { name: '4 or more' }).check();
    await email.fill('not an address');
    await email.blur();
    await respondent.getByText('Enter a valid e-mail address, like name@example.com, or leave it empty.').waitFor();
    await screenshot(respondent, `research-public-email-refused`);
    await email.fill('clinic@example.com');
    await respondent.getByRole('button', { name: 'Submit' }).click();
    await respondent.getByRole('heading', { name: 'Thank you for your feedback!' }).waitFor();

    expect(await seriousViolations(respondent)).toEqual([]);

    // Coming back in the same browser: already answered, not an empty form.
    await respondent.goto(publicPath);
    await respondent.getByRole('heading', { name: 'You already answered this page' }).waitFor();
    expect(await respondent.getByRole('button', { name: 'Submit' }).count()).toBe(0);
    await screenshot(respondent, `research-public-already-answered`);

    // The CSV is named after the page's title.
    await page.goto(`/research/${publicPath.split('/').pop()}/responses`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`${DRAFT.title}.csv`);
    expectNoProblems(page);
    expectNoProblems(respondent);
  });

  test('onboarding asks once for a display name (skippable), and brainstorming asks for no project name', async () => {
    const founder = await newAccount('onboarding');
    const page = await newPage('desktop', { storageState: founder.storageState, bypassCSP: true });
    await openOnboardingToBrainstorm(page);
    expect(await page.getByLabel('Project name', { exact: true }).count()).toBe(0);
    const description = await page
      .getByRole('switch', { name: 'Privacy mode' })
      .evaluate((element) => document.getElementById(element.getAttribute('aria-describedby')!)!.textContent);
    expect(description).toContain('On: ');
    expect(description).toContain('Off: ');
    await page.getByLabel('Your name (optional)').fill('Ada Lovelace');
    await screenshot(page, 'onboarding-name');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.waitForURL((address) => address.pathname.startsWith('/app/projects/'));
    await expectHeading(page, 'Untitled project');
    await expect.poll(() => presentNames(page)).toEqual(['Ada Lovelace (you)']);
    expectNoProblems(page);
  });
});

describe('at phone width', () => {
  test("onboarding, a co-founder's draft in the workspace, its public page and its responses fit the screen", async () => {
    const founder = await newAccount('phone-screens');
    const page = await newPage('phone', { storageState: founder.storageState });
    await openOnboardingToBrainstorm(page);
    await expectPhoneLayout(page, 'onboarding-name', 'Welcome to Launchmate', [
      page.getByText(/You asked to brainstorm ideas/),
      page.getByLabel('Your name (optional)'),
      page.getByRole('switch', { name: 'Privacy mode' }),
      page.getByRole('button', { name: 'Continue', exact: true }),
    ]);
    // Onboarding is left without a project: the draft below takes the Free plan's one.
    await page.evaluate(() => window.localStorage.removeItem('launchmate.landingPagePrompt'));

    await setName(page, 'Maya Chen');
    const name = 'Clinic drafts on a phone';
    const projectId = await createProject(page, name);
    const lane = await scriptCofounder([{ toolCalls: [{ name: 'draft_research_page', arguments: DRAFT }] }, { content: 'Here is a page to test it.' }]);
    await openWorkspace(page, projectId, name);
    await sendMessage(page, `Draft a research page. Ref ${lane.tag}`);
    await waitForAnswer(page, 'Here is a page to test it.');
    const card = page.getByRole('region', { name: `Draft research page: ${DRAFT.title}` });
    const create = card.getByRole('button', { name: 'Create this research page' });
    await card.scrollIntoViewIfNeeded();
    await expectPhoneLayout(
      page,
      'workspace-draft',
      name,
      [
        page.getByRole('button', { name: 'Phases', exact: true }),
        page.getByRole('button', { name: 'Memory', exact: true }),
        card.getByRole('heading').first(),
        create,
        page.getByRole('textbox', { name: 'Message to your co-founder' }),
      ],
      { fullPage: false },
    );
    await create.click();
    const open = card.getByRole('link', { name: /Open the page/ });
    await open.waitFor();
    await card.scrollIntoViewIfNeeded();
    await expectPhoneLayout(page, 'workspace-draft-created', name, [open], { fullPage: false });
    const publicPath = (await open.getAttribute('href'))!;

    const respondent = await newPage('phone');
    await respondent.goto(publicPath);
    const email = respondent.getByRole('textbox', { name: /May we e-mail you the results\?\s*\(optional\)/ });
    const submit = respondent.getByRole('button', { name: 'Submit' });
    await expectPhoneLayout(respondent, 'research-public', DRAFT.title, [
      respondent.getByText(`Asked by Maya Chen, for ${name}`),
      respondent.getByRole('radio', { name: '4 or more' }),
      email,
      submit,
    ]);
    await respondent.getByRole('radio', { name: '4 or more' }).check();
    await email.fill('not an address');
    await email.blur();
    await expectPhoneLayout(respondent, 'research-public-email-refused', DRAFT.title, [
      respondent.getByText('Enter a valid e-mail address, like name@example.com, or leave it empty.'),
      email,
      submit,
    ]);
    await email.fill('clinic@example.com');
    await submit.click();
    await expectPhoneLayout(respondent, 'research-public-thanks', DRAFT.title, [respondent.getByRole('heading', { name: 'Thank you for your feedback!' })]);
    await respondent.goto(publicPath);
    await expectPhoneLayout(respondent, 'research-public-already-answered', DRAFT.title, [
      respondent.getByRole('heading', { name: 'You already answered this page' }),
    ]);

    await page.goto(`/research/${publicPath.split('/').pop()}/responses`);
    await expectPhoneLayout(page, 'research-responses', 'Research responses', [page.getByRole('button', { name: 'Download CSV' })]);
    expectNoProblems(page);
    expectNoProblems(respondent);
  });
});

test("the phone's Phases and Memory drawers keep focus inside, close on Escape and give focus back", async () => {
  const founder = await newAccount('drawers');
  const page = await newPage('phone', { storageState: founder.storageState });
  const projectId = await createProject(page, 'Drawer keys');
  await openWorkspace(page, projectId, 'Drawer keys');
  const focusedText = () => page.evaluate(() => `${document.activeElement?.tagName}:${document.activeElement?.textContent?.trim() ?? ''}`);

  for (const label of ['Phases', 'Memory']) {
    const opener = page.getByRole('button', { name: label, exact: true });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: label });
    await dialog.waitFor();
    expect(await focusedText()).toBe(`BUTTON:Close ${label.toLowerCase()}`);
    if (label === 'Memory') await screenshot(page, 'workspace-memory-drawer', { fullPage: false });
    // Tab and Shift+Tab cycle inside the drawer, however many times.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);
  }
  // Close gives focus back too.
  await page.getByRole('button', { name: 'Phases', exact: true }).click();
  await page.getByRole('button', { name: 'Close phases' }).click();
  expect(await page.getByRole('button', { name: 'Phases', exact: true }).evaluate((element) => element === document.activeElement)).toBe(true);
  expectNoProblems(page);
});

test("the dashboard's project title wraps between words on a phone", async () => {
  const founder = await newAccount('title-wrap');
  const page = await newPage('phone', { storageState: founder.storageState });
  const name = 'Waiting-list filler for small dental clinics in rural towns';
  const projectId = await createProject(page, name);
  await page.goto(`/dashboard?projectId=${projectId}`);
  const title = page.getByRole('heading', { level: 2, name });
  await title.waitFor();
  const lines = await title.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
  const words = name.split(' ').length;
  // A few lines of several words each, not one word per line.
  expect(lines).toBeLessThanOrEqual(Math.ceil(words / 2));
  const width = await title.evaluate((element) => element.getBoundingClientRect().width);
  expect(width).toBeGreaterThan(200);
  await title.scrollIntoViewIfNeeded();
  await screenshot(page, 'dashboard-title-wrap', { fullPage: false });
  expectNoProblems(page);
});

test("'Brainstorm ideas' fits its button on a phone", async () => {
  const page = await newPage('phone');
  await page.goto('/');
  const button = page.getByRole('button', { name: 'Brainstorm ideas' });
  await button.waitFor();
  const fit = await button.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return { overflows: element.scrollWidth > element.clientWidth, right: box.right, viewport: window.innerWidth, height: box.height };
  });
  expect(fit.overflows).toBe(false);
  expect(fit.right).toBeLessThanOrEqual(fit.viewport);
  // One line of text: no taller than the button's minimum height plus its padding.
  expect(fit.height).toBeLessThan(60);
  await button.scrollIntoViewIfNeeded();
  await screenshot(page, 'landing-brainstorm', { fullPage: false });
  expectNoProblems(page);
});

test('an invited person who reaches sign-up sees the invitation, with the invited address filled in', async () => {
  const owner = await newAccount('inviter');
  const ownerPage = await newPage('desktop', { storageState: owner.storageState });
  await setName(ownerPage, 'Maya Chen');
  const projectId = await createProject(ownerPage, 'Clinic reminders');
  const invited = `invited.${Date.now().toString(36)}@example.com`;
  const response = await ownerPage.request.post(`/api/project/${projectId}/invitations`, { data: { email: invited }, headers: { Origin: baseUrl } });
  const { link } = (await response.json()) as { link: string };

  const visitor = await newPage('desktop');
  await visitor.goto(new URL(link).pathname);
  await visitor.waitForURL((address) => address.pathname === '/signup');
  const note = visitor.getByRole('note');
  await note.waitFor();
  expect(await note.textContent()).toContain('Maya Chen invited you to join “Clinic reminders”.');
  await screenshot(visitor, `signup-invitation`);
  await visitor.getByRole('link', { name: 'Sign up with email' }).click();
  expect(await visitor.getByLabel('Email').inputValue()).toBe(invited);
  await screenshot(visitor, `signup-invitation-form`);
  // The invitation link first asks whether the visitor is signed in: they are not.
  expectNoProblems(visitor, [/status of 401 .*\/api\/auth\/check-auth/, /status of 401 .*\/api\/auth\/refresh/]);

  // The same two screens on a phone.
  const phone = await newPage('phone');
  await phone.goto(new URL(link).pathname);
  await phone.waitForURL((address) => address.pathname === '/signup');
  const withEmail = phone.getByRole('link', { name: 'Sign up with email' });
  await expectPhoneLayout(phone, 'signup-invitation', 'Create your account', [phone.getByRole('note'), withEmail]);
  await withEmail.click();
  await expectPhoneLayout(phone, 'signup-invitation-form', 'Create your account', [phone.getByLabel('Email'), phone.getByRole('button', { name: 'Continue' })]);
  expectNoProblems(phone, [/status of 401 .*\/api\/auth\/check-auth/, /status of 401 .*\/api\/auth\/refresh/]);
});
