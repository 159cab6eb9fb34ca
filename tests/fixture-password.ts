/** The password of every fixture user (tests/utils.ts signedInUser); its hash is made once per run. */
export const FIXTURE_PASSWORD = 'a long enough password';
