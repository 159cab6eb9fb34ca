import { BRAINSTORM_MESSAGE } from '../content/landing';
import { api, withSession } from './api';
import { bindFirstMessage, queueFirstMessage, readFirstMessage } from './landing-draft';
import { errorMessage, logUnexpected } from './forms';
import { suggestProjectName } from './project-name-suggestion';
import { isSignedIn } from './session-status';
import { workspacePath } from './workspace-path';

export const START_FAILED = 'We could not start your project. Please try again.';

/** A name for a project started from a message; 'Help me brainstorm ideas' has no idea to name it after yet. */
export const projectNameFor = (message: string) => (message.trim() === BRAINSTORM_MESSAGE ? '' : suggestProjectName(message));

// The project being created for the waiting message, shared by every screen that asks.
let starting: { messageId: string; promise: Promise<string> } | null = null;

/**
 * Creates a project for the message sent from the landing page and binds the message to it;
 * resolves with the project's id. One message, one project, however many screens ask at once
 * (StrictMode, the sign-in page and the signed-in frame); a failed attempt can be tried again.
 */
export function startProjectFromFirstMessage(): Promise<string> {
  const message = readFirstMessage();
  if (!message) return Promise.reject(new Error('No message is waiting for a project.'));
  if (message.projectId) return Promise.resolve(message.projectId);
  if (starting?.messageId === message.id) return starting.promise;
  const promise = withSession(() => api.project.$post({ json: { name: projectNameFor(message.text) } }))
    .then((response) => response.json())
    .then(({ project }) => {
      bindFirstMessage(project.id, message.text);
      return project.id;
    });
  starting = { messageId: message.id, promise };
  // Settled, the binding (or the failure) speaks for itself: the next call reads the setting again.
  const forget = () => {
    if (starting?.promise === promise) starting = null;
  };
  promise.then(forget, forget);
  return promise;
}

/**
 * The landing page's Send: the message is queued as a project's first message. A visitor who is
 * already signed in gets the project at once: resolves with its workspace's address, or null for a
 * visitor who must sign in first (the signed-in area makes the project then).
 * Privacy mode chosen on the landing page is saved to the account only when on, as signing in
 * does: sending never turns an account's privacy mode off.
 */
export async function startProjectFromLanding(message: string, privacyMode: boolean): Promise<string | null> {
  queueFirstMessage(message);
  if (!(await isSignedIn())) return null;
  try {
    if (privacyMode) await withSession(() => api.user['privacy-mode'].$put({ json: { privacyMode: true } }));
    return workspacePath(await startProjectFromFirstMessage());
  } catch (error) {
    logUnexpected('Starting a project from the landing page failed', error);
    // Thrown again in words for the visitor: the message stays queued for the next try.
    throw new Error(errorMessage(error, START_FAILED));
  }
}
