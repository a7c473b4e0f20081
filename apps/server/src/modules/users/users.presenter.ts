import {
  USER_LANGUAGES,
  type AdminUser,
  type IndustryReference,
  type UserLanguage,
  type UserMeasurementSystem,
  type UserDevice,
  type UserProfile,
} from '@sealplan/contracts';
import type { AuthUser } from '../../shared/auth-user';
import type { OwnProfileJson, ProfileUser } from './own-profile';
import { presentDevice } from '../devices';
import type { UserDetails } from './users.repository';

/** What a profile is presented from: a user's details with the fields a profile shows. */
type ProfileDetails = Omit<UserDetails, 'user'> & { user: ProfileUser };

function industryRef(d: ProfileDetails): IndustryReference | null {
  if (!d.user.industryId) return null;
  return { id: d.user.industryId, display: d.industry?.name ?? d.user.industryId, model: 'Industry' };
}

const language = (v: string | null): UserLanguage | null =>
  (USER_LANGUAGES as readonly string[]).includes(v ?? '') ? (v as UserLanguage) : null;

const system = (v: string): UserMeasurementSystem => (v === 'METRIC' ? 'METRIC' : 'IMPERIAL');

/** Spec §3 user profile (current-user, getUser). Never includes the password hash or tokens. */
export function presentProfile(d: ProfileDetails, devices: UserDevice[]): UserProfile {
  const u = d.user;
  return {
    id: u.id,
    UserId: u.id,
    email: u.email,
    emailAddress: u.email,
    userName: u.userName,
    firstName: u.firstName,
    lastName: u.lastName,
    company: u.company,
    industry: industryRef(d),
    phoneNumber: u.phoneNumber,
    avatarUrl: u.avatarUrl,
    dateRegistered: u.dateRegistered.toISOString(),
    devices,
    isPending: u.isPending,
    isApproved: u.isApproved,
    isDenied: u.isDenied,
    isSuspended: u.isSuspended,
    requiresPasswordReset: u.requiresPasswordReset,
    Roles: d.roles,
    permissions: d.permissions,
    languagePreference: language(u.languagePreference),
    Attributes: u.attributes,
    applicationSettings: { defaultMeasurementSystem: system(u.defaultMeasurementSystem) },
    organization: d.organization,
  };
}

/**
 * The caller's own profile from what the session's statement read with it (current-user, ADR 019); the statement
 * already sorts the caller's roles and permissions.
 */
export function presentOwnProfile(caller: AuthUser, p: OwnProfileJson): UserProfile {
  const u = { ...p.user, dateRegistered: new Date(p.user.dateRegistered) };
  const details: ProfileDetails = {
    user: u,
    organization:
      u.organizationId && p.organizationName !== null
        ? { id: u.organizationId, name: p.organizationName, isProvider: caller.isProviderOrganization }
        : null,
    industry: u.industryId && p.industryName !== null ? { id: u.industryId, name: p.industryName } : null,
    roles: caller.roles,
    permissions: caller.permissions,
  };
  const devices = p.devices.map((d) =>
    presentDevice({ ...d, createdOn: new Date(d.createdOn), lastSeenOn: new Date(d.lastSeenOn) }),
  );
  return presentProfile(details, devices);
}

/** One row of the user-admin grids. */
export function presentAdminUser(d: UserDetails): AdminUser {
  const u = d.user;
  return {
    id: u.id,
    email: u.email,
    userName: u.userName,
    firstName: u.firstName,
    lastName: u.lastName,
    company: u.company,
    phoneNumber: u.phoneNumber,
    industry: industryRef(d),
    organization: d.organization ? { id: d.organization.id, name: d.organization.name } : null,
    roles: d.roles,
    isPending: u.isPending,
    isApproved: u.isApproved,
    isDenied: u.isDenied,
    isSuspended: u.isSuspended,
    requiresPasswordReset: u.requiresPasswordReset,
    dateRegistered: u.dateRegistered.toISOString(),
  };
}
