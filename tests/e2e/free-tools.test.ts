/**
 * The two free tools in Chromium, against the fake OpenAI-compatible server that global-setup.ts
 * runs: from the form to the result, streaming card by card, copying, sharing (the link opened in
 * a fresh browser context), the error banners, and the sidebar. On a phone the sidebar folds into
 * a menu, tested at both widths; the tools themselves are the same components in one column, so
 * their flows run at desktop width and a phone test checks the layout of each of their screens.
 */
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, test } from 'vitest';
import { FAKE_IDEAS, FAKE_PERSONA, type OpenAiScenario } from '../fakes/openai';
import {
  baseUrl,
  expectHeading,
  expectNoProblems,
  newPage,
  queryD1,
  screenshot,
  withBrowser,
  VIEWPORTS,
  type Viewport,
  waitForHydration,
  expectPhoneLayout,
} from './support';

withBrowser();

const RATE_LIMITED = "You've reached the rate limit for this tool. Sign up on Launchmate to increase your limit and access more features.";
const UNEXPECTED = 'An unexpected error occurred. Please try again later.';
const fakeOpenAiUrl = inject('fakeOpenAiUrl');

/** How the fake model answers the next generations. */
async function scenario(next: OpenAiScenario = {}) {
  await fetch(`${fakeOpenAiUrl}/__reset`, { method: 'POST' });
  await fetch(`${fakeOpenAiUrl}/__scenario`, { method: 'POST', body: JSON.stringify(next) });
}

beforeEach(() => scenario());

/** A page whose context may read and write the clipboard. */
async function toolPage(viewport: Viewport, path: string, heading: string) {
  const page = await newPage(viewport);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  const response = await page.goto(path);
  expect(response!.status()).toBe(200);
  await expectHeading(page, heading);
  // The heading is in the Worker's HTML: the form is used once the app has hydrated it.
  await waitForHydration(page);
  return page;
}

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());
const cards = (page: Page) => page.locator('.idea-card');
const failedFetch = (status: number, path: string) => new RegExp(`status of ${status} .*${path.replace(/[/.]/g, '\\$&')}`);

/** Share → Copy link: the banner shows, the menu closes, and the copied link is returned. */
async function copyShareLink(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const item = page.getByRole('button', { name: 'Copy link', exact: true });
  await item.click();
  await page.getByText('Link copied to clipboard!', { exact: true }).waitFor();
  await item.waitFor({ state: 'hidden' });
  return clipboard(page);
}

describe('at desktop width', () => {
  test('business ideas: an industry in, 10 numbered cards out, copy an idea, share the result', async () => {
    const page = await toolPage('desktop', '/business-ideas-generator', 'Business ideas generator');
    const input = page.getByLabel('Which industry do you know best or want to explore?');
    expect(await input.getAttribute('placeholder')).toBe('e.g., Healthcare');
    expect(await input.getAttribute('maxlength')).toBe('100');

    // The random button fills a label from the built-in list.
    await page.getByRole('button', { name: 'Random industry' }).click();
    expect((await input.inputValue()).length).toBeGreaterThan(0);

    await input.fill('Dental clinics');
    await page.getByRole('button', { name: 'Generate business ideas' }).click();
    await page.getByRole('heading', { level: 2, name: 'Problems and solutions in the industry' }).waitFor();
    // The cards stream in; once the run is done, all ten are there.
    await page.getByRole('button', { name: 'Generate new ideas' }).waitFor();
    expect(await cards(page).count()).toBe(10);
    for (const [i, idea] of FAKE_IDEAS.entries()) {
      const card = cards(page).nth(i);
      expect(await card.locator('.idea-card__number').textContent()).toBe(String(i + 1));
      expect(await card.getByText(idea.problem, { exact: true }).isVisible()).toBe(true);
      expect(await card.getByText(idea.solution, { exact: true }).isVisible()).toBe(true);
    }
    expect(await page.getByRole('link', { name: 'Try Launchmate for free' }).getAttribute('href')).toBe('/signup');
    expect(await page.getByRole('button', { name: 'Generate business ideas' }).count()).toBe(0);
    // The public counter grew (it shows on the page only past its minimum; see the component tests).
    await expect
      .poll(async () => (await queryD1<{ count: number }>("SELECT count FROM tool_counters WHERE tool = 'business-ideas'"))[0]?.count ?? 0)
      .toBeGreaterThan(0);
    // A successful use is recorded as the tool's first-party analytics event.
    await expect
      .poll(
        async () =>
          (
            await queryD1<{ n: number }>(
              "SELECT count(*) AS n FROM analytics_events WHERE name = 'business-ideas-generated' AND path = '/business-ideas-generator'",
            )
          )[0]!.n,
      )
      .toBeGreaterThan(0);

    const copy = cards(page).nth(2).getByRole('button', { name: 'Copy idea' });
    await copy.click();
    await cards(page).nth(2).getByRole('button', { name: 'Copied' }).waitFor();
    expect(await clipboard(page)).toBe(`Problem: ${FAKE_IDEAS[2]!.problem}\nPotential solution: ${FAKE_IDEAS[2]!.solution}`);
    await cards(page).nth(2).getByRole('button', { name: 'Copy idea' }).waitFor({ timeout: 4_000 });

    const link = await copyShareLink(page);
    expect(link).toMatch(new RegExp(`^${baseUrl}/business-ideas-generator/r/[A-Za-z0-9_-]{22}$`));
    await screenshot(page, 'business-ideas-result');
    expectNoProblems(page);

    // Someone else opens the link: the same ideas, read-only.
    const visitor = await newPage('desktop');
    expect((await visitor.goto(link))!.status()).toBe(200);
    await expectHeading(visitor, 'Problems and solutions in the industry');
    await expect.poll(() => cards(visitor).count()).toBe(10);
    expect(await cards(visitor).first().getByText(FAKE_IDEAS[0]!.problem).isVisible()).toBe(true);
    expect(await visitor.getByText('Business ideas for the industry “Dental clinics”', { exact: false }).isVisible()).toBe(true);
    expect(await visitor.getByRole('textbox').count()).toBe(0);
    await expect.poll(() => visitor.title()).toBe('Business ideas: Dental clinics | Launchmate');
    await screenshot(visitor, 'business-ideas-shared');
    expectNoProblems(visitor);
  });

  test('user persona: a description in, the whole persona out, shared read-only', async () => {
    const page = await toolPage('desktop', '/user-persona-generator', 'User persona generator');
    const input = page.getByLabel('Product description');
    expect(await input.getAttribute('placeholder')).toBe('Example: A platform that helps people learn to code with AI');
    await input.fill('Scheduling for dental clinics');
    await page.getByRole('button', { name: 'Generate user persona' }).click();
    await page.getByRole('button', { name: 'Generate new persona' }).waitFor();

    const expectPersona = async (shown: Page) => {
      await shown.getByRole('heading', { level: 3, name: FAKE_PERSONA.name }).waitFor();
      for (const text of [
        FAKE_PERSONA.occupation,
        String(FAKE_PERSONA.age),
        FAKE_PERSONA.narrative_description,
        FAKE_PERSONA.problem,
        ...FAKE_PERSONA.traits,
        ...FAKE_PERSONA.where,
        ...FAKE_PERSONA.pains,
        ...FAKE_PERSONA.goals,
        ...FAKE_PERSONA.objections,
      ]) {
        expect(await shown.getByText(text, { exact: true }).isVisible(), text).toBe(true);
      }
      expect(await shown.getByText(`“${FAKE_PERSONA.quote}”`).isVisible()).toBe(true);
      for (const heading of ["Where you'll find the person", 'About', 'Problem', 'Pain points', 'Goals', 'Objections']) {
        expect(await shown.getByRole('heading', { level: 3, name: heading, exact: true }).isVisible(), heading).toBe(true);
      }
      for (const term of ['Age', 'Occupation']) expect(await shown.getByText(term, { exact: true }).isVisible(), term).toBe(true);
      // The picture is drawn by the Worker and has loaded.
      const picture = shown.getByRole('img', { name: `Portrait of ${FAKE_PERSONA.name}` });
      expect(new URL((await picture.getAttribute('src'))!, baseUrl).pathname).toBe('/api/free-tools/avatar.svg');
      await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    };
    await expectPersona(page);
    await expect
      .poll(async () => (await queryD1<{ count: number }>("SELECT count FROM tool_counters WHERE tool = 'user-persona'"))[0]?.count ?? 0)
      .toBeGreaterThan(0);

    const link = await copyShareLink(page);
    expect(link).toMatch(new RegExp(`^${baseUrl}/user-persona-generator/r/[A-Za-z0-9_-]{22}$`));
    await screenshot(page, 'user-persona-result');
    expectNoProblems(page);

    const visitor = await newPage('desktop');
    expect((await visitor.goto(link))!.status()).toBe(200);
    await expectHeading(visitor, 'User persona');
    await expectPersona(visitor);
    expect(await visitor.getByRole('textbox').count()).toBe(0);
    await screenshot(visitor, 'user-persona-shared');
    expectNoProblems(visitor);
  });

  test('a rate-limited visitor gets the sign-up banner and keeps the form', async () => {
    const page = await toolPage('desktop', '/business-ideas-generator', 'Business ideas generator');
    await page.route('**/api/free-tools/business-ideas', (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', headers: { 'Retry-After': '60' }, body: JSON.stringify({ error: RATE_LIMITED }) }),
    );
    await page.getByLabel('Which industry do you know best or want to explore?').fill('Fintech');
    await page.getByRole('button', { name: 'Generate business ideas' }).click();
    await page.getByRole('alert').filter({ hasText: RATE_LIMITED }).waitFor();
    expect(await page.getByLabel('Which industry do you know best or want to explore?').inputValue()).toBe('Fintech');
    expect(await page.getByRole('button', { name: 'Generate business ideas' }).isEnabled()).toBe(true);
    expect(await cards(page).count()).toBe(0);
    await screenshot(page, 'business-ideas-rate-limited', { fullPage: false });
    expectNoProblems(page, [failedFetch(429, '/api/free-tools/business-ideas')]);
  });

  test('a failing model gives the generic banner and keeps the form', async () => {
    await scenario({ status: 500 });
    const page = await toolPage('desktop', '/user-persona-generator', 'User persona generator');
    await page.getByLabel('Product description').fill('A budgeting app for students');
    await page.getByRole('button', { name: 'Generate user persona' }).click();
    await page.getByRole('alert').filter({ hasText: UNEXPECTED }).waitFor({ timeout: 20_000 });
    expect(await page.getByLabel('Product description').inputValue()).toBe('A budgeting app for students');
    expect(await page.getByLabel('Product description').isEnabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Generate user persona' }).isEnabled()).toBe(true);
    expectNoProblems(page, [failedFetch(502, '/api/free-tools/user-persona')]);
  });
});

describe.each(VIEWPORTS)('the sidebar at %s width', (viewport) => {
  test('the sidebar offers both tools and sign-up; on a phone it folds and closes on an outside press', async () => {
    const page = await toolPage(viewport, '/user-persona-generator', 'User persona generator');
    const sidebar = page.getByRole('complementary', { name: 'Free tools' });
    const businessIdeas = sidebar.getByRole('link', { name: 'Business ideas' });
    if (viewport === 'phone') {
      expect(await businessIdeas.isVisible()).toBe(false);
      await sidebar.getByRole('button', { name: 'Free tools' }).click();
      await businessIdeas.waitFor();
      expect(await sidebar.getByRole('link', { name: 'Sign up' }).isVisible()).toBe(true);
      await screenshot(page, 'free-tools-sidebar-open', { fullPage: false });
      await page.getByRole('heading', { level: 2, name: 'Describe your product' }).click();
      await businessIdeas.waitFor({ state: 'hidden' });
      await sidebar.getByRole('button', { name: 'Free tools' }).click();
    } else {
      expect(await sidebar.evaluate((element) => element.getBoundingClientRect().width)).toBe(260);
    }
    expect(await sidebar.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
    await businessIdeas.click();
    await expectHeading(page, 'Business ideas generator');
    expectNoProblems(page);
  });
});

describe('at phone width', () => {
  test("each tool's form, result and shared page, and the rate-limit banner, fit the screen", async () => {
    const page = await toolPage('phone', '/business-ideas-generator', 'Business ideas generator');
    const share = page.getByRole('button', { name: 'Share', exact: true });
    const industry = page.getByLabel('Which industry do you know best or want to explore?');
    const generateIdeas = page.getByRole('button', { name: 'Generate business ideas' });
    await expectPhoneLayout(page, 'business-ideas', 'Business ideas generator', [
      share,
      industry,
      page.getByRole('button', { name: 'Random industry' }),
      generateIdeas,
    ]);
    await industry.fill('Dental clinics');
    await generateIdeas.click();
    await page.getByRole('button', { name: 'Generate new ideas' }).waitFor();
    const ideasLink = await copyShareLink(page);
    await expectPhoneLayout(page, 'business-ideas-result', 'Business ideas generator', [
      page.getByRole('heading', { level: 2, name: 'Problems and solutions in the industry' }),
      cards(page).first(),
      cards(page).last().getByRole('button', { name: 'Copy idea' }),
      page.getByRole('button', { name: 'Generate new ideas' }),
      page.getByRole('link', { name: 'Try Launchmate for free' }),
    ]);

    const visitor = await newPage('phone');
    await visitor.goto(ideasLink);
    await expect.poll(() => cards(visitor).count()).toBe(10);
    await expectPhoneLayout(visitor, 'business-ideas-shared', 'Problems and solutions in the industry', [
      cards(visitor).last(),
      visitor.getByRole('link', { name: 'Try Launchmate for free' }),
    ]);

    // Refused for the rate limit: the banner over the kept form.
    await page.route('**/api/free-tools/business-ideas', (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', headers: { 'Retry-After': '60' }, body: JSON.stringify({ error: RATE_LIMITED }) }),
    );
    await page.goto('/business-ideas-generator');
    await waitForHydration(page);
    await industry.fill('Fintech');
    await generateIdeas.click();
    await expectPhoneLayout(
      page,
      'business-ideas-rate-limited',
      'Business ideas generator',
      [page.getByRole('alert').filter({ hasText: RATE_LIMITED }), industry, generateIdeas],
      {
        fullPage: false,
      },
    );

    const persona = await toolPage('phone', '/user-persona-generator', 'User persona generator');
    const description = persona.getByLabel('Product description');
    const generatePersona = persona.getByRole('button', { name: 'Generate user persona' });
    await expectPhoneLayout(persona, 'user-persona', 'User persona generator', [description, generatePersona]);
    await description.fill('Scheduling for dental clinics');
    await generatePersona.click();
    await persona.getByRole('button', { name: 'Generate new persona' }).waitFor();
    const personaLink = await copyShareLink(persona);
    const portrait = (shown: Page) => shown.getByRole('img', { name: `Portrait of ${FAKE_PERSONA.name}` });
    await expect.poll(() => portrait(persona).evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    await expectPhoneLayout(persona, 'user-persona-result', 'User persona generator', [
      persona.getByRole('heading', { level: 3, name: FAKE_PERSONA.name }),
      portrait(persona),
      persona.getByRole('heading', { level: 3, name: 'Objections', exact: true }),
      persona.getByRole('button', { name: 'Generate new persona' }),
    ]);

    await visitor.goto(personaLink);
    await expect.poll(() => portrait(visitor).evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    await expectPhoneLayout(visitor, 'user-persona-shared', 'User persona', [
      visitor.getByRole('heading', { level: 3, name: FAKE_PERSONA.name }),
      visitor.getByRole('link', { name: 'Try Launchmate for free' }),
    ]);
    expectNoProblems(page, [failedFetch(429, '/api/free-tools/business-ideas')]);
    expectNoProblems(persona);
    expectNoProblems(visitor);
  });
});

test('ideas appear one card at a time while the model writes, with the seconds ticking until the last', async () => {
  // About 1,500 characters at 4 a token: some 5 seconds for the 10 ideas.
  await scenario({ tokensPerSecond: 80 });
  const page = await toolPage('desktop', '/business-ideas-generator', 'Business ideas generator');
  const input = page.getByLabel('Which industry do you know best or want to explore?');
  await input.fill('Dental clinics');
  await page.getByRole('button', { name: 'Generate business ideas' }).click();

  const progress = page.getByRole('status').filter({ hasText: 'Generating ideas' });
  await progress.waitFor();
  expect(await progress.getByText('The first ideas appear in a few seconds; all ten take a little longer.').isVisible()).toBe(true);
  expect(await input.isDisabled()).toBe(true);
  expect(await page.getByRole('button', { name: 'Random industry' }).isDisabled()).toBe(true);

  await cards(page).first().waitFor();
  const whenFirstShown = await cards(page).count();
  expect(whenFirstShown).toBeLessThan(10);
  expect(await progress.isVisible()).toBe(true);
  await screenshot(page, 'business-ideas-streaming', { fullPage: false });

  // The counter ticks while the ideas keep coming.
  await progress.getByText(/^[2-9]s$/).waitFor({ timeout: 6_000 });
  const seen = new Set<number>();
  while ((await cards(page).count()) < 10) {
    seen.add(await cards(page).count());
    await page.waitForTimeout(100);
  }
  expect(seen.size).toBeGreaterThan(3);
  await progress.waitFor({ state: 'hidden' });
  expectNoProblems(page);
});

test('a shared link to no result shows the not-found view with a 404', async () => {
  const page = await newPage('desktop');
  const response = await page.goto('/user-persona-generator/r/AAAAAAAAAAAAAAAAAAAAAA');
  expect(response!.status()).toBe(404);
  await expectHeading(page, 'Result not found');
  await expect.poll(() => page.title()).toBe('Result not found | Launchmate');
  expect(await page.getByRole('link', { name: 'Generate your own persona' }).getAttribute('href')).toBe('/user-persona-generator');
  expectNoProblems(page, [failedFetch(404, '/user-persona-generator/r/'), failedFetch(404, '/api/free-tools/results/')]);
});
