import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminUserResponseSchema,
  assignableRoleListResponseSchema,
  bulkUsersResponseSchema,
  createUserRequestSchema,
  currentUserResponseSchema,
  editUserRequestSchema,
  envelope,
  organizationListResponseSchema,
  passwordChangedResponseSchema,
  registerRequestSchema,
  registerResponseSchema,
  resetPasswordEmailResponseSchema,
  resetPasswordRequestSchema,
  saveRequestSchema,
  saveUserRequestSchema,
  saveUserResponseSchema,
  sendPasswordResetEmailRequestSchema,
  setDeviceRequestSchema,
  setRolesRequestSchema,
  updateUserStatusRequestSchema,
  userIdsRequestSchema,
  userListRequestSchema,
  userListResponseSchema,
  USER_MESSAGES,
} from '@sealplan/contracts';
import { ok } from '../../lib/reply';
import { requireUser, requireUserAdmin, sessionValueOf, withSessionValue } from '../../plugins/auth';
import { authServiceFor } from '../auth/auth.routes';
import { createAuthRepository } from '../auth/auth.repository';
import { devicesServiceFor } from '../devices/devices.routes';
import { externalServiceFor } from '../external/external.routes';
import { createRateLimiter } from '../auth/rate-limiter';
import { createUsersRepository } from './users.repository';
import { createTemplateSource } from '../content/template-source';
import { createUsersService } from './users.service';
import { ownProfileJson, type OwnProfileJson } from './own-profile';
import { presentOwnProfile } from './users.presenter';

const tags = ['users'];
const bulkActions = {
  suspend: USER_MESSAGES.suspended,
  restore: USER_MESSAGES.restored,
  delete: USER_MESSAGES.deleted,
  adminResetPassword: USER_MESSAGES.passwordResetSent,
} as const;

/** Spec §7 user calls (POST /api/user/{name}), the user-admin grids, and GET /api/auth/current-user. */
export async function usersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, env, now } = app.deps;
  const auth = authServiceFor(app);
  const users = createUsersService({
    repo: createUsersRepository(db.db),
    auth,
    devices: devicesServiceFor(app),
    external: externalServiceFor(app),
    limiter: createRateLimiter(createAuthRepository(db.db), now),
    brand: { productName: env.PROVIDER_SHORT_NAME, publicUrl: env.PUBLIC_URL },
    templates: createTemplateSource(db.db),
    now,
    log: app.log,
  });
  // The caller's own profile is read in the session's own statement: one round trip (ADR 019).
  const ownProfileRead = withSessionValue({
    name: 'session_with_own_profile',
    value: ownProfileJson,
    inputs: {},
    params: () => ({}),
  });
  const ownProfile = (request: FastifyRequest) => ({
    user: presentOwnProfile(request.user!, sessionValueOf<OwnProfileJson>(request)),
  });

  r.get(
    '/api/auth/current-user',
    {
      preHandler: requireUser,
      ...ownProfileRead,
      schema: { tags: ['auth'], response: { 200: envelope(currentUserResponseSchema) } },
    },
    async (request) => ok(ownProfile(request)),
  );

  // Public: anyone may register; the account waits for approval.
  r.post(
    '/api/user/register',
    { schema: { tags, body: registerRequestSchema, response: { 200: envelope(registerResponseSchema) } } },
    async (request) => {
      const data = await users.register(request.body, request.ip);
      return ok(data, [data.message]);
    },
  );

  // Public, like GET /api/v1/account/resetpassword/{email}.
  r.post(
    '/api/user/sendPasswordResetEmail',
    {
      schema: {
        tags,
        body: sendPasswordResetEmailRequestSchema,
        response: { 200: envelope(resetPasswordEmailResponseSchema) },
      },
    },
    async (request) => {
      const data = await auth.requestPasswordReset({
        email: request.body.emailAddress,
        redirectUrl: request.body.redirectUrl,
        clientAddress: request.ip,
      });
      return ok(data, [data.message]);
    },
  );

  // Public, like POST /api/v1/account/updatepassword.
  r.post(
    '/api/user/resetPassword',
    {
      schema: {
        tags,
        body: resetPasswordRequestSchema,
        response: { 200: envelope(passwordChangedResponseSchema) },
      },
    },
    async (request) => {
      const data = await auth.resetPassword(request.body);
      return ok(data, [data.message]);
    },
  );

  r.post(
    '/api/user/updateUserStatus',
    {
      preHandler: requireUserAdmin,
      schema: {
        tags,
        body: updateUserStatusRequestSchema,
        response: { 200: envelope(adminUserResponseSchema) },
      },
    },
    async (request) => {
      const { user, messages } = await users.updateStatus(request.user!, request.body);
      return ok({ user }, messages);
    },
  );

  r.post(
    '/api/user/create',
    {
      preHandler: requireUserAdmin,
      schema: { tags, body: createUserRequestSchema, response: { 200: envelope(adminUserResponseSchema) } },
    },
    async (request) => {
      const { user, messages } = await users.create(request.user!, request.body.userInput);
      return ok({ user }, messages);
    },
  );

  for (const [action, message] of Object.entries(bulkActions) as [keyof typeof bulkActions, string][]) {
    r.post(
      `/api/user/${action}`,
      {
        preHandler: requireUserAdmin,
        schema: { tags, body: userIdsRequestSchema, response: { 200: envelope(bulkUsersResponseSchema) } },
      },
      async (request) => {
        const caller = request.user!;
        const ids = request.body.userIds;
        const data =
          action === 'suspend'
            ? await users.suspend(caller, ids)
            : action === 'restore'
              ? await users.restore(caller, ids)
              : action === 'delete'
                ? await users.remove(caller, ids)
                : await users.adminResetPassword(caller, ids);
        return ok(data, [message]);
      },
    );
  }

  r.post(
    '/api/user/setRoles',
    {
      preHandler: requireUserAdmin,
      schema: { tags, body: setRolesRequestSchema, response: { 200: envelope(bulkUsersResponseSchema) } },
    },
    async (request) =>
      ok(
        await users.setRoles(request.user!, request.body.userIds, request.body.roles, request.body.unchanged),
        [USER_MESSAGES.rolesSaved],
      ),
  );

  r.post(
    '/api/user/assignableRoles',
    {
      preHandler: requireUserAdmin,
      schema: {
        tags,
        body: z.object({}).optional(),
        response: { 200: envelope(assignableRoleListResponseSchema) },
      },
    },
    async () => ok(await users.assignableRoles()),
  );

  r.post(
    '/api/user/list',
    {
      preHandler: requireUserAdmin,
      schema: { tags, body: userListRequestSchema, response: { 200: envelope(userListResponseSchema) } },
    },
    async (request) => ok(await users.list(request.user!, request.body)),
  );

  r.post(
    '/api/user/organizations',
    {
      preHandler: requireUserAdmin,
      schema: {
        tags,
        body: z.object({}).optional(),
        response: { 200: envelope(organizationListResponseSchema) },
      },
    },
    async (request) => ok(await users.organizations(request.user!)),
  );

  // Any signed-in user on their own id; a user administrator on users they administer (checked in the service).
  r.post(
    '/api/user/editUser',
    {
      preHandler: requireUser,
      schema: { tags, body: editUserRequestSchema, response: { 200: envelope(saveUserResponseSchema) } },
    },
    async (request) => {
      const { user, message } = await users.editUser(request.user!, request.body.user);
      return ok({ user }, [message]);
    },
  );

  for (const path of ['/api/user/saveUser', '/api/user/save'] as const) {
    r.post(
      path,
      {
        preHandler: requireUser,
        schema: {
          tags,
          body: path === '/api/user/save' ? saveRequestSchema : saveUserRequestSchema,
          response: { 200: envelope(saveUserResponseSchema) },
        },
      },
      async (request) => {
        const { user, message } = await users.saveOwn(request.user!, request.body.user);
        return ok({ user }, [message]);
      },
    );
  }

  r.post(
    '/api/user/setDevice',
    {
      preHandler: requireUser,
      schema: { tags, body: setDeviceRequestSchema, response: { 200: envelope(saveUserResponseSchema) } },
    },
    async (request) => {
      const { user, message } = await users.setDevice(
        request.user!,
        request.body.deviceInfo,
        request.headers['user-agent'],
      );
      return ok({ user }, [message]);
    },
  );

  r.get(
    '/api/user/getUser',
    {
      preHandler: requireUser,
      ...ownProfileRead,
      schema: { tags, response: { 200: envelope(currentUserResponseSchema) } },
    },
    async (request) => ok(ownProfile(request)),
  );

  r.get(
    '/api/user/getUser/:id',
    {
      preHandler: requireUser,
      schema: {
        tags,
        params: z.object({ id: z.guid() }),
        response: { 200: envelope(currentUserResponseSchema) },
      },
    },
    async (request) => ok(await users.getUser(request.user!, request.params.id)),
  );
}
