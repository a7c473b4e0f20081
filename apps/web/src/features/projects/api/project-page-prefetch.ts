import type { QueryClient } from '@tanstack/react-query';
import { formDataQuery, projectAndTransitsQuery } from './projects-api';
import { projectSiteQuery } from './site-api';

/**
 * The project page's reads, started by its route as soon as the address matches (ADR 033), so that they run while
 * the page's code downloads and the session is checked, not after. Each is fetched only when the cache has none:
 * the page's own queries then find it (or keep it fresh as they always do).
 */
export function prefetchProjectPage(client: QueryClient, projectId: string): void {
  for (const query of [projectAndTransitsQuery(projectId), formDataQuery, projectSiteQuery(projectId)])
    // A failure is the page's to show, when its own query asks again.
    client.ensureQueryData<unknown>(query).catch(() => undefined);
}
