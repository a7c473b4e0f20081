import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ASSIGNABLE_ROLE_NAMES,
  DEFAULT_USER_PAGE_SIZE,
  type AdminUser as AdminUserRow,
  type CreateUserRequest,
  type AssignableRole,
  type AssignableRoleListResponse,
  type EditUserRequest,
  type OrganizationListResponse,
  type OrganizationOption,
  type SetRolesRequest,
  type UpdateUserStatusRequest,
  type UserIdsRequest,
  type UserListRequest,
  type UserListResponse,
  type UserSortField,
} from '@sealplan/contracts';
import { callApi } from '@/lib/api-client';

export type { OrganizationOption };

/** Spec §9: default page size 10, page 0. */
export const DEFAULT_PAGE_SIZE = DEFAULT_USER_PAGE_SIZE;
export const PAGE_SIZES = [10, 25, 50] as const;

export type UserListStatus = 'pending' | 'active';
export type SortField = UserSortField;
/** The grid's page state (spec §3: pageIndex, pageSize); sent as fromIndex/size. */
export interface UserListParams {
  status: UserListStatus;
  pageIndex: number;
  pageSize: number;
  sort: { field: SortField; direction: 'asc' | 'desc' };
  search: string;
}

/** A grid row, flattened for display. */
export interface AdminUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  company: string;
  phoneNumber: string | null;
  organizationId: string | null;
  organizationName: string | null;
  roles: string[];
  isSuspended: boolean;
  dateRegistered: string | null;
}

export interface UserPage {
  users: AdminUser[];
  totalRecords: number;
}

export function toAdminUser(row: AdminUserRow): AdminUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    company: row.company,
    phoneNumber: row.phoneNumber,
    organizationId: row.organization?.id ?? null,
    organizationName: row.organization?.name ?? null,
    roles: row.roles,
    isSuspended: row.isSuspended,
    dateRegistered: row.dateRegistered,
  };
}

/** POST /api/user/list: one page of pending or active users, sorted and searched on the server. */
export async function listUsers(params: UserListParams): Promise<UserPage> {
  const body: UserListRequest = {
    status: params.status,
    fromIndex: params.pageIndex * params.pageSize,
    size: params.pageSize,
    sort: params.sort,
    search: params.search,
  };
  const data: UserListResponse = await callApi('user.list', { body });
  return { users: data.r.map(toAdminUser), totalRecords: data.pager.total };
}

export function useUserList(params: UserListParams) {
  return useQuery({
    queryKey: ['admin', 'users', params],
    queryFn: () => listUsers(params),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/user/organizations: organizations an approved user can join (approve dialog). */
export async function listOrganizations(): Promise<OrganizationOption[]> {
  const data: OrganizationListResponse = await callApi('user.organizations', { body: {} });
  return data.organizations;
}

export function useOrganizations(enabled: boolean) {
  return useQuery({ queryKey: ['admin', 'organizations'], queryFn: listOrganizations, enabled });
}

/** The seeded assignable roles: what the Set roles dialog offers until (or unless) the server's list is read. */
export const BUILT_IN_ASSIGNABLE_ROLES: readonly AssignableRole[] = ASSIGNABLE_ROLE_NAMES.map((id) => ({
  id,
  label: id,
}));

const BUILT_IN_ROLE_IDS = new Set<string>(ASSIGNABLE_ROLE_NAMES);

/** A seeded role is named in the user's language (admin `roleNames.*`); a role an administrator created, as labelled. */
export function roleLabel(role: AssignableRole, t: (key: string) => string): string {
  return BUILT_IN_ROLE_IDS.has(role.id) ? t(`roleNames.${role.id}`) : role.label;
}

/** POST /api/user/assignableRoles: every role of the roles table that may be assigned, administrators' own too. */
export async function listAssignableRoles(): Promise<AssignableRole[]> {
  const data: AssignableRoleListResponse = await callApi('user.assignableRoles', { body: {} });
  return data.roles;
}

export function useAssignableRoles(enabled: boolean) {
  return useQuery({ queryKey: ['admin', 'assignableRoles'], queryFn: listAssignableRoles, enabled });
}

export interface ApproveInput {
  userId: string;
  isApproved: boolean;
  /** Join an existing organization, or create one with this name. */
  organizationId?: string;
  organizationName?: string;
  skipEmail?: boolean;
}

/** Spec §7 updateUserStatus {user, isApproved, skipEmail}: approve (into an organization) or deny. */
export function updateUserStatus(input: ApproveInput) {
  const body: UpdateUserStatusRequest = {
    user: { id: input.userId },
    isApproved: input.isApproved,
    skipEmail: input.skipEmail ?? false,
    ...(input.organizationId ? { organizationId: input.organizationId } : {}),
    ...(input.organizationName ? { newOrganizationName: input.organizationName } : {}),
  };
  return callApi('user.updateUserStatus', { body });
}

export type BulkAction = 'suspend' | 'restore' | 'delete' | 'adminResetPassword';
/** Spec §7: suspend, restore, delete, adminResetPassword each {userIds}. */
export function runBulkAction(action: BulkAction, userIds: string[]) {
  const body: UserIdsRequest = { userIds };
  return callApi(`user.${action}`, { body });
}

/** Spec §7: setRoles {userIds, roles}; `unchanged` roles stay as each user has them. */
export function setRoles(userIds: string[], roles: string[], unchanged: string[] = []) {
  const body: SetRolesRequest = { userIds, roles, ...(unchanged.length ? { unchanged } : {}) };
  return callApi('user.setRoles', { body });
}

export interface EditUserInput {
  id: string;
  firstName: string;
  lastName: string;
  company: string;
  phoneNumber: string;
}
/** Spec §7: editUser {user}. */
export function editUser(user: EditUserInput) {
  const body: EditUserRequest = { user };
  return callApi('user.editUser', { body });
}

/** Every admin change refreshes both grids. */
export function useAdminMutation<TInput>(fn: (input: TInput) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export interface CreateUserInput {
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  organizationId: string | null;
  roles: string[];
}

/** Spec §7 create {userInput}: an approved user, who sets a password through the e-mailed link. */
export function createUser(input: CreateUserInput) {
  const body: CreateUserRequest = {
    userInput: {
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      ...(input.phoneNumber ? { phoneNumber: input.phoneNumber } : {}),
      ...(input.organizationId ? { organizationId: input.organizationId } : {}),
      roles: input.roles,
    },
  };
  return callApi('user.create', { body });
}
