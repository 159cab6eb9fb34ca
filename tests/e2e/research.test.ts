/**
 * Research pages end to end: a founder builds a page with all five question types, respondents
 * answer it (one through the partner flow), the founder reads responses and downloads the CSV,
 * and the full page turns respondents away.
 */
import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { SURVEYSWAP_CALLBACK_PATH } from './global-setup';
import {
  baseUrl,
  expectHeading,
  expectNoProblems,
  newAccount,
  newPage,
  screenshot,
  url,
  useBrowser,
  type StorageState,
  type Viewport,
} from './support';

useBrowser();

const failedFetch = (status: number, path: string) =>
  new RegExp(`the server responded with a status of ${status} .*${path.replace(/[/.]/g, '\\$&')}`);

const TITLE = 'Bakery owners interview';
const QUESTIONS = {
  text: 'What slows your mornings down?',
  choice: 'How do you take orders?',
  checkbox: 'Which tools do you use?',
  rating: 'How painful is stock planning?',
  email: 'May we follow up by email?',
};

let founder: StorageState;
let publicPath = '';

beforeAll(async () => {
  founder = (await newAccount('research')).storageState;
});

const card = (page: Page, text: string): Locator => page.locator('li.question-card', { hasText: text });

async function openForm(viewport: Viewport, path = publicPath) {
  const page = await newPage(viewport);
  await page.goto(path);
  await expectHeading(page, 'Research page');
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
    expect(await card(page, QUESTIONS.email).getByRole('radio', { name: 'Yes' }).isVisible()).toBe(true);
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
    await card(page, QUESTIONS.email).getByRole('radio', { name: 'Yes' }).check();
    const email = card(page, QUESTIONS.email).getByPlaceholder('Enter your email');
    expect(await email.evaluate((input) => input === document.activeElement)).toBe(true);
    await page.keyboard.type('baker@example.com');

    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Questions' }).waitFor();
    expect(await card(page, QUESTIONS.text).getByRole('textbox').inputValue()).toBe('Getting the ovens warm');
    expect(await card(page, QUESTIONS.choice).getByRole('radio', { name: 'Walk-in' }).isChecked()).toBe(true);
    expect(await card(page, QUESTIONS.checkbox).getByRole('checkbox', { name: 'Spreadsheet' }).isChecked()).toBe(true);
    expect(await card(page, QUESTIONS.rating).getByRole('radio', { name: '4' }).isChecked()).toBe(true);
    expect(await card(page, QUESTIONS.email).getByRole('radio', { name: 'Yes' }).isChecked()).toBe(true);
    expect(await card(page, QUESTIONS.email).getByPlaceholder('Enter your email').inputValue()).toBe('baker@example.com');

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
    await expectHeading(page, 'Research page');
    await page.getByRole('heading', { name: 'Response limit reached' }).waitFor();
    expect(await page.getByText('This research page has reached its maximum number of responses and is no longer accepting submissions.').isVisible()).toBe(true);
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

    const rating = page.locator('.summary', { hasText: QUESTIONS.rating });
    expect(await rating.textContent()).toContain('2 answers · average rating 3');
    const choice = page.locator('.summary', { hasText: QUESTIONS.choice });
    expect(await choice.locator('.bar').allTextContents()).toEqual(['Phone1', 'Walk-in1', 'Online0']);
    if (viewport === 'phone') expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'research-responses');
    expectNoProblems(page);
  });

  test('the research section of the dashboard fits a phone', async () => {
    const page = await newPage('phone', { storageState: founder });
    await page.goto('/dashboard');
    const item = page.getByRole('listitem', { name: TITLE });
    await item.waitFor();
    expect(await item.textContent()).toContain('5 questions · 2 responses of 2');
    // Answered pages can no longer be edited.
    expect(await item.getByRole('button', { name: 'Edit' }).count()).toBe(0);
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
    expect(download.suggestedFilename()).toBe(`research-${publicPath.split('/').pop()}.csv`);
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(['Submitted at', 'Partner id', ...Object.values(QUESTIONS)].map((cell) => `"${cell}"`).join(','));
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('"Getting the ovens warm","Walk-in","Paper notebook; Spreadsheet","4","baker@example.com"');
    expect(lines[2]).toContain('"partner-7","","Phone","","2",""');
    expectNoProblems(page);
  });

  test('a closed page is "Research page not found" for respondents', async () => {
    const founderPage = await newPage('desktop', { storageState: founder });
    await founderPage.goto('/dashboard');
    const item = founderPage.getByRole('listitem', { name: TITLE });
    await item.getByRole('button', { name: 'Close page' }).click();
    await item.getByRole('button', { name: 'Yes, close it' }).click();
    await item.getByText('Closed', { exact: true }).waitFor();
    expectNoProblems(founderPage);

    const page = await newPage('desktop');
    await page.goto(publicPath);
    await page.getByRole('heading', { name: 'Research page not found' }).waitFor();
    expectNoProblems(page, [failedFetch(404, `/api${publicPath}`)]);
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
