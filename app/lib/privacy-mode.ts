import { readJsonSetting, writeJsonSetting } from './local-settings';

/**
 * The visitor's privacy-mode choice, stored as JSON `true` /
 * `false`. Anything else (never set, or unreadable) counts as off.
 */
export const readPrivacyMode = (): boolean => readJsonSetting<unknown>('privacyMode') === true;

export const writePrivacyMode = (on: boolean): void => writeJsonSetting('privacyMode', on);
