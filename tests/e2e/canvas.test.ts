/**
 * The canvas beside the conversation, in two browsers: notes added and moved by one member appear
 * at the other live with the mover's cursor; the co-founder's notes arrive as proposals, one kept
 * and one dismissed; a note is added, moved, edited, undone and deleted with the keyboard alone;
 * and on a phone the same notes are a list that can be edited.
 */
import type { Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { baseUrl, expectNoProblems, newAccount, newPage, screenshot, withBrowser, type StorageState } from './support';
import { createProject, openWorkspace, scriptCofounder, sendMessage, waitForAnswer } from './workspace-support';

withBrowser();

type Member = { email: string; storageState: StorageState };
// Free accounts own one project each: one owner per test, one collaborator for all.
let owner: Member;
let keyboardOwner: Member;
let phoneOwner: Member;
let collaborator: Member;
beforeAll(async () => {
  [owner, keyboardOwner, phoneOwner, collaborator] = await Promise.all([
    newAccount('canvas-owner'),
    newAccount('canvas-keys'),
    newAccount('canvas-phone'),
    newAccount('canvas-collab'),
  ]);
}, 90_000);

const notes = (page: Page) => page.locator('[aria-roledescription="note"]');
const noteWith = (page: Page, text: string) => notes(page).filter({ hasText: text });
const leftOf = (page: Page, text: string) => noteWith(page, text).evaluate((element) => (element as HTMLElement).style.left);

async function sharedProject(by: Member, name: string) {
  const ownerPage = await newPage('desktop', { storageState: by.storageState });
  const projectId = await createProject(ownerPage, name);
  const invitation = await ownerPage.request.post(`/api/project/${projectId}/invitations`, {
    data: { email: collaborator.email },
    headers: { Origin: baseUrl },
  });
  const { link } = (await invitation.json()) as { link: string };
  return { ownerPage, projectId, link };
}

async function joinAs(storageState: StorageState, viewport: 'desktop' | 'phone', link: string, projectId: string, name: string) {
  const page = await newPage(viewport, { storageState });
  await page.goto(new URL(link).pathname);
  await page.waitForURL((address) => address.pathname === `/app/projects/${projectId}`);
  await openWorkspace(page, projectId, name);
  return page;
}

async function openCanvas(page: Page) {
  await page.getByRole('button', { name: 'Canvas', exact: true }).click();
  await page.getByRole('region', { name: 'Canvas' }).waitFor();
  await expect.poll(() => page.getByText('Loading the canvas…').count()).toBe(0);
}

test('one member adds and moves notes while the other sees them live; the co-founder proposes, one kept, one dismissed', async () => {
  const lane = await scriptCofounder([
    {
      toolCalls: [
        {
          name: 'place_canvas_notes',
          arguments: { frameTitle: 'Open questions', notes: [{ text: 'Will clinics pay monthly?' }, { text: 'Who books the appointments?', colour: 'pink' }] },
        },
      ],
    },
    { content: 'I put two open questions on the canvas.' },
  ]);
  const { ownerPage, projectId, link } = await sharedProject(owner, 'Canvas clinic idea');
  await openWorkspace(ownerPage, projectId, 'Canvas clinic idea');
  const otherPage = await joinAs(collaborator.storageState, 'desktop', link, projectId, 'Canvas clinic idea');
  await openCanvas(ownerPage);
  await openCanvas(otherPage);

  await ownerPage.getByRole('button', { name: 'Add note' }).click();
  await ownerPage.getByRole('textbox', { name: 'Note text' }).fill('Call five clinics this week');
  await ownerPage.getByRole('textbox', { name: 'Note text' }).press('Enter');
  await noteWith(otherPage, 'Call five clinics this week').waitFor();

  // A drag at the owner's: the note moves at the other member, with the owner's cursor in view.
  const box = (await noteWith(ownerPage, 'Call five clinics').boundingBox())!;
  const before = await leftOf(otherPage, 'Call five clinics');
  await ownerPage.mouse.move(box.x + 40, box.y + 40);
  await ownerPage.mouse.down();
  await ownerPage.mouse.move(box.x + 140, box.y + 100, { steps: 8 });
  await ownerPage.mouse.up();
  await expect.poll(() => leftOf(otherPage, 'Call five clinics')).toBe(`${parseFloat(before) + 100}px`);
  await expect.poll(() => otherPage.locator('.canvas__cursor-name').allTextContents()).toEqual([owner.email.split('@')[0]]);
  await screenshot(otherPage, 'canvas-live-collaborator', { fullPage: false });

  // A second note, resized by its corner and connected to the first: both reach the other member.
  await ownerPage.getByRole('button', { name: 'Add note' }).click();
  await ownerPage.getByRole('textbox', { name: 'Note text' }).fill('Ask about no-shows');
  await ownerPage.getByRole('textbox', { name: 'Note text' }).press('Enter');
  await noteWith(otherPage, 'Ask about no-shows').waitFor();
  const corner = (await noteWith(ownerPage, 'Ask about no-shows').locator('.canvas__resize').boundingBox())!;
  await ownerPage.mouse.move(corner.x + 5, corner.y + 5);
  await ownerPage.mouse.down();
  await ownerPage.mouse.move(corner.x + 65, corner.y + 45, { steps: 5 });
  await ownerPage.mouse.up();
  await expect
    .poll(() => noteWith(otherPage, 'Ask about no-shows').evaluate((element) => [(element as HTMLElement).style.width, (element as HTMLElement).style.height]))
    .toEqual(['260px', '170px']);
  await noteWith(ownerPage, 'Ask about no-shows').locator('.canvas-note__text').click();
  await ownerPage.getByRole('button', { name: 'Connect' }).click();
  await noteWith(ownerPage, 'Call five clinics').locator('.canvas-note__text').click();
  await expect.poll(() => otherPage.locator('.canvas__connector').count()).toBe(1);

  // The co-founder's notes arrive as proposals at both, each linked to the question.
  await ownerPage.getByRole('button', { name: 'Conversation', exact: true }).click();
  await sendMessage(ownerPage, `Put the open questions on the canvas ${lane.tag}`);
  await waitForAnswer(ownerPage, 'I put two open questions on the canvas.');
  await openCanvas(ownerPage);
  const proposals = (page: Page) => notes(page).filter({ hasText: 'Proposed by the co-founder' });
  await expect.poll(() => proposals(otherPage).count()).toBe(2);
  await expect.poll(() => proposals(ownerPage).count()).toBe(2);
  expect(await noteWith(otherPage, 'Will clinics pay monthly?').getAttribute('aria-label')).toBe(
    'Note by the co-founder, proposed, in frame Open questions: Will clinics pay monthly?',
  );
  await otherPage.getByRole('button', { name: 'Show 2 proposals' }).click();
  await screenshot(otherPage, 'canvas-proposals', { fullPage: false });

  await noteWith(otherPage, 'Will clinics pay monthly?').getByRole('button', { name: 'Keep' }).click();
  await noteWith(ownerPage, 'Who books the appointments?').getByRole('button', { name: 'Dismiss' }).click();
  for (const page of [ownerPage, otherPage]) {
    await expect.poll(() => proposals(page).count()).toBe(0);
    await expect
      .poll(() =>
        page
          .locator('.canvas-note .canvas-note__text')
          .allTextContents()
          .then((texts) => texts.sort()),
      )
      .toEqual(['Ask about no-shows', 'Call five clinics this week', 'Will clinics pay monthly?']);
  }
  // The kept note still says where it came from.
  await noteWith(ownerPage, 'Will clinics pay monthly?').getByRole('link', { name: 'From the conversation' }).click();
  await expect.poll(() => ownerPage.evaluate(() => document.activeElement?.id ?? '')).toMatch(/^message-/);
  await screenshot(ownerPage, 'canvas-after-keep', { fullPage: false });
  expectNoProblems(ownerPage);
  expectNoProblems(otherPage);
}, 120_000);

test('a note is added, moved, edited, undone and deleted with the keyboard alone', async () => {
  const page = await newPage('desktop', { storageState: keyboardOwner.storageState });
  const projectId = await createProject(page, 'Keyboard canvas');
  await openWorkspace(page, projectId, 'Keyboard canvas');
  await page.getByRole('button', { name: 'Canvas', exact: true }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Add note' }).waitFor();
  await expect.poll(() => page.getByText('Loading the canvas…').count()).toBe(0);
  await page.getByRole('button', { name: 'Add note' }).focus();
  await page.keyboard.press('Enter');
  // The editor opens on the new note once the canvas has it.
  const editorFocused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') === 'Note text');
  await expect.poll(editorFocused).toBe(true);
  await page.keyboard.press('Control+A');
  await page.keyboard.type('Interview three practice managers');
  await page.keyboard.press('Enter');
  // Back on the note, announced with its text.
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(/: Interview three practice managers$/);
  const start = parseFloat(await leftOf(page, 'Interview three'));
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await expect.poll(() => leftOf(page, 'Interview three')).toBe(`${start + 30}px`);

  await page.keyboard.press('Enter');
  await expect.poll(editorFocused).toBe(true);
  await page.keyboard.press('Control+A');
  await page.keyboard.type('Interview five practice managers');
  await page.keyboard.press('Enter');
  await noteWith(page, 'Interview five').waitFor();
  await page.keyboard.press('Control+Z');
  await noteWith(page, 'Interview three').waitFor();
  await page.keyboard.press('Control+Shift+Z');
  await noteWith(page, 'Interview five').waitFor();

  // Tab reaches the note from the toolbar; Delete removes it, and undo brings it back where it was.
  await page.getByRole('button', { name: 'Add frame' }).focus();
  await expect
    .poll(async () => {
      await page.keyboard.press('Tab');
      return page.evaluate(() => document.activeElement?.getAttribute('aria-roledescription'));
    })
    .toBe('note');
  await page.keyboard.press('Delete');
  await expect.poll(() => notes(page).count()).toBe(0);
  await page.getByRole('button', { name: 'Undo' }).focus();
  await page.keyboard.press('Enter');
  await noteWith(page, 'Interview five').waitFor();
  expect(await leftOf(page, 'Interview five')).toBe(`${start + 30}px`);
  await screenshot(page, 'canvas-keyboard', { fullPage: false });
  expectNoProblems(page);
}, 90_000);

test('on a phone the notes are a list, and an edit there reaches the desktop live', async () => {
  const { ownerPage, projectId, link } = await sharedProject(phoneOwner, 'Phone canvas');
  await openWorkspace(ownerPage, projectId, 'Phone canvas');
  await openCanvas(ownerPage);
  await ownerPage.getByRole('button', { name: 'Add note' }).click();
  await ownerPage.getByRole('textbox', { name: 'Note text' }).fill('Price at 49 a month');
  await ownerPage.getByRole('textbox', { name: 'Note text' }).press('Enter');

  const phone = await joinAs(collaborator.storageState, 'phone', link, projectId, 'Phone canvas');
  await openCanvas(phone);
  // No board on a phone: the list, with the same note.
  expect(await phone.getByTestId('canvas-viewport').count()).toBe(0);
  const item = phone.locator('.canvas-list-note').filter({ hasText: 'Price at 49 a month' });
  await item.getByRole('button', { name: 'Edit' }).click();
  await phone.getByRole('textbox', { name: 'Note text' }).fill('Price at 39 a month');
  await phone.getByRole('button', { name: 'Save' }).click();
  await noteWith(ownerPage, 'Price at 39 a month').waitFor();
  await screenshot(phone, 'canvas-list', { fullPage: false });
  expectNoProblems(phone);
}, 90_000);
