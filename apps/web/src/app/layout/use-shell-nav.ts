import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMainMenu } from '@/features/content/api/menu-api';
import { DEFAULT_CULTURE } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { buildShellNav, type ShellNavEntry } from './menu-navigation';

/** The sidebar's entries for the signed-in user, from the main menu (built-in entries while it loads or fails). */
export function useShellNav(): ShellNavEntry[] {
  const { user, status } = useSession();
  const menu = useMainMenu(status === 'signedIn');
  return useMemo(() => buildShellNav(menu.data ?? null, user), [menu.data, user]);
}

/**
 * The text of an entry: the menu item's label, or the built-in entry's translation. A menu item that links to a
 * built-in screen with that screen's default (en-US) text is shown in the user's language; a label an
 * administrator changed is shown as written.
 */
export function useNavLabel(): (entry: ShellNavEntry) => string {
  const { t, i18n } = useTranslation('shell');
  const defaults = i18n.getFixedT(DEFAULT_CULTURE, 'shell');
  return (entry) => {
    if (entry.label === null) return t(entry.labelKey ?? '');
    if (entry.labelKey && entry.label === defaults(entry.labelKey)) return t(entry.labelKey);
    return entry.label;
  };
}
