/** Spec §6: roles, their permissions and hierarchy. Seeded into the roles table. */
import { CONTENT_PERMISSION } from '@sealplan/contracts';

export const PERMISSIONS = {
  ADMIN_ACCESS: 'admin.access',
  PLAY_VIEW: 'play.view',
  /** Issue 19: administer content (with a provider-organization account, `canAdministerContent`). */
  CONTENT_MANAGE: CONTENT_PERMISSION,
} as const;

export const ROLE_IDS = {
  DEFAULT_USER: 'DefaultUser',
  SUBSCRIBER: 'Subscriber',
  ADMINISTRATOR: 'Administrator',
  ELEVATED_USER: 'ElevatedUser',
  SYSTEM_ADMINISTRATOR: 'SystemAdministrator',
  AUTHOR: 'Author',
  EDITOR: 'Editor',
} as const;
export type RoleId = (typeof ROLE_IDS)[keyof typeof ROLE_IDS];

const adminAccess = [{ id: PERMISSIONS.ADMIN_ACCESS, label: 'Admin access' }];
/**
 * docs/decisions/016-content-administration.md: the provider's user administrators and its content roles (Editor,
 * Author) administer content. Administrator does not: every approved user gets it to sign in (ADR 005).
 */
const contentAdmin = [...adminAccess, { id: PERMISSIONS.CONTENT_MANAGE, label: 'Manage content' }];
export const ROLE_DEFINITIONS: {
  id: RoleId;
  label: string;
  permissions: { id: string; label: string }[];
  hierarchy: number | null;
  isAssignable: boolean;
}[] = [
  {
    id: 'DefaultUser',
    label: 'Default User',
    permissions: [{ id: PERMISSIONS.PLAY_VIEW, label: 'View' }],
    hierarchy: null,
    isAssignable: true,
  },
  { id: 'Subscriber', label: 'Subscriber', permissions: [], hierarchy: null, isAssignable: true },
  { id: 'Administrator', label: 'Administrator', permissions: adminAccess, hierarchy: 6, isAssignable: true },
  {
    id: 'ElevatedUser',
    label: 'Elevated User',
    permissions: contentAdmin,
    hierarchy: 7,
    isAssignable: false,
  },
  {
    id: 'SystemAdministrator',
    label: 'System Administrator',
    permissions: contentAdmin,
    hierarchy: null,
    isAssignable: false,
  },
  { id: 'Author', label: 'Author', permissions: contentAdmin, hierarchy: null, isAssignable: true },
  { id: 'Editor', label: 'Editor', permissions: contentAdmin, hierarchy: null, isAssignable: true },
];

/** User administration is for the provider's ElevatedUser or SystemAdministrator (issue: accounts). */
export const USER_ADMIN_ROLES: RoleId[] = ['ElevatedUser', 'SystemAdministrator'];
