/**
 * Everything the product keeps in the visitor's browser.
 * Storage can be full, disabled or blocked; every call here degrades to "nothing saved"
 * instead of throwing.
 */
const KEYS = {
  privacyMode: 'launchmate.privacyMode',
  landingPagePrompt: 'launchmate.landingPagePrompt',
  attribution: 'launchmate.attribution',
  appState: 'launchmate.appState',
  pendingInvitation: 'launchmate.pendingInvitation',
  /** The proof the invitation e-mail's link carried, with its token (docs/decisions/0059). */
  invitationProof: 'launchmate.invitationProof',
  /** The referral code of the affiliate application sent from this browser. */
  affiliateApplication: 'launchmate.affiliateApplication',
  firstMessage: 'launchmate.firstMessage',
  /** 'Get Pro' pressed while signed out: Checkout opens once the visitor has an account. */
  proPurchase: 'launchmate.proPurchase',
  /** The finished research run each project's card was dismissed for, by project id (decision 0056). */
  dismissedResearchRuns: 'launchmate.dismissedResearchRuns',
} as const;

export type LocalSettingKey = keyof typeof KEYS;

export function readSetting(key: LocalSettingKey): string | null {
  try {
    return window.localStorage.getItem(KEYS[key]);
  } catch {
    return null;
  }
}

export function writeSetting(key: LocalSettingKey, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(KEYS[key]);
    else window.localStorage.setItem(KEYS[key], value);
  } catch {
    // Private browsing or a full quota: the setting simply is not remembered.
  }
}

export function readJsonSetting<T>(key: LocalSettingKey): T | null {
  const raw = readSetting(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export const writeJsonSetting = (key: LocalSettingKey, value: unknown) => writeSetting(key, JSON.stringify(value));

/** The crash screen's "Refresh page" starts over from a clean app state. */
export const clearSavedAppState = () => writeSetting('appState', null);
