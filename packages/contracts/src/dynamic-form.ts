import { z } from 'zod';
import { singleLine } from './input-gate';
import { linkField } from './links';

/**
 * Spec §3 "Dynamic form field" and §2 "Generic admin form builder": a model configuration describes a model's
 * fields; the admin grids and forms are rendered from it, and the server validates records against it
 * (`/api/instance/validate/{model}`). One validator (`validateDynamicForm`) serves the browser and the server.
 */

/** Spec §2: every widget of the form builder. */
export const DYNAMIC_WIDGETS = [
  'input', // single-line input (inputType: text, email, number, url, tel, password)
  'textarea',
  'button',
  'select',
  'date',
  'radio',
  'checkbox',
  'chips', // autocomplete chips: drag-reorderable, optional images, count in brackets, Enter and comma separate
  'tabs', // tabs of nested fields; an add button and Remove on each tab when repeatable
  'repeat', // repeating form: an add button, Remove on each entry
  'dialogues', // dialogue list: Add Dialogue top and bottom, Move Up / Move Down / Remove Dialogue, device settings
  'menuChildren', // child menu-item list: Add Child Menu Item / Remove Child Menu Item
  'modalLink', // opens a 1000 × 600 px dialog with a nested form
] as const;
export type DynamicWidget = (typeof DYNAMIC_WIDGETS)[number];

/** Validators a field may carry; `validator` holds the argument where one is needed (a length, a bound, a pattern). */
export const DYNAMIC_VALIDATORS = [
  'required',
  'minLength',
  'maxLength',
  'min',
  'max',
  'pattern',
  'email',
] as const;
export type DynamicValidatorName = (typeof DYNAMIC_VALIDATORS)[number];

export const dynamicValidationSchema = z.object({
  name: z.enum(DYNAMIC_VALIDATORS),
  validator: z.union([z.string().max(500), z.number()]).optional(),
  message: singleLine(z.string().min(1).max(300), 'The message'),
});
export type DynamicValidation = z.infer<typeof dynamicValidationSchema>;

export const dynamicOptionSchema = z.object({
  value: singleLine(z.string().max(200), 'The value'),
  label: singleLine(z.string().max(200), 'The label'),
  imageUrl: linkField(singleLine(z.string().max(2000), 'The image address').optional()),
});
export type DynamicOption = z.infer<typeof dynamicOptionSchema>;

/** A value a field holds: text, number, boolean, a list (chips, repeat entries) or nested records. */
export type DynamicValue =
  string | number | boolean | null | DynamicValue[] | { [key: string]: DynamicValue };

export interface DynamicFormField {
  name: string;
  type: DynamicWidget;
  label: string;
  value?: DynamicValue;
  validations?: DynamicValidation[];
  options?: DynamicOption[];
  inputType?: 'text' | 'email' | 'number' | 'url' | 'tel' | 'password';
  isHidden?: boolean;
  isDisabled?: boolean;
  /** Nested fields: the entry form of `repeat`, `tabs`, `dialogues`, `menuChildren` and `modalLink`. */
  fields?: DynamicFormField[];
}

const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,59}$/;

export const dynamicFormFieldSchema: z.ZodType<DynamicFormField> = z.lazy(() =>
  z.object({
    name: z.string().regex(FIELD_NAME, 'A field name starts with a letter and holds letters, digits and _.'),
    type: z.enum(DYNAMIC_WIDGETS),
    label: singleLine(z.string().max(200), 'The label'),
    value: z.unknown().optional() as z.ZodType<DynamicValue | undefined>,
    validations: z.array(dynamicValidationSchema).max(20).optional(),
    options: z.array(dynamicOptionSchema).max(500).optional(),
    inputType: z.enum(['text', 'email', 'number', 'url', 'tel', 'password']).optional(),
    isHidden: z.boolean().optional(),
    isDisabled: z.boolean().optional(),
    fields: z.array(dynamicFormFieldSchema).max(100).optional(),
  }),
);

/** Spec §3 "model configuration": how one model's records are edited and listed. */
export const modelConfigurationSchema = z.object({
  /** The model served at /api/instance/{model}. */
  model: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9]{0,59}$/, 'A model name starts with a letter and holds letters and digits.'),
  label: z
    .string()
    .min(1, 'A configuration needs a label.')
    .max(200, 'A label can be at most 200 characters long.'),
  fields: z
    .array(dynamicFormFieldSchema)
    .min(1, 'Add at least one field.')
    .max(100, 'A configuration can have at most 100 fields.'),
  /** Field names shown as grid columns, in order. */
  listColumns: z
    .array(z.string().max(60, 'A column name can be at most 60 characters long.'))
    .max(20, 'A grid can show at most 20 columns.')
    .default([]),
});
export type ModelConfiguration = z.infer<typeof modelConfigurationSchema>;

/** One failed validation: the dotted path of the field (`children.0.link`) and the validation's message. */
export interface DynamicFormIssue {
  path: string;
  message: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CONTAINER_WIDGETS: readonly DynamicWidget[] = ['repeat', 'tabs', 'dialogues', 'menuChildren'];

function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === false ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

function failed(rule: DynamicValidation, value: unknown): boolean {
  if (rule.name === 'required') return isEmpty(value);
  if (isEmpty(value)) return false; // other rules judge only what was entered
  const arg = rule.validator;
  const length = typeof value === 'string' || Array.isArray(value) ? value.length : String(value).length;
  switch (rule.name) {
    case 'minLength':
      return length < Number(arg);
    case 'maxLength':
      return length > Number(arg);
    case 'min':
      return Number(value) < Number(arg);
    case 'max':
      return Number(value) > Number(arg);
    case 'pattern':
      try {
        return !new RegExp(String(arg)).test(String(value));
      } catch {
        return true;
      }
    case 'email':
      return !EMAIL.test(String(value));
  }
}

/**
 * Spec §5: every failed validation of every visible field, nested entries included (a child menu item without a
 * link fails at `children.N.link`). Hidden and disabled fields are not judged. Empty array = valid.
 */
export function validateDynamicForm(
  fields: readonly DynamicFormField[],
  values: Record<string, unknown>,
  prefix = '',
): DynamicFormIssue[] {
  const issues: DynamicFormIssue[] = [];
  for (const field of fields) {
    if (field.isHidden || field.isDisabled || field.type === 'button') continue;
    const path = prefix ? `${prefix}.${field.name}` : field.name;
    const value = values[field.name];
    for (const rule of field.validations ?? []) {
      if (failed(rule, value)) issues.push({ path, message: rule.message });
    }
    if (!field.fields?.length) continue;
    if (CONTAINER_WIDGETS.includes(field.type) && Array.isArray(value)) {
      value.forEach((entry, i) => {
        if (entry && typeof entry === 'object' && !Array.isArray(entry)) {
          issues.push(
            ...validateDynamicForm(field.fields!, entry as Record<string, unknown>, `${path}.${i}`),
          );
        }
      });
    } else if (field.type === 'modalLink' && value && typeof value === 'object' && !Array.isArray(value)) {
      issues.push(...validateDynamicForm(field.fields, value as Record<string, unknown>, path));
    }
  }
  return issues;
}
