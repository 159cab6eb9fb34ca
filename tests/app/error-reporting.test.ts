import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_REPORT_LIMITS } from '#contracts/error-report-limits';
import { installErrorReporting, reportError } from '../../app/lib/error-reporting';
import { resetSentReports } from '../../app/lib/send-error-report';

let fetchMock: ReturnType<typeof vi.fn>;
const sentRequests = () => fetchMock.mock.calls.map(([input, init]) => ({ url: String(input), method: (init as RequestInit | undefined)?.method }));

beforeEach(() => {
  resetSentReports();
  fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function lastBody(): Promise<Record<string, unknown>> {
  const [input, init] = fetchMock.mock.calls.at(-1)!;
  const body = input instanceof Request ? await input.text() : String((init as RequestInit).body);
  return JSON.parse(body) as Record<string, unknown>;
}

describe('reportError', () => {
  it('posts message, stack, type, url, component and context to the error endpoint', async () => {
    const error = new Error('Boom');
    await reportError(error, { type: 'render', component: 'Pricing', context: { attempt: 2 } });
    expect(fetchMock).toHaveBeenCalledOnce();
    const [call] = sentRequests();
    expect(call?.url).toMatch(/\/api\/errors\/log-frontend-error$/);
    expect(call?.method).toBe('POST');
    const body = await lastBody();
    expect(body).toMatchObject({ message: 'Boom', type: 'render', component: 'Pricing', context: { attempt: 2 }, url: window.location.href });
    expect(body.stack).toContain('Boom');
  });

  it('cuts overlong fields to the server limits', async () => {
    const error = new Error('m'.repeat(5000));
    error.stack = 's'.repeat(20_000);
    await reportError(error, { type: 'error', context: { long: 'v'.repeat(2000) } });
    const body = await lastBody();
    expect((body.message as string).length).toBe(ERROR_REPORT_LIMITS.message);
    expect((body.stack as string).length).toBe(ERROR_REPORT_LIMITS.stack);
    expect(((body.context as Record<string, string>).long ?? '').length).toBe(ERROR_REPORT_LIMITS.contextValue);
  });

  it('sends the same failure only once per page', async () => {
    await reportError(new Error('Same'), { type: 'error' });
    await reportError(new Error('Same'), { type: 'error' });
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('only logs to the console when the report cannot be sent', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(reportError(new Error('Offline'), { type: 'error' })).resolves.toBeUndefined();
    expect(log).toHaveBeenCalledWith('Could not send the error report', expect.any(TypeError));
  });

  it('reports non-Error values', async () => {
    await reportError({ code: 42 }, { type: 'unhandledrejection' });
    expect((await lastBody()).message).toBe('{"code":42}');
  });
});

describe('installErrorReporting', () => {
  it('reports uncaught errors and unhandled rejections', async () => {
    installErrorReporting();
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('Uncaught one'), message: 'Uncaught one' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(await lastBody()).toMatchObject({ message: 'Uncaught one', type: 'error' });

    const rejection = new Event('unhandledrejection') as Event & { reason: unknown };
    rejection.reason = new Error('Rejected one');
    window.dispatchEvent(rejection);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(await lastBody()).toMatchObject({ message: 'Rejected one', type: 'unhandledrejection' });
  });
});
