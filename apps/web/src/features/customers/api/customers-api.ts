import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Customer, CustomerInput, Industry, InstanceList } from '@sealplan/contracts';
import { callApi } from '@/lib/api-client';

export const customerKeys = {
  all: ['customers'] as const,
  list: (params: CustomerListParams) => ['customers', 'list', params] as const,
  active: ['customers', 'active'] as const,
  industries: ['industries', 'active'] as const,
};

/** Spec §7 POST /api/industry/getActive {}. */
export function useIndustries() {
  return useQuery({
    queryKey: customerKeys.industries,
    queryFn: (): Promise<Industry[]> => callApi('industry.getActive'),
    staleTime: 10 * 60_000,
  });
}

export interface CustomerListParams {
  search: string;
  sortDirection: 'asc' | 'desc';
  pageIndex: number;
  pageSize: number;
  includeInactive: boolean;
}

/** Spec §7 generic records GET /api/instance/Customer (search, sort by name, paging). */
export function useCustomerList(params: CustomerListParams) {
  return useQuery({
    queryKey: customerKeys.list(params),
    queryFn: () =>
      // The generic records call answers the records of the model asked for.
      callApi('instance.list', {
        params: { model: 'Customer' },
        query: {
          search: params.search || undefined,
          sort: JSON.stringify({ name: params.sortDirection }),
          fromIndex: params.pageIndex * params.pageSize,
          size: params.pageSize,
          q: params.includeInactive ? undefined : JSON.stringify({ isActive: true }),
        },
      }) as Promise<InstanceList<Customer>>,
    placeholderData: keepPreviousData,
  });
}

/** Spec §7 POST /api/customer/saveOne {customer} -> the saved customer. */
export function useSaveCustomer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (customer: CustomerInput): Promise<Customer> =>
      callApi('customer.saveOne', { body: { customer } }),
    onSuccess: () => client.invalidateQueries({ queryKey: customerKeys.all }),
  });
}
