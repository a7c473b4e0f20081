import type { FastifyInstance, FastifyRequest } from 'fastify';
import { USER_MESSAGES } from '@sealplan/contracts';
import { ok } from '../../lib/reply';
import { sessionValueOf, withSessionValue } from '../../plugins/auth';
import type { UsersService } from './users.service';
import type { AuthService } from '../auth';
import { ownProfileJson, type OwnProfileJson } from './own-profile';
import { presentOwnProfile } from './users.presenter';
import { apiRoute } from '../../plugins/api-routes';

const bulkActions = {
  suspend: USER_MESSAGES.suspended,
  restore: USER_MESSAGES.restored,
  delete: USER_MESSAGES.deleted,
  adminResetPassword: USER_MESSAGES.passwordResetSent,
} as const;

/** Spec §7 user calls (POST /api/user/{name}), the user-admin grids, and GET /api/auth/current-user. */
export async function usersRoutes(
  app: FastifyInstance,
  { users, auth }: { users: UsersService; auth: AuthService },
) {
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

  apiRoute(
    app,
    {
      call: 'auth.currentUser',
      ...ownProfileRead,
    },
    async (request) => ok(ownProfile(request)),
  );

  // Public: anyone may register; the account waits for approval.
  apiRoute(
    app,
    {
      call: 'user.register',
    },
    async (request) => {
      const data = await users.register(request.body, request.ip);
      return ok(data, [data.message]);
    },
  );

  // Public, like GET /api/v1/account/resetpassword/{email}.
  apiRoute(
    app,
    {
      call: 'user.sendPasswordResetEmail',
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
  apiRoute(
    app,
    {
      call: 'user.resetPassword',
    },
    async (request) => {
      const data = await auth.resetPassword(request.body);
      return ok(data, [data.message]);
    },
  );

  apiRoute(
    app,
    {
      call: 'user.updateUserStatus',
    },
    async (request) => {
      const { user, messages } = await users.updateStatus(request.user!, request.body);
      return ok({ user }, messages);
    },
  );

  apiRoute(
    app,
    {
      call: 'user.create',
    },
    async (request) => {
      const { user, messages } = await users.create(request.user!, request.body.userInput);
      return ok({ user }, messages);
    },
  );

  for (const [action, message] of Object.entries(bulkActions) as [keyof typeof bulkActions, string][]) {
    apiRoute(
      app,
      {
        call: `user.${action}`,
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

  apiRoute(
    app,
    {
      call: 'user.setRoles',
    },
    async (request) =>
      ok(
        await users.setRoles(request.user!, request.body.userIds, request.body.roles, request.body.unchanged),
        [USER_MESSAGES.rolesSaved],
      ),
  );

  apiRoute(
    app,
    {
      call: 'user.assignableRoles',
    },
    async () => ok(await users.assignableRoles()),
  );

  apiRoute(
    app,
    {
      call: 'user.list',
    },
    async (request) => ok(await users.list(request.user!, request.body)),
  );

  apiRoute(
    app,
    {
      call: 'user.organizations',
    },
    async (request) => ok(await users.organizations(request.user!)),
  );

  // Any signed-in user on their own id; a user administrator on users they administer (checked in the service).
  apiRoute(
    app,
    {
      call: 'user.editUser',
    },
    async (request) => {
      const { user, message } = await users.editUser(request.user!, request.body.user);
      return ok({ user }, [message]);
    },
  );

  for (const call of ['user.saveUser', 'user.save'] as const) {
    apiRoute(
      app,
      {
        call,
      },
      async (request) => {
        const { user, message } = await users.saveOwn(request.user!, request.body.user);
        return ok({ user }, [message]);
      },
    );
  }

  apiRoute(
    app,
    {
      call: 'user.setDevice',
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

  apiRoute(
    app,
    {
      call: 'user.getUser',
      ...ownProfileRead,
    },
    async (request) => ok(ownProfile(request)),
  );

  apiRoute(
    app,
    {
      call: 'user.getUserById',
    },
    async (request) => ok(await users.getUser(request.user!, request.params.id)),
  );
}
