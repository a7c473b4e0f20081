import type { FastifyBaseLogger } from 'fastify';
import {
  AUTH_MESSAGES,
  INVITE_TOKEN_TTL_MS,
  RESET_TOKEN_TTL_MS,
  RESET_MAIL_LIMITS,
  SIGN_IN_LIMITS,
  type PasswordChangedResponse,
  type ResetPasswordEmailResponse,
  type Integration,
  type TokenResponse,
  PASSWORD_RESET_PATH,
} from '@sealplan/contracts';
import { AppError } from '../../errors';
import type { Mailer, MailMessage } from '../../lib/mail';
import { hashToken, newToken } from '../../lib/tokens';
import type { AuthUser } from '../../shared/auth-user';
import type { ExternalSignInService } from '../external';
import type { MailQueue } from '../mail';
import { adminResetPasswordMail, invitationMail, resetPasswordMail, type MailBrand } from './account-mail';
import { defaultTemplateSource, type TemplateSource } from '../../shared/template-source';
import type { AuthRepository, UserRow } from './auth.repository';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import { createRateLimiter, type RateRule } from './rate-limiter';
import { PERMISSIONS } from '../../shared/roles';

/** Attempts of one source against one account (counted before the password check). */
export const SIGN_IN_PAIR_RULE: RateRule = {
  name: 'signin:pair',
  max: SIGN_IN_LIMITS.maxAttemptsPerAccountAndSource,
  windowMs: SIGN_IN_LIMITS.windowMs,
};
/** Attempts of one source across accounts; a successful sign-in is refunded. */
export const SIGN_IN_ADDRESS_RULE: RateRule = {
  name: 'signin:address',
  max: SIGN_IN_LIMITS.maxFailuresPerAddress,
  windowMs: SIGN_IN_LIMITS.windowMs,
};
/** Failures of one account from every source; beyond it only familiar sources may try. */
export const SIGN_IN_ACCOUNT_RULE: RateRule = {
  name: 'signin:account',
  max: SIGN_IN_LIMITS.maxFailuresPerAccount,
  windowMs: SIGN_IN_LIMITS.windowMs,
};
/** Sources that signed in to the account (a count above zero in the window means familiar). */
export const SIGN_IN_FAMILIAR_RULE: RateRule = {
  name: 'signin:familiar',
  max: 1,
  windowMs: SIGN_IN_LIMITS.familiarSourceMs,
};
/** Reset mails per address and source; beyond it the request answers the same and sends nothing. */
export const RESET_MAIL_PAIR_RULE: RateRule = {
  name: 'reset-mail:pair',
  max: RESET_MAIL_LIMITS.maxPerAddressAndSource,
  windowMs: RESET_MAIL_LIMITS.windowMs,
};
/** Reset mails per source across addresses, so one source cannot flood many mailboxes. */
export const RESET_MAIL_SOURCE_RULE: RateRule = {
  name: 'reset-mail:source',
  max: RESET_MAIL_LIMITS.maxPerSource,
  windowMs: RESET_MAIL_LIMITS.windowMs,
};

export type ResetLinkKind = 'reset' | 'adminReset' | 'invite';

/** The mail job a forgot-password request writes; the processor resolves the address later. */
export const PASSWORD_RESET_MAIL_JOB = 'password-reset';

export interface AuthServiceDeps {
  repo: AuthRepository;
  mail: Mailer;
  queue: Pick<MailQueue, 'enqueue'>;
  /** Sign-in with a verified outside identity (docs/decisions/018-external-sign-in.md). */
  external: Pick<ExternalSignInService, 'signInUserFor' | 'linkAfterPassword'>;
  brand: MailBrand;
  /** The e-mail texts (templates an administrator edits, ADR 016); the built-in defaults when not given. */
  templates?: TemplateSource;
  tokenTtlSeconds: number;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/**
 * Sign-in, tokens and passwords (spec §4 accounts and session, §7 authentication). Failures never tell whether an
 * account exists: unknown e-mail and wrong password give the same answer after the same hashing work.
 */
export function createAuthService({
  repo,
  mail,
  queue,
  external,
  brand,
  templates = defaultTemplateSource,
  tokenTtlSeconds,
  now,
  log,
}: AuthServiceDeps) {
  const limiter = createRateLimiter(repo, now);
  const publicOrigin = new URL(brand.publicUrl).origin;

  /** Spec §7: the reset link is redirectUrl?confirmId=<token>; only links back to this app are sent. */
  function checkedRedirect(redirectUrl: string | undefined): URL {
    let url: URL;
    try {
      url = new URL(redirectUrl ?? PASSWORD_RESET_PATH, brand.publicUrl);
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

  /** Creates a single-use token and answers the mail carrying its link. */
  async function resetLinkMessage(
    user: Pick<UserRow, 'id' | 'email' | 'firstName'>,
    kind: ResetLinkKind,
    redirectUrl?: string,
  ): Promise<MailMessage> {
    const base = checkedRedirect(redirectUrl);
    const ttlMs = kind === 'invite' ? INVITE_TOKEN_TTL_MS : RESET_TOKEN_TTL_MS;
    const token = await createResetToken(user.id, ttlMs);
    base.searchParams.set('confirmId', token);
    const url = base.toString();
    const name = user.firstName || user.email;
    const minutes = Math.round(RESET_TOKEN_TTL_MS / 60_000);
    const texts = await templates.texts();
    return kind === 'invite'
      ? invitationMail(brand, user.email, name, url, Math.round(INVITE_TOKEN_TTL_MS / 86_400_000), texts)
      : kind === 'adminReset'
        ? adminResetPasswordMail(brand, user.email, name, url, minutes, texts)
        : resetPasswordMail(brand, user.email, name, url, minutes, texts);
  }

  /** Creates a single-use token and e-mails the link; answers whether the mail went out. */
  async function sendResetLink(
    user: Pick<UserRow, 'id' | 'email' | 'firstName'>,
    kind: ResetLinkKind,
    redirectUrl?: string,
  ): Promise<boolean> {
    return trySend(await resetLinkMessage(user, kind, redirectUrl));
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

  /**
   * The spec's rules after the person is known (by password or a linked identity), then the token. `beforeIssue`
   * runs once the account may sign in (linking an identity confirmed by the password).
   */
  async function finishSignIn(user: UserRow, beforeIssue?: () => Promise<void>): Promise<TokenResponse> {
    // Only someone who proved who they are (password, linked identity) learns the account's state (spec §4).
    if (user.isDenied) throw new AppError('ACCOUNT_DENIED', AUTH_MESSAGES.denied);
    if (!user.isApproved) throw new AppError('ACCOUNT_PENDING', AUTH_MESSAGES.pending);
    if (user.isSuspended) throw new AppError('ACCOUNT_SUSPENDED', AUTH_MESSAGES.suspended);
    const { permissions } = await repo.permissionsOf(user.id);
    // Spec §6: signing in requires admin.access.
    if (!permissions.includes(PERMISSIONS.ADMIN_ACCESS))
      throw new AppError('FORBIDDEN', AUTH_MESSAGES.notAuthorized);

    if (beforeIssue) await beforeIssue();
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
  }

  return {
    sendResetLink,

    /** The mail queue's handler for PASSWORD_RESET_MAIL_JOB: nothing is sent to an unknown address. */
    async passwordResetMailFor(payload: Record<string, unknown>): Promise<MailMessage | null> {
      const user = await repo.findUserByEmail(String(payload.email));
      if (!user) return null;
      return resetLinkMessage(user, 'reset', String(payload.redirectUrl));
    },
    trySend,
    checkedRedirect,

    /**
     * POST /api/auth/token. Password grant; with an integration alone, the user linked to the verified outside
     * identity; with both, the password signs in and the identity is linked to the account (ADR 018).
     */
    async signIn(input: {
      username?: string;
      password?: string;
      integration?: Integration;
      clientAddress: string;
    }): Promise<TokenResponse> {
      const integration = input.integration;
      if (integration && !input.username && !input.password) {
        const user = await repo.findUserById(await external.signInUserFor(integration));
        if (!user || user.isRemoved) throw new AppError('INVALID_CREDENTIALS', AUTH_MESSAGES.incorrect);
        return finishSignIn(user);
      }
      const account = (input.username ?? '').trim();
      const password = input.password ?? '';
      const source = input.clientAddress;
      const pair = `${account}|${source}`;
      // Counted before the password check, each in one atomic statement: 60 parallel attempts make at most
      // SIGN_IN_PAIR_RULE.max checks. The owner signing in from another source is not affected.
      const pairCount = await limiter.hit(SIGN_IN_PAIR_RULE, pair);
      const sourceCount = await limiter.hit(SIGN_IN_ADDRESS_RULE, source);
      if (pairCount > SIGN_IN_PAIR_RULE.max || sourceCount > SIGN_IN_ADDRESS_RULE.max) {
        throw new AppError('RATE_LIMITED', AUTH_MESSAGES.rateLimited);
      }
      // An account under a spread-out attack stays open to the sources it already knows.
      if (
        (await limiter.isLimited(SIGN_IN_ACCOUNT_RULE, account)) &&
        !(await limiter.isLimited(SIGN_IN_FAMILIAR_RULE, pair))
      ) {
        throw new AppError('RATE_LIMITED', AUTH_MESSAGES.rateLimited);
      }
      const user = await repo.findUserByEmail(account);
      const passwordOk = user
        ? await verifyPassword(user.passwordHash, password)
        : await verifyAgainstDummy(password);
      if (!user || !passwordOk) {
        await limiter.hit(SIGN_IN_ACCOUNT_RULE, account);
        log.info({ account: user ? user.id : 'unknown' }, 'sign-in failed');
        throw new AppError('INVALID_CREDENTIALS', AUTH_MESSAGES.incorrect);
      }
      // The password is right: this source is no longer suspect for this account.
      await limiter.clear(SIGN_IN_PAIR_RULE, pair);
      await limiter.refund(SIGN_IN_ADDRESS_RULE, source);
      await limiter.hit(SIGN_IN_FAMILIAR_RULE, pair);
      return finishSignIn(
        user,
        integration ? () => external.linkAfterPassword(integration, user.id) : undefined,
      );
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
      clientAddress: string;
    }): Promise<ResetPasswordEmailResponse> {
      checkedRedirect(input.redirectUrl);
      // The same work whatever the address: two counters and one queued job; the account is looked up later,
      // by the mail queue, so the answer's timing cannot tell who has an account.
      const email = input.email.trim();
      const pairCount = await limiter.hit(RESET_MAIL_PAIR_RULE, `${email}|${input.clientAddress}`);
      const sourceCount = await limiter.hit(RESET_MAIL_SOURCE_RULE, input.clientAddress);
      if (pairCount <= RESET_MAIL_PAIR_RULE.max && sourceCount <= RESET_MAIL_SOURCE_RULE.max) {
        await queue.enqueue(PASSWORD_RESET_MAIL_JOB, { email, redirectUrl: input.redirectUrl });
      } else log.warn({ source: input.clientAddress }, 'password reset mail rate limited');
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
