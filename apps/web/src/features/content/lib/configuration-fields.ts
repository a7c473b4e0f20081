import { modelConfigurationSchema, type DynamicFormField } from '@sealplan/contracts';

const OPTIONAL_EMPTY = (v: unknown) =>
  v === '' || v === null || v === undefined || (Array.isArray(v) && v.length === 0);

/**
 * A fields list as the form builder edits it (empty texts for unset options, empty lists) made into the contract's
 * shape: unset optional keys are dropped, `false` flags too, recursively through nested fields. Keeps `name`, `type`
 * and `label` even when empty so that the contract reports them.
 */
export function cleanFields(raw: unknown): unknown {
  if (!Array.isArray(raw)) return raw;
  return raw.map((entry) => {
    if (!entry || typeof entry !== 'object') return entry;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(entry as Record<string, unknown>)) {
      if (['name', 'type', 'label'].includes(key)) out[key] = value ?? '';
      else if (key === 'fields') {
        const nested = cleanFields(value);
        if (!OPTIONAL_EMPTY(nested)) out[key] = nested;
      } else if (key === 'validations' || key === 'options') {
        if (Array.isArray(value) && value.length)
          out[key] = value.map((v) =>
            Object.fromEntries(
              Object.entries(v as Record<string, unknown>).filter(([, x]) => !OPTIONAL_EMPTY(x)),
            ),
          );
      } else if (value === false || OPTIONAL_EMPTY(value)) continue;
      else out[key] = value;
    }
    return out;
  });
}

/** Why a field of a configuration being edited is left out of the preview: its index and what it lacks. */
export interface PreviewProblem {
  index: number;
  kind: 'nameMissing' | 'nameInvalid' | 'incomplete';
}

export interface PreviewResult {
  /** The fields that make a form as they are, in order (a field without a widget yet shows as an input). */
  fields: DynamicFormField[];
  problems: PreviewProblem[];
}

const fieldSchema = modelConfigurationSchema.shape.fields.element;

/**
 * The fields of a model configuration being edited, for the live preview: each field the contract accepts is
 * shown, so a field appears as soon as it has a name; the others are reported by position, not left to hide the
 * whole form.
 */
export function previewFields(raw: unknown): PreviewResult {
  const cleaned = cleanFields(raw);
  const out: PreviewResult = { fields: [], problems: [] };
  if (!Array.isArray(cleaned)) return out;
  cleaned.forEach((entry: unknown, index) => {
    const candidate =
      entry && typeof entry === 'object' && !(entry as { type?: unknown }).type
        ? { ...(entry as object), type: 'input' }
        : entry;
    const parsed = fieldSchema.safeParse(candidate);
    if (parsed.success) {
      out.fields.push(parsed.data);
      return;
    }
    const name = (entry as { name?: unknown } | null)?.name;
    const kind =
      typeof name !== 'string' || name.trim() === ''
        ? 'nameMissing'
        : parsed.error.issues.some((i) => i.path.length === 1 && i.path[0] === 'name')
          ? 'nameInvalid'
          : 'incomplete';
    out.problems.push({ index, kind });
  });
  return out;
}
