import { useQuery } from '@tanstack/react-query';
import { MAIN_MENU_TYPE, parseMenuEntries, type MenuEntry } from '@sealplan/contracts';
import { callApi } from '@/lib/api-client';

/** Spec §3 menu item as the shell reads it (`parseMenuEntries` in the contracts). */
export type MenuItem = MenuEntry;

/**
 * POST /api/content/getMainMenu: the main menu's entries the caller's roles may see, by sort then label; the
 * sidebar and the header are built from it (spec §1, §2).
 */
export async function fetchMainMenu(signal?: AbortSignal): Promise<MenuItem[]> {
  const entries: unknown[] = await callApi('content.getMainMenu', { signal });
  return parseMenuEntries(entries);
}

export function useMainMenu(enabled: boolean) {
  return useQuery({
    // Under the content keys, so that saving a menu item refreshes the sidebar at once.
    queryKey: ['content', 'menu', MAIN_MENU_TYPE],
    queryFn: ({ signal }) => fetchMainMenu(signal),
    enabled,
    staleTime: 5 * 60_000,
    retry: 1,
  });
}
