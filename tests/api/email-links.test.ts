/**
 * Every link of every e-mail leads to a page of the product. Each template of worker/emails is
 * rendered with the addresses its route gives it; every link is read from both parts, the way a
 * mail client finds it: the HTML part's anchors, and any address in its text or in the plain-text
 * part, which mail clients turn into links from the scheme up to the next space, punctuation
 * included. Each link is then requested from the Worker, which answers 404 for a path the app has
 * no page for.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { accountDeletedEmail } from '../../worker/emails/account-deleted';
import { accountExistsEmail } from '../../worker/emails/account-exists';
import { duplicatePaymentRefundedEmail } from '../../worker/emails/duplicate-payment-refunded';
import { invitationEmail } from '../../worker/emails/invitation';
import { passwordChangedEmail } from '../../worker/emails/password-changed';
import { passwordResetEmail } from '../../worker/emails/password-reset';
import { signInAttemptsEmail } from '../../worker/emails/sign-in-attempts';
import { supportConfirmationEmail, supportRequestEmail } from '../../worker/emails/support-request';
import { verificationEmail } from '../../worker/emails/verification';
import { newToken } from '../../worker/lib/tokens';
import type { Email } from '../../worker/services/email';
import { request } from '../utils';

/** A page of the product, as the routes build its address (new URL(path, APP_URL)). */
const link = (path: string) => new URL(path, env.APP_URL).href;

const RECIPIENT = 'ada@example.com';
const CONTACT = env.CONTACT_EMAIL;

/** Each template, by its name, rendered with what its route gives it. A template missing here fails the first test. */
const RENDERS: Record<string, () => Email> = {
  accountDeletedEmail: () => accountDeletedEmail(RECIPIENT, { deletedProjects: 2, handedOver: 1, contactEmail: CONTACT }),
  accountExistsEmail: () => accountExistsEmail(RECIPIENT, link('/signin'), link('/forgot-password')),
  duplicatePaymentRefundedEmail: () => duplicatePaymentRefundedEmail(RECIPIENT, 14_900, 'usd', link('/app/settings')),
  invitationEmail: () =>
    invitationEmail(RECIPIENT, {
      inviterEmail: 'maya@example.com',
      inviterName: 'Maya Chen',
      projectName: 'Clinic reminders',
      link: link(`/invite/${newToken()}?proof=${newToken()}`),
      unsubscribe: { pageUrl: link(`/unsubscribe/${newToken()}`), oneClickUrl: link(`/api/user/unsubscribe/${newToken()}`) },
    }),
  passwordChangedEmail: () => passwordChangedEmail(RECIPIENT, link('/forgot-password'), CONTACT),
  passwordResetEmail: () => passwordResetEmail(RECIPIENT, link(`/reset-password/${newToken()}`)),
  signInAttemptsEmail: () => signInAttemptsEmail(RECIPIENT, 120, link('/forgot-password'), CONTACT),
  supportRequestEmail: () =>
    supportRequestEmail(CONTACT, {
      from: RECIPIENT,
      plan: 'pro',
      subject: 'Export question',
      message: 'Where is the export?\n\nThanks.',
      project: { id: crypto.randomUUID(), name: 'Clinic reminders' },
      requestId: crypto.randomUUID(),
    }),
  supportConfirmationEmail: () => supportConfirmationEmail(RECIPIENT, 'Export question'),
  verificationEmail: () => verificationEmail(RECIPIENT, link(`/verify-email/${newToken()}`)),
};

/** The layout every template is built with: not a template itself. */
const LAYOUT_EXPORTS = new Set(['composeEmail', 'escapeHtml']);

const modules = import.meta.glob<Record<string, unknown>>('../../worker/emails/*.ts', { eager: true });
const templates = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([name, value]) => typeof value === 'function' && !LAYOUT_EXPORTS.has(name))
    .map(([name]) => ({ file: file.split('/').pop()!, name })),
);

/** An address as a mail client's linker reads it from text: up to the next space or markup. */
const ADDRESS = /https?:\/\/[^\s<>"']+/g;

const decodeEntities = (html: string) =>
  html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** Every link a reader of the HTML part can follow: its anchors, and the addresses in its text outside them. */
function htmlLinks(html: string): string[] {
  const anchors = [...html.matchAll(/<a\b[^>]*\bhref="([^"]*)"/g)].map((match) => decodeEntities(match[1]!));
  const textOutsideAnchors = decodeEntities(html.replace(/<a\b[^>]*>[\s\S]*?<\/a>/g, ' ').replace(/<[^>]+>/g, ' '));
  return [...anchors, ...(textOutsideAnchors.match(ADDRESS) ?? [])];
}

const textLinks = (text: string) => text.match(ADDRESS) ?? [];

describe('links in e-mails', () => {
  it('renders every template of worker/emails', () => {
    expect(templates.length).toBeGreaterThan(0);
    expect(templates.map(({ name }) => name).sort()).toEqual(Object.keys(RENDERS).sort());
  });

  it.each(templates.map((entry) => [`${entry.file}: ${entry.name}`, entry] as const))('%s links only to pages of the product', async (_, entry) => {
    const email = RENDERS[entry.name]!();
    const links = [...htmlLinks(email.html).map((href) => ({ part: 'html', href })), ...textLinks(email.text).map((href) => ({ part: 'text', href }))];
    // The same links in both parts: a reader of either gets everything.
    expect(new Set(links.filter((l) => l.part === 'html').map((l) => l.href))).toEqual(new Set(links.filter((l) => l.part === 'text').map((l) => l.href)));
    for (const { part, href } of links) {
      const target = new URL(href);
      expect(target.origin, `${part}: ${href}`).toBe(new URL(env.APP_URL).origin);
      const response = await request(`${target.pathname}${target.search}`);
      await response.body?.cancel();
      expect(response.status, `${part}: ${href}`).toBe(200);
    }
  });
});
