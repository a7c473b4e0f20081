import type { FastifyBaseLogger } from 'fastify';
import {
  AUTH_MESSAGES,
  INVITE_TOKEN_TTL_MS,
  RESET_TOKEN_TTL_MS,
  SIGN_IN_LIMITS,
  type PasswordChangedResponse,
  type ResetPasswordEmailResponse,
  type TokenResponse,
} from '@sealplan/contracts';
import { AppError } from '../../errors';
import type { Mailer, MailMessage } from '../../lib/mail';
import { hashToken, newToken } from '../../lib/tokens';
import type { AuthUser } from '../../plugins/auth';
import { adminResetPasswordMail, invitationMail, resetPasswordMail, type MailBrand } from './account-mail';
import type { AuthRepository, UserRow } from './auth.repository';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import { createRateLimiter, type RateRule } from './rate-limiter';
import { PERMISSIONS } from './roles';

export const SIGN_IN_ACCOUNT_RULE: RateRule = {
  name: 'signin:account',
  max: SIGN_IN_LIMITS.maxFailuresPerAccount,
  windowMs: SIGN_IN_LIMITS.windowMs,
};
export const SIGN_IN_ADDRESS_RULE: RateRule = {
  name: 'signin:address',
  max: SIGN_IN_LIMITS.maxFailuresPerAddress,
  windowMs: SIGN_IN_LIMITS.windowMs,
};
/** At most this many reset e-mails per address and hour; further requests answer the same but send nothing. */
export const RESET_MAIL_RULE: RateRule = { name: 'reset-mail', max: 5, windowMs: 60 * 60 * 1000 };

export type ResetLinkKind = 'reset' | 'adminReset' | 'invite';

export interface AuthServiceDeps {
  repo: AuthRepository;
  mail: Mailer;
  brand: MailBrand;
  tokenTtlSeconds: number;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/**
 * Sign-in, tokens and passwords (spec §4 accounts and session, §7 authentication). Failures never tell whether an
 * account exists: unknown e-mail and wrong password give the same answer after the same hashing work.
 */
export function createAuthService({ repo, mail, brand, tokenTtlSeconds, now, log }: AuthServiceDeps) {
  const limiter = createRateLimiter(repo, now);
  const publicOrigin = new URL(brand.publicUrl).origin;

  /** Spec §7: the reset link is redirectUrl?confirmId=<token>; only links back to this app are sent. */
  function checkedRedirect(redirectUrl: string | undefined): URL {
    let url: URL;
    try {
      url = new URL(redirectUrl ?? '/update-password', brand.publicUrl);
    } catch {
      throw new AppError('VALIDATION_FAILED', AUTH_MESSAGES.redirectNotAllowed, {
        redirectUrl: AUTH_MESSAGES.redirectNotAllowed,
      });
    }
    if (url.origin !== publicOrigin) {
      throw new AppError('VALIDATION_FAILED', AUTH_MESSAGES.redirectNotAllowed, {
        redirectUrl: AUTH_MESSAGES.redirectNotAllowed,
      });
    }
    return url;
  }

  async function trySend(message: MailMessage): Promise<boolean> {
    try {
      await mail.send(message);
      return true;
    } catch (error) {
      log.error({ err: error, to: message.to, subject: message.subject }, 'mail failed');
      return false;
    }
  }

  async function createResetToken(userId: string, ttlMs: number): Promise<string> {
    const token = newToken();
    const createdAt = now();
    await repo.insertResetToken({
      userId,
      tokenHash: hashToken(token),
      createdAt,
      expiresAt: new Date(createdAt.getTime() + ttlMs),
    });
    return token;
  }

  /** Creates a single-use token and e-mails the link; answers whether the mail went out. */
  async function sendResetLink(user: UserRow, kind: ResetLinkKind, redirectUrl?: string): Promise<boolean> {
    const base = checkedRedirect(redirectUrl);
    const ttlMs = kind === 'invite' ? INVITE_TOKEN_TTL_MS : RESET_TOKEN_TTL_MS;
    const token = await createResetToken(user.id, ttlMs);
    base.searchParams.set('confirmId', token);
    const url = base.toString();
    const name = user.firstName || user.email;
    const minutes = Math.round(RESET_TOKEN_TTL_MS / 60_000);
    const message =
      kind === 'invite'
        ? invitationMail(brand, user.email, name, url, Math.round(INVITE_TOKEN_TTL_MS / 86_400_000))
        : kind === 'adminReset'
          ? adminResetPasswordMail(brand, user.email, name, url, minutes)
          : resetPasswordMail(brand, user.email, name, url, minutes);
    return trySend(message);
  }

  async function issueAccessToken(
    userId: string,
  ): Promise<{ token: string; issuedAt: Date; expiresAt: Date }> {
    const token = newToken();
    const issuedAt = now();
    const expiresAt = new Date(issuedAt.getTime() + tokenTtlSeconds * 1000);
    await repo.insertAccessToken({ userId, tokenHash: hashToken(token), issuedAt, expiresAt });
    return { token, issuedAt, expiresAt };
  }

  return {
    sendResetLink,
    trySend,
    checkedRedirect,

    /** POST /api/auth/token (password grant). */
    async signIn(input: {
      username: string;
      password: string;
      clientAddress: string;
    }): Promise<TokenResponse> {
      const account = input.username.trim();
      if (
        (await limiter.isLimited(SIGN_IN_ACCOUNT_RULE, account)) ||
        (await limiter.isLimited(SIGN_IN_ADDRESS_RULE, input.clientAddress))
      ) {
        throw new AppError('RATE_LIMITED', AUTH_MESSAGES.rateLimited);
      }
      const user = await repo.findUserByEmail(account);
      const passwordOk = user
        ? await verifyPassword(user.passwordHash, input.password)
        : await verifyAgainstDummy(input.password);
      if (!user || !passwordOk) {
        await limiter.hit(SIGN_IN_ACCOUNT_RULE, account);
        await limiter.hit(SIGN_IN_ADDRESS_RULE, input.clientAddress);
        log.info({ account: user ? user.id : 'unknown' }, 'sign-in failed');
        throw new AppError('INVALID_CREDENTIALS', AUTH_MESSAGES.incorrect);
      }
      // Only someone who knows the password learns the account's state (spec §4 texts).
      if (user.isDenied) throw new AppError('ACCOUNT_DENIED', AUTH_MESSAGES.denied);
      if (!user.isApproved) throw new AppError('ACCOUNT_PENDING', AUTH_MESSAGES.pending);
      if (user.isSuspended) throw new AppError('ACCOUNT_SUSPENDED', AUTH_MESSAGES.suspended);
      const { permissions } = await repo.permissionsOf(user.id);
      // Spec §6: signing in requires admin.access.
      if (!permissions.includes(PERMISSIONS.ADMIN_ACCESS))
        throw new AppError('FORBIDDEN', AUTH_MESSAGES.notAuthorized);

      await limiter.clear(SIGN_IN_ACCOUNT_RULE, account);
      const issued = await issueAccessToken(user.id);
      // Spec §4: a reset-password token in the answer makes the client show the reset form first.
      const resetPasswordToken = user.requiresPasswordReset
        ? await createResetToken(user.id, RESET_TOKEN_TTL_MS)
        : null;
      log.info({ userId: user.id }, 'signed in');
      return {
        access_token: issued.token,
        token_type: 'bearer',
        expires_in: tokenTtlSeconds,
        issued: issued.issuedAt.toISOString(),
        expires: issued.expiresAt.toISOString(),
        resetPasswordToken,
      };
    },

    /** GET /api/auth/signout: revokes the presented token (answers the same for an unknown or expired one). */
    async signOut(rawToken: string | null) {
      if (rawToken) await repo.revokeAccessToken(hashToken(rawToken), now());
      return { signedOut: true as const };
    },

    /** POST /api/auth/update-password: the signed-in user's own password; other sessions are ended. */
    async changePassword(
      caller: AuthUser,
      input: { oldPassword: string; newPassword: string },
    ): Promise<PasswordChangedResponse> {
      const user = await repo.findUserById(caller.id);
      if (!user || !(await verifyPassword(user.passwordHash, input.oldPassword))) {
        throw new AppError('VALIDATION_FAILED', AUTH_MESSAGES.oldPasswordIncorrect, {
          oldPassword: AUTH_MESSAGES.oldPasswordIncorrect,
        });
      }
      await repo.setPassword(user.id, await hashPassword(input.newPassword));
      await repo.invalidateResetTokens(user.id, now());
      await repo.revokeUserTokens([user.id], now(), caller.tokenId);
      return { email: user.email, message: AUTH_MESSAGES.passwordChanged };
    },

    /**
     * GET /api/v1/account/resetpassword/{email} and POST /api/user/sendPasswordResetEmail. Same answer whether or
     * not the address belongs to an account; the redirect must be on PUBLIC_URL's origin.
     */
    async requestPasswordReset(input: {
      email: string;
      redirectUrl: string;
    }): Promise<ResetPasswordEmailResponse> {
      checkedRedirect(input.redirectUrl);
      const user = await repo.findUserByEmail(input.email);
      // Counted for unknown addresses too, so both cases do the same work.
      const count = await limiter.hit(RESET_MAIL_RULE, input.email);
      if (user && count <= RESET_MAIL_RULE.max) await sendResetLink(user, 'reset', input.redirectUrl);
      else if (user) log.warn({ userId: user.id }, 'password reset mail rate limited');
      return { sent: true, message: AUTH_MESSAGES.resetEmailSent };
    },

    /** POST /api/v1/account/updatepassword and /api/user/resetPassword: a single-use, expiring reset token. */
    async resetPassword(input: { newPassword: string; confirmId: string }): Promise<PasswordChangedResponse> {
      const at = now();
      const userId = await repo.consumeResetToken(hashToken(input.confirmId), at);
      const user = userId ? await repo.findUserById(userId) : null;
      if (!user || user.isRemoved) throw new AppError('RESET_TOKEN_INVALID', AUTH_MESSAGES.resetTokenInvalid);
      await repo.setPassword(user.id, await hashPassword(input.newPassword));
      await repo.invalidateResetTokens(user.id, at);
      // A new password ends every session: whoever had the old one is signed out everywhere.
      await repo.revokeUserTokens([user.id], at);
      log.info({ userId: user.id }, 'password reset');
      return { email: user.email, message: AUTH_MESSAGES.passwordChanged };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
