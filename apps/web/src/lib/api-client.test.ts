import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS_TOKEN, ApiRequestError, apiRequest, onUnauthorized, setStoredToken } from './api-client';

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('API client (envelope, token, error codes)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('sends the stored token (the anonymous one when none is stored) and answers the envelope data', async () => {
    const fetchMock = vi.fn(async () => answer(200, { success: true, data: { status: 'ok' }, messages: [] }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await apiRequest('/api/health')).toEqual({ status: 'ok' });
    setStoredToken('tok-9');
    await apiRequest('/api/project/saveOne', {
      body: { project: { name: 'P' } },
      query: { a: 1, b: undefined },
    });
    const [[firstUrl, first], [url, second]] = fetchMock.mock.calls as unknown as [
      [URL, RequestInit],
      [URL, RequestInit],
    ];
    expect(String(firstUrl)).toMatch(/\/api\/health$/);
    expect((first.headers as Record<string, string>).authorization).toBe(`Bearer ${ANONYMOUS_TOKEN}`);
    expect(String(url)).toMatch(/\/api\/project\/saveOne\?a=1$/);
    expect(second).toMatchObject({
      method: 'POST',
      headers: { authorization: 'Bearer tok-9', 'content-type': 'application/json' },
      body: JSON.stringify({ project: { name: 'P' } }),
    });
  });

  it('turns an error envelope into an ApiRequestError with its code, messages and fields', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        answer(400, {
          success: false,
          data: null,
          messages: ['Name is required.', 'Industry is required.'],
          error: {
            code: 'VALIDATION_FAILED',
            message: 'The request is not valid.',
            fields: { name: 'Name is required.' },
          },
        }),
      ),
    );
    const error = await apiRequest('/api/customer/saveOne', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'The request is not valid.',
      messages: ['Name is required.', 'Industry is required.'],
      fields: { name: 'Name is required.' },
    });
  });

  it('tells the session about a 401, and reports an unreachable server as NETWORK', async () => {
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        answer(401, {
          success: false,
          data: null,
          messages: ['x'],
          error: { code: 'UNAUTHENTICATED', message: 'x' },
        }),
      ),
    );
    await expect(apiRequest('/api/auth/current-user')).rejects.toMatchObject({
      status: 401,
      code: 'UNAUTHENTICATED',
    });
    expect(listener).toHaveBeenCalledTimes(1);
    stop();

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(apiRequest('/api/health')).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
