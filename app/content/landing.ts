/** Copy of the landing page. */

/** Every placeholder example starts with these words (the examples are in landing-examples.ts). */
export const EXAMPLE_PREFIX = 'I want to';

/** What the 'Brainstorm ideas' button sends. */
export const BRAINSTORM_MESSAGE = 'Help me brainstorm ideas';

export const TRUSTED_FOUNDERS = '10,000+';
