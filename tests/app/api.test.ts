import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, withSession } from '../../app/lib/api';

/**
 * A fake of the server side of a session: a request succeeds while the access token is valid;
 * POST /auth/refresh makes it valid again when the refresh token still is.
 */
function fakeSession(options: { accessValid: boolean; refreshWorks: boolean; retryStatus?: number }) {
  let accessValid = options.accessValid;
  const calls: string[] = [];
  const request = vi.fn(async () => {
    calls.push('request');
    if (calls.filter((call) => call === 'request').length > 1 && options.retryStatus) {
      return new Response(JSON.stringify({ error: 'Still not allowed' }), { status: options.retryStatus });
    }
    return accessValid
      ? new Response(JSON.stringify({ ok: true }), { status: 200 })
      : new Response(JSON.stringify({ error: 'Not signed in' }), { status: 401 });
  });
  const refresh = vi.fn(async () => {
    calls.push('refresh');
    await Promise.resolve();
    if (options.refreshWorks) accessValid = true;
    return options.refreshWorks;
  });
  return { request, refresh, calls };
}

afterEach(() => vi.restoreAllMocks());

describe('withSession', () => {
  it('passes a successful answer straight through, without refreshing', async () => {
    const session = fakeSession({ accessValid: true, refreshWorks: true });
    const response = await withSession(session.request, session.refresh);
    expect(response.status).toBe(200);
    expect(session.calls).toEqual(['request']);
  });

  it('on a 401 refreshes once and retries once', async () => {
    const session = fakeSession({ accessValid: false, refreshWorks: true });
    const response = await withSession(session.request, session.refresh);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(session.calls).toEqual(['request', 'refresh', 'request']);
  });

  it('rejects with the 401 when the refresh fails, without retrying', async () => {
    const session = fakeSession({ accessValid: false, refreshWorks: false });
    const failure = await withSession(session.request, session.refresh).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(401);
    expect((failure as ApiError).serverMessage).toBe('Not signed in');
    expect(session.calls).toEqual(['request', 'refresh']);
  });

  it('rejects with the retry failure and does not refresh a second time', async () => {
    const session = fakeSession({ accessValid: false, refreshWorks: true, retryStatus: 401 });
    const failure = await withSession(session.request, session.refresh).catch((error: unknown) => error);
    expect((failure as ApiError).status).toBe(401);
    expect((failure as ApiError).serverMessage).toBe('Still not allowed');
    expect(session.calls).toEqual(['request', 'refresh', 'request']);
  });

  it('passes other errors on directly, with the server message', async () => {
    const request = vi.fn(async () => new Response(JSON.stringify({ error: 'Invalid email format' }), { status: 400 }));
    const refresh = vi.fn(async () => true);
    const failure = await withSession(request, refresh).catch((error: unknown) => error);
    expect((failure as ApiError).status).toBe(400);
    expect((failure as ApiError).message).toBe('Invalid email format');
    expect(refresh).not.toHaveBeenCalled();
    expect(request).toHaveBeenCalledOnce();
  });

  it('has no server message when the failed answer is not JSON', async () => {
    const failure = await withSession(
      async () => new Response('<html>Bad gateway</html>', { status: 502 }),
      async () => true,
    ).catch((error: unknown) => error);
    expect((failure as ApiError).status).toBe(502);
    expect((failure as ApiError).serverMessage).toBeUndefined();
  });

  it('passes a network error on as it is', async () => {
    const offline = new TypeError('Failed to fetch');
    await expect(
      withSession(
        async () => Promise.reject(offline),
        async () => true,
      ),
    ).rejects.toBe(offline);
  });

  it('shares one refresh between requests that meet a 401 at the same time', async () => {
    let accessValid = false;
    const request = vi.fn(async () => new Response(null, { status: accessValid ? 200 : 401 }));
    const refresh = vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      accessValid = true;
      return true;
    });
    const answers = await Promise.all([withSession(request, refresh), withSession(request, refresh), withSession(request, refresh)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(refresh).toHaveBeenCalledOnce();
  });

  it('uses POST /api/auth/refresh by default', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 200 }));
    let first = true;
    const request = async () => {
      const status = first ? 401 : 200;
      first = false;
      return new Response(null, { status });
    };
    await withSession(request);
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/refresh', expect.objectContaining({ method: 'POST' }));
  });
});
