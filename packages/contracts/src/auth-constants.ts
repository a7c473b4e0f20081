// The account rules and texts without their schemas (ADR 033): the web app's public pages read these (the client
// header, password lengths, the reset path, the spec's messages) without downloading zod; auth.ts has the schemas.

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
