import { useQuery } from '@tanstack/react-query';
import type { DashboardData, SiteStatusCounts } from '@sealplan/contracts';
import { callApi } from '@/lib/api-client';

export const dashboardKeys = { all: ['dashboard'] as const };

/** Spec §7 POST /api/project/getDashboardData {}: counts of the caller's organization and recent projects. */
export function fetchDashboardData(): Promise<DashboardData> {
  return callApi('project.getDashboardData');
}

export function useDashboardData() {
  return useQuery({ queryKey: dashboardKeys.all, queryFn: fetchDashboardData });
}

/** ADR 031: the organization's live transits per site status. */
export function useSiteStatusCounts() {
  return useQuery({
    queryKey: ['site', 'counts'] as const,
    queryFn: (): Promise<SiteStatusCounts> => callApi('site.getStatusCounts'),
  });
}
