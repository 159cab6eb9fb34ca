import type { PlanId } from '#contracts/plans';
import { composeEmail } from './layout';

export interface SupportMessage {
  from: string;
  plan: PlanId;
  subject: string;
  message: string;
  project: { id: string; name: string } | null;
  requestId: string;
}

/** A Pro founder's message to support, sent to CONTACT_EMAIL; replying answers the founder. */
export const supportRequestEmail = (contactEmail: string, m: SupportMessage) =>
  composeEmail({
    to: contactEmail,
    replyTo: m.from,
    subject: `[Support · ${m.plan === 'pro' ? 'Pro' : 'Free'}] ${m.subject}`,
    paragraphs: [
      `From: ${m.from} (${m.plan === 'pro' ? 'Pro' : 'Free'} plan)`,
      `Project: ${m.project ? `${m.project.name || 'Untitled'} (${m.project.id})` : 'none chosen'}`,
      `Request: ${m.requestId}`,
      ...m.message.split(/\n{2,}/),
    ],
  });

/** Tells the founder their message arrived and where the answer will come. */
export const supportConfirmationEmail = (to: string, subject: string) =>
  composeEmail({
    to,
    subject: `We received your message: ${subject}`,
    paragraphs: [
      `Thank you for writing to Launchmate support about "${subject}".`,
      'As a Pro founder you get a personal answer from the team, usually within one working day. We will reply to this address.',
    ],
  });
