import type { TFunction } from 'i18next';
import {
  TRANSLATED_NAME_LOCALES,
  type CatalogueTable,
  type FormData,
  type SampleFields,
  type SaveCatalogueRequest,
  type TranslatedNames,
} from '@sealplan/contracts';

/** The form holds exactly the PUT body, so the contract's schema validates it and server field paths fit it. */
export type CatalogueFormValues = SaveCatalogueRequest;
export type CatalogueValues = CatalogueFormValues['catalogue'];

/** The form's starting values: a copy of the stored catalogue (without the derived isSample) and its version. */
export function toFormValues(data: FormData): CatalogueFormValues {
  const { isSample: _derived, ...catalogue } = structuredClone(data.catalogue);
  // ADR 030: every named row holds a name per language, '' where it has none (its English name shows there), so
  // the name fields start from a value and an untouched form is not changed; the server stores no empty name.
  const named = <T extends { names?: TranslatedNames }>(rows: T[]) =>
    rows.map((row) => ({ ...row, names: allNames(row.names) }));
  return {
    catalogue: {
      ...catalogue,
      itemTypes: named(catalogue.itemTypes),
      transitTypes: named(catalogue.transitTypes),
      classes: named(catalogue.classes),
      sealants: named(catalogue.sealants),
    },
    version: data.meta.version,
  };
}

/** A name per language: the stored ones, '' for the rest. */
function allNames(names: TranslatedNames | undefined): Required<TranslatedNames> {
  return Object.fromEntries(
    TRANSLATED_NAME_LOCALES.map((locale) => [locale, names?.[locale] ?? '']),
  ) as Required<TranslatedNames>;
}

/** How a row is named in `sampleFields`: its id, or its position for the clearance table (which has no id). */
export function rowKey(table: CatalogueTable, row: { id?: string }, index: number): string {
  return table === 'clearance' ? String(index) : String(row.id);
}

/** Whether the stored value of `field` in that row is a sample value (no public source). */
export function isSampleValue(
  marks: SampleFields | undefined,
  table: CatalogueTable,
  key: string,
  field: string,
): boolean {
  return marks?.[table]?.[key]?.includes(field) ?? false;
}

/** The first id `PREFIX-n` not taken yet, for a row an administrator adds. */
export function uniqueId(prefix: string, taken: readonly string[]): string {
  const used = new Set(taken);
  for (let n = 1; ; n += 1) {
    const id = `${prefix}-${n}`;
    if (!used.has(id)) return id;
  }
}

/** Formats a limit in the field's own unit: names end in Mm (lengths, shown in the user's system) or Ml. */
export interface LimitFormat {
  formatLength: (mm: number) => string;
  formatVolume: (ml: number) => string;
}

function formatLimit(field: string, value: number, units: LimitFormat): string {
  if (field.endsWith('Mm')) return units.formatLength(value);
  if (field.endsWith('Ml')) return units.formatVolume(value);
  return String(value);
}

/** The parts of a zod issue the messages need (zod's own texts are English and name no unit). */
export interface CatalogueIssue {
  code: string;
  path?: readonly PropertyKey[];
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
}

/**
 * One message per field, in the user's language, for a failure of the contract's schema. Limits of lengths are
 * given in the user's unit system, like the field itself. Keys live under `catalogue:validation`.
 */
export function issueMessage(issue: CatalogueIssue, t: TFunction, units: LimitFormat): string {
  const field = String(issue.path?.[issue.path.length - 1] ?? '');
  const isText = issue.origin === 'string';
  switch (issue.code) {
    case 'invalid_type':
      return t('catalogue:validation.required');
    case 'invalid_value':
      return t('catalogue:validation.choose');
    case 'too_small': {
      if (isText) return t('catalogue:validation.required');
      const min = Number(issue.minimum ?? 0);
      if (!issue.inclusive && min === 0) return t('catalogue:validation.positive');
      return t('catalogue:validation.min', { min: formatLimit(field, min, units) });
    }
    case 'too_big': {
      const max = Number(issue.maximum ?? 0);
      if (isText) return t('catalogue:validation.maxLength', { max });
      if (issue.origin === 'array') return t('catalogue:validation.maxRows', { max });
      return t('catalogue:validation.max', { max: formatLimit(field, max, units) });
    }
    case 'custom':
      // The contract's shape rules of a standard opening (ADR 020): a size the shape needs, or a corner
      // radius above half the shorter side.
      return t(
        field === 'cornerRadiusMm' ? 'catalogue:validation.cornerRadius' : 'catalogue:validation.required',
      );
    default:
      return t('catalogue:validation.invalid');
  }
}

interface ErrorNode {
  message?: unknown;
  [key: string]: unknown;
}

/** The first message in an error subtree of react-hook-form (a field, a row or a whole table). */
export function firstMessage(node: unknown): string | undefined {
  if (!node || typeof node !== 'object') return undefined;
  const { message } = node as ErrorNode;
  if (typeof message === 'string' && message !== '') return message;
  for (const [key, child] of Object.entries(node)) {
    if (key === 'ref' || key === 'message' || key === 'type' || key === 'types') continue;
    const found = firstMessage(child);
    if (found) return found;
  }
  return undefined;
}

/** How many fields of an error subtree have a message (the badge on a tab). */
export function countMessages(node: unknown): number {
  if (!node || typeof node !== 'object') return 0;
  const { message } = node as ErrorNode;
  if (typeof message === 'string' && message !== '') return 1;
  let count = 0;
  for (const [key, child] of Object.entries(node)) {
    if (key === 'ref' || key === 'type' || key === 'types') continue;
    count += countMessages(child);
  }
  return count;
}

/** Server field errors (`catalogue.cableSleeves.3.cableMaxMm`) that belong to the form, by form path. */
export function catalogueFieldErrors(fields: Record<string, string> | undefined): [string, string][] {
  return Object.entries(fields ?? {}).filter(([path]) => path.startsWith('catalogue.'));
}
