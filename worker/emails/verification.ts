import { composeEmail } from './layout';

export const verificationEmail = (to: string, link: string) =>
  composeEmail({
    to,
    subject: 'Confirm your email for Launchmate',
    paragraphs: ['Welcome to Launchmate! Confirm your email address to start working on your first project.'],
    action: { label: 'Confirm my email', url: link },
    note: "This link works for 24 hours. If you didn't sign up for Launchmate, ignore this e-mail.",
  });
