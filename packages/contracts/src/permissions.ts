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
  if (user.roles.includes('SystemAdministrator')) return true;
  return user.isProviderOrganization && user.roles.includes('ElevatedUser');
}

/** The permission that lets a role administer content (menu items, templates, products, specifications, …). */
export const CONTENT_PERMISSION = 'content.manage';

/**
 * Content is shared by every organization (menu, templates, products), so only the provider's own staff whose
 * roles carry `content.manage` administer it (issue 19; the roles' permissions are what the server checks).
 */
export function canAdministerContent(
  user: (PermissionSubject & { permissions: readonly string[] }) | null | undefined,
): boolean {
  return !!user && user.isProviderOrganization && user.permissions.includes(CONTENT_PERMISSION);
}
