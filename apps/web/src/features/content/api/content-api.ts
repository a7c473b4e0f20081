import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DEFAULT_PAGE_SIZE,
  FIXED_KEY_MODELS,
  isContentModel,
  MAX_PAGE_SIZE,
  modelConfigurationSchema,
  type CommunitySubmitRequest,
  type Filter,
  type InstanceList,
  type ModelConfiguration,
  type Sort,
} from '@sealplan/contracts';
import { callApi } from '@/lib/api-client';

/** ADR 016: the content models served by /api/instance/{model}, each with one model configuration. */
export { CONTENT_MODELS, isContentModel, type ContentModel } from '@sealplan/contracts';

/** Spec §9: page size 10, page 0. */
export const CONTENT_PAGE_SIZE = DEFAULT_PAGE_SIZE;
export const CONTENT_PAGE_SIZES = [10, 25, 50, 100] as const;
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
  return callApi('instance.list', { params: { model }, query: listQuery(params), signal }) as Promise<
    InstanceList<ContentRecord>
  >;
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
  const data = (await callApi('instance.list', {
    params: { model: 'ModelConfiguration' },
    query: { q: JSON.stringify({ model }), size: 1 },
    signal,
  })) as InstanceList<ContentRecord>;
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
export async function saveRecord(
  model: string,
  record: ContentRecord,
  key: string | null,
): Promise<ContentRecord> {
  // The generic records calls answer the record as the model stores it.
  const saved = key
    ? await callApi('instance.update', { params: { model, id: key }, body: record })
    : await callApi('instance.create', { params: { model }, body: record });
  return saved as ContentRecord;
}

/** DELETE /api/instance/{model}/{id}?version=… */
export function deleteRecord(model: string, record: ContentRecord) {
  const key = recordKey(model, record);
  return callApi('instance.delete', {
    params: { model, id: key },
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

/**
 * For a model with one record per fixed key (a configuration per content model, a template per Symbol): the field
 * holding the key and the keys that have no record yet, which are the only ones a new record can take. Null for
 * the other models (any key is free).
 */
export function useFreeKeys(model: string) {
  const fixed = isContentModel(model) ? FIXED_KEY_MODELS[model] : undefined;
  const query = useQuery({
    queryKey: [...contentKeys.all, 'free-keys', model],
    queryFn: async () => {
      const used = new Set(
        (await listAllRecords(model, { sort: null, q: null, search: '' })).map((r) =>
          String(r[fixed!.field]),
        ),
      );
      return fixed!.keys.filter((k) => !used.has(k));
    },
    enabled: !!fixed,
  });
  if (!fixed) return null;
  return { field: fixed.field, keys: query.data ?? null };
}

/** Spec §7 communitySubmit {content}: a support request from any signed-in user (e-mail defaults to theirs). */
export interface SupportRequestInput {
  message: string;
  type: string;
  email?: string;
}
export function submitSupportRequest(content: SupportRequestInput) {
  // The form's select offers the contract's types; the server refuses any other with its own message.
  return callApi('content.communitySubmit', {
    body: { content: content as CommunitySubmitRequest['content'] },
  });
}
