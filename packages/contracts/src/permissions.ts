/** Spec §6 role ids: the one list the server seeds and checks and the web app shows and guards with. */
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

/** Spec §6 permission ids carried by the roles (signing in requires `admin.access`). */
export const PERMISSIONS = {
  ADMIN_ACCESS: 'admin.access',
  PLAY_VIEW: 'play.view',
  /** Administer content (with a provider-organization account, `canAdministerContent`). */
  CONTENT_MANAGE: 'content.manage',
} as const;

/** ADR 005: user administration is for an ElevatedUser or a SystemAdministrator. */
export const USER_ADMIN_ROLES: readonly RoleId[] = [ROLE_IDS.ELEVATED_USER, ROLE_IDS.SYSTEM_ADMINISTRATOR];

/** Who a permission rule looks at: the caller's role ids and whether their organization is the provider's. */
export interface PermissionSubject {
  roles: readonly string[];
  isProviderOrganization: boolean;
}

/**
 * docs/decisions/005-permissions.md: provider-wide reach (every organization; reference data such as the
 * catalogue, shared by every organization; the operator's details) belongs to a SystemAdministrator, or to an
 * ElevatedUser of the provider's organization. An ElevatedUser of a customer organization reaches only their own
 * organization. Used by the server's guards and by the web app's navigation and page guards.
 */
export function hasProviderWideReach(user: PermissionSubject | null | undefined): boolean {
  if (!user) return false;
  if (user.roles.includes(ROLE_IDS.SYSTEM_ADMINISTRATOR)) return true;
  return user.isProviderOrganization && user.roles.includes(ROLE_IDS.ELEVATED_USER);
}

/**
 * ADR 005: who administers user accounts (the server's guard of the user routes, the web app's User Admin menu
 * entry and page guard): an ElevatedUser or a SystemAdministrator. The server limits a customer organization's
 * ElevatedUser to their own organization.
 */
export function canAdministerUsers(user: PermissionSubject | null | undefined): boolean {
  return !!user && user.roles.some((role) => (USER_ADMIN_ROLES as readonly string[]).includes(role));
}

/** The permission that lets a role administer content (menu items, templates, products, specifications, …). */
export const CONTENT_PERMISSION = PERMISSIONS.CONTENT_MANAGE;

/**
 * Content is shared by every organization (menu, templates, products), so only the provider's own staff whose
 * roles carry `content.manage` administer it (ADR 016; the roles' permissions are what the server checks).
 */
export function canAdministerContent(
  user: (PermissionSubject & { permissions: readonly string[] }) | null | undefined,
): boolean {
  return !!user && user.isProviderOrganization && user.permissions.includes(CONTENT_PERMISSION);
}
