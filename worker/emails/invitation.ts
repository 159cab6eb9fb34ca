import { composeEmail } from './layout';

export const invitationEmail = (
  to: string,
  options: { inviterEmail: string; inviterName: string | null; projectName: string; link: string; unsubscribe: { pageUrl: string; oneClickUrl: string } },
) => {
  // The display name when the inviter set one, with the address beside it so the invitee can tell who it is.
  const name = options.inviterName?.trim();
  const inviter = name ? `${name} (${options.inviterEmail})` : options.inviterEmail;
  return composeEmail({
    to,
    subject: `${name || options.inviterEmail} invited you to a project on Launchmate`,
    paragraphs: [
      `${inviter} invited you to work together on "${options.projectName || 'Untitled project'}" in Launchmate, an AI co-founder that guides founders from an idea to a product.`,
    ],
    action: { label: 'Join the project', url: options.link },
    note: 'This invitation works for 7 days.',
    unsubscribe: options.unsubscribe,
  });
};
