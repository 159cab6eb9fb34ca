import { composeEmail } from './layout';

/** Sent instead of a verification link when someone signs up with an address that has an account. */
export const accountExistsEmail = (to: string, signInUrl: string, resetUrl: string) =>
  composeEmail({
    to,
    subject: 'You already have a Launchmate account',
    paragraphs: [
      'Someone, probably you, tried to create a Launchmate account with this email address. You already have one.',
      `Sign in at ${signInUrl}. If you forgot your password, set a new one at ${resetUrl}.`,
    ],
    action: { label: 'Sign in', url: signInUrl },
    note: "If this wasn't you, you can ignore this e-mail: nothing has changed.",
  });
