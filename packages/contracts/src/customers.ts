import { z } from 'zod';
import { singleLine } from './input-gate';
import { auditingSchema, referenceSchema, saveControlSchema } from './records';
import {
  storedTranslatedNamesSchema,
  TRANSLATED_NAME_MAX_LENGTH,
  translatedNamesSchema,
} from './translated-names';
import { isPhoneNumber, PHONE_MAX_LENGTH } from './phone';

/** Spec §3: industries are a separate active list; fixed identifiers ON_SHORE and OFF_SHORE. */
export const INDUSTRY_IDS = { ON_SHORE: 'ON_SHORE', OFF_SHORE: 'OFF_SHORE' } as const;
/** Spec §2: the offshore disclaimer shows when the chosen industry is this one. */
export const OFFSHORE_INDUSTRY_ID = INDUSTRY_IDS.OFF_SHORE;

export const industrySchema = z.object({
  id: z.string(),
  /** The English name; `names` per other language (ADR 030: resolve with `localizedName`). */
  name: z.string(),
  names: storedTranslatedNamesSchema,
  isActive: z.boolean(),
  sort: z.number().int(),
});
export type Industry = z.infer<typeof industrySchema>;

/** Industries an administrator can name (the two of spec §3, and any seeded later). */
export const MAX_INDUSTRIES_PER_SAVE = 50;
export const INDUSTRY_MESSAGES = {
  name: 'Please Enter the industry name',
  notFound: 'This industry does not exist.',
} as const;

/**
 * ADR 030: an administrator names each industry in English (required) and in the other interface languages (one
 * left empty shows the English name). The identifiers are fixed (spec §3), so a save names existing industries only.
 */
export const saveIndustryNamesRequestSchema = z.object({
  industries: z
    .array(
      z.object({
        id: z.string().min(1).max(60),
        name: singleLine(
          z.string().trim().min(1, INDUSTRY_MESSAGES.name).max(TRANSLATED_NAME_MAX_LENGTH),
          'The name',
        ),
        names: translatedNamesSchema,
      }),
    )
    .min(1)
    .max(MAX_INDUSTRIES_PER_SAVE),
});
export type SaveIndustryNamesRequest = z.input<typeof saveIndustryNamesRequestSchema>;

/** Spec §5 customer form limits. */
export const CUSTOMER_NAME_MIN_LENGTH = 2;
export const CUSTOMER_NAME_MAX_LENGTH = 50;
export const EMAIL_MAX_LENGTH = 254;

/** Spec §5 / §8 texts of the customer form, used by the dialog and the server alike. */
export const CUSTOMER_MESSAGES = {
  companyName: 'Please Enter a Company Name',
  industry: 'Please Enter an industry',
  firstName: 'Please Enter a First Name',
  lastName: 'Please Enter a Last Name',
  phone: 'Please Enter a valid phone number',
  email: 'Please Enter a valid email',
  saved: 'Customer saved successfully!',
  notFound: 'Customer not found.',
  industryNotFound: 'This industry does not exist or is not active.',
  inUse: 'This customer has projects. Remove or move them first.',
} as const;

const boundedName = (message: string, field: string) =>
  singleLine(
    z
      .string({ error: message })
      .trim()
      .min(CUSTOMER_NAME_MIN_LENGTH, message)
      .max(CUSTOMER_NAME_MAX_LENGTH, message),
    field,
  );
const phone = z
  .string({ error: CUSTOMER_MESSAGES.phone })
  .trim()
  .min(1, CUSTOMER_MESSAGES.phone)
  .max(PHONE_MAX_LENGTH, CUSTOMER_MESSAGES.phone)
  // The one phone rule of every form (ADR 029).
  .refine(isPhoneNumber, CUSTOMER_MESSAGES.phone);
const email = z
  .string({ error: CUSTOMER_MESSAGES.email })
  .trim()
  .max(EMAIL_MAX_LENGTH, CUSTOMER_MESSAGES.email)
  .email(CUSTOMER_MESSAGES.email);
const industryId = z
  .string({ error: CUSTOMER_MESSAGES.industry })
  .trim()
  .min(1, CUSTOMER_MESSAGES.industry)
  .max(60);

/** Spec §3/§5: the Add/Edit Customer dialog's fields and rules (zodResolver in the web app). */
export const customerFormSchema = z.object({
  companyName: boundedName(CUSTOMER_MESSAGES.companyName, 'The company name'),
  industry: industryId,
  pocFirstName: boundedName(CUSTOMER_MESSAGES.firstName, 'The first name'),
  pocLastName: boundedName(CUSTOMER_MESSAGES.lastName, 'The last name'),
  pocPhoneNumber: phone,
  pocEmail: email,
});
export type CustomerForm = z.infer<typeof customerFormSchema>;

/** Spec §3 stored customer record as the API answers it. */
export const customerSchema = z.object({
  id: z.string(),
  guid: z.string(),
  name: z.string(),
  industry: referenceSchema,
  contactFirstName: z.string(),
  contactLastName: z.string(),
  contactPhone: z.string(),
  contactEmail: z.string(),
  /** Live (not removed) projects of this customer. */
  projectCount: z.number().int(),
  isActive: z.boolean(),
  version: z.number().int(),
  auditing: auditingSchema,
});
export type Customer = z.infer<typeof customerSchema>;

/**
 * The customer as saved (stored field names, spec §3), with the same spec §5 messages as the form. No `id` creates;
 * `version` is the one the user edited (VERSION_CONFLICT when older, unless `force`); `isDelete` deactivates
 * (soft delete: isActive false, projects keep their customer).
 */
export const customerInputSchema = z
  .object({
    id: z.string().uuid().optional(),
    name: boundedName(CUSTOMER_MESSAGES.companyName, 'The company name'),
    industryId,
    contactFirstName: boundedName(CUSTOMER_MESSAGES.firstName, 'The first name'),
    contactLastName: boundedName(CUSTOMER_MESSAGES.lastName, 'The last name'),
    contactPhone: phone,
    contactEmail: email,
    isActive: z.boolean().optional(),
  })
  .extend(saveControlSchema.shape);
export type CustomerInput = z.input<typeof customerInputSchema>;

/** Spec §7 POST /api/customer/saveOne {customer} -> the saved Customer. */
export const saveCustomerRequestSchema = z.object({ customer: customerInputSchema });
export type SaveCustomerRequest = z.input<typeof saveCustomerRequestSchema>;

/** Spec §7 POST /api/customer/getActive {} -> Customer[] (active, sorted by name). */
export const emptyRequestSchema = z.object({}).passthrough().optional();

/** Form values -> save input (the dialog edits form names, the API stores spec §3 names). */
export function customerFormToInput(
  form: CustomerForm,
  existing?: Pick<Customer, 'id' | 'version'>,
): CustomerInput {
  return {
    ...(existing ? { id: existing.id, version: existing.version } : {}),
    name: form.companyName,
    industryId: form.industry,
    contactFirstName: form.pocFirstName,
    contactLastName: form.pocLastName,
    contactPhone: form.pocPhoneNumber,
    contactEmail: form.pocEmail,
  };
}

/** Stored customer -> form values for editing. */
export function customerToForm(customer: Customer): CustomerForm {
  return {
    companyName: customer.name,
    industry: customer.industry.id,
    pocFirstName: customer.contactFirstName,
    pocLastName: customer.contactLastName,
    pocPhoneNumber: customer.contactPhone,
    pocEmail: customer.contactEmail,
  };
}
