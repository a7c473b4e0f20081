import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AppSettings,
  Customer,
  FormData,
  Industry,
  InstanceList,
  PenetratingItemSaveInput,
  Project,
  ProjectAndTransits,
  ProjectInput,
  Transit,
  TransitData,
  TransitSaveInput,
} from '@sealplan/contracts';
import { apiRequest } from '@/lib/api-client';
import { SHARED_QUERY_KEYS } from '@/lib/query-keys';

export const projectKeys = {
  all: ['projects'] as const,
  list: (params: ProjectListParams) => ['projects', 'list', params] as const,
  detail: (projectId: string) => ['projects', 'detail', projectId] as const,
  formData: SHARED_QUERY_KEYS.formData,
  customers: ['customers', 'active'] as const,
  industries: ['industries', 'active'] as const,
  settings: SHARED_QUERY_KEYS.settings,
};

const post = <T>(path: string, body: unknown) => apiRequest<T>(path, { method: 'POST', body });

/** Spec §7 POST /api/customer/getActive {} (active customers sorted by name). */
export function useActiveCustomers() {
  return useQuery({
    queryKey: projectKeys.customers,
    queryFn: () => post<Customer[]>('/api/customer/getActive', {}),
  });
}

/** Spec §7 POST /api/industry/getActive {}. */
export function useIndustryOptions() {
  return useQuery({
    queryKey: projectKeys.industries,
    queryFn: () => post<Industry[]>('/api/industry/getActive', {}),
    staleTime: 10 * 60_000,
  });
}

/** Spec §7 POST /api/project/getFormData {}: the catalogue (engine shape) and whether it is verified. */
export function useFormData() {
  return useQuery({
    queryKey: projectKeys.formData,
    queryFn: () => post<FormData>('/api/project/getFormData', {}),
    staleTime: 10 * 60_000,
  });
}

/** Spec §7 GET /api/settings (catalogue verified flag). */
export function useAppSettings() {
  return useQuery({
    queryKey: projectKeys.settings,
    queryFn: () => apiRequest<AppSettings>('/api/settings'),
    staleTime: 5 * 60_000,
  });
}

export interface ProjectListParams {
  search: string;
  sortField: 'name' | 'lastUpdatedOn' | 'customerName';
  sortDirection: 'asc' | 'desc';
  pageIndex: number;
  pageSize: number;
}

/** Spec §7 generic records GET /api/instance/Project (search, sort, paging). */
export function useProjectList(params: ProjectListParams) {
  return useQuery({
    queryKey: projectKeys.list(params),
    queryFn: () =>
      apiRequest<InstanceList<Project>>('/api/instance/Project', {
        query: {
          search: params.search || undefined,
          sort: JSON.stringify({ [params.sortField]: params.sortDirection }),
          fromIndex: params.pageIndex * params.pageSize,
          size: params.pageSize,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

/** Spec §7 POST /api/project/saveOne {project}: create, rename or (isDelete) remove. */
export function useSaveProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (project: ProjectInput) => post<Project>('/api/project/saveOne', { project }),
    onSuccess: () => client.invalidateQueries({ queryKey: projectKeys.all }),
  });
}

/** Spec §7 POST /api/project/getProjectAndTransits {projectId}. */
export function useProjectAndTransits(projectId: string) {
  return useQuery({
    queryKey: projectKeys.detail(projectId),
    queryFn: () => post<ProjectAndTransits>('/api/project/getProjectAndTransits', { projectId }),
  });
}

/** Spec §7 POST /api/project/saveTransit {transit}: add a transit, or remove one (isDelete). */
export function useSaveTransit(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (transit: TransitSaveInput) => post<Transit>('/api/project/saveTransit', { transit }),
    onSuccess: () => client.invalidateQueries({ queryKey: projectKeys.detail(projectId) }),
  });
}

/** Spec §7 POST /api/project/savePenetratingItemsAndTransit {penetratingItems, transit}: one transaction. */
export function useSaveTransitAndItems(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { transit: TransitSaveInput; penetratingItems: PenetratingItemSaveInput[] }) =>
      post<TransitData>('/api/project/savePenetratingItemsAndTransit', body),
    onSuccess: () => client.invalidateQueries({ queryKey: projectKeys.detail(projectId) }),
  });
}

/** POST /api/project/duplicateTransit {transitId}. */
export function useDuplicateTransit(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (transitId: string) => post<TransitData>('/api/project/duplicateTransit', { transitId }),
    onSuccess: () => client.invalidateQueries({ queryKey: projectKeys.detail(projectId) }),
  });
}
