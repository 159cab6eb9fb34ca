/**
 * A team in one workspace, two browsers (desktop and phone): a note to the team reaches the other
 * member and is not answered; an answer says which question it answers; a member edits their own
 * latest message and it is asked again; Regenerate keeps the earlier version (decision 0043); a
 * member reading above is not moved by a new note, and 'Jump to the latest' takes them to it.
 */
import { expect, test } from 'vitest';
import { expectNoProblems, newAccount, newPage, screenshot, withBrowser } from './support';
import { answers, composerBox, createProject, joinAsCollaborator, openWorkspace, scriptCofounder, waitForAnswer } from './workspace-support';

withBrowser();

test('two members write notes to each other, ask, edit and regenerate, live on desktop and phone', async () => {
  const owner = await newAccount('owner');
  const collaborator = await newAccount('grace');
  const lane = await scriptCofounder([
    { content: 'For dentists, test whether clinics track empty slots. Weakest assumption: they do.' },
    { content: 'For vets, test whether clinics overbook. Weakest assumption: owners rebook online.' },
    { content: 'A second take on vets: call five clinics first. Weakest assumption: they answer.' },
  ]);
  const collaboratorName = collaborator.email.split('@')[0]!;

  const ownerPage = await newPage('desktop', { storageState: owner.storageState });
  const projectId = await createProject(ownerPage, 'Team clinic idea');
  await openWorkspace(ownerPage, projectId, 'Team clinic idea');
  const phone = await joinAsCollaborator(ownerPage, projectId, 'Team clinic idea', collaborator, 'phone');

  // A note to the team: at the other member at once, not answered, not sent to the model.
  await ownerPage.getByRole('radio', { name: 'Note to the team' }).check();
  await ownerPage.getByRole('textbox', { name: 'Note to your team' }).fill(`Hi Grace, I am here. ${lane.tag}`);
  await ownerPage.getByRole('button', { name: 'Send note' }).click();
  const noteAtPhone = phone.locator('.message--note');
  await noteAtPhone.waitFor();
  expect(await noteAtPhone.textContent()).toContain('Note to the team');
  expect(await lane.requests()).toHaveLength(0);
  expect(await answers(phone).count()).toBe(0);

  // The collaborator asks; the answer names the question, at both members.
  await composerBox(phone).fill(`Is the dentist idea worth testing? ${lane.tag}`);
  await composerBox(phone).press('Enter');
  await waitForAnswer(phone, 'Weakest assumption: they do.');
  await waitForAnswer(ownerPage, 'Weakest assumption: they do.');
  expect(
    await answers(ownerPage)
      .last()
      .getByRole('button', { name: /^In reply to / })
      .textContent(),
  ).toBe(`In reply to ${collaboratorName}: “Is the dentist idea worth testing? ${lane.tag}”`);
  await screenshot(phone, 'workspace-team-note-and-answer');

  // The collaborator edits their own latest message: asked again, marked edited for everyone.
  const mine = phone.locator('.message--mine').last();
  await mine.getByRole('button', { name: 'Edit' }).click();
  await mine.getByRole('textbox', { name: 'Your message' }).fill(`Is the vet idea worth testing? ${lane.tag}`);
  await mine.getByRole('button', { name: 'Save and ask again' }).click();
  await waitForAnswer(ownerPage, 'owners rebook online');
  const editedAtOwner = ownerPage.locator('.message--member').filter({ hasText: 'vet idea' });
  expect(await editedAtOwner.getByText('Edited', { exact: true }).count()).toBe(1);
  expect(await answers(ownerPage).count()).toBe(1);

  // The owner regenerates the latest answer; the earlier version stays reachable.
  await answers(ownerPage).last().getByRole('button', { name: 'Regenerate' }).click();
  await waitForAnswer(ownerPage, 'call five clinics first');
  await waitForAnswer(phone, 'call five clinics first');
  // Two earlier versions: the answer the edit replaced, and the one Regenerate replaced.
  await answers(phone).last().getByText('Earlier versions (2)').click();
  const history = await answers(phone).last().locator('.message__history-version p').allTextContents();
  expect(history).toEqual([
    'For vets, test whether clinics overbook. Weakest assumption: owners rebook online.',
    'For dentists, test whether clinics track empty slots. Weakest assumption: they do.',
  ]);
  await screenshot(ownerPage, 'workspace-team-regenerated');
  await screenshot(phone, 'workspace-team-regenerated');
  expect(await lane.requests()).toHaveLength(3);

  // The collaborator reads above: a new note does not move their view, and 'Jump to the latest' takes them to it.
  const phoneList = phone.locator('.conversation__scroll');
  expect(await phoneList.evaluate((list) => list.scrollHeight - list.clientHeight)).toBeGreaterThan(200);
  await phoneList.evaluate((list) => list.scrollTo({ top: 0 }));
  await ownerPage.getByRole('radio', { name: 'Note to the team' }).check();
  await ownerPage.getByRole('textbox', { name: 'Note to your team' }).fill('I booked two vet calls for Monday.');
  await ownerPage.getByRole('button', { name: 'Send note' }).click();
  const jump = phone.getByRole('button', { name: 'Jump to the latest, 1 new message' });
  await jump.waitFor();
  expect(await phoneList.evaluate((list) => list.scrollTop)).toBe(0);
  await screenshot(phone, 'workspace-team-jump-to-latest');
  await jump.click();
  await jump.waitFor({ state: 'detached' });
  const newNote = phone.locator('.message--note').filter({ hasText: 'two vet calls' });
  await expect
    .poll(() =>
      newNote.evaluate((row) => {
        const shown = row.closest('.conversation__scroll')!.getBoundingClientRect();
        const { top, bottom } = row.getBoundingClientRect();
        return top >= shown.top && bottom <= shown.bottom;
      }),
    )
    .toBe(true);
  expectNoProblems(ownerPage);
  expectNoProblems(phone);
});
