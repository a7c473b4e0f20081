/**
 * Stable error codes shared by server and web. The server maps each to an HTTP status in one place
 * (apps/server/src/errors.ts); the web app branches on the code, never on message text.
 */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'BAD_REQUEST',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'ACCOUNT_PENDING',
  'ACCOUNT_DENIED',
  'ACCOUNT_SUSPENDED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'VERSION_CONFLICT',
  'EMAIL_TAKEN',
  'RATE_LIMITED',
  'RESET_TOKEN_INVALID',
  'PAYLOAD_TOO_LARGE',
  'MAIL_FAILED',
  'TIME_BUDGET_EXCEEDED',
  'MEMORY_BUDGET_EXCEEDED',
  'BULK_WORK_BUSY',
  'LOCKED',
  'UNSUPPORTED_MEDIA_TYPE',
  'NOT_CONFIGURED',
  'UPSTREAM_FAILED',
  'INTERNAL',
  'EXTERNAL_NOT_CONFIGURED',
  'EXTERNAL_SIGN_IN_FAILED',
  'EXTERNAL_ID_IN_USE',
  'EXTERNAL_PROVIDER_UNAVAILABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
