import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ATTRIBUTION_TEXT_MAX, captureAttribution, readAttribution, STRIP_TRACKING_DELAY_MS, stripTrackingParams } from '../../app/lib/attribution';
import { readJsonSetting, writeJsonSetting } from '../../app/lib/local-settings';

const FIRST = new Date('2026-03-01T09:00:00.000Z');
const LATER = new Date('2026-03-05T18:30:00.000Z');

/** A visit to our site with `search`, coming from `referrer`. */
function visit(search: string, referrer = '', now = FIRST) {
  return captureAttribution({ search, hostname: 'launchmate.app' }, referrer, now);
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('source precedence', () => {
  it('utm_source beats ref, which beats the referrer', () => {
    expect(visit('?utm_source=newsletter&ref=alice', 'https://news.ycombinator.com/item?id=1').source).toBe('newsletter');
    localStorage.clear();
    expect(visit('?ref=alice', 'https://news.ycombinator.com/item?id=1').source).toBe('alice');
  });

  it.each([
    ['https://www.google.com/', 'google', 'organic'],
    ['https://www.google.co.uk/', 'google', 'organic'],
    ['https://www.bing.com/search?q=x', 'bing', 'organic'],
    ['https://duckduckgo.com/', 'duckduckgo', 'organic'],
    ['https://search.yahoo.com/', 'yahoo', 'organic'],
    ['https://www.baidu.com/', 'baidu', 'organic'],
    ['https://yandex.ru/', 'yandex', 'organic'],
    ['https://www.ecosia.org/', 'ecosia', 'organic'],
    ['https://l.facebook.com/', 'facebook', 'social'],
    ['https://www.instagram.com/', 'instagram', 'social'],
    ['https://t.co/abc', 'twitter', 'social'],
    ['https://x.com/', 'twitter', 'social'],
    ['https://lnkd.in/xyz', 'linkedin', 'social'],
    ['https://www.linkedin.com/', 'linkedin', 'social'],
    ['https://old.reddit.com/', 'reddit', 'social'],
    ['https://www.youtube.com/', 'youtube', 'social'],
    ['https://www.tiktok.com/', 'tiktok', 'social'],
    ['https://www.pinterest.com/', 'pinterest', 'social'],
    ['https://www.producthunt.com/', 'producthunt', 'referral'],
    ['https://news.ycombinator.com/', 'hackernews', 'referral'],
    ['https://www.indiehackers.com/', 'indiehackers', 'referral'],
    ['https://github.com/', 'github', 'referral'],
    ['https://medium.com/', 'medium', 'referral'],
    ['https://someone.substack.com/', 'substack', 'referral'],
    ['https://mail.google.com/', 'email', 'email'],
    ['https://outlook.live.com/', 'email', 'email'],
    ['https://mail.yahoo.com/', 'email', 'email'],
    ['https://apps.apple.com/', 'app_store', 'referral'],
    ['https://play.google.com/', 'google_play', 'referral'],
  ])('maps the referrer %s to %s (%s)', (referrer, source, medium) => {
    const record = visit('', referrer);
    expect(record.source).toBe(source);
    expect(record.medium).toBe(medium);
    expect(record.referrer).toBe(referrer);
  });

  it('uses the raw host, without www., for an unknown referrer', () => {
    const record = visit('', 'https://www.some-blog.example/post');
    expect(record.source).toBe('some-blog.example');
    expect(record.medium).toBe('referral');
  });

  it("is 'direct' without parameters or referrer", () => {
    const record = visit('');
    expect(record.source).toBe('direct');
    expect(record.medium).toBe('none');
    expect(record.referrer).toBeNull();
  });

  it('ignores our own pages and the Google sign-in screen as referrers', () => {
    expect(visit('', 'https://launchmate.app/pricing').source).toBe('direct');
    expect(visit('', 'https://accounts.google.com/').source).toBe('direct');
  });
});

describe('medium and campaign', () => {
  it('takes utm_medium and utm_campaign as given', () => {
    const record = visit('?utm_source=twitter&utm_medium=paid_social&utm_campaign=launch');
    expect(record).toMatchObject({ source: 'twitter', medium: 'paid_social', campaign: 'launch' });
  });

  it('derives the medium from a utm_source that names a network, and cpc from an ad click id', () => {
    expect(visit('?utm_source=linkedin').medium).toBe('social');
    expect(visit('?utm_source=partner-site').medium).toBe('referral');
    expect(visit('?gclid=abc', 'https://www.google.com/').medium).toBe('cpc');
  });

  it('records ref and gives it the referral medium', () => {
    expect(visit('?ref=alice')).toMatchObject({ source: 'alice', ref: 'alice', medium: 'referral' });
  });
});

describe('cleaning', () => {
  it('trims values', () => {
    const record = visit('?utm_source=%20%20newsletter%20&utm_campaign=%20spring%20');
    expect(record.source).toBe('newsletter');
    expect(record.campaign).toBe('spring');
  });

  it(`cuts values to ${ATTRIBUTION_TEXT_MAX} characters`, () => {
    expect(ATTRIBUTION_TEXT_MAX).toBe(500);
    const long = 'a'.repeat(800);
    const record = visit(`?utm_source=${long}&utm_campaign=${long}`, `https://example.com/${'p'.repeat(800)}`);
    expect(record.source).toBe('a'.repeat(500));
    expect(record.campaign).toHaveLength(500);
    expect(record.referrer).toHaveLength(500);
  });

  it('never cuts an emoji in half (the server counts UTF-16 units too)', () => {
    const record = visit(`?utm_campaign=${encodeURIComponent('a' + '🚀'.repeat(300))}`);
    expect(record.campaign!.length).toBeLessThanOrEqual(500);
    expect(record.campaign!.endsWith('🚀')).toBe(true);
  });

  it('sends exactly the fields the server accepts, even if the stored record has more', () => {
    writeJsonSetting('attribution', { source: 'x', medium: 'referral', firstVisit: FIRST.toISOString(), extra: 'field' });
    expect(Object.keys(readAttribution()!).sort()).toEqual(['campaign', 'firstVisit', 'lastTouch', 'medium', 'ref', 'referrer', 'sessionId', 'source'].sort());
  });
});

describe('keeping the record over visits', () => {
  it('keeps firstVisit and moves lastTouch', () => {
    visit('?utm_source=newsletter', '', FIRST);
    const second = visit('', 'https://news.ycombinator.com/', LATER);
    expect(second.firstVisit).toBe(FIRST.toISOString());
    expect(second.lastTouch).toBe(LATER.toISOString());
    expect(second.source).toBe('hackernews');
    expect(readJsonSetting('attribution')).toEqual(second);
  });

  it('does not overwrite a known source with a direct visit', () => {
    const first = visit('?utm_source=newsletter&utm_campaign=spring', '', FIRST);
    const direct = visit('', '', LATER);
    expect(direct).toEqual(first);
    expect(readAttribution()!.source).toBe('newsletter');
  });

  it('replaces an earlier direct visit with a known source', () => {
    visit('', '', FIRST);
    const later = visit('?ref=alice', '', LATER);
    expect(later).toMatchObject({ source: 'alice', firstVisit: FIRST.toISOString(), lastTouch: LATER.toISOString() });
  });

  it('keeps one session id per browser session', () => {
    const a = visit('?utm_source=a');
    const b = visit('?utm_source=b');
    expect(a.sessionId).toBeTruthy();
    expect(b.sessionId).toBe(a.sessionId);
    sessionStorage.clear();
    expect(visit('?utm_source=c').sessionId).not.toBe(a.sessionId);
  });
});

describe('stripTrackingParams', () => {
  const historyState = { usr: null, key: 'k1', idx: 3 };

  beforeEach(() => {
    vi.useFakeTimers();
    window.history.replaceState(historyState, '', '/pricing?utm_source=x&plan=pro&ref=alice&utm_campaign=y&via=bob#faq');
  });

  afterEach(() => {
    vi.useRealTimers();
    window.history.replaceState(null, '', '/');
  });

  it(`removes ref, via and utm_* after ${STRIP_TRACKING_DELAY_MS} ms, not before, keeping the rest`, () => {
    expect(STRIP_TRACKING_DELAY_MS).toBe(200);
    stripTrackingParams();
    vi.advanceTimersByTime(199);
    expect(window.location.search).toBe('?utm_source=x&plan=pro&ref=alice&utm_campaign=y&via=bob');

    vi.advanceTimersByTime(1);
    expect(window.location.pathname).toBe('/pricing');
    expect(window.location.search).toBe('?plan=pro');
    expect(window.location.hash).toBe('#faq');
    // React Router's key and index survive.
    expect(window.history.state).toEqual(historyState);
  });

  it('leaves a clean address alone', () => {
    window.history.replaceState(historyState, '', '/pricing?plan=pro');
    const replaceState = vi.spyOn(window.history, 'replaceState');
    stripTrackingParams();
    vi.advanceTimersByTime(STRIP_TRACKING_DELAY_MS);
    expect(replaceState).not.toHaveBeenCalled();
    replaceState.mockRestore();
  });

  it('can be cancelled', () => {
    const cancel = stripTrackingParams();
    cancel();
    vi.advanceTimersByTime(STRIP_TRACKING_DELAY_MS);
    expect(window.location.search).toContain('utm_source=x');
  });
});
