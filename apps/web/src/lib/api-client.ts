import {
  apiRoutes,
  CLIENT_HEADER,
  pathOf,
  type ApiCallData,
  type ApiCallInput,
  type ApiCallName,
  type ApiError,
  type ApiRoute,
  type Envelope,
  type ErrorCode,
} from '@sealplan/contracts';
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
  /** A multipart body (file uploads): the browser writes its content type with the boundary. */
  multipart?: FormData;
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
  if (options.multipart) body = options.multipart;
  else if (options.form) {
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

/** A call of the table with its inputs (ADR 024): params, query and body where the call has them. */
export type CallRequest<N extends ApiCallName> = ApiCallInput<N> & { signal?: AbortSignal };

/** Calls without inputs may leave the request out. */
type RequestArg<N extends ApiCallName> =
  Record<string, never> extends ApiCallInput<N> ? [request?: CallRequest<N>] : [request: CallRequest<N>];

/** The URL path and options of a call of the table, from its route line (ADR 033: not the table itself). */
function requestOf(
  call: ApiRoute,
  request: Partial<Record<'params' | 'query' | 'body', unknown>> & {
    signal?: AbortSignal;
  },
): [string, RequestOptions] {
  const path = pathOf(call, request.params as Record<string, unknown> | undefined);
  const options: RequestOptions = { method: call.method };
  if (request.query !== undefined) options.query = request.query as RequestOptions['query'];
  if (request.signal) options.signal = request.signal;
  if (call.bodyMedia === 'application/x-www-form-urlencoded')
    options.form = request.body as Record<string, string>;
  else if (request.body !== undefined) options.body = request.body;
  // The spec's POST calls without arguments take `{}`.
  else if (call.method === 'POST' && call.body) options.body = {};
  return [path, options];
}

let checkAnswers = webEnv.checkAnswers;
/** Turns the answer check on or off (ADR 024; the client's own tests turn it on). */
export function setAnswerCheck(on: boolean) {
  checkAnswers = on;
}

/**
 * Where the check is on, an answer that its call's schema refuses is a failure (webEnv.checkAnswers). The schemas
 * are fetched with the check (./answer-check), so a build without it never downloads them (ADR 033).
 */
async function checked<T>(name: ApiCallName, data: T): Promise<T> {
  if (!checkAnswers) return data;
  const { answerProblem } = await import('./answer-check');
  const problem = answerProblem(name, data);
  if (problem) throw new ApiRequestError(200, 'INTERNAL', problem);
  return data;
}

/** Makes one call of the table by its name and answers its data, typed and checked by the call's schema. */
export async function callApi<N extends ApiCallName>(
  name: N,
  ...[request]: RequestArg<N>
): Promise<ApiCallData<N>> {
  const data = await apiRequest<ApiCallData<N>>(...requestOf(apiRoutes[name], request ?? {}));
  return checked(name, data);
}

/** Like callApi but answers the envelope, messages included. */
export async function callApiWithMessages<N extends ApiCallName>(
  name: N,
  ...[request]: RequestArg<N>
): Promise<Envelope<ApiCallData<N>>> {
  const envelope = await apiRequestWithMessages<ApiCallData<N>>(...requestOf(apiRoutes[name], request ?? {}));
  if (envelope.success) await checked(name, envelope.data);
  return envelope;
}

/** A call that answers a file (its fileMedia): the raw response, after checking for an error envelope. */
export async function downloadApi<N extends ApiCallName>(
  name: N,
  ...[request]: RequestArg<N>
): Promise<Response> {
  return apiDownload(...requestOf(apiRoutes[name], request ?? {}));
}

/** Sends a file to a multipart call of the table (its bodyMedia) and answers its data, checked like callApi. */
export async function uploadApi<N extends ApiCallName>(name: N, form: FormData): Promise<ApiCallData<N>> {
  const [path, options] = requestOf(apiRoutes[name], {});
  const data = await apiRequest<ApiCallData<N>>(path, { ...options, multipart: form });
  return checked(name, data);
}

/** The URL of a call, for the few readers that fetch it themselves (the server's texts, ADR 024). */
export function apiUrlOf<N extends ApiCallName>(
  name: N,
  request: { params?: Record<string, unknown>; query?: Record<string, string> } = {},
): string {
  const url = `${webEnv.apiBase}${pathOf(apiRoutes[name], request.params)}`;
  const query = new URLSearchParams(request.query).toString();
  return query ? `${url}?${query}` : url;
}
