import { composeEmail } from './layout';

export const passwordChangedEmail = (to: string, forgotPasswordUrl: string, contactEmail: string) =>
  composeEmail({
    to,
    subject: 'Your Launchmate password was changed',
    paragraphs: [
      'The password of your Launchmate account was just changed, and every device was signed out.',
      `If this wasn't you, reset your password now at ${forgotPasswordUrl} and write to us at ${contactEmail}.`,
    ],
  });
