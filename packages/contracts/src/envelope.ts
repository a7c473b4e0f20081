import { z } from 'zod';
import { ERROR_CODES } from './errors';

/** Spec §7: every answer is `{ success, data, messages }`. Errors add `error` with a stable code. */
export const apiErrorSchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  /** Spec §7: token failures are read from error.error_description. */
  error_description: z.string().optional(),
  /** Field path -> message, for validation errors. */
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({
    success: z.boolean(),
    data,
    messages: z.array(z.string()),
    error: apiErrorSchema.optional(),
  });

export const errorEnvelopeSchema = envelope(z.null());

export interface Envelope<T> {
  success: boolean;
  data: T;
  messages: string[];
  error?: ApiError;
}
