import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { DashboardData, SiteStatusCounts } from '@sealplan/contracts';
import { callApi } from '@/lib/api-client';

export const dashboardKeys = { all: ['dashboard'] as const };

/** Spec §7 POST /api/project/getDashboardData {}: counts of the caller's organization and recent projects. */
export function fetchDashboardData(): Promise<DashboardData> {
  return callApi('project.getDashboardData');
}

const dashboardQuery = { queryKey: dashboardKeys.all, queryFn: fetchDashboardData };

export function useDashboardData() {
  return useQuery(dashboardQuery);
}

/** ADR 031: the organization's live transits per site status. */
const siteStatusCountsQuery = {
  queryKey: ['site', 'counts'] as const,
  queryFn: (): Promise<SiteStatusCounts> => callApi('site.getStatusCounts'),
};

export function useSiteStatusCounts() {
  return useQuery(siteStatusCountsQuery);
}

/**
 * The dashboard's reads, started by its route as soon as the address matches (ADR 033), so that they run while the
 * page's code downloads and the session is checked. Each is fetched only when the cache has none.
 */
export function prefetchDashboard(client: QueryClient): void {
  // A failure is the page's to show, when its own query asks again.
  client.ensureQueryData<unknown>(dashboardQuery).catch(() => undefined);
  client.ensureQueryData<unknown>(siteStatusCountsQuery).catch(() => undefined);
}
