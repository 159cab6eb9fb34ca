import { composeEmail } from './layout';

/** Sent once per hour at most, when an account sees a burst of failed sign-ins (decision 0017). */
export const signInAttemptsEmail = (to: string, failures: number, forgotPasswordUrl: string, contactEmail: string) =>
  composeEmail({
    to,
    subject: 'Someone is trying to sign in to your Launchmate account',
    paragraphs: [
      `In the last hour there were ${failures} failed attempts to sign in to your Launchmate account with a wrong password.`,
      'You can still sign in as usual: attempts from the devices that keep failing are slowed down, yours are not.',
      `If you need help, write to us at ${contactEmail}.`,
      // An address ends its line: a mail client would take a period after it into the link.
      `If these attempts were not yours, choose a new, unique password here: ${forgotPasswordUrl}`,
    ],
  });
