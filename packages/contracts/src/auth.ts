import { z } from 'zod';

/** Spec §9: minimum password length. */
export const MIN_PASSWORD_LENGTH = 6;
/** Passwords longer than this are refused before hashing (argon2 cost stays bounded). */
export const MAX_PASSWORD_LENGTH = 256;
/** Reset links stay valid for one hour and work once. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** A user created by an administrator sets a first password through a link valid this long. */
export const INVITE_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * Spec §7: the reset link is the origin plus the `user/update-password` path. The web app serves it and the
 * spec §2 route `update-password` (links already sent keep working).
 */
export const PASSWORD_RESET_PATH = '/user/update-password';
/**
 * Header the web app sends on every call. A page on another site cannot send it without the server's consent
 * (no CORS), so a state-changing call carrying the session cookie must carry it (or a same-site Origin).
 */
export const CLIENT_HEADER = 'x-sealplan-client';
/** The session cookie the server sets at sign-in (HttpOnly: script never reads it). */
export const SESSION_COOKIE = 'sealplan_token';
/** Spec §4: the anonymous token means "not signed in". */
export const ANONYMOUS_ACCESS_TOKEN = 'anonymous';

/**
 * Sign-in limits (fixed windows in the shared rate_limits table; docs/decisions/011-abuse-limits.md). Counted
 * per account *and* source, so a stranger's wrong guesses never lock the owner out from elsewhere.
 */
export const SIGN_IN_LIMITS = {
  windowMs: 15 * 60 * 1000,
  /** Password checks one source may make against one account per window; then only that pair waits. */
  maxAttemptsPerAccountAndSource: 10,
  /** Failed attempts one source may make across all accounts per window (the backoff on the source). */
  maxFailuresPerAddress: 30,
  /** Failures one account may take from all sources per window before only familiar sources may try. */
  maxFailuresPerAccount: 100,
  /** A source that signed in to the account this recently is familiar. */
  familiarSourceMs: 30 * 24 * 60 * 60 * 1000,
} as const;

/** Password-reset mails: per address and source, and per source across addresses (never per address alone). */
export const RESET_MAIL_LIMITS = {
  windowMs: 60 * 60 * 1000,
  maxPerAddressAndSource: 3,
  maxPerSource: 10,
} as const;

/** Texts of spec §4, §5 and §8 for accounts. Server answers and web forms use these, so they live once. */
export const AUTH_MESSAGES = {
  // spec §5 / §8 sign-in
  incorrect: 'The user name or password is incorrect.',
  failedToAuthenticate: 'Failed to authenticate.',
  // spec §4 (the denied text has two spaces, verbatim)
  pending:
    'Your account has not yet been approved. You will receive an email with login instructions when you can access the product.',
  denied: 'Your account registration was not approved.  You are not able to access the product.',
  suspended: 'Your account has been suspended. Please contact your administrator.',
  notAuthorized: 'You are not authorized.',
  signInRequired: 'Please sign in.',
  tokenExpired: 'Your token has expired',
  rateLimited: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
  unsupportedGrant: 'Only the password grant is supported.',
  crossSite: 'Cross-site requests are refused.',
  // spec §5 register
  required: 'This field is required',
  email: 'This field must be a valid email address',
  phone: 'Invalid Phone Number',
  passwordLength: 'Passwords must be at least 6 characters',
  passwordTooLong: 'Passwords must be at most 256 characters',
  passwordMismatchRegister: 'Password does not match',
  emailTaken: 'An account with this email address already exists.',
  registerFailed: 'Failed to register. Please try again.',
  registerRateLimited: 'Too many registrations from this address. Please try again later.',
  registered:
    'Thank you for registering. An administrator will send you an email when your account is approved.',
  // spec §5 reset password
  passwordsMustMatch: 'Passwords must match.',
  missingRedirectUrl: 'Missing redirect URL.',
  missingEmail: 'Missing user email.',
  missingConfirmId: 'Missing confirm id.',
  missingNewPassword: 'Missing new password.',
  missingConfirmPassword: 'Missing password confirmation.',
  invalidEmail: 'Invalid email address.',
  redirectNotAllowed: 'The redirect URL must point to this application.',
  resetTokenInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  resetEmailSent: 'Email sent!  Please check your email to reset your password.',
  resetEmailFailed: 'Failed to send password reset e-mail.',
  passwordChanged: 'Password change successful!',
  passwordReset: 'Password successfully reset!',
  // spec §5 change-password dialog
  newPasswordLength: 'New password must be at least 6 characters long.',
  passwordsDoNotMatch: 'Passwords do not match.',
  oldPasswordIncorrect: 'The current password is incorrect.',
} as const;

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
