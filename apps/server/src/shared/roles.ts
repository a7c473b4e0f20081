/** Spec §6: roles, their permissions and hierarchy. Seeded into the roles table. */
import { PERMISSIONS, ROLE_IDS, type RoleId } from '@sealplan/contracts';

// The names live once in the contracts, shared with the web app's menu and guards.
export { PERMISSIONS, ROLE_IDS, USER_ADMIN_ROLES, type RoleId } from '@sealplan/contracts';

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
    id: ROLE_IDS.DEFAULT_USER,
    label: 'Default User',
    permissions: [{ id: PERMISSIONS.PLAY_VIEW, label: 'View' }],
    hierarchy: null,
    isAssignable: true,
  },
  { id: ROLE_IDS.SUBSCRIBER, label: 'Subscriber', permissions: [], hierarchy: null, isAssignable: true },
  {
    id: ROLE_IDS.ADMINISTRATOR,
    label: 'Administrator',
    permissions: adminAccess,
    hierarchy: 6,
    isAssignable: true,
  },
  {
    id: ROLE_IDS.ELEVATED_USER,
    label: 'Elevated User',
    permissions: contentAdmin,
    hierarchy: 7,
    isAssignable: false,
  },
  {
    id: ROLE_IDS.SYSTEM_ADMINISTRATOR,
    label: 'System Administrator',
    permissions: contentAdmin,
    hierarchy: null,
    isAssignable: false,
  },
  { id: ROLE_IDS.AUTHOR, label: 'Author', permissions: contentAdmin, hierarchy: null, isAssignable: true },
  { id: ROLE_IDS.EDITOR, label: 'Editor', permissions: contentAdmin, hierarchy: null, isAssignable: true },
];
