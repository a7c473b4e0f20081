import { CLIENT_HEADER, type ApiError, type Envelope, type ErrorCode } from '@sealplan/contracts';
import { webEnv } from './env';

export const TOKEN_STORAGE_KEY = 'sealplan.token';
/** Spec §4: without a stored token the anonymous token is stored; it means "not signed in". */
export const ANONYMOUS_TOKEN = 'anonymous';

export function getStoredToken(): string {
  return localStorage.getItem(TOKEN_STORAGE_KEY) ?? ANONYMOUS_TOKEN;
}

/** Spec §7: the token is kept in browser storage; the cookie is set by the server (HttpOnly) at sign-in. */
export function setStoredToken(token: string) {
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
}

/** An API failure with the server's stable code; the UI branches on `code`, never on text. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK',
    message: string,
    readonly messages: string[] = [message],
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();
/** Spec §4: a 401 drops the session to anonymous; the session layer subscribes here. */
export function onUnauthorized(listener: UnauthorizedListener) {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  form?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /** Answer the raw Response (file downloads). */
  raw?: boolean;
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const url = new URL(`${webEnv.apiBase}${path}`, window.location.origin);
  for (const [k, v] of Object.entries(options.query ?? {}))
    if (v !== undefined) url.searchParams.set(k, String(v));
  // The client header tells the server this app's own page is calling (cross-site forms cannot send it).
  const headers: Record<string, string> = {
    authorization: `Bearer ${getStoredToken()}`,
    [CLIENT_HEADER]: 'web',
  };
  let body: BodyInit | undefined;
  if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  try {
    return await fetch(url, {
      method: options.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiRequestError(
      0,
      'NETWORK',
      'The server could not be reached. Check your connection and try again.',
    );
  }
}

async function toError(res: Response): Promise<ApiRequestError> {
  let env: Partial<Envelope<unknown>> & { error?: ApiError } = {};
  try {
    env = (await res.json()) as typeof env;
  } catch {
    /* not JSON */
  }
  const message = env.error?.message ?? env.messages?.[0] ?? `Request failed (${res.status}).`;
  return new ApiRequestError(
    res.status,
    env.error?.code ?? 'INTERNAL',
    message,
    env.messages ?? [message],
    env.error?.fields,
  );
}

/** Calls the API, parses the `{ success, data, messages }` envelope and answers `data`. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const res = await send(path, options);
  if (res.status === 401) unauthorizedListeners.forEach((l) => l());
  if (!res.ok) throw await toError(res);
  const env = (await res.json()) as Envelope<T>;
  if (!env.success)
    throw new ApiRequestError(
      res.status,
      env.error?.code ?? 'INTERNAL',
      env.messages[0] ?? 'Request failed.',
      env.messages,
    );
  return env.data;
}

/** Like apiRequest but answers the envelope's messages too. */
export async function apiRequestWithMessages<T>(
  path: string,
  options: RequestOptions = {},
): Promise<Envelope<T>> {
  const res = await send(path, options);
  if (res.status === 401) unauthorizedListeners.forEach((l) => l());
  if (!res.ok) throw await toError(res);
  return (await res.json()) as Envelope<T>;
}

/** For downloads: answers the raw response after checking for an error envelope. */
export async function apiDownload(path: string, options: RequestOptions = {}): Promise<Response> {
  const res = await send(path, options);
  if (res.status === 401) unauthorizedListeners.forEach((l) => l());
  if (!res.ok) throw await toError(res);
  return res;
}
