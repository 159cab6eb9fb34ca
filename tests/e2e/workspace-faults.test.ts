/**
 * When answers do not go to plan, in Chromium: a reload in the middle of an answer resumes it
 * (nothing lost, nothing twice); Stop ends it and labels what was written; a model failure is
 * shown as failed with its partial text and Retry, and Retry answers; a message over 8,000
 * characters is refused at the composer with the text kept.
 */
import { expect, test } from 'vitest';
import { expectNoProblems, newAccount, newPage, screenshot, withBrowser } from './support';
import {
  answers,
  composerBox,
  createProject,
  openWorkspace,
  scriptCofounder,
  sendMessage,
  transcript,
  waitForAnswer,
  waitForWorkspace,
} from './workspace-support';

withBrowser();

const LONG_ANSWER = `${Array.from({ length: 30 }, (_, i) => `Point ${i + 1}: ask the clinic about week ${i + 1}.`).join(' ')} The end.`;

async function workspaceFor(prefix: string) {
  const account = await newAccount(prefix);
  const page = await newPage('desktop', { storageState: account.storageState });
  const projectId = await createProject(page, `Faults ${prefix}`);
  await openWorkspace(page, projectId, `Faults ${prefix}`);
  return { page, projectId };
}

test('a reload in the middle of an answer picks it up where it is: nothing lost, nothing twice', async () => {
  const lane = await scriptCofounder([{ content: LONG_ANSWER, tokensPerSecond: 50 }]);
  const { page } = await workspaceFor('reload');
  await sendMessage(page, `Walk me through testing it. Ref ${lane.tag}`);
  await expect.poll(async () => (await answers(page).first().textContent()) ?? '', { timeout: 15_000 }).toContain('Point 3');

  await page.reload();
  await waitForWorkspace(page, 'Faults reload');
  // Still streaming after the reload, then whole.
  await expect
    .poll(
      async () =>
        (await answers(page).first().getAttribute('aria-busy')) === 'true' || ((await answers(page).first().textContent()) ?? '').includes('The end.'),
    )
    .toBe(true);
  await waitForAnswer(page, 'The end.', 30_000);
  const rows = await transcript(page);
  expect(rows).toHaveLength(2);
  expect(rows[1]).toBe(`AI co-founder: ${LONG_ANSWER}`);
  expect((await lane.requests()).length).toBe(1);
  // And the stored conversation says the same after another reload.
  await page.reload();
  await waitForWorkspace(page, 'Faults reload');
  await waitForAnswer(page, 'The end.');
  expect(await transcript(page)).toEqual(rows);
  expectNoProblems(page);
});

test('Stop ends the answer, keeps what was written, and labels it stopped', async () => {
  const lane = await scriptCofounder([{ content: LONG_ANSWER, tokensPerSecond: 20 }]);
  const { page } = await workspaceFor('stop');
  await sendMessage(page, `Walk me through testing it. Ref ${lane.tag}`);
  await expect.poll(async () => (await answers(page).first().textContent()) ?? '', { timeout: 15_000 }).toContain('Point 1');
  await page.getByRole('button', { name: 'Stop' }).click();

  const answer = answers(page).first();
  await expect.poll(() => answer.textContent(), { timeout: 10_000 }).toContain('Stopped');
  expect(await answer.textContent()).not.toContain('The end.');
  expect(await page.getByRole('button', { name: 'Stop' }).count()).toBe(0);
  // The model call was aborted, not left running.
  await expect.poll(async () => (await lane.requests())[0]?.aborted ?? false, { timeout: 10_000 }).toBe(true);
  await screenshot(page, 'workspace-stopped', { fullPage: false });
  expectNoProblems(page);
});

test('a model failure shows the partial answer as failed with Retry, and Retry answers', async () => {
  const lane = await scriptCofounder([
    { content: 'Three things to check first: the volume of cancellations, the', closeAfterChars: 40, tokensPerSecond: 200 },
    { content: 'Here is the whole answer this time. Weakest assumption: volume.', tokensPerSecond: 200 },
  ]);
  const { page } = await workspaceFor('failure');
  await sendMessage(page, `What should I check first? Ref ${lane.tag}`);

  const answer = answers(page).first();
  await expect.poll(() => answer.textContent(), { timeout: 20_000 }).toContain('Failed');
  expect(await answer.textContent()).toContain('Partial answer, not finished:');
  expect(await answer.textContent()).toContain('Three things to check first');
  await screenshot(page, 'workspace-failed', { fullPage: false });

  await answer.getByRole('button', { name: 'Retry' }).click();
  await waitForAnswer(page, 'Weakest assumption: volume.');
  const rows = await transcript(page);
  expect(rows).toHaveLength(2);
  expect(rows[1]).toBe('AI co-founder: Here is the whole answer this time. Weakest assumption: volume.');
  expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
  expectNoProblems(page);
});

test('a message over 8,000 characters is refused at the composer, and the text stays', async () => {
  const { page } = await workspaceFor('toolong');
  const text = 'x'.repeat(8001);
  await composerBox(page).fill(text);
  await composerBox(page).press('Enter');
  expect(await page.getByRole('alert').textContent()).toBe('Messages can be up to 8,000 characters; this one has 8,001.');
  expect(await composerBox(page).inputValue()).toBe(text);
  expect(await page.locator('.message').count()).toBe(0);
  expectNoProblems(page);
});
