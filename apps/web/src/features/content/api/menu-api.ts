import { useQuery } from '@tanstack/react-query';
import type { InstanceList } from '@sealplan/contracts';
import { apiRequest } from '@/lib/api-client';

/** Spec §3 menu item type of the sidebar and header. */
export const MAIN_MENU_TYPE = 'MAIN_MENU';
/** The most menu items the shell asks for (one page). */
export const MENU_ITEM_LIMIT = 100;

/** Spec §3 menu item (and its children, which carry the same fields). */
export interface MenuItem {
  label: string;
  link: string;
  clickAction?: string | null;
  icon?: string | null;
  imageUrl?: string | null;
  sort?: number;
  /** Shown only to users with this role (null: everyone signed in). */
  requiredRole?: string | null;
  children?: MenuItem[];
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

function toMenuItem(raw: unknown): MenuItem | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const label = text(r.label).trim();
  if (!label) return null;
  return {
    label,
    link: text(r.link).trim(),
    clickAction: text(r.clickAction) || null,
    icon: text(r.icon) || null,
    imageUrl: text(r.imageUrl) || null,
    sort: typeof r.sort === 'number' ? r.sort : undefined,
    requiredRole: text(r.requiredRole) || null,
    children: Array.isArray(r.children)
      ? r.children.map(toMenuItem).filter((c): c is MenuItem => c !== null)
      : [],
  };
}

/**
 * GET /api/instance/MenuItem: the main menu (type MAIN_MENU, by sort then label) every signed-in user may read;
 * the sidebar and the header are built from it (spec §1, §2).
 */
export async function fetchMainMenu(signal?: AbortSignal): Promise<MenuItem[]> {
  const data = await apiRequest<InstanceList<unknown>>('/api/instance/MenuItem', {
    query: {
      q: JSON.stringify({ type: MAIN_MENU_TYPE }),
      sort: JSON.stringify({ sort: 1, label: 1 }),
      size: MENU_ITEM_LIMIT,
    },
    signal,
  });
  return data.r.map(toMenuItem).filter((m): m is MenuItem => m !== null);
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
