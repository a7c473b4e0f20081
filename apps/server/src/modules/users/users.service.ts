import type { FastifyBaseLogger } from 'fastify';
import {
  NEVER_ASSIGNABLE_ROLE_NAMES,
  type AssignableRoleListResponse,
  AUTH_MESSAGES,
  DEFAULT_USER_MEASUREMENT_SYSTEM,
  hasProviderWideReach,
  NEW_USER_ROLE_NAMES,
  USER_MESSAGES,
  type AdminUser,
  type BulkUsersResponse,
  type OrganizationOption,
  type RegisterResponse,
  type UserListResponse,
  type UserProfile,
} from '@sealplan/contracts';
import { AppError } from '../../errors';
import type { AuthUser } from '../../shared/auth-user';
import { approvedMail, deniedMail, registrationNoticeMail, type MailBrand } from '../auth';
import { defaultTemplateSource, type TemplateSource } from '../../shared/template-source';
import type { AuthService } from '../auth';
import type { DevicesService } from '../devices';
import type { ExternalSignInService } from '../external';
import { hashPassword, unusablePasswordHash } from '../auth';
import type { RateLimiter, RateRule } from '../auth';
import { ROLE_IDS, type RoleId } from '../../shared/roles';
import { presentAdminUser, presentProfile } from './users.presenter';
import type { ListQuery, UserDetails, UsersRepository, UserUpdate } from './users.repository';

/** Spec §3 fixed industry identifiers: valid even before the catalogue seed has filled the industries table. */
const FIXED_INDUSTRIES = ['ON_SHORE', 'OFF_SHORE'];
/** Registrations per client address and hour (stops scripted sign-up floods that mail every approver). */
export const REGISTER_RULE: RateRule = { name: 'register:address', max: 20, windowMs: 60 * 60 * 1000 };
/**
 * What an approved or administrator-created user gets (docs/decisions/005-permissions.md): DefaultUser for the
 * product (play.view) and Administrator, because signing in requires admin.access (spec §6).
 */
export const NEW_USER_ROLES: RoleId[] = [...NEW_USER_ROLE_NAMES];
/** Who counts as an organization's administrator for the last-administrator guard of setRoles (ADR 014). */
export const ADMINISTRATOR_ROLES: RoleId[] = [
  ROLE_IDS.ADMINISTRATOR,
  ROLE_IDS.ELEVATED_USER,
  ROLE_IDS.SYSTEM_ADMINISTRATOR,
];

/**
 * Who a user administrator may administer (docs/decisions/005-permissions.md):
 * SystemAdministrator and the provider's ElevatedUsers: every organization and the pending registrations;
 * an ElevatedUser of another organization: the active users of their own organization only.
 */
interface AdminScope {
  caller: AuthUser;
  /** null: every organization. */
  organizationId: string | null;
  isSystemAdministrator: boolean;
}

export interface OwnProfileChanges {
  firstName?: string;
  lastName?: string;
  phoneNumber?: string | null;
  defaultMeasurementSystem?: 'METRIC' | 'IMPERIAL';
  applicationSettings?: { defaultMeasurementSystem: 'METRIC' | 'IMPERIAL' };
  languagePreference?: string | null;
}

/** The change is saved either way; the administrator is told when the e-mail about it could not be sent. */
const withMailNote = (message: string, mailed: boolean) =>
  mailed ? [message] : [message, USER_MESSAGES.mailFailed];

export interface UsersServiceDeps {
  repo: UsersRepository;
  auth: Pick<AuthService, 'sendResetLink' | 'trySend' | 'checkedRedirect'>;
  devices: Pick<DevicesService, 'list' | 'record'>;
  external: Pick<ExternalSignInService, 'peekTicket' | 'linkNewUser'>;
  limiter: RateLimiter;
  brand: MailBrand;
  /** The e-mail texts (templates an administrator edits, ADR 016); the built-in defaults when not given. */
  templates?: TemplateSource;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

export function createUsersService({
  repo,
  auth,
  devices,
  external,
  limiter,
  brand,
  templates = defaultTemplateSource,
  now,
  log,
}: UsersServiceDeps) {
  /** The profile with the user's devices; `tokenId` marks the device the request came from. */
  async function profileOf(d: UserDetails, tokenId: string | null): Promise<UserProfile> {
    return presentProfile(d, await devices.list(d.user.id, tokenId));
  }

  function scopeOf(caller: AuthUser): AdminScope {
    const isSystemAdministrator = caller.roles.includes(ROLE_IDS.SYSTEM_ADMINISTRATOR);
    const isElevated = caller.roles.includes(ROLE_IDS.ELEVATED_USER);
    if (!isSystemAdministrator && !isElevated) throw new AppError('FORBIDDEN', AUTH_MESSAGES.notAuthorized);
    const everywhere = hasProviderWideReach(caller);
    if (!everywhere && !caller.organizationId) throw new AppError('FORBIDDEN', AUTH_MESSAGES.notAuthorized);
    return { caller, organizationId: everywhere ? null : caller.organizationId, isSystemAdministrator };
  }

  const inScope = (scope: AdminScope, d: UserDetails) =>
    scope.organizationId === null || d.user.organizationId === scope.organizationId;

  /** A user outside the caller's scope answers exactly like a missing one (no cross-tenant discovery). */
  async function loadTarget(scope: AdminScope, id: string): Promise<UserDetails> {
    const d = await repo.findDetails(id);
    if (!d || !inScope(scope, d)) throw new AppError('NOT_FOUND', USER_MESSAGES.notFound);
    return d;
  }

  /**
   * Targets of a bulk action, all or nothing: any missing or out-of-scope id refuses the whole request.
   * Only a SystemAdministrator may act on a SystemAdministrator; nobody suspends, deletes or re-roles themself.
   */
  async function loadTargets(
    scope: AdminScope,
    ids: string[],
    opts: { allowSelf: boolean },
  ): Promise<UserDetails[]> {
    const unique = [...new Set(ids)];
    if (!opts.allowSelf && unique.includes(scope.caller.id)) {
      throw new AppError('BAD_REQUEST', USER_MESSAGES.cannotChangeSelf);
    }
    const found = await repo.findManyDetails(unique);
    if (found.length !== unique.length || found.some((d) => !inScope(scope, d))) {
      throw new AppError('NOT_FOUND', USER_MESSAGES.notFound);
    }
    if (!scope.isSystemAdministrator && found.some((d) => d.roles.includes(ROLE_IDS.SYSTEM_ADMINISTRATOR))) {
      throw new AppError('FORBIDDEN', AUTH_MESSAGES.notAuthorized);
    }
    return found;
  }

  async function reload(id: string): Promise<UserDetails> {
    const d = await repo.findDetails(id);
    if (!d) throw new AppError('NOT_FOUND', USER_MESSAGES.notFound);
    return d;
  }

  async function industryOk(id: string) {
    return FIXED_INDUSTRIES.includes(id) || (await repo.industryExists(id));
  }

  function ownChanges(input: OwnProfileChanges): UserUpdate {
    const changes: UserUpdate = {};
    if (input.firstName !== undefined) changes.firstName = input.firstName;
    if (input.lastName !== undefined) changes.lastName = input.lastName;
    if (input.phoneNumber !== undefined) changes.phoneNumber = input.phoneNumber;
    const system = input.defaultMeasurementSystem ?? input.applicationSettings?.defaultMeasurementSystem;
    if (system !== undefined) changes.defaultMeasurementSystem = system;
    if (input.languagePreference !== undefined) changes.languagePreference = input.languagePreference;
    return changes;
  }

  async function bulk(
    caller: AuthUser,
    userIds: string[],
    allowSelf: boolean,
    apply: (ids: string[], targets: UserDetails[]) => Promise<void>,
  ): Promise<BulkUsersResponse> {
    const scope = scopeOf(caller);
    const targets = await loadTargets(scope, userIds, { allowSelf });
    const ids = targets.map((t) => t.user.id);
    await apply(ids, targets);
    return { updated: ids.length, userIds: ids };
  }

  /**
   * Refuses (400, naming them) roles that are not assignable: unknown, not marked assignable, or never assignable.
   * Answers the assignable role ids.
   */
  async function assignableOrRefuse(requested: readonly string[], field: string): Promise<string[]> {
    const assignable = (await repo.listAssignableRoles(NEVER_ASSIGNABLE_ROLE_NAMES)).map((r) => r.id);
    const refused = [...new Set(requested)].filter((r) => !assignable.includes(r));
    if (refused.length) {
      const message = `${USER_MESSAGES.roleNotAssignable} ${refused.join(', ')}`;
      throw new AppError('VALIDATION_FAILED', message, { [field]: message });
    }
    return assignable;
  }

  return {
    /** Spec §7 register: a pending account; every provider ElevatedUser is told by e-mail. */
    async register(
      input: {
        FirstName: string;
        LastName: string;
        Password: string;
        Company: string;
        Industry: string;
        PhoneNumber: string | null;
        UserName: string;
        Attributes?: Record<string, unknown>;
        Integration?: { provider: 'oidc' | 'oauth1'; ticket: string };
      },
      clientAddress: string,
    ): Promise<RegisterResponse> {
      if ((await limiter.hit(REGISTER_RULE, clientAddress)) > REGISTER_RULE.max) {
        throw new AppError('RATE_LIMITED', AUTH_MESSAGES.registerRateLimited);
      }
      // A verified outside identity is checked before anything is written, and linked once the account exists.
      if (input.Integration) await external.peekTicket(input.Integration);
      if (!(await industryOk(input.Industry))) {
        throw new AppError('VALIDATION_FAILED', AUTH_MESSAGES.required, { Industry: AUTH_MESSAGES.required });
      }
      if (await repo.emailTaken(input.UserName)) {
        throw new AppError('EMAIL_TAKEN', AUTH_MESSAGES.emailTaken, { UserName: AUTH_MESSAGES.emailTaken });
      }
      let user;
      try {
        user = await repo.insertUser(
          {
            email: input.UserName,
            userName: input.UserName,
            firstName: input.FirstName,
            lastName: input.LastName,
            company: input.Company,
            industryId: input.Industry,
            phoneNumber: input.PhoneNumber,
            passwordHash: await hashPassword(input.Password),
            // Spec §3: isPending true, isApproved false, isDenied false at registration; IMPERIAL by default.
            isPending: true,
            isApproved: false,
            isDenied: false,
            defaultMeasurementSystem: DEFAULT_USER_MEASUREMENT_SYSTEM,
            attributes: input.Attributes ?? {},
            dateRegistered: now(),
          },
          [],
        );
      } catch (error) {
        // Two registrations racing for one address: the unique index decides.
        if (await repo.emailTaken(input.UserName)) {
          throw new AppError('EMAIL_TAKEN', AUTH_MESSAGES.emailTaken, { UserName: AUTH_MESSAGES.emailTaken });
        }
        throw error;
      }
      if (input.Integration) await external.linkNewUser(user.id, input.Integration);
      const approvers = await repo.providerElevatedUsers();
      const texts = approvers.length ? await templates.texts() : undefined;
      for (const admin of approvers) {
        await auth.trySend(
          registrationNoticeMail(
            brand,
            admin.email,
            admin.firstName || admin.email,
            {
              firstName: user.firstName,
              lastName: user.lastName,
              email: user.email,
              company: user.company,
            },
            texts,
          ),
        );
      }
      log.info({ userId: user.id, notified: approvers.length }, 'registered');
      return { id: user.id, isPending: true, message: AUTH_MESSAGES.registered };
    },

    /** Spec §7 updateUserStatus: approve into an organization (new by default) or deny a pending user. */
    async updateStatus(
      caller: AuthUser,
      input: {
        user: string;
        isApproved: boolean;
        skipEmail: boolean;
        organizationId?: string;
        newOrganizationName?: string;
      },
    ): Promise<{ user: AdminUser; messages: string[] }> {
      const scope = scopeOf(caller);
      const target = await loadTarget(scope, input.user);
      if (target.user.isApproved) throw new AppError('CONFLICT', USER_MESSAGES.notPending);
      const u = target.user;
      if (input.isApproved) {
        let organizationId: string;
        if (input.organizationId) {
          const org = await repo.findOrganization(input.organizationId);
          if (!org) throw new AppError('NOT_FOUND', USER_MESSAGES.organizationNotFound);
          organizationId = org.id;
        } else {
          // Always a new organization: joining an existing one by a typed company name would hand a stranger
          // that organization's projects. Joining an existing organization is an explicit choice (organizationId).
          const name = (input.newOrganizationName ?? u.company).trim();
          if (!name) throw new AppError('VALIDATION_FAILED', USER_MESSAGES.organizationRequired);
          // Two organizations of one name cannot be told apart in any list: the approver picks the existing one.
          if (await repo.findOrganizationByName(name)) {
            throw new AppError('CONFLICT', USER_MESSAGES.organizationExists, {
              newOrganizationName: USER_MESSAGES.organizationExists,
            });
          }
          organizationId = (await repo.createOrganization({ name })).id;
        }
        await repo.update([u.id], { isPending: false, isApproved: true, isDenied: false, organizationId });
        await repo.addRoles(u.id, NEW_USER_ROLES);
        const mailed =
          input.skipEmail ||
          (await auth.trySend(approvedMail(brand, u.email, u.firstName, await templates.texts())));
        log.info({ userId: u.id, organizationId, by: caller.id }, 'user approved');
        return {
          user: presentAdminUser(await reload(u.id)),
          messages: withMailNote(USER_MESSAGES.approved, mailed),
        };
      }
      await repo.update([u.id], { isPending: false, isApproved: false, isDenied: true });
      const mailed =
        input.skipEmail ||
        (await auth.trySend(deniedMail(brand, u.email, u.firstName, await templates.texts())));
      log.info({ userId: u.id, by: caller.id }, 'user denied');
      return {
        user: presentAdminUser(await reload(u.id)),
        messages: withMailNote(USER_MESSAGES.denied, mailed),
      };
    },

    /** Spec §7 create {userInput}: an approved user who chooses a password through an e-mailed link. */
    async create(
      caller: AuthUser,
      input: {
        email: string;
        firstName: string;
        lastName: string;
        company?: string;
        phoneNumber?: string | null;
        organizationId?: string;
        roles?: string[];
        redirectUrl?: string;
      },
    ): Promise<{ user: AdminUser; messages: string[] }> {
      const scope = scopeOf(caller);
      const organizationId = input.organizationId ?? caller.organizationId;
      if (!organizationId) throw new AppError('VALIDATION_FAILED', USER_MESSAGES.organizationRequired);
      if (scope.organizationId !== null && organizationId !== scope.organizationId) {
        throw new AppError('NOT_FOUND', USER_MESSAGES.organizationNotFound);
      }
      const org = await repo.findOrganization(organizationId);
      if (!org) throw new AppError('NOT_FOUND', USER_MESSAGES.organizationNotFound);
      if (await repo.emailTaken(input.email)) {
        throw new AppError('EMAIL_TAKEN', AUTH_MESSAGES.emailTaken, {
          'userInput.email': AUTH_MESSAGES.emailTaken,
        });
      }
      // Checked before anything is written: a foreign redirect or role must not leave a user behind.
      auth.checkedRedirect(input.redirectUrl);
      if (input.roles) await assignableOrRefuse(input.roles, 'userInput.roles');
      const user = await repo.insertUser(
        {
          email: input.email,
          userName: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          company: input.company ?? org.name,
          phoneNumber: input.phoneNumber ?? null,
          passwordHash: await unusablePasswordHash(),
          isPending: false,
          isApproved: true,
          isDenied: false,
          organizationId: org.id,
          defaultMeasurementSystem: DEFAULT_USER_MEASUREMENT_SYSTEM,
          dateRegistered: now(),
        },
        input.roles ?? NEW_USER_ROLES,
      );
      const mailed = await auth.sendResetLink(user, 'invite', input.redirectUrl);
      log.info({ userId: user.id, by: caller.id }, 'user created');
      return {
        user: presentAdminUser(await reload(user.id)),
        messages: withMailNote(USER_MESSAGES.created, mailed),
      };
    },

    /** Suspension takes effect at once: the user's tokens are revoked (and suspended users resolve to anonymous). */
    suspend: (caller: AuthUser, userIds: string[]) =>
      bulk(caller, userIds, false, async (ids) => {
        await repo.update(ids, { isSuspended: true });
        await repo.revokeTokens(ids, now());
        log.info({ userIds: ids, by: caller.id }, 'users suspended');
      }),

    restore: (caller: AuthUser, userIds: string[]) =>
      bulk(caller, userIds, false, async (ids) => {
        await repo.update(ids, { isSuspended: false });
        log.info({ userIds: ids, by: caller.id }, 'users restored');
      }),

    /** Soft delete (projects keep their author); tokens revoked at once; the e-mail stays taken. */
    remove: (caller: AuthUser, userIds: string[]) =>
      bulk(caller, userIds, false, async (ids) => {
        await repo.update(ids, { isRemoved: true });
        await repo.revokeTokens(ids, now());
        log.info({ userIds: ids, by: caller.id }, 'users deleted');
      }),

    /** The users must choose a new password: sessions end, a reset link is mailed, sign-in answers a reset token. */
    adminResetPassword: (caller: AuthUser, userIds: string[]) =>
      bulk(caller, userIds, true, async (ids, targets) => {
        await repo.update(ids, { requiresPasswordReset: true });
        await repo.revokeTokens(ids, now());
        for (const t of targets) {
          // The reset is in force even if a mail fails: the user can still use "Forgot Your Password".
          if (!(await auth.sendResetLink(t.user, 'adminReset')))
            log.warn({ userId: t.user.id }, 'reset mail not sent');
        }
        log.info({ userIds: ids, by: caller.id }, 'password reset by administrator');
      }),

    /**
     * Spec §6: the assignable roles (every role of the roles table marked assignable, administrator-created ones
     * too) are replaced; ElevatedUser/SystemAdministrator, never assignable, and roles not marked assignable stay.
     * A role that does not exist or is not assignable is refused (400) before anything changes.
     * Roles in `unchanged` stay as each user has them (a mixed selection the administrator left undecided).
     * Refused when an organization would be left without an active administrator (ADR 014).
     */
    setRoles: async (caller: AuthUser, userIds: string[], roles: string[], unchanged: string[] = []) => {
      const assignable = await assignableOrRefuse([...roles, ...unchanged], 'roles');
      return bulk(caller, userIds, false, async (ids, targets) => {
        const chosen = new Set(roles);
        const changes = targets.map((d) => ({
          userId: d.user.id,
          roleIds: assignable.filter(
            (r) => chosen.has(r) || (unchanged.includes(r) && !roles.includes(r) && d.roles.includes(r)),
          ),
        }));
        const organizationIds = [
          ...new Set(targets.map((d) => d.user.organizationId).filter((id): id is string => !!id)),
        ];
        const { orphaned } = await repo.replaceRolesKeepingAdministrators(
          changes,
          assignable,
          organizationIds,
          ADMINISTRATOR_ROLES,
        );
        if (orphaned.length) throw new AppError('CONFLICT', USER_MESSAGES.lastAdministrator);
        log.info({ userIds: ids, roles, unchanged, by: caller.id }, 'roles set');
      });
    },

    /** The roles the Set roles dialog offers: assignable in the roles table, never ElevatedUser/SystemAdministrator. */
    async assignableRoles(): Promise<AssignableRoleListResponse> {
      return { roles: await repo.listAssignableRoles(NEVER_ASSIGNABLE_ROLE_NAMES) };
    },

    async list(caller: AuthUser, q: Omit<ListQuery, 'organizationId'>): Promise<UserListResponse> {
      const scope = scopeOf(caller);
      // Pending registrations belong to no organization yet: only administrators of every organization see them.
      if (q.status === 'pending' && scope.organizationId !== null) {
        return { r: [], pager: { fromIndex: q.fromIndex, size: q.size, total: 0 } };
      }
      const { rows, total } = await repo.list({ ...q, organizationId: scope.organizationId });
      return { r: rows.map(presentAdminUser), pager: { fromIndex: q.fromIndex, size: q.size, total } };
    },

    async organizations(caller: AuthUser): Promise<{ organizations: OrganizationOption[] }> {
      const scope = scopeOf(caller);
      return { organizations: await repo.listOrganizations(scope.organizationId) };
    },

    /** getUser/{id}: oneself, or a user the caller administers. */
    async getUser(caller: AuthUser, id: string): Promise<{ user: UserProfile }> {
      if (id === caller.id) return { user: await profileOf(await reload(id), caller.tokenId) };
      return { user: await profileOf(await loadTarget(scopeOf(caller), id), null) };
    },

    /** saveUser / save: the caller's own names, phone and settings (the metric/imperial switch, the language). */
    async saveOwn(
      caller: AuthUser,
      input: OwnProfileChanges,
    ): Promise<{ user: UserProfile; message: string }> {
      const changes = ownChanges(input);
      if (Object.keys(changes).length) await repo.update([caller.id], changes);
      return { user: await profileOf(await reload(caller.id), caller.tokenId), message: USER_MESSAGES.saved };
    },

    /** editUser: oneself (any signed-in user, saveUser rules) or, for a user administrator, a user in scope. */
    async editUser(
      caller: AuthUser,
      input: OwnProfileChanges & { id: string; company?: string },
    ): Promise<{ user: UserProfile; message: string }> {
      if (input.id !== caller.id) {
        const scope = scopeOf(caller);
        await loadTargets(scope, [input.id], { allowSelf: true });
      }
      const changes = ownChanges(input);
      if (input.company !== undefined) changes.company = input.company;
      if (Object.keys(changes).length) await repo.update([input.id], changes);
      const tokenId = input.id === caller.id ? caller.tokenId : null;
      return { user: await profileOf(await reload(input.id), tokenId), message: USER_MESSAGES.saved };
    },

    /** setDevice: records the caller's device and binds the caller's token to it (devices service). */
    async setDevice(
      caller: AuthUser,
      deviceInfo: { deviceId: string } & Record<string, unknown>,
      userAgent: string | undefined,
    ): Promise<{ user: UserProfile; message: string }> {
      await devices.record(caller, deviceInfo, userAgent);
      return {
        user: await profileOf(await reload(caller.id), caller.tokenId),
        message: USER_MESSAGES.deviceSaved,
      };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
