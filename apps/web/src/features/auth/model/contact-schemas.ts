import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, isPhoneNumber } from '@sealplan/contracts';

/**
 * The account forms with a phone number (spec §5), apart from auth-schemas.ts because the phone check carries
 * libphonenumber's metadata, which the login page does not download (ADR 033). Messages are i18n keys of the
 * `auth` namespace, as there.
 */
const required = (schema: z.ZodString = z.string()) => schema.min(1, 'validation.required');

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
