import { useQuery } from '@tanstack/react-query';
import type { DashboardData } from '@sealplan/contracts';
import { apiRequest } from '@/lib/api-client';

export const dashboardKeys = { all: ['dashboard'] as const };

/** Spec §7 POST /api/project/getDashboardData {}: counts of the caller's organization and recent projects. */
export function fetchDashboardData(): Promise<DashboardData> {
  return apiRequest<DashboardData>('/api/project/getDashboardData', { method: 'POST', body: {} });
}

export function useDashboardData() {
  return useQuery({ queryKey: dashboardKeys.all, queryFn: fetchDashboardData });
}
