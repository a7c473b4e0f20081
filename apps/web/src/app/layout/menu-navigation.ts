import {
  IconBook,
  IconBooks,
  IconBox,
  IconClipboardList,
  IconExternalLink,
  IconFileText,
  IconFolder,
  IconFolders,
  IconHelp,
  IconHome,
  IconLayoutDashboard,
  IconLayoutList,
  IconLifebuoy,
  IconLink,
  IconPlus,
  IconSettings,
  IconSquarePlus,
  IconTemplate,
  IconUser,
  IconUsers,
  IconUserShield,
  type Icon,
} from '@tabler/icons-react';
import {
  canAdministerContent,
  isMenuClickAction,
  isSafeLink,
  type MenuClickAction,
  type PermissionSubject,
} from '@sealplan/contracts';
import type { MenuItem } from '@/features/content/api/menu-api';
import { NAV_ITEMS, visibleNavItems, type NavItem } from './navigation';

/** Icons a menu item may name (`icon`), by their Tabler names; an unknown name falls back to a link icon. */
export const MENU_ICONS: Readonly<Record<string, Icon>> = {
  dashboard: IconLayoutDashboard,
  'layout-dashboard': IconLayoutDashboard,
  'square-plus': IconSquarePlus,
  plus: IconPlus,
  add: IconSquarePlus,
  folders: IconFolders,
  folder: IconFolder,
  users: IconUsers,
  user: IconUser,
  'user-shield': IconUserShield,
  shield: IconUserShield,
  books: IconBooks,
  book: IconBook,
  'file-text': IconFileText,
  template: IconTemplate,
  box: IconBox,
  'clipboard-list': IconClipboardList,
  'layout-list': IconLayoutList,
  settings: IconSettings,
  help: IconHelp,
  lifebuoy: IconLifebuoy,
  home: IconHome,
  link: IconLink,
};

/** The content admin (ADR 016), for users who may administer content. */
export const CONTENT_NAV_PATH = '/content';

/** One entry of the sidebar (and, at the top level, of the header). */
export interface ShellNavEntry {
  id: string;
  /** The menu item's text; null for the built-in entries, which show `labelKey` (shell:nav.*). */
  label: string | null;
  labelKey: string | null;
  to: string;
  /** A web address of another site: opens in a new tab. */
  external: boolean;
  icon: Icon;
  imageUrl: string | null;
  isActive: (pathname: string) => boolean;
  /** A menu item's click action: pressing the entry runs it instead of following `to` (ADR 016/017). */
  action: MenuClickAction | null;
  children: ShellNavEntry[];
}

export type ShellNavUser = PermissionSubject & { permissions: readonly string[] };

const under = (prefix: string) => (pathname: string) =>
  pathname === prefix || pathname.startsWith(`${prefix.replace(/\/$/, '')}/`);
const isExternal = (link: string) => /^https?:\/\//i.test(link);
const pathOf = (link: string) => link.split(/[?#]/)[0] ?? link;

function builtIn(item: NavItem): ShellNavEntry {
  return {
    id: `nav-${item.key}`,
    label: null,
    labelKey: `nav.${item.key}`,
    to: item.to,
    external: false,
    icon: item.icon,
    imageUrl: null,
    isActive: item.isActive,
    action: null,
    children: [],
  };
}

function contentEntry(): ShellNavEntry {
  return {
    id: 'nav-content',
    label: null,
    labelKey: 'content:nav.content',
    to: CONTENT_NAV_PATH,
    external: false,
    icon: IconTemplate,
    imageUrl: null,
    isActive: under(CONTENT_NAV_PATH),
    action: null,
    children: [],
  };
}

/**
 * Whether a link is for this user: a link to a built-in screen keeps that screen's rule (spec §6: User Admin only
 * for ElevatedUser; the catalogue: provider-wide reach), a link into the content admin needs canAdministerContent.
 */
function allowed(link: string, user: ShellNavUser): boolean {
  const path = pathOf(link);
  const known = NAV_ITEMS.find((item) => item.to === path || item.isActive(path));
  if (known?.isVisibleTo && !known.isVisibleTo(user)) return false;
  if (under(CONTENT_NAV_PATH)(path) && !canAdministerContent(user)) return false;
  return true;
}

function fromMenu(item: MenuItem, user: ShellNavUser, id: string): ShellNavEntry | null {
  // The menu item's own rule ("Visible to"), then the rule of the screen it links to.
  if (item.requiredRole && !user.roles.includes(item.requiredRole)) return null;
  // A link stored before the one link rule (ADR 023) that breaks it is never rendered as an href.
  if (item.link && !isSafeLink(item.link)) return null;
  if (item.link && !isExternal(item.link) && !allowed(item.link, user)) return null;
  const path = pathOf(item.link);
  const known = NAV_ITEMS.find((n) => n.to === path);
  const children = (item.children ?? [])
    .map((child, i) => fromMenu(child, user, `${id}-${i}`))
    .filter((c): c is ShellNavEntry => c !== null);
  const ownActive = !item.link || isExternal(item.link) ? () => false : (known?.isActive ?? under(path));
  // A stored action the shell does not know (saved before the list was fixed) is ignored: the link is followed.
  const action = isMenuClickAction(item.clickAction) ? item.clickAction : null;
  return {
    id,
    label: item.label,
    // A known screen's entry keeps its translation while the label is the default text (use-shell-nav.ts).
    labelKey: known ? `nav.${known.key}` : null,
    to: item.link,
    external: isExternal(item.link),
    icon:
      (item.icon && MENU_ICONS[item.icon]) ||
      known?.icon ||
      (isExternal(item.link) ? IconExternalLink : IconLink),
    imageUrl: item.imageUrl && isSafeLink(item.imageUrl) ? item.imageUrl : null,
    // Spec §2: the Projects entry keeps its rule (any /projects path except /projects/create).
    isActive: (p) => (!action && ownActive(p)) || children.some((c) => c.isActive(p)),
    action,
    children,
  };
}

/**
 * The sidebar's entries (spec §1, §2): the main menu's items in their order, each kept to the users its link is
 * for; then the administration screens the user may open that the menu does not link to (User Admin, Catalogue,
 * Content), so an edited menu never locks an administrator out. While the menu loads, or when it cannot be read,
 * the built-in entries stand in (`menu` null).
 */
export function buildShellNav(menu: readonly MenuItem[] | null, user: ShellNavUser | null): ShellNavEntry[] {
  if (!user) return visibleNavItems(null).map(builtIn);
  const content = canAdministerContent(user) ? [contentEntry()] : [];
  if (!menu || menu.length === 0) return [...visibleNavItems(user).map(builtIn), ...content];
  const entries = menu
    .map((item, i) => fromMenu(item, user, `menu-${i}`))
    .filter((e): e is ShellNavEntry => e !== null);
  const linked = (path: string) =>
    entries.some((e) => e.to === path || e.children.some((c) => c.to === path));
  const admin = visibleNavItems(user)
    .filter((item) => item.isVisibleTo && !linked(item.to))
    .map(builtIn);
  return [...entries, ...admin, ...content.filter((c) => !linked(c.to))];
}
