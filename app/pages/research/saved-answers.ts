import type { Answer } from './QuestionControls';

/**
 * A respondent's unsent answers, kept in this browser per research page so that a reload (or a
 * closed tab) loses nothing; cleared after a successful submit. The partner id is kept with
 * them, because it has left the address bar by then. Storage that is full, disabled or holds
 * something else degrades to "nothing saved".
 */
export interface SavedDraft {
  answers: Record<string, Answer>;
  surveyswapId: string | null;
}

const keyOf = (urlKey: string) => `launchmate.research.${urlKey}`;

export function readDraft(urlKey: string): SavedDraft | null {
  try {
    const raw = window.localStorage.getItem(keyOf(urlKey));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<SavedDraft>;
    if (!parsed || typeof parsed !== 'object' || typeof parsed.answers !== 'object' || parsed.answers === null) return null;
    return { answers: parsed.answers, surveyswapId: typeof parsed.surveyswapId === 'string' ? parsed.surveyswapId : null };
  } catch {
    return null;
  }
}

export function writeDraft(urlKey: string, draft: SavedDraft): void {
  try {
    window.localStorage.setItem(keyOf(urlKey), JSON.stringify(draft));
  } catch {
    // Private browsing or a full quota: the answers are simply not kept.
  }
}

export function clearDraft(urlKey: string): void {
  try {
    window.localStorage.removeItem(keyOf(urlKey));
  } catch {
    // Nothing to clear.
  }
}

const answeredKeyOf = (urlKey: string) => `launchmate.research.answered.${urlKey}`;

/**
 * When this browser sent answers to the page, so that coming back shows "you already answered"
 * rather than an empty form. Per browser only: nothing identifies the respondent to the server.
 */
export function answeredAt(urlKey: string): number | null {
  try {
    const at = Number(window.localStorage.getItem(answeredKeyOf(urlKey)));
    return Number.isFinite(at) && at > 0 ? at : null;
  } catch {
    return null;
  }
}

export function markAnswered(urlKey: string, at = Date.now()): void {
  try {
    window.localStorage.setItem(answeredKeyOf(urlKey), String(at));
  } catch {
    // Storage unavailable: a return visit shows the form again.
  }
}
