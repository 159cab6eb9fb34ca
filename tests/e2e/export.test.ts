/**
 * 'Export' in the workspace: a member of a Pro project, here the collaborator, downloads the
 * project as PDF, Word and Markdown with a canvas note in several languages; a Free project's
 * owner is offered 'Get Pro' instead. Desktop and phone.
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { expectNoProblems, newAccount, newPage, operator, screenshot, withBrowser, type Viewport } from './support';
import { createProject, joinAsCollaborator, openWorkspace, type StorageState } from './workspace-support';

withBrowser();

type Member = { email: string; storageState: StorageState };
let proOwner: Member;
let collaborator: Member;
let freeOwner: Member;
beforeAll(async () => {
  [proOwner, collaborator, freeOwner] = await Promise.all([newAccount('export-owner'), newAccount('export-member'), newAccount('export-free')]);
  await operator('plan.ts', 'set', proOwner.email, 'pro');
}, 90_000);

const NOTE = 'Ștefan și Țara 诊所 العملاء 🚀';

async function addNote(page: Page, text: string) {
  await page.getByRole('button', { name: 'Canvas', exact: true }).click();
  await page.getByRole('region', { name: 'Canvas' }).waitFor();
  await page.getByRole('button', { name: 'Add note' }).click();
  await page.getByRole('textbox', { name: 'Note text' }).fill(text);
  await page.getByRole('textbox', { name: 'Note text' }).press('Enter');
  await page.locator('[aria-roledescription="note"]').filter({ hasText: text }).waitFor();
}

/** The dialog fades in: pictures are of it fully shown. */
const fadedIn = (dialog: Locator) => dialog.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)));

async function download(page: Page, format: 'PDF' | 'Word (.docx)' | 'Markdown (.md)') {
  const dialog = page.getByRole('dialog', { name: 'Export the project' });
  await dialog.getByRole('radio', { name: format }).check();
  const [file] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download' }).click()]);
  await dialog
    .getByRole('status')
    .filter({ hasText: `Downloaded ${file.suggestedFilename()}.` })
    .waitFor();
  return { name: file.suggestedFilename(), bytes: await readFile((await file.path())!) };
}

test.each<Viewport>(['desktop', 'phone'])('a member of a Pro project downloads it as PDF, Word and Markdown (%s)', async (viewport) => {
  const ownerPage = await newPage('desktop', { storageState: proOwner.storageState });
  const name = `Export ${viewport} ș 诊所`;
  const projectId = await createProject(ownerPage, name);
  await openWorkspace(ownerPage, projectId, name);
  if (viewport === 'desktop') await addNote(ownerPage, NOTE);
  const page = await joinAsCollaborator(ownerPage, projectId, name, collaborator, viewport);

  await page.getByRole('button', { name: 'Export' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export the project' });
  await dialog.getByRole('checkbox', { name: '4. Define user personas' }).waitFor();
  expect(await dialog.getByRole('checkbox', { name: '1. Find an idea' }).isChecked()).toBe(true);
  await fadedIn(dialog);
  await screenshot(page, `export-dialog-${viewport}`);

  const pdf = await download(page, 'PDF');
  expect(pdf.name).toBe(`export-${viewport}-ș-诊所.pdf`);
  expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const word = await download(page, 'Word (.docx)');
  expect(word.name).toBe(`export-${viewport}-ș-诊所.docx`);
  expect(word.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  const markdown = await download(page, 'Markdown (.md)');
  const text = markdown.bytes.toString('utf8');
  expect(text).toContain(`# Export ${viewport} ș 诊所`);
  expect(text).toContain('## Phase 1: Find an idea');
  if (viewport === 'desktop') expect(text).toContain(NOTE);
  await screenshot(page, `export-downloaded-${viewport}`);
  expectNoProblems(page);
  expectNoProblems(ownerPage);
});

test("a Free project's owner is offered Pro instead of the export", async () => {
  const page = await newPage('phone', { storageState: freeOwner.storageState });
  const name = 'Free export';
  const projectId = await createProject(page, name);
  await openWorkspace(page, projectId, name);
  await page.getByRole('button', { name: 'Export' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export the project' });
  await dialog.getByText('Export comes with Pro').waitFor();
  expect(await dialog.getByRole('button', { name: 'Get Pro' }).isVisible()).toBe(true);
  expect(await dialog.getByRole('button', { name: 'Download' }).count()).toBe(0);
  await fadedIn(dialog);
  await screenshot(page, 'export-free-phone');
  expectNoProblems(page);
});
