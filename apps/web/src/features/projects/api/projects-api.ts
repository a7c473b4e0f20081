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
import { callApi } from '@/lib/api-client';
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

/** Spec §7 POST /api/customer/getActive {} (active customers sorted by name). */
export function useActiveCustomers() {
  return useQuery({
    queryKey: projectKeys.customers,
    queryFn: (): Promise<Customer[]> => callApi('customer.getActive'),
  });
}

/** Spec §7 POST /api/industry/getActive {}. */
export function useIndustryOptions() {
  return useQuery({
    queryKey: projectKeys.industries,
    queryFn: (): Promise<Industry[]> => callApi('industry.getActive'),
    staleTime: 10 * 60_000,
  });
}

/** Spec §7 POST /api/project/getFormData {}: the catalogue (engine shape) and whether it is verified. */
export const formDataQuery = {
  queryKey: projectKeys.formData,
  queryFn: (): Promise<FormData> => callApi('project.getFormData'),
  staleTime: 10 * 60_000,
};

export function useFormData() {
  return useQuery(formDataQuery);
}

/** Spec §7 GET /api/settings (catalogue verified flag). */
export function useAppSettings() {
  return useQuery({
    queryKey: projectKeys.settings,
    queryFn: (): Promise<AppSettings> => callApi('settings'),
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
      // The generic records call answers the records of the model asked for.
      callApi('instance.list', {
        params: { model: 'Project' },
        query: {
          search: params.search || undefined,
          sort: JSON.stringify({ [params.sortField]: params.sortDirection }),
          fromIndex: params.pageIndex * params.pageSize,
          size: params.pageSize,
        },
      }) as Promise<InstanceList<Project>>,
    placeholderData: keepPreviousData,
  });
}

/** Spec §7 POST /api/project/saveOne {project}: create, rename or (isDelete) remove. */
export function useSaveProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (project: ProjectInput): Promise<Project> =>
      callApi('project.saveOne', { body: { project } }),
    onSuccess: () => client.invalidateQueries({ queryKey: projectKeys.all }),
  });
}

/** Spec §7 POST /api/project/getProjectAndTransits {projectId}. */
export const projectAndTransitsQuery = (projectId: string) => ({
  queryKey: projectKeys.detail(projectId),
  queryFn: (): Promise<ProjectAndTransits> =>
    callApi('project.getProjectAndTransits', { body: { projectId } }),
});

export function useProjectAndTransits(projectId: string) {
  return useQuery(projectAndTransitsQuery(projectId));
}

/** Spec §7 POST /api/project/saveTransit {transit}: add a transit, or remove one (isDelete). */
export function useSaveTransit(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (transit: TransitSaveInput): Promise<Transit> =>
      callApi('project.saveTransit', { body: { transit } }),
    onSuccess: () => client.invalidateQueries({ queryKey: projectKeys.detail(projectId) }),
  });
}

/** Spec §7 POST /api/project/savePenetratingItemsAndTransit {penetratingItems, transit}: one transaction. */
export function useSaveTransitAndItems(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: {
      transit: TransitSaveInput;
      penetratingItems: PenetratingItemSaveInput[];
    }): Promise<TransitData> => callApi('project.savePenetratingItemsAndTransit', { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: projectKeys.detail(projectId) }),
  });
}

/** POST /api/project/duplicateTransit {transitId}. */
export function useDuplicateTransit(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (transitId: string): Promise<TransitData> =>
      callApi('project.duplicateTransit', { body: { transitId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: projectKeys.detail(projectId) }),
  });
}
