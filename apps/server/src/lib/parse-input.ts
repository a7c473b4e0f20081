import type { z } from 'zod';
import { AppError } from '../errors';

/**
 * Validates input that did not come through a route schema (generic records, seeds) with the same contract, and
 * fails like a route would: VALIDATION_FAILED with one message per field (paths under `prefix`).
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, prefix: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    fields[path] ??= issue.message;
  }
  throw new AppError('VALIDATION_FAILED', Object.values(fields)[0] ?? 'The request is not valid.', fields);
}
