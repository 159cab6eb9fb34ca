import type { Attribution } from '#contracts/auth';
import { REFERRAL_CODE_SHAPE } from '#contracts/referral-code';
import { api, ApiError, send } from './api';
import { readJsonSetting, writeJsonSetting } from './local-settings';

/**
 * Where a visitor came from. It is captured once per page
 * load, kept in local settings and sent with sign-up and Google sign-in, so the account remembers
 * the touch that brought its owner.
 */
export interface AttributionRecord {
  source: string;
  medium: string;
  campaign: string | null;
  ref: string | null;
  firstVisit: string;
  lastTouch: string;
  referrer: string | null;
  sessionId: string;
}

/** The server rejects longer texts (contracts/auth.ts, AttributionSchema). */
export const ATTRIBUTION_TEXT_MAX = 500;

/** Removed from the address bar once read. */
export const STRIP_TRACKING_DELAY_MS = 200;

const SESSION_ID_KEY = 'launchmate.sessionId';

type Channel = 'search' | 'social' | 'community' | 'email' | 'app-store';

interface Network {
  source: string;
  channel: Channel;
  /** Matches a referrer host (lower case, without a leading "www."). */
  matches: (host: string) => boolean;
}

/** `host` is `domain` or one of its subdomains. */
const isOrUnder = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);
const anyOf =
  (...domains: string[]) =>
  (host: string) =>
    domains.some((domain) => isOrUnder(host, domain));
/** A brand on any country domain: google.com, google.co.uk, search.yahoo.co.jp… */
const brand = (name: string) => (host: string) => new RegExp(`(^|\\.)${name}\\.[a-z]{2,3}(\\.[a-z]{2})?$`).test(host);

/**
 * Known networks, first match wins: the specific hosts (webmail, app stores) come before the
 * search engine of the same company, so mail.google.com is e-mail and not Google search.
 */
const NETWORKS: Network[] = [
  { source: 'email', channel: 'email', matches: anyOf('mail.google.com', 'outlook.live.com', 'outlook.office.com', 'outlook.office365.com', 'mail.yahoo.com') },
  // The Gmail app on Android sends an android-app:// referrer.
  { source: 'email', channel: 'email', matches: anyOf('com.google.android.gm') },
  { source: 'app_store', channel: 'app-store', matches: anyOf('apps.apple.com') },
  { source: 'google_play', channel: 'app-store', matches: anyOf('play.google.com') },
  { source: 'google', channel: 'search', matches: brand('google') },
  { source: 'bing', channel: 'search', matches: anyOf('bing.com') },
  { source: 'duckduckgo', channel: 'search', matches: anyOf('duckduckgo.com') },
  { source: 'yahoo', channel: 'search', matches: brand('yahoo') },
  { source: 'baidu', channel: 'search', matches: anyOf('baidu.com') },
  { source: 'yandex', channel: 'search', matches: (host) => brand('yandex')(host) || isOrUnder(host, 'ya.ru') },
  { source: 'ecosia', channel: 'search', matches: anyOf('ecosia.org') },
  { source: 'facebook', channel: 'social', matches: anyOf('facebook.com', 'fb.com', 'fb.me', 'messenger.com') },
  { source: 'instagram', channel: 'social', matches: anyOf('instagram.com') },
  { source: 'twitter', channel: 'social', matches: anyOf('twitter.com', 'x.com', 't.co') },
  { source: 'linkedin', channel: 'social', matches: anyOf('linkedin.com', 'lnkd.in') },
  { source: 'reddit', channel: 'social', matches: anyOf('reddit.com', 'redd.it') },
  { source: 'youtube', channel: 'social', matches: anyOf('youtube.com', 'youtu.be') },
  { source: 'tiktok', channel: 'social', matches: anyOf('tiktok.com') },
  { source: 'pinterest', channel: 'social', matches: (host) => brand('pinterest')(host) || isOrUnder(host, 'pin.it') },
  { source: 'producthunt', channel: 'community', matches: anyOf('producthunt.com') },
  { source: 'hackernews', channel: 'community', matches: anyOf('news.ycombinator.com') },
  { source: 'indiehackers', channel: 'community', matches: anyOf('indiehackers.com') },
  { source: 'github', channel: 'community', matches: anyOf('github.com') },
  { source: 'medium', channel: 'community', matches: anyOf('medium.com') },
  { source: 'substack', channel: 'community', matches: anyOf('substack.com') },
];

/**
 * Pages a visitor passes through on the way back to us, which therefore say nothing about how
 * they found the product: Google's sign-in screen (the OAuth callback redirects to /dashboard or
 * /onboarding with that referrer) and payment checkouts.
 */
const PASS_THROUGH_HOSTS = ['accounts.google.com', 'accounts.youtube.com', 'checkout.stripe.com'];

/** Click ids that ad networks add to paid clicks only (fbclid is on every Facebook link, so it is not one). */
const PAID_CLICK_IDS = ['gclid', 'gbraid', 'wbraid', 'dclid', 'msclkid', 'twclid', 'li_fat_id', 'ttclid'];

const MEDIUM_OF_CHANNEL: Record<Channel, string> = {
  search: 'organic',
  social: 'social',
  community: 'referral',
  email: 'email',
  'app-store': 'referral',
};

/**
 * Trims and cuts a text to the server's limit. The cut counts UTF-16 units, as the server does,
 * and never splits an emoji in half.
 */
function clean(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  if (trimmed.length <= ATTRIBUTION_TEXT_MAX) return trimmed;
  let cut = trimmed.slice(0, ATTRIBUTION_TEXT_MAX);
  const last = cut.charCodeAt(cut.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1);
  return cut.trimEnd();
}

function hostOf(url: string): string | null {
  try {
    const host = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
    return host.replace(/^www\./, '') || null;
  } catch {
    return null;
  }
}

const networkOf = (host: string) => NETWORKS.find((network) => network.matches(host));

/** The channel of a utm_source that is a network's name ("twitter") or host ("x.com"). */
function channelNamed(utmSource: string): Channel | undefined {
  const name = utmSource.toLowerCase();
  return (NETWORKS.find((network) => network.source === name) ?? networkOf(name.replace(/^www\./, '')))?.channel;
}

/** One id per browser tab session, so the server can tie a sign-up to the visit it came from. */
function currentSessionId(): string {
  try {
    const existing = window.sessionStorage.getItem(SESSION_ID_KEY);
    if (existing) return existing;
    const created = crypto.randomUUID();
    window.sessionStorage.setItem(SESSION_ID_KEY, created);
    return created;
  } catch {
    // Session storage blocked: an id for this page load is the best we can do.
    return crypto.randomUUID();
  }
}

/** The parts of the address that attribution reads. */
type VisitLocation = Pick<Location, 'search' | 'hostname'>;

/** What this page load says about where the visitor came from, before merging with what is stored. */
function touchOfThisVisit(location: VisitLocation, referrerUrl: string) {
  const params = new URLSearchParams(location.search);
  const param = (name: string) => clean(params.get(name));

  // Our own pages (a reload, a full-page link) and pass-through pages are not a referrer.
  const referrerHost = hostOf(referrerUrl);
  const external = referrerHost !== null && referrerHost !== location.hostname.replace(/^www\./, '') && !PASS_THROUGH_HOSTS.includes(referrerHost);
  const referrer = external ? clean(referrerUrl) : null;
  const network = external ? networkOf(referrerHost) : undefined;

  const utmSource = param('utm_source');
  const ref = param('ref');
  const source = utmSource ?? ref ?? network?.source ?? (external ? clean(referrerHost) : null) ?? 'direct';

  const paid = PAID_CLICK_IDS.some((id) => params.has(id));
  // An explicit utm_source says something about the channel only when it names a known network.
  const channel = utmSource ? channelNamed(utmSource) : ref ? undefined : network?.channel;
  const derivedMedium = paid ? 'cpc' : channel ? MEDIUM_OF_CHANNEL[channel] : source === 'direct' ? 'none' : 'referral';

  return {
    source,
    medium: param('utm_medium') ?? derivedMedium,
    campaign: param('utm_campaign'),
    ref,
    referrer,
  };
}

/**
 * Records this visit in local settings. Call once when the app boots, before the tracking
 * parameters are stripped from the address bar.
 *
 * - firstVisit is kept from the very first visit.
 * - A visit with no source of its own ('direct') does not overwrite a known source: a founder who
 *   found us on Hacker News and comes back by typing the address still came from Hacker News.
 *   lastTouch then stays the time of that touch, so source, medium and lastTouch agree.
 */
export function captureAttribution(location: VisitLocation = window.location, referrer: string = document.referrer, now: Date = new Date()): AttributionRecord {
  const stored = readAttribution();
  const touch = touchOfThisVisit(location, referrer);
  const at = now.toISOString();
  const sessionId = currentSessionId();

  const keepStored = touch.source === 'direct' && stored !== null && stored.source !== 'direct';
  const record: AttributionRecord = keepStored ? { ...stored, sessionId } : { ...touch, firstVisit: stored?.firstVisit ?? at, lastTouch: at, sessionId };

  writeJsonSetting('attribution', record);
  return record;
}

/**
 * The stored record, cleaned to exactly the fields the server accepts (its schema is strict, so
 * a stray field from an older version of the app would fail the whole sign-up).
 */
export function readAttribution(): AttributionRecord | null {
  const raw = readJsonSetting<Record<string, unknown>>('attribution');
  if (!raw || typeof raw !== 'object') return null;
  const text = (key: keyof Attribution) => (typeof raw[key] === 'string' ? clean(raw[key]) : null);
  const source = text('source');
  const firstVisit = text('firstVisit');
  if (!source || !firstVisit) return null;
  return {
    source,
    medium: text('medium') ?? 'none',
    campaign: text('campaign'),
    ref: text('ref'),
    firstVisit,
    lastTouch: text('lastTouch') ?? firstVisit,
    referrer: text('referrer'),
    sessionId: text('sessionId') ?? currentSessionId(),
  };
}

const isTrackingParam = (name: string) => name === 'ref' || name === 'via' || name.startsWith('utm_');

/**
 * Removes ref, via and utm_* from the address bar 200 ms after load, so shared links do not carry
 * them on. Other parameters and the hash stay. history.state is handed back unchanged: React
 * Router keeps its navigation key and index there. Returns a function that cancels the timer.
 */
export function stripTrackingParams(): () => void {
  const timer = window.setTimeout(() => {
    const url = new URL(window.location.href);
    const tracking = [...url.searchParams.keys()].filter(isTrackingParam);
    if (tracking.length === 0) return;
    for (const name of new Set(tracking)) url.searchParams.delete(name);
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, STRIP_TRACKING_DELAY_MS);
  return () => window.clearTimeout(timer);
}

/**
 * A page opened with ?via=CODE is an affiliate's link: the server counts the click and sets the
 * 30-day `__Host-via` cookie that sign-up reads. Call it at boot, before the tracking
 * parameters are stripped. Returns the call, for tests; its failures are not the visitor's
 * concern (an unknown code is a 404) and are only logged when unexpected.
 */
export function registerAffiliateClick(search: string = window.location.search): Promise<void> | undefined {
  const via = new URLSearchParams(search).get('via')?.trim();
  if (!via || !REFERRAL_CODE_SHAPE.test(via)) return undefined;
  return send(() => api.affiliate['register-click'][':via'].$post({ param: { via } })).then(
    () => undefined,
    (error: unknown) => {
      if (error instanceof ApiError && error.status < 500) return;
      console.error('Registering the affiliate click failed', error);
    },
  );
}
