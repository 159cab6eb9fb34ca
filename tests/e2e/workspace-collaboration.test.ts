/**
 * Two members, two browsers, one workspace: an accepted invitation opens the project's
 * workspace; each sees who else is here, the other's messages, the co-founder's answer streaming
 * (part-written at the other member too, not only after the end) and memory changes, live.
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { expectNoProblems, newAccount, newPage, screenshot, withBrowser } from './support';
import { answers, createProject, joinAsCollaborator, openWorkspace, scriptCofounder, sendMessage, transcript, waitForAnswer } from './workspace-support';

withBrowser();

const ANSWER = `Here is how I would test it, step by step: call five clinics, ask how many slots went empty last week, and what it cost them. ${'Then compare. '.repeat(6)}Weakest assumption: they track it.`;

const presence = (page: Page) => page.getByRole('list', { name: 'Here now' }).getByRole('listitem');
/** The names screen readers hear for the avatars of who is here (the avatars show initials). */
const presentNames = (page: Page) =>
  presence(page).evaluateAll((items) => items.map((item) => item.querySelector('.visually-hidden')?.textContent ?? '').sort());

test('owner and collaborator see each other, each other’s messages, the same streamed answer and memory edits, live', async () => {
  const owner = await newAccount('owner');
  const collaborator = await newAccount('collab');
  const lane = await scriptCofounder([
    { content: ANSWER, tokensPerSecond: 40 },
    { content: 'Good point from your collaborator. Weakest assumption: clinics share numbers.', tokensPerSecond: 200 },
  ]);
  const ownerName = owner.email.split('@')[0]!;
  const collaboratorName = collaborator.email.split('@')[0]!;

  const ownerPage = await newPage('desktop', { storageState: owner.storageState });
  const projectId = await createProject(ownerPage, 'Shared clinic idea');
  await openWorkspace(ownerPage, projectId, 'Shared clinic idea');

  // The invitation link, followed by a signed-in member, opens the project's workspace.
  const collaboratorPage = await joinAsCollaborator(ownerPage, projectId, 'Shared clinic idea', collaborator, 'desktop');

  // Presence: both are here, on both screens.
  await expect.poll(() => presentNames(ownerPage)).toEqual([`${ownerName} (you)`, collaboratorName].sort());
  await expect.poll(() => presentNames(collaboratorPage)).toEqual([ownerName, `${collaboratorName} (you)`].sort());

  // The owner's message, and the answer streaming at the collaborator token by token.
  await sendMessage(ownerPage, `Is the dental booking idea worth testing? Ref ${lane.tag}`);
  await expect.poll(async () => (await transcript(collaboratorPage))[0]).toBe(`${ownerName}: Is the dental booking idea worth testing? Ref ${lane.tag}`);
  const streamingThere = answers(collaboratorPage).first();
  await expect
    .poll(
      async () => {
        const text = (await streamingThere.textContent()) ?? '';
        return (await streamingThere.getAttribute('aria-busy')) === 'true' && text.includes('Here is how') && !text.includes('Weakest assumption');
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  await screenshot(collaboratorPage, 'workspace-collaborator-streaming', { fullPage: false });
  await waitForAnswer(collaboratorPage, 'Weakest assumption: they track it.', 30_000);
  await waitForAnswer(ownerPage, 'Weakest assumption: they track it.');
  expect(await transcript(collaboratorPage)).toEqual(
    await transcript(ownerPage).then((rows) => rows.map((row) => row.replace(`${ownerName} (you)`, ownerName))),
  );

  // The collaborator's message reaches the owner, with its author.
  await sendMessage(collaboratorPage, 'Clinics in my town would share their numbers.');
  // Through the object to the other browser: a condition that can take seconds on a busy machine, not vitest's default second.
  await expect
    .poll(async () => (await transcript(ownerPage)).at(-2) ?? '', { timeout: 15_000 })
    .toBe(`${collaboratorName}: Clinics in my town would share their numbers.`);
  await waitForAnswer(ownerPage, 'clinics share numbers');

  // A memory entry added by one appears at the other; an edit by the other comes back.
  const collaboratorMemory = collaboratorPage.getByRole('region', { name: 'Project memory' });
  await collaboratorMemory.getByRole('button', { name: 'Add an entry' }).click();
  await collaboratorMemory.getByLabel('Kind').selectOption('assumption');
  await collaboratorMemory.getByLabel('Title').fill('Clinics track empty slots');
  await collaboratorMemory.getByLabel('Text').fill('Most practice software reports cancellations.');
  await collaboratorMemory.getByRole('button', { name: 'Save' }).click();

  const ownerMemory = ownerPage.getByRole('region', { name: 'Project memory' });
  const entryAtOwner = ownerMemory.getByRole('listitem', { name: 'Assumption: Clinics track empty slots' });
  await entryAtOwner.waitFor();
  expect(await entryAtOwner.textContent()).toContain(collaboratorName);
  await entryAtOwner.getByRole('button', { name: 'Edit Clinics track empty slots' }).click();
  await ownerMemory.getByLabel('Text').fill('Only the bigger practices do.');
  await ownerMemory.getByRole('button', { name: 'Save' }).click();
  await collaboratorMemory.getByText('Only the bigger practices do.', { exact: true }).waitFor();
  await screenshot(ownerPage, 'workspace-owner-after-edit', { fullPage: false });

  // The collaborator leaves: the owner sees them go.
  await collaboratorPage.close();
  await expect.poll(() => presentNames(ownerPage)).toEqual([`${ownerName} (you)`]);
  expectNoProblems(ownerPage);
});
