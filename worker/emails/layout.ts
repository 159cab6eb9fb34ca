import type { Email } from '../services/email';

export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

export interface EmailContent {
  to: string;
  subject: string;
  /** Paragraphs of plain text; shown in both parts. */
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Shown under the button, e.g. how long the link works. */
  note?: string;
  /** For mail that is not transactional: the one-click unsubscribe address (RFC 8058). */
  unsubscribe?: { pageUrl: string; oneClickUrl: string };
  replyTo?: string;
}

/** Every e-mail of the product: a plain-text part and a simple HTML part that says the same. */
export function composeEmail(content: EmailContent): Email {
  const { paragraphs, action, note, unsubscribe } = content;
  const text = [
    ...paragraphs,
    ...(action ? [`${action.label}: ${action.url}`] : []),
    ...(note ? [note] : []),
    '— The Launchmate team',
    ...(unsubscribe ? [`Unsubscribe: ${unsubscribe.pageUrl}`] : []),
  ].join('\n\n');

  const p = (inner: string) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#111827">${inner}</p>`;
  const html = `<!doctype html><html lang="en"><body style="margin:0;padding:24px;background:#f9fafb;font-family:-apple-system,'Segoe UI',Roboto,Arial,sans-serif">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e5e7eb;border-radius:12px"><tr><td style="padding:32px">
<p style="margin:0 0 24px;font-weight:700;font-size:18px;color:#4f46e5">Launchmate</p>
${paragraphs.map((paragraph) => p(escapeHtml(paragraph))).join('\n')}
${
  action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:12px 20px;background:#4f46e5;color:#ffffff;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#4b5563">If the button does not work, copy this address into your browser:<br><a href="${escapeHtml(action.url)}" style="color:#4f46e5;word-break:break-all">${escapeHtml(action.url)}</a></p>`
    : ''
}
${note ? `<p style="margin:0 0 16px;font-size:13px;color:#4b5563">${escapeHtml(note)}</p>` : ''}
<p style="margin:24px 0 0;font-size:14px;color:#4b5563">— The Launchmate team</p>
${unsubscribe ? `<p style="margin:24px 0 0;font-size:12px;color:#6b7280"><a href="${escapeHtml(unsubscribe.pageUrl)}" style="color:#6b7280">Unsubscribe</a> from these e-mails.</p>` : ''}
</td></tr></table></body></html>`;

  const headers = unsubscribe ? { 'List-Unsubscribe': `<${unsubscribe.oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : undefined;
  return { to: content.to, subject: content.subject, html, text, headers, replyTo: content.replyTo };
}
