import { vi } from 'vitest';

export interface MockCall {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | null;
}
type Handler = (call: MockCall) => {
  status?: number;
  data?: unknown;
  messages?: string[];
  error?: { code: string; message: string };
};

/**
 * Replaces fetch with a router of `METHOD /path` -> envelope answers, recording every call.
 * Unknown calls answer 404 NOT_FOUND so a missing handler shows up as a failure.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: MockCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const call: MockCall = {
      method: init?.method ?? 'GET',
      path: url.pathname + url.search,
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: typeof init?.body === 'string' ? init.body : null,
    };
    calls.push(call);
    const handler = handlers[`${call.method} ${url.pathname}`];
    const answer = handler
      ? handler(call)
      : { status: 404, error: { code: 'NOT_FOUND', message: 'Not found' } };
    const status = answer.status ?? 200;
    const ok = status < 400;
    const body = {
      success: ok,
      data: answer.data ?? null,
      messages: answer.messages ?? (answer.error ? [answer.error.message] : []),
      ...(answer.error ? { error: answer.error } : {}),
    };
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
