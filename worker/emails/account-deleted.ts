import { composeEmail } from './layout';

export const accountDeletedEmail = (to: string, details: { deletedProjects: number; handedOver: number; contactEmail: string }) =>
  composeEmail({
    to,
    subject: 'Your Launchmate account was deleted',
    paragraphs: [
      'Your Launchmate account has been deleted, as you asked, and every device was signed out.',
      `${details.deletedProjects === 1 ? '1 project you owned was' : `${details.deletedProjects} projects you owned were`} deleted with their research pages and responses` +
        (details.handedOver > 0
          ? `; ${details.handedOver === 1 ? '1 project was' : `${details.handedOver} projects were`} handed to the member you chose.`
          : '.'),
      `If you did not ask for this, write to us at ${details.contactEmail}.`,
    ],
  });
