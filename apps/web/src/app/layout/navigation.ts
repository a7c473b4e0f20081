import {
  IconBooks,
  IconFolders,
  IconLayoutDashboard,
  IconSquarePlus,
  IconUsers,
  IconUserShield,
  type Icon,
} from '@tabler/icons-react';
import { canAdministerUsers, type PermissionSubject } from '@sealplan/contracts';
import { canEditCatalogue } from '@/features/catalogue/api/catalogue-api';

/** Spec §1: the header repeats the first 4 menu items. */
export const HEADER_NAV_ITEM_COUNT = 4;

export interface NavItem {
  /** Key under shell:nav.* */
  key: 'dashboard' | 'newProject' | 'projects' | 'customers' | 'userAdmin' | 'catalogue';
  to: string;
  icon: Icon;
  /** Shown only to users this accepts (absent: everyone signed in). */
  isVisibleTo?: (user: PermissionSubject) => boolean;
  isActive: (pathname: string) => boolean;
}

const under = (prefix: string) => (pathname: string) =>
  pathname === prefix || pathname.startsWith(`${prefix}/`);

/** Spec §2 sidebar, Main Navigation. */
export const NAV_ITEMS: readonly NavItem[] = [
  { key: 'dashboard', to: '/dashboard', icon: IconLayoutDashboard, isActive: under('/dashboard') },
  {
    key: 'newProject',
    to: '/projects/create',
    icon: IconSquarePlus,
    isActive: (p) => p === '/projects/create',
  },
  {
    key: 'projects',
    to: '/projects',
    icon: IconFolders,
    // Spec §2: highlighted for any /projects path except /projects/create.
    isActive: (p) => under('/projects')(p) && p !== '/projects/create',
  },
  { key: 'customers', to: '/customers', icon: IconUsers, isActive: under('/customers') },
  {
    key: 'userAdmin',
    to: '/users/all',
    icon: IconUserShield,
    // ADR 005: the page's own guard rule, so the entry shows exactly to those the page admits.
    isVisibleTo: canAdministerUsers,
    isActive: under('/users'),
  },
  // ADR 008: the catalogue admin screen, for the users the server lets edit it (provider-wide reach).
  {
    key: 'catalogue',
    to: '/catalogue',
    icon: IconBooks,
    isVisibleTo: canEditCatalogue,
    isActive: under('/catalogue'),
  },
];

/** The items the signed-in user may see (none of the restricted ones while nobody is signed in). */
export function visibleNavItems(user: PermissionSubject | null): NavItem[] {
  return NAV_ITEMS.filter((item) => !item.isVisibleTo || (user !== null && item.isVisibleTo(user)));
}
