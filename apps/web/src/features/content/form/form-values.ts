import type { DynamicFormField, DynamicFormIssue } from '@sealplan/contracts';

/** Spec §9: form changes are debounced 500 ms before they are reported. */
export const FORM_CHANGE_DEBOUNCE_MS = 500;
/** Spec §9: the modal-link widget's dialog is 1000 × 600 px. */
export const MODAL_WIDTH_PX = 1000;
export const MODAL_HEIGHT_PX = 600;
/**
 * Spec §2 dialogue list: the nested field of a dialogue that holds its device settings (a `modalLink`, so the
 * shared validator judges its fields). `null` means none: the previous settings stay unchanged.
 */
export const DEVICE_SETTINGS_FIELD = 'deviceSettings';
/** Widgets whose value is a list of nested entries. */
export const LIST_WIDGETS = ['repeat', 'tabs', 'dialogues', 'menuChildren'] as const;

export type FormValues = Record<string, unknown>;

const isRecord = (v: unknown): v is FormValues => !!v && typeof v === 'object' && !Array.isArray(v);

/** The value a field starts with when the configuration gives none. */
function emptyValue(field: DynamicFormField): unknown {
  switch (field.type) {
    case 'checkbox':
      return false;
    case 'chips':
    case 'repeat':
    case 'tabs':
    case 'dialogues':
    case 'menuChildren':
      return [];
    case 'modalLink':
    case 'date':
      return null;
    case 'input':
      return field.inputType === 'number' ? null : '';
    default:
      return '';
  }
}

/**
 * The form's values: each configured field from `record` when present, else its configured `value`, else an empty
 * value of its widget; list entries get the same treatment, so every nested input is controlled from the start.
 * Keys of `record` that no field names (guid, version, …) are kept as they were.
 */
export function withDefaults(fields: readonly DynamicFormField[], record: FormValues = {}): FormValues {
  const values: FormValues = { ...record };
  for (const field of fields) {
    if (field.type === 'button') continue;
    const given = record[field.name];
    let value: unknown = given !== undefined ? given : (field.value ?? emptyValue(field));
    if ((LIST_WIDGETS as readonly string[]).includes(field.type) && field.fields?.length) {
      value = Array.isArray(value)
        ? value.map((entry) => withDefaults(field.fields!, isRecord(entry) ? entry : {}))
        : [];
    } else if (field.type === 'modalLink' && field.fields?.length && isRecord(value)) {
      value = withDefaults(field.fields, value);
    }
    values[field.name] = value;
  }
  return values;
}

/** A new entry of a list widget (Add Dialogue, Add Child Menu Item, a new tab or repeat entry). */
export function newEntry(field: DynamicFormField): FormValues {
  return withDefaults(field.fields ?? [], {});
}

/** Failed validations grouped by field path, in the order they failed (spec §5: each message is shown). */
export function messagesByPath(issues: readonly DynamicFormIssue[]): Map<string, string[]> {
  const byPath = new Map<string, string[]>();
  for (const issue of issues) {
    const list = byPath.get(issue.path) ?? [];
    if (!list.includes(issue.message)) list.push(issue.message);
    byPath.set(issue.path, list);
  }
  return byPath;
}

export interface FieldErrorShape {
  type: string;
  message: string;
  /** Every failed validation's message (react-hook-form's `types`, criteriaMode 'all'). */
  types: Record<string, string>;
}

/** Issues as react-hook-form's nested error object: `children.0.link` -> errors.children[0].link. */
export function issuesToErrors(issues: readonly DynamicFormIssue[]): FormValues {
  const root: FormValues = {};
  for (const [path, messages] of messagesByPath(issues)) {
    const parts = path.split('.');
    let node: Record<string, unknown> = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        const error: FieldErrorShape = {
          type: 'validation',
          message: messages[0]!,
          types: Object.fromEntries(messages.map((m, n) => [`v${n}`, m])),
        };
        node[part] = error;
        return;
      }
      const nextIsIndex = /^\d+$/.test(parts[i + 1]!);
      node[part] ??= nextIsIndex ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
}

/** The messages of one field's error (all of them when several validations failed). */
export function errorMessages(error: unknown): string[] {
  if (!isRecord(error)) return [];
  const types = isRecord(error.types) ? Object.values(error.types).filter((m) => typeof m === 'string') : [];
  if (types.length) return types as string[];
  return typeof error.message === 'string' && error.message ? [error.message] : [];
}

/** A short text for an entry of a list (the tab's title): its first filled text value. */
export function entryTitle(fields: readonly DynamicFormField[], entry: unknown): string | null {
  if (!isRecord(entry)) return null;
  for (const field of fields) {
    const v = entry[field.name];
    if (typeof v === 'string' && v.trim() && field.type !== 'button') return v.trim();
  }
  return null;
}
