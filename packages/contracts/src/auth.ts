import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, MAX_PASSWORD_LENGTH, AUTH_MESSAGES } from './auth-constants';

const requiredString = z.string({ error: AUTH_MESSAGES.required });

/**
 * Spec §7 POST /api/auth/token, form-encoded: grant_type=password, username, password, isCustomer, optional
 * integration (the JSON object {provider, ticket} of a verified outside identity, docs/decisions/018). With an
 * integration alone the identity's linked user signs in; with username and password too, the password signs in
 * and the identity is linked to that account (the one-time confirmation of an e-mail match).
 */
const needsCredentials = (v: { username?: unknown; password?: unknown; integration?: unknown } | null) =>
  !v?.integration || !!v.username || !!v.password;
export const tokenRequestSchema = z
  .object({
    grant_type: z.literal('password', { error: AUTH_MESSAGES.unsupportedGrant }),
    username: z.string().trim().max(254).optional(),
    password: z.string().max(MAX_PASSWORD_LENGTH).optional(),
    isCustomer: z
      .union([z.boolean(), z.enum(['true', 'false'])])
      .optional()
      .transform((v) => v === true || v === 'true'),
    integration: z.string().max(4000).optional(),
  })
  // Without an integration both are needed; with one, both or neither. Checked even when another field (e.g.
  // grant_type) failed, so every message shows at once.
  .refine((v) => !!v?.username || !needsCredentials(v), {
    path: ['username'],
    message: AUTH_MESSAGES.required,
    when: () => true,
  })
  .refine((v) => !!v?.password || !needsCredentials(v), {
    path: ['password'],
    message: AUTH_MESSAGES.required,
    when: () => true,
  });
export type TokenRequest = z.input<typeof tokenRequestSchema>;

/** Answer of the token call (spec §7: access_token, token_type, expires_in, issued, resetPasswordToken). */
export const tokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  /** Seconds until the token expires. */
  expires_in: z.number().int(),
  /** ISO time the token was issued. */
  issued: z.string(),
  /** ISO time the token expires. */
  expires: z.string(),
  /** Present when the account must set a new password first: use as confirmId of /api/v1/account/updatepassword. */
  resetPasswordToken: z.string().nullable(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** GET /api/auth/validatetoken answer (401 when the token is invalid, expired or revoked). */
export const validateTokenResponseSchema = z.object({ valid: z.literal(true), expiresAt: z.string() });
export type ValidateTokenResponse = z.infer<typeof validateTokenResponseSchema>;

/** GET /api/auth/signout answer. */
export const signOutResponseSchema = z.object({ signedOut: z.literal(true) });

/** Spec §7 POST /api/auth/update-password {oldPassword, newPassword} (signed in). Spec §5 change-password rules. */
export const updatePasswordRequestSchema = z.object({
  oldPassword: requiredString.min(1, AUTH_MESSAGES.required).max(MAX_PASSWORD_LENGTH),
  newPassword: requiredString
    .min(MIN_PASSWORD_LENGTH, AUTH_MESSAGES.newPasswordLength)
    .max(MAX_PASSWORD_LENGTH, AUTH_MESSAGES.passwordTooLong),
});
export type UpdatePasswordRequest = z.infer<typeof updatePasswordRequestSchema>;

/** Answer of every password change / reset: the account's e-mail so the web app can sign in again (spec §4). */
export const passwordChangedResponseSchema = z.object({ email: z.string(), message: z.string() });
export type PasswordChangedResponse = z.infer<typeof passwordChangedResponseSchema>;

/**
 * Spec §7 GET /api/v1/account/resetpassword/{email}?redirectUrl=..&isCustomer=..
 * The redirect URL must be on the application's own origin (PUBLIC_URL); the link is redirectUrl?confirmId=<token>.
 */
export const resetPasswordEmailParamsSchema = z.object({
  email: z.string().trim().min(1, AUTH_MESSAGES.missingEmail).max(254).email(AUTH_MESSAGES.invalidEmail),
});
export const resetPasswordEmailQuerySchema = z.object({
  redirectUrl: z
    .string({ error: AUTH_MESSAGES.missingRedirectUrl })
    .trim()
    .min(1, AUTH_MESSAGES.missingRedirectUrl)
    .max(2000),
  isCustomer: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .optional()
    .transform((v) => v === true || v === 'true'),
});
/** Same answer whether or not the address exists (no account discovery). */
export const resetPasswordEmailResponseSchema = z.object({ sent: z.literal(true), message: z.string() });
export type ResetPasswordEmailResponse = z.infer<typeof resetPasswordEmailResponseSchema>;

/**
 * Spec §7 POST /api/v1/account/updatepassword {newPassword, confirmNewPassword, confirmId}
 * (also POST /api/user/resetPassword). Spec §5: 'Passwords must match.', 'Missing ...'.
 */
export const resetPasswordRequestSchema = z
  .object({
    newPassword: z
      .string({ error: AUTH_MESSAGES.missingNewPassword })
      .min(1, AUTH_MESSAGES.missingNewPassword)
      .min(MIN_PASSWORD_LENGTH, AUTH_MESSAGES.passwordLength)
      .max(MAX_PASSWORD_LENGTH, AUTH_MESSAGES.passwordTooLong),
    confirmNewPassword: z
      .string({ error: AUTH_MESSAGES.missingConfirmPassword })
      .min(1, AUTH_MESSAGES.missingConfirmPassword),
    confirmId: z
      .string({ error: AUTH_MESSAGES.missingConfirmId })
      .trim()
      .min(1, AUTH_MESSAGES.missingConfirmId)
      .max(200),
  })
  .refine((v) => v.confirmNewPassword === '' || v.newPassword === v.confirmNewPassword, {
    path: ['confirmNewPassword'],
    message: AUTH_MESSAGES.passwordsMustMatch,
    // Report a mismatch even when another field (e.g. confirmId) is missing, so every message shows at once.
    when: (payload) => {
      const v = payload.value as { newPassword?: unknown; confirmNewPassword?: unknown } | null;
      return typeof v?.newPassword === 'string' && typeof v.confirmNewPassword === 'string';
    },
  });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;
