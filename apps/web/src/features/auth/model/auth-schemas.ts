import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '@sealplan/contracts';

// One definition of the limits, shared with the server (spec §5, §9).
export { MIN_PASSWORD_LENGTH };

/**
 * Form schemas. Messages are i18n keys of the `auth` namespace, translated where they are shown, so the
 * spec texts (§5, §8) live once, in locales/<culture>/auth.json. The forms with a phone number are in
 * contact-schemas.ts: its check carries libphonenumber's metadata, which the login page does not need (ADR 033).
 */
export const loginSchema = z.object({
  username: z.string().trim().min(1, 'validation.required').email('validation.email'),
  password: z.string().min(1, 'validation.required'),
});
export type LoginValues = z.infer<typeof loginSchema>;

export const emailSchema = z.string().trim().email();

/** Spec §5 reset password: new and confirmation equal ('Passwords must match.'). */
export const resetPasswordSchema = z
  .object({
    newPassword: z.string().min(1, 'validation.required').min(MIN_PASSWORD_LENGTH, 'reset.tooShort'),
    confirmPassword: z.string().min(1, 'validation.required'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'reset.mismatch',
  });
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;

/** Spec §5 password change dialog. */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'userInfo.required'),
    newPassword: z.string().min(1, 'userInfo.required').min(MIN_PASSWORD_LENGTH, 'userInfo.newTooShort'),
    confirmPassword: z.string().min(1, 'userInfo.required'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'userInfo.mismatch',
  });
export type ChangePasswordValues = z.infer<typeof changePasswordSchema>;
