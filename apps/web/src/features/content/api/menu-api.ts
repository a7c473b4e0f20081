import { useQuery } from '@tanstack/react-query';
import { parseMenuEntries, type InstanceList, type MenuEntry } from '@sealplan/contracts';
import { callApi } from '@/lib/api-client';

/** Spec §3 menu item type of the sidebar and header. */
export const MAIN_MENU_TYPE = 'MAIN_MENU';
/** The most menu items the shell asks for (one page). */
export const MENU_ITEM_LIMIT = 100;

/** Spec §3 menu item as the shell reads it (`parseMenuEntries` in the contracts). */
export type MenuItem = MenuEntry;

/**
 * GET /api/instance/MenuItem: the main menu (type MAIN_MENU, by sort then label) every signed-in user may read;
 * the sidebar and the header are built from it (spec §1, §2).
 */
export async function fetchMainMenu(signal?: AbortSignal): Promise<MenuItem[]> {
  const data: InstanceList<unknown> = await callApi('instance.list', {
    params: { model: 'MenuItem' },
    query: {
      q: JSON.stringify({ type: MAIN_MENU_TYPE }),
      sort: JSON.stringify({ sort: 1, label: 1 }),
      size: MENU_ITEM_LIMIT,
    },
    signal,
  });
  return parseMenuEntries(data.r);
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
