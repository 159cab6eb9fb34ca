import { composeEmail } from './layout';

/** Sent instead of a verification link when someone signs up with an address that has an account. */
export const accountExistsEmail = (to: string, signInUrl: string, resetUrl: string) =>
  composeEmail({
    to,
    subject: 'You already have a Launchmate account',
    paragraphs: [
      'Someone, probably you, tried to create a Launchmate account with this email address. You already have one.',
      // An address ends its line: a mail client would take a period after it into the link.
      `Forgot your password? Set a new one here: ${resetUrl}`,
    ],
    action: { label: 'Sign in', url: signInUrl },
    note: "If this wasn't you, you can ignore this e-mail: nothing has changed.",
  });
