/**
 * One mailbox's address in a single form, to tell whether two addresses reach the same person
 * (an affiliate buying through their own link: docs/decisions/0061-one-purchase-per-founder.md).
 *
 * - Case is ignored: mail providers treat local parts case-insensitively in practice.
 * - A `+tag` is dropped at every domain: sub-addressing (RFC 5233) is how Gmail, Outlook,
 *   iCloud, Fastmail, Proton and most company servers deliver `name+tag@` to `name@`.
 * - Dots are dropped where the provider ignores them: Gmail, under both of its domains.
 */
const DOTS_IGNORED = new Set(['gmail.com', 'googlemail.com']);
const SAME_MAILBOX_DOMAIN: Record<string, string> = { 'googlemail.com': 'gmail.com' };

export function canonicalEmail(address: string): string {
  const trimmed = address.trim().toLowerCase();
  const at = trimmed.lastIndexOf('@');
  if (at <= 0) return trimmed;
  const domain = trimmed.slice(at + 1).replace(/\.$/, '');
  let local = trimmed.slice(0, at);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (DOTS_IGNORED.has(domain)) local = local.replaceAll('.', '');
  return `${local}@${SAME_MAILBOX_DOMAIN[domain] ?? domain}`;
}

/** Whether two addresses reach the same mailbox. */
export const sameMailbox = (a: string, b: string) => canonicalEmail(a) === canonicalEmail(b);
