import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  modelConfigurationSchema,
  type Filter,
  type InstanceList,
  type ModelConfiguration,
  type Sort,
} from '@sealplan/contracts';
import { apiRequest } from '@/lib/api-client';

/** Issue 19: the content models served by /api/instance/{model}, each with one model configuration. */
export { CONTENT_MODELS, isContentModel, type ContentModel } from '@sealplan/contracts';

/** Spec §9: page size 10, page 0. */
export const CONTENT_PAGE_SIZE = DEFAULT_PAGE_SIZE;
export const CONTENT_PAGE_SIZES = [10, 25, 50, 100] as const;
/** Spec §9: search is debounced 500 ms. */
export const CONTENT_SEARCH_DEBOUNCE_MS = 500;
/** The most rows one CSV export of a grid fetches (page after page of MAX_PAGE_SIZE). */
export const CSV_EXPORT_ROW_LIMIT = 10_000;

/** A content record: its fields by the spec's names, plus `guid` (or the model's own `id`) and `version`. */
export type ContentRecord = Record<string, unknown> & { guid?: string; id?: string; version?: number };

/**
 * The key a record is addressed by at /api/instance/{model}/{key}: its `id` (the content records carry `id` and
 * `guid`; the server looks them up by `id`, which for Specification and Role is the spec's own id), else `guid`.
 */
export function recordKey(_model: string, record: ContentRecord): string {
  if (typeof record.id === 'string' && record.id) return record.id;
  return typeof record.guid === 'string' ? record.guid : '';
}

export interface ContentListParams {
  pageIndex: number;
  pageSize: number;
  sort: Sort | null;
  q: Filter | null;
  search: string;
}

const base = (model: string) => `/api/instance/${encodeURIComponent(model)}`;

function listQuery(params: ContentListParams) {
  return {
    fromIndex: params.pageIndex * params.pageSize,
    size: params.pageSize,
    ...(params.q && Object.keys(params.q).length ? { q: JSON.stringify(params.q) } : {}),
    ...(params.sort ? { sort: JSON.stringify(params.sort) } : {}),
    ...(params.search ? { search: params.search } : {}),
  };
}

/** GET /api/instance/{model}?q=&sort=&fromIndex=&size=&search= → { r, pager }. */
export function listRecords(model: string, params: ContentListParams, signal?: AbortSignal) {
  return apiRequest<InstanceList<ContentRecord>>(base(model), { query: listQuery(params), signal });
}

export const contentKeys = {
  all: ['content'] as const,
  list: (model: string, params: ContentListParams) => ['content', 'list', model, params] as const,
  configuration: (model: string) => ['content', 'configuration', model] as const,
};

export function useContentList(model: string, params: ContentListParams, enabled = true) {
  return useQuery({
    queryKey: contentKeys.list(model, params),
    queryFn: ({ signal }) => listRecords(model, params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The stored configuration record of a model (its `guid` and `version` with the configuration). */
export type ModelConfigurationRecord = ModelConfiguration & ContentRecord;

/**
 * GET /api/instance/ModelConfiguration?q={"model":…}: the configuration that renders the model's grid and form.
 * Parsed with the contract's schema, so a broken configuration is reported instead of rendering half a form.
 */
export async function fetchModelConfiguration(model: string, signal?: AbortSignal) {
  const data = await apiRequest<InstanceList<ContentRecord>>(base('ModelConfiguration'), {
    query: { q: JSON.stringify({ model }), size: 1 },
    signal,
  });
  const record = data.r[0];
  if (!record) throw new MissingConfigurationError(model);
  const parsed = modelConfigurationSchema.safeParse(record);
  if (!parsed.success) throw new InvalidConfigurationError(model, parsed.error.issues[0]?.message ?? '');
  return { ...record, ...parsed.data } as ModelConfigurationRecord;
}

export class MissingConfigurationError extends Error {
  constructor(readonly model: string) {
    super(`No model configuration for ${model}.`);
  }
}
export class InvalidConfigurationError extends Error {
  constructor(
    readonly model: string,
    readonly detail: string,
  ) {
    super(`The model configuration of ${model} is not valid: ${detail}`);
  }
}

export function useModelConfiguration(model: string) {
  return useQuery({
    queryKey: contentKeys.configuration(model),
    queryFn: ({ signal }) => fetchModelConfiguration(model, signal),
    staleTime: 60_000,
  });
}

/** POST a new record, or PUT an edited one with the version it was read at. */
export function saveRecord(model: string, record: ContentRecord, key: string | null) {
  if (!key) return apiRequest<ContentRecord>(base(model), { method: 'POST', body: record });
  return apiRequest<ContentRecord>(`${base(model)}/${encodeURIComponent(key)}`, {
    method: 'PUT',
    body: record,
  });
}

/** DELETE /api/instance/{model}/{id}?version=… */
export function deleteRecord(model: string, record: ContentRecord) {
  const key = recordKey(model, record);
  return apiRequest<unknown>(`${base(model)}/${encodeURIComponent(key)}`, {
    method: 'DELETE',
    query: { version: typeof record.version === 'number' ? record.version : undefined },
  });
}

/** Every change to content refreshes the grids, the configurations and the menu. */
export function useContentMutation<TInput, TResult>(fn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: contentKeys.all }),
  });
}

/** Every record of the grid's query (for the CSV export): page after page, up to CSV_EXPORT_ROW_LIMIT. */
export async function listAllRecords(
  model: string,
  params: Omit<ContentListParams, 'pageIndex' | 'pageSize'>,
) {
  const rows: ContentRecord[] = [];
  for (let pageIndex = 0; rows.length < CSV_EXPORT_ROW_LIMIT; pageIndex += 1) {
    const page = await listRecords(model, { ...params, pageIndex, pageSize: MAX_PAGE_SIZE });
    rows.push(...page.r);
    if (page.r.length < MAX_PAGE_SIZE || rows.length >= page.pager.totalRecords) break;
  }
  return rows.slice(0, CSV_EXPORT_ROW_LIMIT);
}

/** Spec §7 communitySubmit {content}: a support request from any signed-in user (e-mail defaults to theirs). */
export interface SupportRequestInput {
  message: string;
  type: string;
  email?: string;
}
export function submitSupportRequest(content: SupportRequestInput) {
  return apiRequest<ContentRecord>('/api/content/communitySubmit', { method: 'POST', body: { content } });
}
