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

export type PreviewResult = { ok: true; fields: DynamicFormField[] } | { ok: false; message: string };

/** The fields of a model configuration being edited, checked by the contract, for the live preview. */
export function previewFields(raw: unknown): PreviewResult {
  const parsed = modelConfigurationSchema.shape.fields.safeParse(cleanFields(raw));
  if (parsed.success) return { ok: true, fields: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, message: `${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}` };
}
