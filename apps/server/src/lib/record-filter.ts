import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { FILTER_MESSAGES, FILTER_OPERATORS, type FilterOperator } from '@sealplan/contracts';
import { AppError } from '../errors';
import type { FieldDef, FieldMap } from './record-fields';

/** Limits that keep a filter cheap to parse and to run. */
export const FILTER_LIMITS = {
  maxConditions: 50,
  maxOrDepth: 2,
  maxInValues: 100,
  maxTextLength: 200,
  maxSortKeys: 5,
} as const;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

function bad(message: string): never {
  throw new AppError('BAD_REQUEST', message);
}

/** Strictly a plain JSON object (not an array, not null). */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJsonObject(text: string, param: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    bad(fill(FILTER_MESSAGES.invalidJson, { param }));
  }
  if (!isPlainObject(parsed)) bad(fill(FILTER_MESSAGES.invalidJson, { param }));
  return parsed;
}

/** Validates one value against the field's kind; answers the value to bind (never SQL text). */
function coerceValue(field: string, def: FieldDef, value: unknown): string | number | boolean | Date {
  const invalid = () => bad(fill(FILTER_MESSAGES.invalidValue, { field }));
  switch (def.kind) {
    case 'text':
      if (typeof value === 'number' && Number.isFinite(value)) return String(value);
      if (typeof value !== 'string' || value.length > FILTER_LIMITS.maxTextLength) return invalid();
      return value;
    case 'uuid':
      if (typeof value !== 'string' || !UUID_PATTERN.test(value)) return invalid();
      return value.toLowerCase();
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return invalid();
      return value;
    case 'boolean':
      if (typeof value !== 'boolean') return invalid();
      return value;
    case 'date': {
      if (typeof value !== 'string' || !ISO_DATE_PATTERN.test(value)) return invalid();
      const date = new Date(value);
      if (Number.isNaN(date.getTime())) return invalid();
      return date;
    }
  }
}

/** LIKE pattern for a case-insensitive "contains", with the user's %, _ and \ taken literally. */
function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

function condition(field: string, def: FieldDef, op: FilterOperator, value: unknown): SQL {
  // Columns and SQL expressions take the same operators; one type keeps drizzle's overloads simple.
  const column = def.sql as SQL;
  if (value === null) {
    if (op === 'eq') return isNull(column);
    if (op === 'ne') return isNotNull(column);
    bad(fill(FILTER_MESSAGES.invalidValue, { field }));
  }
  switch (op) {
    case 'eq':
      return eq(column, coerceValue(field, def, value));
    case 'ne':
      return ne(column, coerceValue(field, def, value));
    case 'lt':
      return lt(column, coerceValue(field, def, value));
    case 'lte':
      return lte(column, coerceValue(field, def, value));
    case 'gt':
      return gt(column, coerceValue(field, def, value));
    case 'gte':
      return gte(column, coerceValue(field, def, value));
    case 'like':
    case 'contains': {
      if (def.kind !== 'text' || typeof value !== 'string' || value.length > FILTER_LIMITS.maxTextLength) {
        bad(fill(FILTER_MESSAGES.invalidValue, { field }));
      }
      return ilike(column, containsPattern(value));
    }
    case 'in': {
      if (!Array.isArray(value) || value.length > FILTER_LIMITS.maxInValues)
        bad(fill(FILTER_MESSAGES.invalidValue, { field }));
      if (value.length === 0) return sql`false`;
      return inArray(
        column,
        value.map((v) => coerceValue(field, def, v)),
      );
    }
  }
}

/**
 * Parses the `q` JSON filter of the generic records API against the model's whitelist (spec §7). Field names and
 * operators are looked up in fixed tables (own properties only); values are validated by kind and bound as
 * parameters. Anything else is refused with BAD_REQUEST, so no text of the request ever becomes SQL.
 */
export function parseFilter(text: string | undefined, fields: FieldMap, model: string): SQL | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const root = parseJsonObject(text, 'q');
  let count = 0;

  const parseObject = (object: Record<string, unknown>, depth: number): SQL | undefined => {
    const parts: SQL[] = [];
    for (const [key, value] of Object.entries(object)) {
      if (++count > FILTER_LIMITS.maxConditions) bad(FILTER_MESSAGES.tooComplex);
      if (key === '$or') {
        if (depth >= FILTER_LIMITS.maxOrDepth || !Array.isArray(value) || value.length === 0)
          bad(FILTER_MESSAGES.tooComplex);
        const alternatives = value.map((entry) => {
          if (!isPlainObject(entry)) bad(fill(FILTER_MESSAGES.invalidJson, { param: 'q' }));
          return parseObject(entry, depth + 1) ?? sql`true`;
        });
        parts.push(or(...alternatives)!);
        continue;
      }
      if (!Object.prototype.hasOwnProperty.call(fields, key))
        bad(fill(FILTER_MESSAGES.unknownField, { field: key, model }));
      const def = fields[key]!;
      if (isPlainObject(value)) {
        const ops = Object.entries(value);
        if (ops.length === 0) bad(fill(FILTER_MESSAGES.invalidValue, { field: key }));
        for (const [op, operand] of ops) {
          if (!(FILTER_OPERATORS as readonly string[]).includes(op))
            bad(fill(FILTER_MESSAGES.unknownOperator, { op: op.slice(0, 40) }));
          parts.push(condition(key, def, op as FilterOperator, operand));
        }
      } else {
        parts.push(condition(key, def, 'eq', value));
      }
    }
    return parts.length ? and(...parts) : undefined;
  };

  return parseObject(root, 0);
}

/** Parses the `sort` JSON (`{ field: 1 | -1 | 'asc' | 'desc' }`) against the same whitelist. */
export function parseSort(text: string | undefined, fields: FieldMap, model: string): SQL[] {
  if (text === undefined || text.trim() === '') return [];
  const object = parseJsonObject(text, 'sort');
  const entries = Object.entries(object);
  if (entries.length > FILTER_LIMITS.maxSortKeys) bad(FILTER_MESSAGES.tooComplex);
  return entries.map(([key, direction]) => {
    if (!Object.prototype.hasOwnProperty.call(fields, key))
      bad(fill(FILTER_MESSAGES.unknownField, { field: key, model }));
    const def = fields[key]!;
    const descending = direction === -1 || direction === 'desc';
    if (!descending && direction !== 1 && direction !== 'asc')
      bad(fill(FILTER_MESSAGES.invalidValue, { field: key }));
    // Text sorts ignore case (spec §3: customers are sorted by name, as people read them).
    const expression = def.kind === 'text' ? sql`lower(${def.sql})` : (def.sql as SQL);
    return descending ? desc(expression) : asc(expression);
  });
}

/** Free-text search over the given fields (case-insensitive contains, OR-ed). */
export function searchCondition(
  search: string | undefined,
  fields: FieldMap,
  names: readonly string[],
): SQL | undefined {
  const term = search?.trim();
  if (!term) return undefined;
  return or(
    ...names.map((name) =>
      ilike(fields[name]!.sql as SQL, containsPattern(term.slice(0, FILTER_LIMITS.maxTextLength))),
    ),
  );
}
