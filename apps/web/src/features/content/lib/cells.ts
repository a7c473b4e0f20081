import type { DynamicFormField } from '@sealplan/contracts';

export interface CellFormat {
  /** The one number formatter (lib/units formatNumber). */
  formatNumber: (value: number, maxDecimals?: number) => string;
  formatDate: (iso: string) => string;
  yes: string;
  no: string;
}

/** Spec §9 default price range 0–8000: prices and other decimals show at most 2 decimals. */
const CELL_DECIMALS = 2;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}/;

const optionLabel = (field: DynamicFormField | undefined, value: string) =>
  field?.options?.find((o) => o.value === value)?.label ?? value;

/** The text a grid cell shows for a value of the field (its widget decides how); `name` is the column's key. */
export function cellText(
  field: DynamicFormField | undefined,
  value: unknown,
  format: CellFormat,
  name: string = field?.name ?? '',
): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean') return value ? format.yes : format.no;
  if (typeof value === 'number') return format.formatNumber(value, CELL_DECIMALS);
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v === 'string' || typeof v === 'number'))
      return value.map((v) => optionLabel(field, String(v))).join(', ');
    return String(value.length);
  }
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    const text = o.label ?? o.name ?? o.display ?? o.id;
    return typeof text === 'string' ? text : '…';
  }
  const text = String(value);
  // A record's own stamps (createdOn, lastUpdatedOn) have no form field: their key says they are dates.
  if ((field?.type === 'date' || /On$/.test(name)) && ISO_DATE.test(text)) return format.formatDate(text);
  return optionLabel(field, text);
}

/**
 * The text a CSV cell holds: like the grid, but numbers plain (no grouping, '.' decimals) and dates ISO, so they
 * parse back exactly (the same rule as the server's CSV documents, ADR 007).
 */
export function csvText(
  field: DynamicFormField | undefined,
  value: unknown,
  format: Pick<CellFormat, 'yes' | 'no'>,
) {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string' && field?.type !== 'select' && field?.type !== 'radio') return value;
  return cellText(field, value, { ...format, formatNumber: (n) => String(n), formatDate: (d) => d });
}

/** A column key as words, for a key nobody labelled: "createdOn" -> "Created on", "isLocked" -> "Locked". */
export function keyAsWords(name: string): string {
  const words = name
    .replace(/^is(?=[A-Z])/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The grid's columns: the configured list columns (or the first four visible fields), each labelled by its field,
 * else by `labelOf` (the record's own columns in the user's language), else by its key in words (ADR 029).
 */
export function gridColumns(
  fields: readonly DynamicFormField[],
  listColumns: readonly string[],
  labelOf: (name: string) => string | undefined = () => undefined,
) {
  const byName = new Map(fields.map((f) => [f.name, f]));
  const names = listColumns.length
    ? listColumns
    : fields
        .filter(
          (f) => !f.isHidden && ['input', 'select', 'radio', 'checkbox', 'date', 'chips'].includes(f.type),
        )
        .slice(0, 4)
        .map((f) => f.name);
  return names.map((name) => ({
    name,
    field: byName.get(name),
    label: byName.get(name)?.label ?? labelOf(name) ?? keyAsWords(name),
  }));
}
