import type { RoleId } from './roles';

/** The signed-in caller, resolved from the bearer token on every request (stateless app servers). */
export interface AuthUser {
  id: string;
  organizationId: string | null;
  /** The caller belongs to the provider's organization (its ElevatedUsers administer every account). */
  isProviderOrganization: boolean;
  email: string;
  firstName: string;
  lastName: string;
  /** Sorted (the session's statement sorts them as JavaScript would). */
  roles: RoleId[];
  /** Sorted, like roles. */
  permissions: string[];
  tokenId: string;
  tokenExpiresAt: Date;
}
