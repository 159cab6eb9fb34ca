/**
 * Phase 2 in Chromium, against the fakes of the model and of Hacker News, Stack Exchange and
 * Reddit: a project with a chosen idea → the co-founder searches → source cards with links →
 * an estimate with its arithmetic saved to the memory and accepted (phases 1 and 2 done, on the
 * dashboard too) → 'Create this research page', in place → the page is live → a respondent answers → the
 * founder asks what the responses say and the co-founder reads them through its tool. Desktop
 * and phone width, screenshots saved.
 */
import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { hashOf } from '../fakes/discussion-fake';
import { baseUrl, expectNoProblems, newAccount, newPage, queryD1, screenshot, sqlText, withBrowser, type Viewport } from './support';
import { answers, createProject, openWorkspace, scriptCofounder, sendMessage, waitForAnswer } from './workspace-support';

withBrowser();

const fakeHackerNewsUrl = inject('fakeHackerNewsUrl');

const IDEA = {
  title: 'Waiting-list filler for clinics',
  problem: 'Last-minute cancellations leave dental chairs empty.',
  whoHasIt: 'Practice managers of small dental clinics.',
  proposedSolution: 'Texts the waiting list when a slot frees up.',
  whyNow: 'Patients expect to rebook by text.',
  riskiestAssumption: 'Clinics lose several slots a week.',
  openQuestions: [],
};

const DRAFT = {
  title: 'Cancellations at your clinic',
  testsAssumptions: ['Clinics lose several slots a week'],
  questions: [
    { text: 'How many appointments were cancelled at short notice last week?', type: 'multiple_choice', options: ['None', '1 to 3', '4 or more'] },
    { text: 'How do you fill a cancelled slot today?', type: 'text' },
  ],
};

/** The discussion the fake Hacker News returns first for a phrase: cited as evidence below. */
const firstHackerNewsItem = (phrase: string) => `https://news.ycombinator.com/item?id=${(hashOf(phrase) % 40_000_000) + 1}`;

async function script(phrase: string) {
  const evidence = firstHackerNewsItem(phrase);
  const estimate = {
    segments: ['Small dental clinics with 2–6 chairs'],
    topDown: {
      unit: 'clinics',
      steps: [
        { operation: 'start', value: 200000, label: 'dental clinics in the US', source: 'assumption' },
        { operation: 'multiply', value: 0.4, label: 'share that refill slots by phone', source: evidence },
      ],
    },
    bottomUp: {
      unit: 'clinics a year',
      steps: [
        { operation: 'start', value: 40, label: 'demos a month', source: 'assumption' },
        { operation: 'multiply', value: 12, label: 'months', source: 'assumption' },
        { operation: 'multiply', value: 0.25, label: 'demos that buy', source: 'assumption' },
      ],
    },
    frequency: 'Several cancellations a week per clinic.',
    pain: 'Two hours of calls a week and an empty chair.',
    currentAlternatives: 'Phone calls from a paper list.',
    confidence: 'low',
    confidenceReasons: 'One discussion and several assumptions.',
    evidence: [{ title: 'Ask HN: Is it a problem for you too?', url: evidence, site: 'Hacker News' }],
  };
  return scriptCofounder([
    // Phase 1, briefly: the idea is chosen.
    { toolCalls: [{ name: 'save_chosen_idea', arguments: IDEA }] },
    { content: 'Phase 1 is done.' },
    // Phase 2: evidence, the estimate and a research page draft, in one answer.
    { content: 'Let me look for people who have this problem.', toolCalls: [{ name: 'search_discussions', arguments: { queries: [phrase] } }] },
    { toolCalls: [{ name: 'save_scale_estimate', arguments: { title: 'Empty chairs in US clinics', estimate } }] },
    { toolCalls: [{ name: 'draft_research_page', arguments: DRAFT }] },
    {
      content: `People do complain about it, for example [on Hacker News](${evidence}). Top-down: 80,000 clinics. Accept the estimate in the memory when it looks right.`,
    },
    // Later: the responses.
    { toolCalls: [{ name: 'read_research_responses', arguments: {} }] },
    { content: 'One clinic answered: it loses 4 or more slots a week and phones patients one by one.' },
  ]);
}

const memory = (page: Page) => page.getByRole('region', { name: 'Project memory' });

async function walkPhaseTwo(viewport: Viewport) {
  const account = await newAccount(`phase2-${viewport}`);
  const phrase = `dentist cancellations ${viewport} ${Date.now().toString(36)}`;
  const lane = await script(phrase);
  const page = await newPage(viewport, { storageState: account.storageState });
  const name = `Phase two ${viewport}`;
  const projectId = await createProject(page, name);
  await openWorkspace(page, projectId, name);

  await sendMessage(page, `We pick the clinic idea. Ref ${lane.tag}`);
  await waitForAnswer(page, 'Phase 1 is done.');
  const started = Date.now();
  await sendMessage(page, `Let us size the problem. Ref ${lane.tag}`);

  // Source cards, linking to the discussions in a new tab.
  const cards = answers(page).last().getByRole('region', { name: 'Discussions found' });
  await cards.waitFor();
  const firstCardAfterMs = Date.now() - started;
  const evidence = firstHackerNewsItem(phrase);
  const link = cards.locator(`a[href="${evidence}"]`);
  expect(await link.getAttribute('target')).toBe('_blank');
  expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
  expect(await cards.textContent()).toMatch(/Searched Hacker News \(\d+\), Stack Exchange \(\d+\), Reddit \(\d+\)/);
  await waitForAnswer(page, 'Accept the estimate in the memory');
  expect(await answers(page).last().textContent()).toContain(
    'Saved the scale estimate to the memory: Empty chairs in US clinics. Top-down 80,000 clinics, bottom-up 120 clinics a year',
  );
  await cards.evaluate((region) => region.scrollIntoView({ block: 'start' }));
  await screenshot(page, 'workspace-phase-two-sources', { fullPage: false });

  // The estimate in the memory, step by step, accepted by the founder.
  if (viewport === 'phone') await page.getByRole('button', { name: 'Memory', exact: true }).click();
  const estimate = memory(page).getByRole('listitem', { name: 'Scale estimate: Empty chairs in US clinics' });
  await estimate.waitFor();
  expect(await estimate.textContent()).toContain('× 0.4 share that refill slots by phone (source) = 80,000');
  expect(await estimate.getByRole('link', { name: 'Ask HN: Is it a problem for you too?' }).getAttribute('href')).toBe(evidence);
  await estimate.evaluate((entry) => entry.scrollIntoView({ block: 'start' }));
  await screenshot(page, 'workspace-phase-two-estimate', { fullPage: false });
  await estimate.getByRole('button', { name: 'Accept this estimate' }).click();
  await estimate.getByText('Accepted: phase 2 is done.').waitFor();
  expect(await queryD1(`SELECT phase FROM project_phases WHERE project_id = ${sqlText(projectId)} ORDER BY phase`)).toEqual([{ phase: 1 }, { phase: 2 }]);
  if (viewport === 'phone') await memory(page).locator('xpath=..').getByRole('button', { name: 'Close' }).click();

  // The draft's card creates the page in place: the conversation stays open, the card offers the page.
  const draftCard = answers(page)
    .last()
    .getByRole('region', { name: `Draft research page: ${DRAFT.title}` });
  await draftCard.getByRole('button', { name: 'Create this research page' }).click();
  const openLink = draftCard.getByRole('link', { name: /Open the page/ });
  await openLink.waitFor();
  expect(new URL(page.url()).pathname).toBe(`/app/projects/${projectId}`);
  const publicLink = new URL((await openLink.getAttribute('href'))!, baseUrl).href;
  const [row] = await queryD1<{ project_id: string }>(
    `SELECT project_id FROM research_pages WHERE url_key = ${sqlText(new URL(publicLink).pathname.split('/').pop()!)}`,
  );
  expect(row!.project_id).toBe(projectId);
  expectNoProblems(page);
  return { page, lane, projectId, publicLink, name, firstCardAfterMs };
}

test('phase 2: evidence from discussions, an estimate with its arithmetic, a research page, and its responses read back (desktop)', async () => {
  const { page, lane, projectId, publicLink, name, firstCardAfterMs } = await walkPhaseTwo('desktop');
  console.info(`First source card ${firstCardAfterMs} ms after the send (fakes answering at once)`);

  // The dashboard shows phases 1 and 2 done.
  await page.goto(`/dashboard?projectId=${projectId}`);
  const phases = page.getByRole('region', { name }).locator('.phases__list > li');
  await expect.poll(async () => await phases.locator('.tag--done').count()).toBe(2);
  expect(await phases.nth(0).locator('.tag--done').count()).toBe(1);
  expect(await phases.nth(1).locator('.tag--done').count()).toBe(1);

  // A respondent answers the page.
  const respondent = await newPage('desktop');
  await respondent.goto(new URL(publicLink).pathname);
  await respondent.getByRole('radio', { name: '4 or more' }).check();
  await respondent.getByRole('textbox').first().fill('We phone patients one by one from a paper list.');
  await respondent.getByRole('button', { name: 'Submit' }).click();
  await respondent.getByRole('heading', { name: 'Thank you for your feedback!' }).waitFor();

  // The founder asks; the co-founder reads the responses of this project's page through its tool.
  await openWorkspace(page, projectId, name);
  await sendMessage(page, `What do the responses say? Ref ${lane.tag}`);
  await waitForAnswer(page, 'One clinic answered');
  expect(await answers(page).last().textContent()).toContain('Read the responses to your research pages.');
  const bodies = (await lane.requests()).map((request) => request.body);
  expect(bodies.at(-1)).toContain('We phone patients one by one from a paper list.');
  await screenshot(page, 'workspace-phase-two-responses', { fullPage: false });
  expectNoProblems(page);
});

test('phase 2 on a phone: cards, the estimate and the draft fit the screen', async () => {
  const { page } = await walkPhaseTwo('phone');
  await screenshot(page, 'workspace-phase-two-created-page', { fullPage: false });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('the sources a search reached are named, and an unavailable one does not stop the answer', async () => {
  const account = await newAccount('phase2-fault');
  const phrase = `missed appointments fault ${Date.now().toString(36)}`;
  // Hacker News fails for this phrase only (its lane), the others answer.
  await fetch(`${fakeHackerNewsUrl}/__lanes/${phrase.split(' ').at(-1)}`, { method: 'POST', body: JSON.stringify({ status: 500 }) });
  const lane = await scriptCofounder([
    { toolCalls: [{ name: 'search_discussions', arguments: { queries: [phrase] } }] },
    { content: 'Hacker News could not be reached; Stack Exchange and Reddit answered.' },
  ]);
  const page = await newPage('desktop', { storageState: account.storageState });
  const projectId = await createProject(page, 'Phase two faults');
  await openWorkspace(page, projectId, 'Phase two faults');
  await sendMessage(page, `Search it. Ref ${lane.tag}`);
  await waitForAnswer(page, 'Hacker News could not be reached');
  const cards = answers(page).last().getByRole('region', { name: 'Discussions found' });
  expect(await cards.textContent()).toMatch(/Searched Hacker News \(unavailable\), Stack Exchange \(\d+\), Reddit \(\d+\)/);
  expect(await cards.getByRole('listitem').count()).toBeGreaterThan(0);
  expectNoProblems(page);
});
