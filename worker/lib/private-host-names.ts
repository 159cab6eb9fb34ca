/**
 * Host names that name no public web site, or that resolve to a private address whatever they
 * look like: the page reader refuses them (docs/security.md §32, where the sources of both lists
 * are; docs/decisions/0058-host-names-the-page-reader-refuses.md). A name is matched with its
 * subdomains, on whole labels: `test` refuses `x.test` but not `test.com`.
 *
 * Any domain's owner can point a name at 127.0.0.1, so no list is complete: these are the
 * reserved names and the well-known services, refused before any request leaves.
 */

/**
 * Special-use and private-use names: IANA's Special-Use Domain Names registry (RFC 6761 and the
 * RFCs it lists), the TLD ICANN reserved for private use, the private TLDs RFC 6762 (Appendix G)
 * found in use, and the names Kubernetes gives its services.
 */
export const RESERVED_NAMES = [
  'localhost',
  'test',
  'invalid',
  // The TLD only: example.com, .net and .org are IANA's public pages.
  'example',
  // Multicast DNS, and Kubernetes' cluster.local.
  'local',
  'onion',
  'alt',
  // The infrastructure domain, home.arpa (home networks) included.
  'arpa',
  'internal',
  'intranet',
  'private',
  'corp',
  'home',
  'lan',
  'localdomain',
  // Kubernetes services by their short names: kubernetes.default.svc.
  'svc',
] as const;

/**
 * Public domains whose every name resolves to loopback (localtest.me, lvh.me and the like) or to
 * the address the name spells (nip.io: 10.0.0.1.nip.io is 10.0.0.1).
 */
export const WILDCARD_DNS_DOMAINS = [
  'nip.io',
  'sslip.io',
  'xip.io',
  'traefik.me',
  'localtest.me',
  'lvh.me',
  'vcap.me',
  'fuf.me',
  'localho.st',
  'smackaho.st',
  'lacolhost.com',
  '127-0-0-1.org.uk',
  'local.gd',
  'localhost.direct',
] as const;

const within = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/** Loopback, private, shared, link-local, benchmarking, multicast and reserved IPv4 ranges. */
function isNonPublicIPv4([a, b]: number[]): boolean {
  if (a === undefined || b === undefined) return false;
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    a >= 224 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && (b === 168 || b === 0)) ||
    (a === 198 && (b === 18 || b === 19))
  );
}

/**
 * Whether the name spells a non-public IPv4 address, with dots (10.0.0.1.example) or dashes
 * (www-10-0-0-1.example), as wildcard DNS services answer on any domain that delegates to them.
 */
function spellsPrivateAddress(host: string): boolean {
  const parts = host.split(/[.-]/);
  for (let start = 0; start + 4 <= parts.length; start++) {
    const octets = parts.slice(start, start + 4);
    if (!octets.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255)) continue;
    if (isNonPublicIPv4(octets.map(Number))) return true;
  }
  return false;
}

/**
 * Why `host` (lower case, without a trailing dot, not an IP address) is refused, or null. The
 * reasons are the ends of sentences the page reader shows.
 */
export function privateHostNameRefusal(host: string): string | null {
  const labels = host.split('.');
  if (labels.length < 2 || RESERVED_NAMES.some((name) => within(host, name))) return 'only public host names are read';
  // localhost.example.com is commonly 127.0.0.1, and so are services named after it.
  if (labels.includes('localhost')) return 'only public host names are read';
  if (WILDCARD_DNS_DOMAINS.some((domain) => within(host, domain)) || spellsPrivateAddress(host)) {
    return 'names that point at private addresses are not read';
  }
  return null;
}
