/**
 * Research pages end to end: a founder builds a page with all five question types, respondents
 * answer it (one through the partner flow), the founder reads responses and downloads the CSV,
 * the full page turns respondents away, the answered page gets a new question, closing tells
 * respondents it is closed until it is reopened, and the model sums up a text question's themes.
 */
import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, test } from 'vitest';
import { SURVEYSWAP_CALLBACK_PATH } from './global-setup';
import { baseUrl, expectHeading, expectNoProblems, newAccount, newPage, screenshot, url, withBrowser, type StorageState, type Viewport } from './support';

withBrowser();

const failedFetch = (status: number, path: string) => new RegExp(`the server responded with a status of ${status} .*${path.replace(/[/.]/g, '\\$&')}`);

const TITLE = 'Bakery owners interview';
const QUESTIONS = {
  text: 'What slows your mornings down?',
  choice: 'How do you take orders?',
  checkbox: 'Which tools do you use?',
  rating: 'How painful is stock planning?',
  email: 'May we follow up by email?',
};

const NEW_QUESTION = 'Would you pay for a better way?';
/** The lane's tag in an answer routes the themes call to this file's script of the fake model. */
const LANE = `research-themes-${Date.now()}`;
const THEMED_ANSWER = `Ovens are never warm in time (${LANE})`;
const fakeOpenAiUrl = inject('fakeOpenAiUrl');
const scriptModel = (scenario: object) => fetch(`${fakeOpenAiUrl}/__lanes/${LANE}`, { method: 'POST', body: JSON.stringify(scenario) });

let founder: StorageState;
let publicPath = '';

beforeAll(async () => {
  founder = (await newAccount('research')).storageState;
});

const card = (page: Page, text: string): Locator => page.locator('li.question-card', { hasText: text });

async function openForm(viewport: Viewport, path = publicPath) {
  const page = await newPage(viewport);
  await page.goto(path);
  await expectHeading(page, TITLE);
  await page.getByRole('heading', { level: 2, name: 'Questions' }).waitFor();
  return page;
}

describe('research pages, in order', () => {
  test('a founder creates a page with all five question types and gets its public link', async () => {
    const page = await newPage('desktop', { storageState: founder });
    await page.goto('/dashboard');
    await expectHeading(page, 'Dashboard');
    await page.getByLabel('Project name').fill('Bakery tools');
    await page.getByRole('button', { name: 'Create project' }).click();
    await page.getByRole('heading', { level: 2, name: 'Research pages' }).waitFor();

    await page.getByRole('button', { name: 'New research page' }).click();
    await page.getByLabel('Title', { exact: true }).fill('Draft title');
    await page.getByLabel('Response limit (optional)').fill('2');
    await page.getByLabel('Question 1 text').fill(QUESTIONS.text);
    const add = page.getByRole('button', { name: 'Add question' });
    await add.click();
    await page.getByLabel('Question 2 text').fill(QUESTIONS.choice);
    await page.getByLabel('Question 2 type').selectOption('multiple_choice');
    await page.getByLabel('Question 2 options').fill('Phone\nWalk-in\nOnline');
    await add.click();
    await page.getByLabel('Question 3 text').fill(QUESTIONS.checkbox);
    await page.getByLabel('Question 3 type').selectOption('checkbox');
    await page.getByLabel('Question 3 options').fill('Paper notebook\nSpreadsheet\nPOS system');
    await add.click();
    await page.getByLabel('Question 4 text').fill(QUESTIONS.rating);
    await page.getByLabel('Question 4 type').selectOption('rating');
    await page.getByLabel('Label of the lowest').fill('Not at all');
    await page.getByLabel('Label of the highest').fill('Extremely');
    await add.click();
    await page.getByLabel('Question 5 text').fill(QUESTIONS.email);
    await page.getByLabel('Question 5 type').selectOption('email');
    await screenshot(page, 'research-editor');
    await page.getByRole('button', { name: 'Create research page' }).click();

    // Edited while it has no responses: the editor opens with every question as it was saved.
    const draft = page.getByRole('listitem', { name: 'Draft title' });
    await draft.getByRole('button', { name: 'Edit' }).click();
    expect(await page.getByLabel('Question 4 type').inputValue()).toBe('rating');
    expect(await page.getByLabel('Question 3 options').inputValue()).toBe('Paper notebook\nSpreadsheet\nPOS system');
    expect(await page.getByLabel('Label of the highest').inputValue()).toBe('Extremely');
    await page.getByLabel('Title', { exact: true }).fill(TITLE);
    await page.getByRole('button', { name: 'Save changes' }).click();

    const item = page.getByRole('listitem', { name: TITLE });
    await item.waitFor();
    expect(await item.textContent()).toContain('5 questions · 0 responses of 2');
    const link = await page.getByLabel(`Public link of ${TITLE}`).inputValue();
    expect(link).toMatch(new RegExp(`^${baseUrl.replace(/[.]/g, '\\.')}/research/[A-Za-z0-9_-]{22}$`));
    publicPath = new URL(link).pathname;
    await page.getByText('Research page saved.').waitFor({ state: 'detached' });
    await screenshot(page, 'research-dashboard');
    expectNoProblems(page);
  });

  test('at phone width the respondent sees every control, and an empty submit is refused', async () => {
    const page = await openForm('phone');
    expect(await card(page, QUESTIONS.text).getByRole('textbox').count()).toBe(1);
    expect(await card(page, QUESTIONS.choice).getByRole('radio').count()).toBe(3);
    expect(await card(page, QUESTIONS.checkbox).getByRole('checkbox').count()).toBe(3);
    expect(await card(page, QUESTIONS.rating).getByRole('radio').count()).toBe(5);
    expect(await card(page, QUESTIONS.rating).getByText('Not at all').isVisible()).toBe(true);
    expect(await card(page, QUESTIONS.rating).getByText('Extremely').isVisible()).toBe(true);
    expect(await card(page, QUESTIONS.email).getByRole('textbox').getAttribute('type')).toBe('email');
    expect(await card(page, QUESTIONS.email).getByRole('radio').count()).toBe(0);
    // The honeypot is in the page but not on screen.
    const phone = page.locator('input[name="phone"]');
    expect(await phone.count()).toBe(1);
    expect(await phone.isVisible()).toBe(true);
    const box = await phone.boundingBox();
    expect(box!.x + box!.width).toBeLessThan(0);

    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('You must fill in at least one response before submitting.').waitFor();
    // Nothing sticks out sideways at 390 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'research-form');
    expectNoProblems(page);
  });

  test('a respondent fills some answers, reloads and finds them kept, submits and is thanked', async () => {
    const page = await openForm('desktop');
    await screenshot(page, 'research-form');
    const text = card(page, QUESTIONS.text).getByRole('textbox');
    await text.fill('Getting the ovens warm\nand the orders straight.');
    const grown = await text.evaluate((box) => box.clientHeight);
    await text.fill(Array.from({ length: 12 }, (_, i) => `Line ${i + 1}`).join('\n'));
    // The box grows with its content.
    expect(await text.evaluate((box) => box.clientHeight)).toBeGreaterThan(grown);
    await text.fill('Getting the ovens warm');
    await card(page, QUESTIONS.choice).getByRole('radio', { name: 'Walk-in' }).check();
    await card(page, QUESTIONS.checkbox).getByRole('checkbox', { name: 'Spreadsheet' }).check();
    await card(page, QUESTIONS.checkbox).getByRole('checkbox', { name: 'Paper notebook' }).check();
    // Keyboard: focus the rating scale and move with the arrow keys.
    await card(page, QUESTIONS.rating).getByRole('radio', { name: '3' }).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowRight');
    expect(await card(page, QUESTIONS.rating).getByRole('radio', { name: '4' }).isChecked()).toBe(true);
    await card(page, QUESTIONS.email).getByRole('textbox').fill('baker@example.com');

    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Questions' }).waitFor();
    expect(await card(page, QUESTIONS.text).getByRole('textbox').inputValue()).toBe('Getting the ovens warm');
    expect(await card(page, QUESTIONS.choice).getByRole('radio', { name: 'Walk-in' }).isChecked()).toBe(true);
    expect(await card(page, QUESTIONS.checkbox).getByRole('checkbox', { name: 'Spreadsheet' }).isChecked()).toBe(true);
    expect(await card(page, QUESTIONS.rating).getByRole('radio', { name: '4' }).isChecked()).toBe(true);
    expect(await card(page, QUESTIONS.email).getByRole('textbox').inputValue()).toBe('baker@example.com');

    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'Thank you for your feedback!' }).waitFor();
    expect(await page.getByText('Your responses have been successfully submitted').isVisible()).toBe(true);
    await screenshot(page, 'research-thank-you');
    // The kept answers are gone once sent.
    expect(await page.evaluate((key) => window.localStorage.getItem(`launchmate.research.${key}`), publicPath.split('/').pop())).toBeNull();
    expectNoProblems(page);
  });

  test('a partner respondent loses the id from the address bar and is sent to the callback with it', async () => {
    const page = await openForm('phone', `${publicPath}?surveyswap_id=partner-7`);
    await expect.poll(() => page.url()).toBe(url(publicPath));
    await card(page, QUESTIONS.choice).getByRole('radio', { name: 'Phone' }).check();
    await card(page, QUESTIONS.rating).getByRole('radio', { name: '2' }).check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(url(SURVEYSWAP_CALLBACK_PATH.replace('{id}', 'partner-7')));
    expectNoProblems(page);
  });

  test.each<Viewport>(['desktop', 'phone'])('the full page shows "Response limit reached" (%s)', async (viewport) => {
    const page = await newPage(viewport);
    await page.goto(publicPath);
    await expectHeading(page, TITLE);
    await page.getByRole('heading', { name: 'Response limit reached' }).waitFor();
    expect(await page.getByText('This research page has reached its maximum number of responses and is no longer accepting submissions.').isVisible()).toBe(
      true,
    );
    expect(await page.getByRole('button', { name: 'Submit' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Launchmate home' }).getAttribute('href')).toBe('/');
    await screenshot(page, 'research-limit');
    expectNoProblems(page);
  });

  test.each<Viewport>(['desktop', 'phone'])('the founder sees responses and summaries (%s)', async (viewport) => {
    const page = await newPage(viewport, { storageState: founder });
    await page.goto(`${publicPath}/responses`);
    await expectHeading(page, 'Research responses');
    await page.getByText('2 responses of 2').waitFor();
    const rows = page.locator('.responses__table tbody tr');
    expect(await rows.count()).toBe(2);
    const headers = await page.locator('.responses__table thead th').allTextContents();
    expect(headers).toEqual(['Submitted', 'Partner id', ...Object.values(QUESTIONS)]);
    const cells = await rows.allTextContents();
    expect(cells.join(' | ')).toContain('Getting the ovens warm');
    expect(cells.join(' | ')).toContain('partner-7');
    expect(cells.join(' | ')).toContain('Paper notebook, Spreadsheet');

    expect(await page.locator('.responses__title .tag').textContent()).toBe('Full');
    const rating = page.locator('.summary', { hasText: QUESTIONS.rating });
    expect(await rating.textContent()).toContain('2 answered · 0 left empty · average rating 3');
    const email = page.locator('.summary', { hasText: QUESTIONS.email });
    expect(await email.textContent()).toContain('1 answered · 1 left empty');
    const choice = page.locator('.summary', { hasText: QUESTIONS.choice });
    expect(await choice.locator('.bar').allTextContents()).toEqual(['Phone1 (50%)', 'Walk-in1 (50%)', 'Online0 (0%)']);
    if (viewport === 'phone') {
      // The page keeps the phone's width; the table scrolls sideways inside its frame.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const table = page.locator('.responses__table-wrap');
      expect(await table.evaluate((frame) => frame.scrollWidth > frame.clientWidth)).toBe(true);
      await table.evaluate((frame) => frame.scrollBy(200, 0));
      expect(await table.evaluate((frame) => frame.scrollLeft)).toBeGreaterThan(0);
    }
    await screenshot(page, 'research-responses');
    expectNoProblems(page);
  });

  test('the research section of the dashboard fits a phone', async () => {
    const page = await newPage('phone', { storageState: founder });
    await page.goto('/dashboard');
    const item = page.getByRole('listitem', { name: TITLE });
    await item.waitFor();
    expect(await item.textContent()).toContain('5 questions · 2 responses of 2');
    expect(await item.locator('.tag').textContent()).toBe('Full');
    // Answered pages can still be edited (answered questions stay as they are).
    expect(await item.getByRole('button', { name: 'Edit' }).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await item.scrollIntoViewIfNeeded();
    await screenshot(page, 'research-dashboard', { fullPage: false });
    expectNoProblems(page);
  });

  test('the founder downloads the CSV', async () => {
    const page = await newPage('desktop', { storageState: founder });
    await page.goto(`${publicPath}/responses`);
    await page.getByText('2 responses of 2').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`${TITLE}.csv`);
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(['Submitted at', 'Partner id', ...Object.values(QUESTIONS)].map((cell) => `"${cell}"`).join(','));
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('"Getting the ovens warm","Walk-in","Paper notebook; Spreadsheet","4","baker@example.com"');
    expect(lines[2]).toContain('"partner-7","","Phone","","2",""');
    expectNoProblems(page);
  });

  test('an answered page gets a new question and a higher limit; retyping an answered question is refused', async () => {
    const page = await newPage('desktop', { storageState: founder });
    await page.goto('/dashboard');
    const item = page.getByRole('listitem', { name: TITLE });
    await item.getByRole('button', { name: 'Edit' }).click();
    await page.getByText('This page has responses: answered questions keep their text, type', { exact: false }).waitFor();
    await page.getByLabel('Question 2 type').selectOption('text');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('alert').getByText(`Question 2 (“${QUESTIONS.choice}”) already has answers, so its type cannot change.`).waitFor();

    await page.getByLabel('Question 2 type').selectOption('multiple_choice');
    expect(await page.getByLabel('Question 2 options').inputValue()).toBe('Phone\nWalk-in\nOnline');
    await page.getByLabel('Response limit (optional)').fill('5');
    await page.getByRole('button', { name: 'Add question' }).click();
    await page.getByLabel('Question 6 text').fill(NEW_QUESTION);
    await screenshot(page, 'research-edit-answered');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Research page saved.').waitFor();
    await expect.poll(() => item.textContent()).toContain('6 questions · 2 responses of 5');
    expect(await item.locator('.tag').textContent()).toBe('Open');
    expectNoProblems(page, [failedFetch(409, `/api/research/pages/`)]);
  });

  test('closed: respondents are told so; reopened: they can answer again', async () => {
    const founderPage = await newPage('desktop', { storageState: founder });
    await founderPage.goto('/dashboard');
    const item = founderPage.getByRole('listitem', { name: TITLE });
    await item.getByRole('button', { name: 'Close page' }).click();
    await item.getByText('Respondents will be told the page is closed. You can reopen it later.').waitFor();
    await item.getByRole('button', { name: 'Yes, close it' }).click();
    await item.getByRole('button', { name: 'Reopen' }).waitFor();
    await expect.poll(() => item.locator('.tag').textContent()).toBe('Closed');

    const respondent = await newPage('phone');
    await respondent.goto(publicPath);
    await respondent.getByRole('heading', { name: 'This research page is closed' }).waitFor();
    expect(await respondent.getByText('This research page is closed and no longer accepts responses.').isVisible()).toBe(true);
    expect(await respondent.getByText('Research page not found').count()).toBe(0);
    await screenshot(respondent, 'research-closed');
    expectNoProblems(respondent, [failedFetch(410, `/api${publicPath}`)]);

    await item.getByRole('button', { name: 'Reopen' }).click();
    await founderPage.getByText('Research page reopened.').waitFor();
    await expect.poll(() => item.locator('.tag').textContent()).toBe('Open');
    expectNoProblems(founderPage);

    const again = await openForm('desktop');
    await card(again, QUESTIONS.text).getByRole('textbox').fill(THEMED_ANSWER);
    await card(again, NEW_QUESTION).getByRole('textbox').fill('Yes, if it saved me an hour a day');
    await again.getByRole('button', { name: 'Submit' }).click();
    await again.getByRole('heading', { name: 'Thank you for your feedback!' }).waitFor();
    expectNoProblems(again);
  });

  test.each<Viewport>(['desktop', 'phone'])('the themes of a text question, on request; a failed summary offers Retry (%s)', async (viewport) => {
    await scriptModel({ status: 500 });
    const page = await newPage(viewport, { storageState: founder });
    await page.goto(`${publicPath}/responses`);
    await page.getByText('3 responses of 5').waitFor();
    const summary = page.locator('.summary', { hasText: QUESTIONS.text });
    expect(await summary.textContent()).toContain('2 answered · 1 left empty');
    await summary.getByRole('button', { name: 'Summarize themes' }).click();
    await summary.getByText('We could not summarize the themes this time. Please retry.').waitFor({ timeout: 15_000 });

    await scriptModel({
      content: JSON.stringify({
        themes: [
          { name: 'Ovens take too long', count: 2, quotes: ['Getting the ovens warm', 'I would pay double for warm ovens'] },
          { name: 'Invented', count: 1, quotes: ['Nobody wrote this'] },
        ],
      }),
    });
    await summary.getByRole('button', { name: 'Retry' }).click();
    await summary.getByRole('heading', { name: 'Themes' }).waitFor();
    expect(await summary.locator('.theme').allTextContents()).toEqual(['Ovens take too long · 2 answers“Getting the ovens warm”']);
    if (viewport === 'phone') expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await summary.scrollIntoViewIfNeeded();
    await screenshot(page, 'research-themes', { fullPage: viewport === 'desktop' });
    expectNoProblems(page, [failedFetch(502, '/themes')]);
  });

  test.each<Viewport>(['desktop', 'phone'])('an unknown key shows "Research page not found" (%s)', async (viewport) => {
    const page = await newPage(viewport);
    await page.goto('/research/no-such-page-key');
    await expectHeading(page, 'Research page');
    await page.getByRole('heading', { name: 'Research page not found' }).waitFor();
    await screenshot(page, 'research-not-found');
    expectNoProblems(page, [failedFetch(404, '/api/research/no-such-page-key')]);
  });
});
