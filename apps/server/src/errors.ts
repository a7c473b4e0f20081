import type { ErrorCode } from '@sealplan/contracts';

/** The one error type of the server. Thrown anywhere; the error handler turns it into the envelope. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** When to ask again (the Retry-After header of a 429 or 503). */
    readonly options?: { retryAfterSeconds?: number },
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** One map from error code to HTTP status. */
export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 400,
  ACCOUNT_PENDING: 403,
  ACCOUNT_DENIED: 403,
  ACCOUNT_SUSPENDED: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  VERSION_CONFLICT: 409,
  EMAIL_TAKEN: 409,
  RATE_LIMITED: 429,
  RESET_TOKEN_INVALID: 400,
  PAYLOAD_TOO_LARGE: 413,
  MAIL_FAILED: 502,
  TIME_BUDGET_EXCEEDED: 503,
  // The work needs more memory than the server gives one task: the same request would fail again (ADR 022).
  MEMORY_BUDGET_EXCEEDED: 413,
  BULK_WORK_BUSY: 429,
  LOCKED: 423,
  UNSUPPORTED_MEDIA_TYPE: 415,
  NOT_CONFIGURED: 503,
  UPSTREAM_FAILED: 502,
  INTERNAL: 500,
  EXTERNAL_NOT_CONFIGURED: 404,
  EXTERNAL_SIGN_IN_FAILED: 400,
  EXTERNAL_ID_IN_USE: 409,
  EXTERNAL_PROVIDER_UNAVAILABLE: 502,
};
