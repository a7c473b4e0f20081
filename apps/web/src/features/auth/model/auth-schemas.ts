import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, isPhoneNumber } from '@sealplan/contracts';

// One definition of the limits, shared with the server (spec §5, §9).
export { MIN_PASSWORD_LENGTH };

/**
 * Form schemas. Messages are i18n keys of the `auth` namespace, translated where they are shown, so the
 * spec texts (§5, §8) live once, in locales/<culture>/auth.json.
 */
const required = (schema: z.ZodString = z.string()) => schema.min(1, 'validation.required');

export const loginSchema = z.object({
  username: z.string().trim().min(1, 'validation.required').email('validation.email'),
  password: z.string().min(1, 'validation.required'),
});
export type LoginValues = z.infer<typeof loginSchema>;

export const emailSchema = z.string().trim().email();

/** Spec §5 register: required fields, valid e-mail, optional phone pattern, password 6+, confirmation equal. */
export const registerSchema = z
  .object({
    firstName: required(z.string().trim()),
    lastName: required(z.string().trim()),
    company: required(z.string().trim()),
    industry: required(),
    phoneNumber: z
      .string()
      .trim()
      .refine((v) => v === '' || isPhoneNumber(v), 'validation.phone'),
    email: required(z.string().trim()).email('validation.email'),
    // Passwords are not trimmed: a space may be part of them.
    password: required()
      .min(MIN_PASSWORD_LENGTH, 'validation.passwordLength')
      .max(MAX_PASSWORD_LENGTH, 'validation.passwordTooLong'),
    confirmPassword: required(),
  })
  .refine((v) => v.confirmPassword === '' || v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'validation.passwordMatch',
  });
export type RegisterValues = z.input<typeof registerSchema>;

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

/** Spec §5 profile edit: first and last name required; phone optional. */
export const profileSchema = z.object({
  firstName: z.string().trim().min(1, 'userInfo.required'),
  lastName: z.string().trim().min(1, 'userInfo.required'),
  phoneNumber: z
    .string()
    .trim()
    .refine((v) => v === '' || isPhoneNumber(v), 'validation.phone'),
});
export type ProfileValues = z.infer<typeof profileSchema>;
