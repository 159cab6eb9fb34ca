/**
 * Phase 1 from scratch in Chromium: the co-founder asks through quick replies, the founder
 * clicks, two ideas are compared, one is picked and saved to the memory as the chosen idea,
 * phase 1 is marked done (in D1 too) and phase 2 becomes current. Locked phases lead to
 * /pricing. On a phone, phases and memory open as sheets, nothing clipped: screenshots saved.
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { PHASES } from '../../app/content/phases';
import { expectNoProblems, newAccount, newPage, queryD1, screenshot, sqlText, withBrowser, type Viewport } from './support';
import { answers, createProject, openWorkspace, scriptCofounder, sendMessage, transcript, waitForAnswer } from './workspace-support';

withBrowser();

const IDEA = {
  title: 'Booking assistant for dental clinics',
  problem: 'Cancelled appointments leave chairs empty.',
  whoHasIt: 'Practice managers of small dental clinics.',
  proposedSolution: 'Fill cancelled slots from a waiting list by text message.',
  whyNow: 'Patients now expect to book by text.',
  riskiestAssumption: 'Patients answer a text within the hour.',
  openQuestions: ['How many cancellations a week?', 'Who pays: the clinic or the group?'],
};

const COMPARISON = `Two ideas fit what you told me:

| Idea | Who has it | Weakest assumption |
| --- | --- | --- |
| Dental booking assistant | Clinic managers | Patients answer texts fast |
| Dog sitter finder | Dog owners | Owners trust strangers |

I would pick the first: the pain is measurable.`;

function script() {
  return scriptCofounder([
    {
      content: 'Before ideas, tell me where you come from.',
      toolCalls: [
        { name: 'ask_multiple_choice', arguments: { question: 'Which world do you know from the inside?', choices: ['Healthcare', 'Pets', 'Retail'] } },
      ],
      tokensPerSecond: 200,
    },
    {
      content: COMPARISON,
      toolCalls: [
        { name: 'ask_multiple_choice', arguments: { question: 'Which idea do you pick?', choices: ['Dental booking assistant', 'Dog sitter finder'] } },
      ],
      tokensPerSecond: 400,
    },
    { toolCalls: [{ name: 'save_chosen_idea', arguments: IDEA }] },
    { content: 'Saved. Phase 1 is done. Shall we size the problem in phase 2?', tokensPerSecond: 200 },
  ]);
}

const phasesNav = (page: Page) => page.getByRole('navigation', { name: 'Phases' });
const memory = (page: Page) => page.getByRole('region', { name: 'Project memory' });

async function walkPhaseOne(viewport: Viewport) {
  const account = await newAccount(`phase1-${viewport}`);
  const lane = await script();
  const page = await newPage(viewport, { storageState: account.storageState });
  const projectId = await createProject(page, `Phase one ${viewport}`);
  await openWorkspace(page, projectId, `Phase one ${viewport}`);

  await sendMessage(page, `Help me brainstorm ideas. Ref ${lane.tag}`);
  const firstQuestion = page.getByRole('group', { name: 'Which world do you know from the inside?' });
  await firstQuestion.getByRole('button', { name: 'Healthcare' }).click();
  // The click is the member's message.
  await expect.poll(async () => (await transcript(page)).at(-2)).toMatch(/ \(you\): Healthcare$/);
  // Answered: those choices cannot be clicked again.
  expect(await firstQuestion.getByRole('button', { name: 'Pets' }).isDisabled()).toBe(true);

  const pick = page.getByRole('group', { name: 'Which idea do you pick?' });
  await pick.waitFor();
  // The comparison is a table, side by side.
  expect(await answers(page).last().locator('table tr').count()).toBe(3);
  await screenshot(page, 'workspace-quick-replies', { fullPage: false });
  await pick.getByRole('button', { name: 'Dental booking assistant' }).click();
  await waitForAnswer(page, 'Phase 1 is done');
  expect(await answers(page).last().textContent()).toContain('Saved the chosen idea: Booking assistant for dental clinics');

  if (viewport === 'phone') await page.getByRole('button', { name: 'Memory', exact: true }).click();
  const chosen = memory(page).getByRole('listitem', { name: `Chosen idea: ${IDEA.title}` });
  await chosen.waitFor();
  for (const text of [IDEA.problem, IDEA.whoHasIt, IDEA.proposedSolution, IDEA.whyNow, IDEA.riskiestAssumption, ...IDEA.openQuestions]) {
    expect(await chosen.getByText(text, { exact: true }).isVisible()).toBe(true);
  }
  expect(await chosen.textContent()).toContain('AI co-founder');
  await screenshot(page, 'workspace-memory', { fullPage: false });
  if (viewport === 'phone') await memory(page).locator('xpath=..').getByRole('button', { name: 'Close' }).click();

  if (viewport === 'phone') await page.getByRole('button', { name: 'Phases', exact: true }).click();
  const phases = phasesNav(page).getByRole('listitem');
  await expect.poll(() => phases.nth(0).textContent()).toContain('Done');
  expect(await phases.nth(1).getAttribute('aria-current')).toBe('step');
  await screenshot(page, 'workspace-phases', { fullPage: false });
  expect(await queryD1(`SELECT phase FROM project_phases WHERE project_id = ${sqlText(projectId)}`)).toEqual([{ phase: 1 }]);

  // Every phase is built: each one Free does not open reads locked and offers Pro, none 'Coming soon'
  // (a phase still to come is tested on the screen in tests/app/workspace-panels.test.tsx).
  for (const [index, phase] of PHASES.entries()) {
    if (phase.free) continue;
    expect(await phases.nth(index).textContent()).toContain('locked');
    expect(await phases.nth(index).textContent()).not.toContain('Coming soon');
    // The product's one Get Pro (Checkout), and nothing to open.
    expect(await phases.nth(index).getByRole('button').allTextContents()).toEqual(['Get Pro']);
  }
  // A locked phase that is built opens Pro's checkout (here, without Stripe keys, the labelled local test checkout).
  const firstLocked = PHASES.findIndex((phase) => phase.built && !phase.free);
  await phases.nth(firstLocked).getByRole('button', { name: 'Get Pro' }).click();
  await page.waitForURL((address) => address.pathname === '/pro/test-checkout');
  expectNoProblems(page);
  return { page, lane };
}

test('phase 1 from scratch: quick replies, a comparison, and the chosen idea saved to the memory (desktop)', async () => {
  const { lane } = await walkPhaseOne('desktop');
  // The founder's clicks reached the model as their messages.
  const bodies = (await lane.requests()).map((request) => request.body);
  expect(bodies).toHaveLength(4);
  expect(bodies[1]).toContain('Healthcare');
  expect(bodies[2]).toContain('Dental booking assistant');
});

test('phase 1 on a phone: phases and memory as sheets, nothing clipped', async () => {
  const { page } = await walkPhaseOne('phone');
  await page.goBack();
  await page.getByRole('form', { name: 'Send a message' }).waitFor();
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'workspace-conversation', { fullPage: false });
});
