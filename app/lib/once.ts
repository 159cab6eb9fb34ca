/**
 * Runs `task` at most once per key for the life of the page, and hands every caller the same
 * promise. For calls that spend a single-use token (e-mail verification, invitations,
 * unsubscribe links): React StrictMode runs effects twice in development, and a remount must
 * not send the token a second time, which the server would answer with "already used".
 */
const started = new Map<string, Promise<unknown>>();

export function once<T>(key: string, task: () => Promise<T>): Promise<T> {
  let promise = started.get(key) as Promise<T> | undefined;
  if (!promise) {
    promise = task();
    started.set(key, promise);
  }
  return promise;
}
