import { useEffect, useId, useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { callApi } from './api-client';
import { SHARED_QUERY_KEYS } from './query-keys';

/** Used until GET /api/settings answers the provider's short name (or when it cannot). */
export const FALLBACK_SHORT_NAME = 'Sealplan';
/** Spec §1: the provider's short name, ' | ', then the page title. */
export const TITLE_SEPARATOR = ' | ';

export function formatPageTitle(shortName: string, pageTitle: string): string {
  return pageTitle ? `${shortName}${TITLE_SEPARATOR}${pageTitle}` : shortName;
}

// The route's title (set by the router from the route's handle) is the fallback; a page that knows better
// (a project's name) pushes its own with usePageTitle, and the newest of those wins.
let routeTitle = '';
const pageTitles: { id: string; title: string }[] = [];
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const currentTitle = () => pageTitles.at(-1)?.title ?? routeTitle;

/** Sets the page title of the current route; used once, by the router shell. */
export function useRouteTitle(title: string) {
  useEffect(() => {
    routeTitle = title;
    notify();
  }, [title]);
}

/** A page's own title (spec §1), e.g. usePageTitle(project.name). Removed again when the page unmounts. */
export function usePageTitle(title: string) {
  const id = useId();
  useEffect(() => {
    if (!title) return;
    pageTitles.push({ id, title });
    notify();
    return () => {
      const index = pageTitles.findIndex((entry) => entry.id === id);
      if (index >= 0) pageTitles.splice(index, 1);
      notify();
    };
  }, [id, title]);
}

/** The current page's title without the short name (bookmarks use it as their label). */
export function useCurrentPageTitle(): string {
  return useSyncExternalStore(subscribe, currentTitle, currentTitle);
}

/** Reads the provider's short name from GET /api/settings, whatever its exact nesting. */
export function pickShortName(data: unknown): string | null {
  const root = (data ?? {}) as Record<string, unknown>;
  const candidates = [root.provider, root.organization, root.settings, root];
  for (const candidate of candidates) {
    if (!candidate || typeof candidate !== 'object') continue;
    const value = (candidate as Record<string, unknown>).shortName;
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return null;
}

/** Spec §7: settings are loaded at start; the shell only needs the provider's short name. */
export function useProviderShortName(): string {
  const { data } = useQuery({
    // One query for GET /api/settings (the catalogue flag reads the same): the shell selects the short name.
    queryKey: SHARED_QUERY_KEYS.settings,
    queryFn: () => callApi('settings'),
    select: pickShortName,
    staleTime: Infinity,
    retry: false,
  });
  return data ?? FALLBACK_SHORT_NAME;
}

/** Keeps document.title in step with the short name and the current page title. Mounted once. */
export function useDocumentTitle(): string {
  const shortName = useProviderShortName();
  const pageTitle = useCurrentPageTitle();
  const title = formatPageTitle(shortName, pageTitle);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return title;
}
