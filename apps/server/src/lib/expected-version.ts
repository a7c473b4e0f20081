import { RECORD_MESSAGES } from '@sealplan/contracts';
import { AppError } from '../errors';

/**
 * The version an update must match: the one the user edited, or null when they chose to overwrite (force).
 * An update without either is refused, so a stale screen can never overwrite silently.
 */
export function expectedVersion(
  input: { version?: number | undefined; force?: boolean | undefined },
  field: string,
): number | null {
  if (input.force) return null;
  if (input.version === undefined) {
    throw new AppError('VALIDATION_FAILED', RECORD_MESSAGES.versionRequired, {
      [field]: RECORD_MESSAGES.versionRequired,
    });
  }
  return input.version;
}
