import {
  IconBooks,
  IconFolders,
  IconLayoutDashboard,
  IconSquarePlus,
  IconUsers,
  IconUserShield,
  type Icon,
} from '@tabler/icons-react';
import { CATALOGUE_ADMIN_ROLES } from '@/features/catalogue/api/catalogue-api';

/** Spec §6: the User Admin entry is visible only to ElevatedUser. */
export const USER_ADMIN_NAV_ROLES = ['ElevatedUser'] as const;
/** Spec §1: the header repeats the first 4 menu items. */
export const HEADER_NAV_ITEM_COUNT = 4;

export interface NavItem {
  /** Key under shell:nav.* */
  key: 'dashboard' | 'newProject' | 'projects' | 'customers' | 'userAdmin' | 'catalogue';
  to: string;
  icon: Icon;
  roles?: readonly string[];
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
    roles: USER_ADMIN_NAV_ROLES,
    isActive: under('/users'),
  },
  // ADR 008: the catalogue admin screen, for the roles the server lets edit it.
  {
    key: 'catalogue',
    to: '/catalogue',
    icon: IconBooks,
    roles: CATALOGUE_ADMIN_ROLES,
    isActive: under('/catalogue'),
  },
];

export function visibleNavItems(hasRole: (...roles: string[]) => boolean): NavItem[] {
  return NAV_ITEMS.filter((item) => !item.roles || hasRole(...item.roles));
}
