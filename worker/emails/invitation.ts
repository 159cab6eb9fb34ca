import { composeEmail } from './layout';

export const invitationEmail = (
  to: string,
  options: { inviterEmail: string; projectName: string; link: string; unsubscribe: { pageUrl: string; oneClickUrl: string } },
) =>
  composeEmail({
    to,
    subject: `${options.inviterEmail} invited you to a project on Launchmate`,
    paragraphs: [
      `${options.inviterEmail} invited you to work together on "${options.projectName || 'Untitled project'}" in Launchmate, an AI co-founder that guides founders from an idea to a product.`,
    ],
    action: { label: 'Join the project', url: options.link },
    note: 'This invitation works for 7 days.',
    unsubscribe: options.unsubscribe,
  });
