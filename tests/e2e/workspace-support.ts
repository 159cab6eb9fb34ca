/**
 * Helpers of the workspace's e2e tests: a lane of the fake model per test (chosen by a tag in the
 * conversation, so each test scripts its own co-founder), projects made through the API, and the
 * workspace's parts as a member sees them.
 */
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import type { OpenAiScenario, ScriptedReply } from '../fakes/openai';
import type { RecordedRequest } from '../fakes/server';
import { baseUrl, expectHeading, newPage, type NewPageOptions, type StorageState, type Viewport } from './support';

const fakeOpenAiUrl = inject('fakeOpenAiUrl');

/**
 * A fresh lane of the fake model: every completion request whose body holds `tag` gets the
 * replies in order (the last one repeats). Put the tag in the conversation's first message.
 */
export async function scriptCofounder(replies: ScriptedReply[]): Promise<{ tag: string; requests: () => Promise<RecordedRequest[]> }> {
  const tag = `lane${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const scenario: OpenAiScenario = { replies };
  const response = await fetch(`${fakeOpenAiUrl}/__lanes/${tag}`, { method: 'POST', body: JSON.stringify(scenario) });
  expect(response.ok).toBe(true);
  return {
    tag,
    requests: async () => (await (await fetch(`${fakeOpenAiUrl}/__lanes/${tag}/requests`)).json()) as RecordedRequest[],
  };
}

/** A project of the account with these cookies, made through the API; its id. */
export async function createProject(page: Page, name: string): Promise<string> {
  const response = await page.request.post('/api/project', { data: { name }, headers: { Origin: baseUrl } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { project: { id: string } }).project.id;
}

export type { StorageState };

/**
 * The owner invites an account to the project, and that account follows the link in its own
 * browser (`viewport` wide, with `options` such as its time zone) into the project's workspace;
 * its page, connected.
 */
export async function joinAsCollaborator(
  ownerPage: Page,
  projectId: string,
  projectName: string,
  member: { email: string; storageState: StorageState },
  viewport: Viewport,
  options: Omit<NewPageOptions, 'storageState'> = {},
): Promise<Page> {
  const invitation = await ownerPage.request.post(`/api/project/${projectId}/invitations`, { data: { email: member.email }, headers: { Origin: baseUrl } });
  expect(invitation.status()).toBe(201);
  const { link } = (await invitation.json()) as { link: string };
  const page = await newPage(viewport, { ...options, storageState: member.storageState });
  await page.goto(new URL(link).pathname);
  await page.waitForURL((address) => address.pathname === `/app/projects/${projectId}`);
  await waitForWorkspace(page, projectName);
  return page;
}

export const workspacePath = (projectId: string) => `/app/projects/${projectId}`;

/** Opens a project's workspace and waits until it is connected. */
export async function openWorkspace(page: Page, projectId: string, projectName: string): Promise<void> {
  await page.goto(workspacePath(projectId));
  await waitForWorkspace(page, projectName);
}

export async function waitForWorkspace(page: Page, projectName: string): Promise<void> {
  await expectHeading(page, projectName);
  await page.getByRole('form', { name: 'Send a message' }).waitFor();
  await expect.poll(() => page.locator('.workspace__connection').count(), { timeout: 10_000 }).toBe(0);
}

export const answers = (page: Page) => page.locator('.message--cofounder');
export const composerBox = (page: Page) => page.getByRole('textbox', { name: 'Message to your co-founder' });

/** Types a message in the composer and sends it with Enter. */
export async function sendMessage(page: Page, text: string): Promise<void> {
  await composerBox(page).fill(text);
  await composerBox(page).press('Enter');
}

/** The text of every message, in order, as "author: text" (the author line without the time). */
export async function transcript(page: Page): Promise<string[]> {
  return page
    .locator('.message')
    .evaluateAll((rows) =>
      rows.map((row) => `${row.querySelector('.message__author')?.textContent ?? ''}: ${(row.querySelector('.message__content')?.textContent ?? '').trim()}`),
    );
}

/** Waits until the last answer is complete (not streaming) and holds `text`. */
export async function waitForAnswer(page: Page, text: string, timeout = 15_000): Promise<void> {
  const last = answers(page).last();
  await expect
    .poll(async () => (await last.count()) > 0 && (await last.getAttribute('aria-busy')) === null && ((await last.textContent()) ?? '').includes(text), {
      timeout,
    })
    .toBe(true);
}
