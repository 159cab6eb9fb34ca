import { readJsonSetting, readSetting, writeJsonSetting, writeSetting } from './local-settings';

/**
 * The landing page's draft on its way to becoming the first message of a project (decision
 * 0031). The text typed on the landing page is `landingPagePrompt`; sending it records a
 * pending first message with an id minted here, so the workspace can tell whether the
 * server already has it. Creating a project binds the message to that project; the workspace
 * sends it once connected and clears both settings when the server has it.
 */
export interface FirstMessage {
  id: string;
  text: string;
  /** Unset until a project is created for it. */
  projectId?: string;
}

/** The idea typed on the landing page, if any (older versions stored it as a JSON string). */
export function readLandingIdea(): string | null {
  const parsed = readJsonSetting<unknown>('landingPagePrompt');
  const idea = typeof parsed === 'string' ? parsed : readSetting('landingPagePrompt');
  return idea?.trim() ? idea.trim() : null;
}

function isFirstMessage(value: unknown): value is FirstMessage {
  if (!value || typeof value !== 'object') return false;
  const { id, text, projectId } = value as Record<string, unknown>;
  return typeof id === 'string' && typeof text === 'string' && text.trim() !== '' && (projectId === undefined || typeof projectId === 'string');
}

export function readFirstMessage(): FirstMessage | null {
  const stored = readJsonSetting<unknown>('firstMessage');
  return isFirstMessage(stored) ? stored : null;
}

/** The landing page's Send: the message waits for a project (made after signing in). */
export function queueFirstMessage(text: string): FirstMessage {
  const message = { id: crypto.randomUUID(), text: text.trim() };
  writeJsonSetting('firstMessage', message);
  return message;
}

/** A project was created for the idea: the message belongs to it now. */
export function bindFirstMessage(projectId: string, text: string): void {
  const queued = readFirstMessage();
  const id = queued && queued.text === text.trim() ? queued.id : crypto.randomUUID();
  writeJsonSetting('firstMessage', { id, text: text.trim(), projectId });
}

/** The message waiting for this project, if any. */
export function firstMessageFor(projectId: string): FirstMessage | null {
  const message = readFirstMessage();
  return message?.projectId === projectId ? message : null;
}

/** The server has the message: the draft is used. */
export function clearLandingDraft(): void {
  writeSetting('firstMessage', null);
  writeSetting('landingPagePrompt', null);
}
