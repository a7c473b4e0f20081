import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AUTH_MESSAGES,
  envelope,
  passwordChangedResponseSchema,
  resetPasswordEmailParamsSchema,
  resetPasswordEmailQuerySchema,
  resetPasswordEmailResponseSchema,
  resetPasswordRequestSchema,
  SESSION_COOKIE,
  signOutResponseSchema,
  tokenRequestSchema,
  tokenResponseSchema,
  updatePasswordRequestSchema,
  validateTokenResponseSchema,
  type Envelope,
} from '@sealplan/contracts';
import { AppError, STATUS_BY_CODE } from '../../errors';
import { ok } from '../../lib/reply';
import { bearer, requireUser } from '../../plugins/auth';
import { createAuthRepository } from './auth.repository';
import { createTemplateSource } from '../content/template-source';
import { createAuthService, PASSWORD_RESET_MAIL_JOB, type AuthService } from './auth.service';

/** The auth service wired to the app's dependencies (also used by the users module). */
export function authServiceFor(app: FastifyInstance): AuthService {
  const { db, mail, env, now } = app.deps;
  return createAuthService({
    repo: createAuthRepository(db.db),
    mail,
    queue: app.mailQueue,
    brand: { productName: env.PROVIDER_SHORT_NAME, publicUrl: env.PUBLIC_URL },
    templates: createTemplateSource(db.db),
    tokenTtlSeconds: env.TOKEN_TTL_SECONDS,
    now,
    log: app.log,
  });
}

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

/** Spec §7 "Authentication": token, sign-out, validate, password change and the reset-by-e-mail calls. */
export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = authServiceFor(app);
  app.mailQueue.handle(PASSWORD_RESET_MAIL_JOB, (payload) => auth.passwordResetMailFor(payload));

  // Form-encoded; validated here rather than by the schema so that every failure carries error_description.
  r.post(
    '/api/auth/token',
    {
      schema: { tags: ['auth'], response: { 200: envelope(tokenResponseSchema) } },
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
  r.get(
    '/api/auth/signout',
    { schema: { tags: ['auth'], response: { 200: envelope(signOutResponseSchema) } } },
    async (request, reply) => {
      reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(request));
      return ok(await auth.signOut(bearer(request)));
    },
  );

  // Spec §4: 401 drops the session; any signed-in token is valid here.
  r.get(
    '/api/auth/validatetoken',
    { schema: { tags: ['auth'], response: { 200: envelope(validateTokenResponseSchema) } } },
    async (request) => {
      if (!request.user) throw new AppError('UNAUTHENTICATED', AUTH_MESSAGES.tokenExpired);
      return ok({ valid: true as const, expiresAt: request.user.tokenExpiresAt.toISOString() });
    },
  );

  r.post(
    '/api/auth/update-password',
    {
      preHandler: requireUser,
      schema: {
        tags: ['auth'],
        body: updatePasswordRequestSchema,
        response: { 200: envelope(passwordChangedResponseSchema) },
      },
    },
    async (request) => {
      const data = await auth.changePassword(request.user!, request.body);
      return ok(data, [data.message]);
    },
  );

  // Spec §5: a missing e-mail is a clear error, not an unknown route.
  r.get('/api/v1/account/resetpassword', { schema: { tags: ['auth'] } }, async () => {
    throw new AppError('VALIDATION_FAILED', AUTH_MESSAGES.missingEmail, {
      email: AUTH_MESSAGES.missingEmail,
    });
  });
  r.get('/api/v1/account/resetpassword/', { schema: { hide: true } }, async () => {
    throw new AppError('VALIDATION_FAILED', AUTH_MESSAGES.missingEmail, {
      email: AUTH_MESSAGES.missingEmail,
    });
  });

  r.get(
    '/api/v1/account/resetpassword/:email',
    {
      schema: {
        tags: ['auth'],
        params: resetPasswordEmailParamsSchema,
        querystring: resetPasswordEmailQuerySchema,
        response: { 200: envelope(resetPasswordEmailResponseSchema) },
      },
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

  r.post(
    '/api/v1/account/updatepassword',
    {
      schema: {
        tags: ['auth'],
        body: resetPasswordRequestSchema,
        response: { 200: envelope(passwordChangedResponseSchema) },
      },
    },
    async (request) => {
      const data = await auth.resetPassword(request.body);
      return ok(data, [data.message]);
    },
  );
}
