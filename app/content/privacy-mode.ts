/**
 * What each position of the privacy-mode switch does (docs/decisions/0027-cofounder-limits-and-privacy.md):
 * on, every model request of a project any member has it on for carries `store: false`.
 */
export const PRIVACY_MODE_POSITIONS = {
  on: 'On: the AI provider is asked not to keep your conversations with the co-founder, in every project you are a member of.',
  off: "Off: the AI provider's standard retention applies. Either way, Launchmate never trains AI models on your projects or logs what you write.",
} as const;
