import { z } from 'zod';
import { AUTH_MESSAGES, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './auth-constants';
import { isPhoneNumber, PHONE_MAX_LENGTH } from './phone';
import { userDeviceSchema } from './devices';
import { integrationSchema } from './external-sign-in';
import { boundedJson, singleLine } from './input-gate';
import { ROLE_IDS } from './permissions';

/** Spec §3 measurement system of a user; new users default to IMPERIAL (spec §9). */
export const USER_MEASUREMENT_SYSTEMS = ['METRIC', 'IMPERIAL'] as const;
export type UserMeasurementSystem = (typeof USER_MEASUREMENT_SYSTEMS)[number];
export const DEFAULT_USER_MEASUREMENT_SYSTEM: UserMeasurementSystem = 'IMPERIAL';

/** Spec §4 language map targets: the cultures a user may prefer. */
export const USER_LANGUAGES = ['en-US', 'zh-Hans', 'fr-FR', 'de-DE'] as const;
export type UserLanguage = (typeof USER_LANGUAGES)[number];

/** Spec §6 role ids (`ROLE_IDS`). */
export const ROLE_NAMES = [
  ROLE_IDS.DEFAULT_USER,
  ROLE_IDS.SUBSCRIBER,
  ROLE_IDS.ADMINISTRATOR,
  ROLE_IDS.ELEVATED_USER,
  ROLE_IDS.SYSTEM_ADMINISTRATOR,
  ROLE_IDS.AUTHOR,
  ROLE_IDS.EDITOR,
] as const;
export type RoleName = (typeof ROLE_NAMES)[number];
/** Spec §6: roles assignable in user admin (set in bulk for user ids). */
export const ASSIGNABLE_ROLE_NAMES = [
  ROLE_IDS.DEFAULT_USER,
  ROLE_IDS.SUBSCRIBER,
  ROLE_IDS.EDITOR,
  ROLE_IDS.AUTHOR,
  ROLE_IDS.ADMINISTRATOR,
] as const;
export type AssignableRoleName = (typeof ASSIGNABLE_ROLE_NAMES)[number];
/**
 * Spec §6: roles user administration never assigns, whatever the roles table says. Any other role of the roles table
 * marked assignable (the seeded ones above, and roles an administrator created) may be set with setRoles.
 */
export const NEVER_ASSIGNABLE_ROLE_NAMES = [ROLE_IDS.ELEVATED_USER, ROLE_IDS.SYSTEM_ADMINISTRATOR] as const;
/** At most this many roles are named in one setRoles call. */
export const MAX_ASSIGNED_ROLES = 100;
const roleIdSchema = z.string().trim().min(1).max(100);
/** What an approved or administrator-created user gets unless told otherwise (docs/decisions/005-permissions.md). */
export const NEW_USER_ROLE_NAMES: readonly AssignableRoleName[] = [
  ROLE_IDS.DEFAULT_USER,
  ROLE_IDS.ADMINISTRATOR,
];

/** Spec §9: default page size 10, page 0. */
export const DEFAULT_USER_PAGE_SIZE = 10;
export const MAX_USER_PAGE_SIZE = 100;
/** Bulk actions take at most this many user ids at once. */
export const MAX_BULK_USER_IDS = 500;

/** Texts of the user calls (spec §5, §8). */
export const USER_MESSAGES = {
  saved: 'User saved successfully.',
  saveFailed: 'User failed to save. Please try again.',
  invalidUserEntry: 'Invalid user entry',
  notFound: 'User not found.',
  organizationNotFound: 'Organization not found.',
  organizationRequired: 'Choose an organization or enter the name of a new one.',
  organizationExists:
    'An organization with this name already exists. Choose it under "Existing organization" or enter another name.',
  lastAdministrator:
    'This change would leave an organization without an active administrator. Keep the Administrator role for at least one active user of each organization.',
  notPending: 'This user is not awaiting approval.',
  cannotChangeSelf: 'You cannot suspend, delete or change the roles of your own account.',
  selectUsers: 'Select at least one user.',
  approved: 'User approved.',
  denied: 'User denied.',
  created: 'User created. An email was sent so they can set their password.',
  suspended: 'Users suspended.',
  restored: 'Users restored.',
  deleted: 'Users deleted.',
  passwordResetSent: 'Password reset emails sent.',
  rolesSaved: 'Roles saved.',
  roleNotAssignable: 'These roles do not exist or cannot be assigned:',
  deviceSaved: 'Device saved.',
  mailFailed: 'The change was saved, but the email about it could not be sent.',
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
} as const;

const trimmed = (max = 200) => z.string({ error: AUTH_MESSAGES.required }).trim().max(max);
const requiredText = (max: number, field: string) =>
  singleLine(trimmed(max), field).min(1, AUTH_MESSAGES.required);
/** Optional phone: empty means none; otherwise the one phone rule (ADR 029). */
const phoneSchema = z
  .string()
  .trim()
  .max(PHONE_MAX_LENGTH, AUTH_MESSAGES.phone)
  .refine((v) => v === '' || isPhoneNumber(v), AUTH_MESSAGES.phone)
  .nullish()
  .transform((v) => (v ? v : null));
const emailSchema = z
  .string({ error: AUTH_MESSAGES.required })
  .trim()
  .min(1, AUTH_MESSAGES.required)
  .max(254)
  .email(AUTH_MESSAGES.email);

/** A reference as spec §3 writes them: {id, display, model}. */
export const industryReferenceSchema = z.object({ id: z.string(), display: z.string(), model: z.string() });
export type IndustryReference = z.infer<typeof industryReferenceSchema>;

/**
 * Spec §7 register {Id, FirstName, LastName, Password, Company, Industry, PhoneNumber, UserName, IsCustomer,
 * Aliases, Attributes}. UserName is the e-mail. Industry is an industry id (ON_SHORE, OFF_SHORE) or a
 * reference {id}. Spec §5 rules; values trimmed (never the password). confirmPassword is checked by the form.
 */
export const registerRequestSchema = z.object({
  Id: z.string().nullish(),
  FirstName: requiredText(100, 'The first name'),
  LastName: requiredText(100, 'The last name'),
  Password: z
    .string({ error: AUTH_MESSAGES.required })
    .min(1, AUTH_MESSAGES.required)
    .min(MIN_PASSWORD_LENGTH, AUTH_MESSAGES.passwordLength)
    .max(MAX_PASSWORD_LENGTH, AUTH_MESSAGES.passwordTooLong),
  Company: requiredText(200, 'The company'),
  Industry: z.union(
    [
      requiredText(50, 'The industry'),
      z.object({ id: requiredText(50, 'The industry') }).transform((r) => r.id),
    ],
    {
      error: AUTH_MESSAGES.required,
    },
  ),
  PhoneNumber: phoneSchema,
  UserName: emailSchema,
  IsCustomer: z.boolean().optional(),
  Aliases: z.array(z.string().max(254)).max(10).optional(),
  Attributes: boundedJson(z.record(z.string(), z.unknown())).optional(),
  /** A verified outside identity (verify step outcome 'register') to link to the new account. */
  Integration: integrationSchema.optional(),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;
export const registerResponseSchema = z.object({
  id: z.string(),
  isPending: z.literal(true),
  message: z.string(),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/** Spec §3 user profile as answered by current-user and getUser. */
export const userProfileSchema = z.object({
  id: z.string(),
  /** Spec §3 'UserId' (same as id). */
  UserId: z.string(),
  email: z.string(),
  emailAddress: z.string(),
  userName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string(),
  industry: industryReferenceSchema.nullable(),
  phoneNumber: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  dateRegistered: z.string(),
  devices: z.array(userDeviceSchema),
  isPending: z.boolean(),
  isApproved: z.boolean(),
  isDenied: z.boolean(),
  isSuspended: z.boolean(),
  requiresPasswordReset: z.boolean(),
  /** Spec §7: the client reads user.Roles (role ids). */
  Roles: z.array(z.string()),
  permissions: z.array(z.string()),
  languagePreference: z.enum(USER_LANGUAGES).nullable(),
  /** Spec §7: the client reads user.Attributes (free-form attributes of the registration). */
  Attributes: z.record(z.string(), z.unknown()),
  applicationSettings: z.object({ defaultMeasurementSystem: z.enum(USER_MEASUREMENT_SYSTEMS) }),
  organization: z.object({ id: z.string(), name: z.string(), isProvider: z.boolean() }).nullable(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** GET /api/auth/current-user and GET /api/user/getUser[/{id}]: data.user. */
export const currentUserResponseSchema = z.object({ user: userProfileSchema });
export type CurrentUserResponse = z.infer<typeof currentUserResponseSchema>;

/**
 * POST /api/user/saveUser {user} (also editUser on one's own id, and save {user, updateSecurityUser}):
 * the caller's own profile and settings. Every field optional so the measurement switch or language can be
 * saved alone; names, when sent, must not be empty (spec §5 profile edit).
 */
export const ownProfileInputSchema = z.object({
  firstName: singleLine(trimmed(100), 'The first name').min(1, USER_MESSAGES.firstNameRequired).optional(),
  lastName: singleLine(trimmed(100), 'The last name').min(1, USER_MESSAGES.lastNameRequired).optional(),
  phoneNumber: phoneSchema.optional(),
  defaultMeasurementSystem: z.enum(USER_MEASUREMENT_SYSTEMS).optional(),
  /** Also accepted in the spec's nested shape. */
  applicationSettings: z.object({ defaultMeasurementSystem: z.enum(USER_MEASUREMENT_SYSTEMS) }).optional(),
  languagePreference: z.enum(USER_LANGUAGES).nullable().optional(),
});
export type OwnProfileInput = z.input<typeof ownProfileInputSchema>;
export const saveUserRequestSchema = z.object({ user: ownProfileInputSchema });
export type SaveUserRequest = z.input<typeof saveUserRequestSchema>;
/** Spec §7 save {user, updateSecurityUser}: same as saveUser (one user record here, so the flag changes nothing). */
export const saveRequestSchema = z.object({
  user: ownProfileInputSchema,
  updateSecurityUser: z.boolean().optional(),
});

/** Answer of saveUser / save / editUser: the saved profile and 'User saved successfully.' in messages. */
export const saveUserResponseSchema = z.object({ user: userProfileSchema });

/**
 * Spec §7 editUser {user}: a user administrator edits another user (or anyone their own profile, with the
 * saveUser rules). Creating/editing requires email?, first and last name ('Invalid user entry' when missing).
 */
export const editUserRequestSchema = z.object({
  user: z.object({
    id: z.guid(),
    firstName: singleLine(trimmed(100), 'The first name').min(1, USER_MESSAGES.firstNameRequired).optional(),
    lastName: singleLine(trimmed(100), 'The last name').min(1, USER_MESSAGES.lastNameRequired).optional(),
    company: singleLine(trimmed(200), 'The company').optional(),
    phoneNumber: phoneSchema.optional(),
    defaultMeasurementSystem: z.enum(USER_MEASUREMENT_SYSTEMS).optional(),
    languagePreference: z.enum(USER_LANGUAGES).nullable().optional(),
  }),
});
export type EditUserRequest = z.input<typeof editUserRequestSchema>;

/**
 * Spec §7 create {userInput}: an approved user created by a user administrator. Spec §5: email, first name and
 * last name required, else 'Invalid user entry'. Without organizationId the user joins the caller's organization.
 * The user gets an e-mail with a link to set their password.
 */
export const createUserRequestSchema = z.object({
  userInput: z.object(
    {
      email: z
        .string({ error: USER_MESSAGES.invalidUserEntry })
        .trim()
        .min(1, USER_MESSAGES.invalidUserEntry)
        .max(254)
        .email(AUTH_MESSAGES.email),
      firstName: z
        .string({ error: USER_MESSAGES.invalidUserEntry })
        .trim()
        .min(1, USER_MESSAGES.invalidUserEntry)
        .max(100),
      lastName: z
        .string({ error: USER_MESSAGES.invalidUserEntry })
        .trim()
        .min(1, USER_MESSAGES.invalidUserEntry)
        .max(100),
      company: singleLine(trimmed(200), 'The company').optional(),
      phoneNumber: phoneSchema.optional(),
      organizationId: z.guid().optional(),
      /** Assignable role ids (the roles table's, administrator-created ones too); checked by the server. */
      roles: z.array(roleIdSchema).max(MAX_ASSIGNED_ROLES).optional(),
      /** Set where the e-mail's link points (must be on the app's origin); default PUBLIC_URL/update-password. */
      redirectUrl: z.string().max(2000).optional(),
    },
    { error: USER_MESSAGES.invalidUserEntry },
  ),
});
export type CreateUserRequest = z.input<typeof createUserRequestSchema>;

/** Spec §7 suspend, restore, adminResetPassword, delete: {userIds}. */
export const userIdsRequestSchema = z.object({
  userIds: z.array(z.guid()).min(1, USER_MESSAGES.selectUsers).max(MAX_BULK_USER_IDS),
});
export type UserIdsRequest = z.infer<typeof userIdsRequestSchema>;
/** Answer of a bulk action: how many users changed, and which ids were skipped (not found / not allowed). */
export const bulkUsersResponseSchema = z.object({ updated: z.number().int(), userIds: z.array(z.string()) });
export type BulkUsersResponse = z.infer<typeof bulkUsersResponseSchema>;

/**
 * Spec §7 setRoles {userIds, roles}: replaces the assignable roles of each user (spec §6 assignable list).
 * `unchanged` (optional): roles each user keeps as they have them, for a selection whose users differ in them.
 */
export const setRolesRequestSchema = z.object({
  userIds: z.array(z.guid()).min(1, USER_MESSAGES.selectUsers).max(MAX_BULK_USER_IDS),
  roles: z.array(roleIdSchema).max(MAX_ASSIGNED_ROLES),
  unchanged: z.array(roleIdSchema).max(MAX_ASSIGNED_ROLES).optional(),
});
export type SetRolesRequest = z.infer<typeof setRolesRequestSchema>;

/**
 * Spec §7 updateUserStatus {user, isApproved, skipEmail}: approve (into an existing organization, or a new one
 * named newOrganizationName — default: the registration's company name) or deny a pending user.
 */
export const updateUserStatusRequestSchema = z.object({
  user: z.union([z.guid(), z.object({ id: z.guid() }).transform((u) => u.id)]),
  isApproved: z.boolean(),
  skipEmail: z.boolean().optional().default(false),
  organizationId: z.guid().optional(),
  newOrganizationName: z.string().trim().min(1, AUTH_MESSAGES.required).max(200).optional(),
});
export type UpdateUserStatusRequest = z.input<typeof updateUserStatusRequestSchema>;

/** Spec §7 sendPasswordResetEmail {emailAddress, redirectUrl}: same behaviour as GET /api/v1/account/resetpassword. */
export const sendPasswordResetEmailRequestSchema = z.object({
  emailAddress: z
    .string({ error: AUTH_MESSAGES.missingEmail })
    .trim()
    .min(1, AUTH_MESSAGES.missingEmail)
    .max(254)
    .email(AUTH_MESSAGES.invalidEmail),
  redirectUrl: z
    .string({ error: AUTH_MESSAGES.missingRedirectUrl })
    .trim()
    .min(1, AUTH_MESSAGES.missingRedirectUrl)
    .max(2000),
});

/** Spec §7 setDevice {deviceInfo}: remembers a device of the caller (latest first, by deviceId). */
export const setDeviceRequestSchema = z.object({
  // Capped in keys and bytes: each device is stored on the user row (at most MAX_USER_DEVICES of them).
  deviceInfo: boundedJson(
    z
      .object({
        deviceId: z.string().trim().min(1, AUTH_MESSAGES.required).max(200),
        name: z.string().trim().max(200).optional(),
        platform: z.string().trim().max(200).optional(),
      })
      .catchall(z.union([z.string().max(500), z.number(), z.boolean(), z.null()])),
  ),
});
export const MAX_USER_DEVICES = 10;

/** Sortable columns of the user-admin grids. */
export const USER_SORT_FIELDS = ['name', 'email', 'company', 'organization', 'dateRegistered'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

/**
 * POST /api/user/list: one page of pending (awaiting approval) or active (approved, incl. suspended) users.
 * `search` matches name, e-mail and company (case-insensitive).
 */
export const userListRequestSchema = z.object({
  status: z.enum(['pending', 'active']),
  fromIndex: z.number().int().min(0).default(0),
  size: z.number().int().min(1).max(MAX_USER_PAGE_SIZE).default(DEFAULT_USER_PAGE_SIZE),
  sort: z
    .object({ field: z.enum(USER_SORT_FIELDS), direction: z.enum(['asc', 'desc']).default('asc') })
    .default({ field: 'dateRegistered', direction: 'desc' }),
  search: z.string().trim().max(200).default(''),
});
export type UserListRequest = z.input<typeof userListRequestSchema>;

/** One row of the user-admin grids. */
export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  userName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string(),
  phoneNumber: z.string().nullable(),
  industry: industryReferenceSchema.nullable(),
  organization: z.object({ id: z.string(), name: z.string() }).nullable(),
  roles: z.array(z.string()),
  isPending: z.boolean(),
  isApproved: z.boolean(),
  isDenied: z.boolean(),
  isSuspended: z.boolean(),
  requiresPasswordReset: z.boolean(),
  dateRegistered: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** Spec §7 list answers: r and pager (spec §3 page state: fromIndex, size, total). */
export const userListResponseSchema = z.object({
  r: z.array(adminUserSchema),
  pager: z.object({ fromIndex: z.number().int(), size: z.number().int(), total: z.number().int() }),
});
export type UserListResponse = z.infer<typeof userListResponseSchema>;

/** Answer of updateUserStatus / create / editUser by an administrator: the changed row. */
export const adminUserResponseSchema = z.object({ user: adminUserSchema });
export type AdminUserResponse = z.infer<typeof adminUserResponseSchema>;

/** POST /api/user/organizations {}: organizations an approved user can join (approval dialog). */
export const organizationOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  isProvider: z.boolean(),
  userCount: z.number().int(),
});
export type OrganizationOption = z.infer<typeof organizationOptionSchema>;
/** The roles user administration may assign (setRoles), in the order the Set roles dialog lists them. */
export const assignableRoleSchema = z.object({ id: z.string(), label: z.string() });
export type AssignableRole = z.infer<typeof assignableRoleSchema>;
export const assignableRoleListResponseSchema = z.object({ roles: z.array(assignableRoleSchema) });
export type AssignableRoleListResponse = z.infer<typeof assignableRoleListResponseSchema>;

export const organizationListResponseSchema = z.object({ organizations: z.array(organizationOptionSchema) });
export type OrganizationListResponse = z.infer<typeof organizationListResponseSchema>;
