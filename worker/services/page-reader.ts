import { COMPETITOR_LIMITS, type PageReadResult } from '#contracts/phases/competitors';
import { config } from '../config';
import type { Bindings } from '../env';
import { pageLines, pageTitle } from '../lib/plain-text';
import { privateHostNameRefusal } from '../lib/private-host-names';
import { boundedFetch, ResponseTooLarge } from './bounded-fetch';
import { isLoopbackHost, loopbackPagesAllowed } from './development';

/**
 * Reads a competitor's own page (home, pricing) for the co-founder, bounded
 * (docs/decisions/0040-competitor-research.md):
 *   - http(s) only, on public host names only (no IP address; no reserved, single-label or local
 *     name, nor one of a wildcard DNS service: lib/private-host-names.ts), on the default ports,
 *     and no credentials in the address;
 *   - never the Worker's own host;
 *   - every redirect re-checked by the same rules, at most 3;
 *   - PAGE_READ_MAX_BYTES read and PAGE_READ_TIMEOUT_MS for the whole chain;
 *   - HTML or plain text only, reduced to lines of text.
 * Loopback addresses are readable only where services/development.ts allows them (the tests'
 * fakes). A deployed Worker does not reach private networks (docs/security.md §32); run locally,
 * these rules are the only guard, so a name that resolves to a private address is refused by name.
 */

export const MAX_REDIRECTS = 3;

const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;
/** Integer, hex or octal IPv4 spellings (http://2130706433/) that URL parsing may not normalise. */
const NUMERIC_HOST = /^(?:0x[0-9a-f]+|\d+)(?:\.(?:0x[0-9a-f]+|\d+))*$/i;

/** Why an address may not be read, or null when it may. */
export function addressRefusal(env: Bindings, address: string): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return 'it is not a web address';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'only http and https addresses are read';
  if (url.username || url.password) return 'addresses with credentials are not read';
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  const own = new URL(env.APP_URL);
  if (isLoopbackHost(host) || host === '[::1]' || IPV4.test(host)) {
    // The tests' fakes only: a loopback address, never the Worker's own (a local Worker is on loopback too).
    const allowed = loopbackPagesAllowed(env) && isLoopbackHost(host) && !(isLoopbackHost(own.hostname) && url.port === own.port);
    return allowed ? null : 'private and loopback addresses are not read';
  }
  if (host === own.hostname.toLowerCase()) return "Launchmate's own pages are not read";
  if (host.startsWith('[') || NUMERIC_HOST.test(host)) return 'addresses by IP number are not read';
  const nameRefusal = privateHostNameRefusal(host);
  if (nameRefusal) return nameRefusal;
  if (url.port && url.port !== (url.protocol === 'https:' ? '443' : '80')) return 'only the standard web ports are read';
  return null;
}

const unavailable = (url: string, reason: string): PageReadResult => ({ status: 'unavailable', url, reason });

export async function readPage(env: Bindings, address: string): Promise<PageReadResult> {
  const { PAGE_READ_TIMEOUT_MS: timeoutMs, PAGE_READ_MAX_BYTES: maxBytes } = config(env);
  const fetchBounded = boundedFetch({ maxBytes, maxErrorBytes: 1024 });
  const deadline = AbortSignal.timeout(timeoutMs);
  let current = address;
  try {
    for (let hop = 0; ; hop++) {
      const refusal = addressRefusal(env, current);
      if (refusal) return unavailable(address, hop === 0 ? `Not read: ${refusal}.` : `Not read: it redirects to an address that is refused (${refusal}).`);
      const response = await fetchBounded(current, {
        redirect: 'manual',
        signal: deadline,
        headers: { Accept: 'text/html, text/plain;q=0.9', 'User-Agent': 'LaunchmateBot/1.0 (+competitor research for founders)' },
      });
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel();
        const location = response.headers.get('Location');
        if (!location) return unavailable(address, `The page answered ${response.status} without an address.`);
        if (hop >= MAX_REDIRECTS) return unavailable(address, `The page redirects more than ${MAX_REDIRECTS} times.`);
        current = new URL(location, current).toString();
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        return unavailable(address, `The site answered ${response.status}.`);
      }
      const type = (response.headers.get('Content-Type') ?? '').toLowerCase();
      if (!type.startsWith('text/html') && !type.startsWith('text/plain') && !type.startsWith('application/xhtml+xml')) {
        await response.body?.cancel();
        return unavailable(address, 'It is not a web page.');
      }
      const body = await response.text();
      const lines = type.startsWith('text/plain')
        ? body
            .split('\n')
            .map((line) => line.replace(/[\u0000-\u001F\u007F-\u009F]/g, ' ').trim())
            .filter(Boolean)
        : pageLines(body, COMPETITOR_LIMITS.pageTextChars);
      const text = lines.join('\n').slice(0, COMPETITOR_LIMITS.pageTextChars);
      return {
        status: 'ok',
        url: address,
        finalUrl: current,
        title: pageTitle(body, 200),
        text,
        priceLines: priceLines(lines),
        readAt: new Date().toISOString(),
      };
    }
  } catch (error) {
    if (error instanceof ResponseTooLarge) return unavailable(address, `The page is larger than ${Math.round(maxBytes / 1_000_000)} MB.`);
    return unavailable(address, deadline.aborted ? `The site did not answer within ${timeoutMs / 1000} seconds.` : 'The site could not be reached.');
  }
}

/** Amounts and billing words: the lines 'Check again' compares. */
const PRICE_LINE =
  /[$€£¥₹]\s?\d|\d[\d.,]*\s?(?:usd|eur|gbp|€|\$|£)|\bper (?:month|year|user|seat)\b|\/\s?(?:mo|month|yr|year|user|seat)\b|\bfree (?:plan|tier|trial|forever)\b/i;

export function priceLines(lines: readonly string[]): string[] {
  const found: string[] = [];
  for (const line of lines) {
    if (!PRICE_LINE.test(line)) continue;
    const cut = line.length > 300 ? `${line.slice(0, 299)}…` : line;
    if (!found.includes(cut)) found.push(cut);
    if (found.length === COMPETITOR_LIMITS.priceLines) break;
  }
  return found;
}
