import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CookieSerializeOptions } from '@fastify/cookie';
import {
  AUTH_MESSAGES,
  EXTERNAL_MESSAGES,
  integrationSchema,
  SESSION_COOKIE,
  tokenRequestSchema,
  type Envelope,
  type Integration,
} from '@sealplan/contracts';
import { AppError, STATUS_BY_CODE } from '../../errors';
import { ok } from '../../lib/reply';
import { bearer } from '../../plugins/auth';
import { apiRoute } from '../../plugins/api-routes';
import type { AuthService } from './auth.service';

/** HttpOnly, SameSite=Strict, whole site; Secure whenever the request came over HTTPS. */
function sessionCookieOptions(request: FastifyRequest, maxAgeSeconds?: number): CookieSerializeOptions {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    ...(maxAgeSeconds !== undefined ? { maxAge: maxAgeSeconds } : {}),
  };
}

/** Spec §7 `integration`: a JSON text in the form body; refused with one clear message when it is not ours. */
function parseIntegration(raw: string | undefined): Integration | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    value = null;
  }
  const parsed = integrationSchema.safeParse(value);
  if (!parsed.success) {
    throw new AppError('VALIDATION_FAILED', EXTERNAL_MESSAGES.integrationInvalid, {
      integration: EXTERNAL_MESSAGES.integrationInvalid,
    });
  }
  return parsed.data;
}

/** Spec §7: token failures are read from error.error_description, so this call words its errors itself. */
function tokenFailure(reply: FastifyReply, error: AppError) {
  const body: Envelope<null> = {
    success: false,
    data: null,
    messages: error.fields ? Object.values(error.fields) : [error.message],
    error: {
      code: error.code,
      message: error.message,
      error_description: error.message,
      ...(error.fields ? { fields: error.fields } : {}),
    },
  };
  return reply.status(STATUS_BY_CODE[error.code]).send(body);
}

/**
 * Spec §7 "Authentication": token, sign-out, validate, password change and the reset-by-e-mail calls. `auth` is
 * built once by the composition root (modules/index.ts, ADR 025).
 */
export async function authRoutes(app: FastifyInstance, { auth }: { auth: AuthService }) {
  // Form-encoded; validated here rather than by the schema so that every failure carries error_description.
  apiRoute(
    app,
    {
      call: 'auth.token',
      config: { formBody: true },
      // The input gate runs before the handler; its refusals carry error_description too.
      errorHandler: (error, _request, reply) => {
        if (error instanceof AppError) return tokenFailure(reply, error);
        throw error;
      },
    },
    async (request, reply) => {
      const parsed = tokenRequestSchema.safeParse(request.body ?? {});
      try {
        if (!parsed.success) {
          const fields: Record<string, string> = {};
          for (const issue of parsed.error.issues) fields[issue.path.join('.') || 'body'] ??= issue.message;
          throw new AppError(
            'VALIDATION_FAILED',
            Object.values(fields)[0] ?? AUTH_MESSAGES.failedToAuthenticate,
            fields,
          );
        }
        const data = await auth.signIn({
          username: parsed.data.username,
          password: parsed.data.password,
          integration: parseIntegration(parsed.data.integration),
          clientAddress: request.ip,
        });
        // Spec §7 keeps the token in a cookie too; the server sets it so that script never reads it.
        reply.setCookie(SESSION_COOKIE, data.access_token, sessionCookieOptions(request, data.expires_in));
        return ok(data);
      } catch (error) {
        if (error instanceof AppError) return tokenFailure(reply, error);
        throw error;
      }
    },
  );

  // Not guarded: signing out with an expired or revoked token still succeeds (the client resets either way).
  apiRoute(
    app,
    {
      call: 'auth.signout',
    },
    async (request, reply) => {
      reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(request));
      return ok(await auth.signOut(bearer(request)));
    },
  );

  // Spec §4: 401 drops the session; any signed-in token is valid here.
  apiRoute(
    app,
    {
      call: 'auth.validatetoken',
    },
    async (request) => {
      if (!request.user) throw new AppError('UNAUTHENTICATED', AUTH_MESSAGES.tokenExpired);
      return ok({ valid: true as const, expiresAt: request.user.tokenExpiresAt.toISOString() });
    },
  );

  apiRoute(
    app,
    {
      call: 'auth.updatePassword',
    },
    async (request) => {
      const data = await auth.changePassword(request.user!, request.body);
      return ok(data, [data.message]);
    },
  );

  // Spec §5: a missing e-mail is a clear error, not an unknown route.
  // Both answer only the error (400 VALIDATION_FAILED).
  apiRoute(
    app,
    {
      call: 'account.resetPasswordWithoutEmail',
    },
    async () => {
      throw new AppError('VALIDATION_FAILED', AUTH_MESSAGES.missingEmail, {
        email: AUTH_MESSAGES.missingEmail,
      });
    },
  );
  apiRoute(
    app,
    {
      call: 'account.resetPasswordWithoutEmailSlash',
    },
    async () => {
      throw new AppError('VALIDATION_FAILED', AUTH_MESSAGES.missingEmail, {
        email: AUTH_MESSAGES.missingEmail,
      });
    },
  );

  apiRoute(
    app,
    {
      call: 'account.resetPassword',
    },
    async (request) => {
      const data = await auth.requestPasswordReset({
        email: request.params.email,
        redirectUrl: request.query.redirectUrl,
        clientAddress: request.ip,
      });
      return ok(data, [data.message]);
    },
  );

  apiRoute(
    app,
    {
      call: 'account.updatePassword',
    },
    async (request) => {
      const data = await auth.resetPassword(request.body);
      return ok(data, [data.message]);
    },
  );
}
