import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMainMenu } from '@/features/content/api/menu-api';
import { useSession } from '@/lib/session';
import { buildShellNav, type ShellNavEntry } from './menu-navigation';

/** The sidebar's entries for the signed-in user, from the main menu (built-in entries while it loads or fails). */
export function useShellNav(): ShellNavEntry[] {
  const { user, status } = useSession();
  const menu = useMainMenu(status === 'signedIn');
  return useMemo(() => buildShellNav(menu.data ?? null, user), [menu.data, user]);
}

/** The text of an entry: the menu item's label, or the built-in entry's translation. */
export function useNavLabel(): (entry: ShellNavEntry) => string {
  const { t } = useTranslation('shell');
  return (entry) => entry.label ?? t(entry.labelKey ?? '');
}
