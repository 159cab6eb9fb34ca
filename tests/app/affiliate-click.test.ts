import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerAffiliateClick } from '../../app/lib/attribution';
import { fakeApi, json } from './fake-api';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('registerAffiliateClick', () => {
  it('posts the via code of the address once', async () => {
    const api = fakeApi({ 'POST /api/affiliate/register-click/maker_01': () => json(200, { counted: true }) });
    await registerAffiliateClick('?utm_source=x&via=maker_01');
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/affiliate/register-click/maker_01']);
  });

  it('makes no call without a code or with one of the wrong shape', () => {
    const api = fakeApi();
    for (const search of ['', '?ref=abc', '?via=', '?via=two%20words', `?via=${'a'.repeat(65)}`, '?via=..%2Fadmin']) {
      expect(registerAffiliateClick(search), search).toBeUndefined();
    }
    expect(api.requests).toHaveLength(0);
  });

  it('stays quiet about an unknown code and logs a server failure', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = fakeApi({ 'POST /api/affiliate/register-click/gone': () => json(404, { error: 'Unknown referral code.' }) });
    await registerAffiliateClick('?via=gone');
    expect(log).not.toHaveBeenCalled();
    api.on('POST /api/affiliate/register-click/broken', () => json(500, { error: 'Something went wrong on our side. Please try again.' }));
    await registerAffiliateClick('?via=broken');
    expect(log).toHaveBeenCalledWith('Registering the affiliate click failed', expect.anything());
  });
});
