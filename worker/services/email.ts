import { Resend } from 'resend';
import { getDb } from '../db/client';
import { outbox } from '../db/schema';
import type { Bindings } from '../env';

export interface Email {
  to: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
  /** Where replies go instead of MAIL_FROM, e.g. the founder who wrote to support. */
  replyTo?: string;
}

export class MailDeliveryError extends Error {
  override name = 'MailDeliveryError';
}

/** The headers the outbox shows, Reply-To included. */
function outboxHeaders(email: Email): string | null {
  const headers = { ...email.headers, ...(email.replyTo ? { 'Reply-To': email.replyTo } : {}) };
  return Object.keys(headers).length ? JSON.stringify(headers) : null;
}

/**
 * Sends one e-mail: through Resend when RESEND_API_KEY is set, otherwise into the local outbox
 * (a D1 table shown at /dev/outbox in development, and read by tests).
 */
export async function sendEmail(env: Bindings, email: Email): Promise<void> {
  if (env.RESEND_API_KEY) {
    const resend = new Resend(env.RESEND_API_KEY, env.RESEND_BASE_URL ? { baseUrl: env.RESEND_BASE_URL } : undefined);
    const { error } = await resend.emails.send({
      from: env.MAIL_FROM,
      to: email.to,
      subject: email.subject,
      html: email.html,
      text: email.text,
      headers: email.headers,
      replyTo: email.replyTo,
    });
    if (error) throw new MailDeliveryError(`Resend refused the message: ${error.message}`);
    return;
  }
  await getDb(env.DB)
    .insert(outbox)
    .values({ to: email.to, subject: email.subject, html: email.html, text: email.text, headers: outboxHeaders(email) });
}

/**
 * Sends after the response, so a slow or failing provider never delays or fails the visitor's
 * request, and sign-up answers in the same time whether or not the account existed
 * (docs/security.md §3). A failure is logged without the message body, which holds a token link.
 */
export function sendEmailLater(env: Bindings, ctx: { waitUntil(promise: Promise<unknown>): void }, email: Email): void {
  ctx.waitUntil(
    sendEmail(env, email).catch((error: unknown) => {
      console.error('E-mail not delivered', { subject: email.subject, reason: error instanceof Error ? error.message : String(error) });
    }),
  );
}
