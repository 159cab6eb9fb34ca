import { composeEmail } from './layout';

export const passwordResetEmail = (to: string, link: string) =>
  composeEmail({
    to,
    subject: 'Reset your Launchmate password',
    paragraphs: ['We received a request to reset the password of your Launchmate account.'],
    action: { label: 'Choose a new password', url: link },
    note: "This link works for 1 hour and only once. If you didn't ask for it, ignore this e-mail: your password stays the same.",
  });
