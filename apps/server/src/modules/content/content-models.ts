import type { z } from 'zod';
import {
  CONTENT_MESSAGES,
  CONTENT_MODELS,
  contentPageInputSchema,
  isContentModel,
  menuItemInputSchema,
  modelConfigurationInputSchema,
  productInputSchema,
  roleInputSchema,
  specificationInputSchema,
  supportRequestInputSchema,
  templateInputSchema,
  translationInputSchema,
  type ContentModel,
} from '@sealplan/contracts';
import { AppError } from '../../errors';
import { ROLE_IDS } from '../../shared/roles';
import { TEMPLATE_DEFINITIONS, isTemplateSymbol, templateProblem } from '../../shared/template-definitions';

// One definition per content model: how a body is parsed, checked and stored, how a row is presented and what its
// full-text document says. content.service.ts runs them all through the same create/update/delete path.

type Row = Record<string, unknown>;

export interface ContentModelDef {
  input: z.ZodType;
  /** Key of a new row (models whose id is chosen by the user: Specification, Role); else the database's uuid. */
  keyOf?: (input: Row) => string;
  /** Column values of a row from the parsed input (and the stored row on update). */
  toValues(input: Row, existing: Row | null): Row;
  present(row: Row): Row;
  searchText(row: Row): string;
  /** The field a unique-index violation reports ('articleNumber'), for a message under that field. */
  uniqueField?: string;
  /** Extra refusals before a save (fields → messages), beyond the configuration and the contract. */
  check?(input: Row, existing: Row | null): Record<string, string> | null;
  /** Why the row cannot be deleted, or null. */
  deleteProblem?(row: Row): string | null;
}

const iso = (value: unknown) =>
  value instanceof Date ? value.toISOString() : value == null ? null : String(value);
const meta = (row: Row) => ({
  version: row.version,
  createdOn: iso(row.createdOn),
  lastUpdatedOn: iso(row.lastUpdatedOn),
});
const words = (...values: unknown[]) =>
  values
    .flat()
    .filter((v) => typeof v === 'string' || typeof v === 'number')
    .join(' ');

const PROTECTED_ROLES: readonly string[] = Object.values(ROLE_IDS);

export const CONTENT_MODEL_DEFS: Record<ContentModel, ContentModelDef> = {
  Specification: {
    input: specificationInputSchema,
    keyOf: (input) => String(input.id),
    toValues: (i) => ({ label: i.label, type: i.type, imageSlug: i.imageSlug || null }),
    present: (r) => ({
      guid: r.guid,
      id: r.id,
      label: r.label,
      type: r.type,
      imageSlug: r.imageSlug ?? null,
      ...meta(r),
    }),
    searchText: (r) => words(r.id, r.label, r.type),
    uniqueField: 'id',
    check: (input, existing) =>
      existing && input.id !== existing.id ? { id: 'A specification id cannot be changed.' } : null,
  },
  SupportRequest: {
    input: supportRequestInputSchema,
    toValues: (i) => ({ email: i.email, message: i.message, type: i.type }),
    present: (r) => ({
      guid: r.guid,
      id: r.id,
      email: r.email,
      message: r.message,
      type: r.type,
      userId: r.userId ?? null,
      organizationId: r.organizationId ?? null,
      ...meta(r),
    }),
    searchText: (r) => words(r.email, r.type, r.message),
  },
  Role: {
    input: roleInputSchema,
    keyOf: (input) => String(input.id),
    toValues: (i, existing) => ({
      name: i.name || existing?.name || i.id,
      label: i.label,
      permissions: i.permissions,
      hierarchy: i.hierarchy ?? null,
    }),
    present: (r) => ({
      guid: r.id,
      id: r.id,
      name: r.name,
      label: r.label,
      permissions: r.permissions,
      hierarchy: r.hierarchy ?? null,
      isAssignable: r.isAssignable,
      isProtected: PROTECTED_ROLES.includes(String(r.id)),
      version: r.version,
    }),
    searchText: (r) =>
      words(
        r.id,
        r.name,
        r.label,
        ((r.permissions as Row[]) ?? []).map((p) => p.id),
      ),
    uniqueField: 'id',
    check: (input, existing) =>
      existing && input.id !== existing.id ? { id: CONTENT_MESSAGES.roleIdFixed } : null,
    deleteProblem: (row) =>
      PROTECTED_ROLES.includes(String(row.id)) ? CONTENT_MESSAGES.protectedRole : null,
  },
  MenuItem: {
    input: menuItemInputSchema,
    toValues: (i) => ({
      label: i.label,
      link: i.link || null,
      clickAction: i.clickAction || null,
      type: i.type,
      children: i.children,
      imageUrl: i.imageUrl || null,
      icon: i.icon || null,
      sort: i.sort,
      requiredRole: i.requiredRole || null,
    }),
    present: (r) => ({
      guid: r.guid,
      id: r.id,
      label: r.label,
      link: r.link ?? null,
      clickAction: r.clickAction ?? null,
      type: r.type,
      children: r.children,
      imageUrl: r.imageUrl ?? null,
      icon: r.icon ?? null,
      sort: r.sort,
      requiredRole: r.requiredRole ?? null,
      ...meta(r),
    }),
    searchText: (r) =>
      words(
        r.label,
        r.link,
        r.type,
        ((r.children as Row[]) ?? []).map((c) => [c.label, c.link]),
      ),
  },
  ModelConfiguration: {
    input: modelConfigurationInputSchema,
    toValues: (i) => ({ model: i.model, label: i.label, fields: i.fields, listColumns: i.listColumns }),
    present: (r) => ({
      guid: r.guid,
      id: r.id,
      model: r.model,
      label: r.label,
      fields: r.fields,
      listColumns: r.listColumns,
      ...meta(r),
    }),
    searchText: (r) => words(r.model, r.label),
    uniqueField: 'model',
    check: (input) =>
      isContentModel(String(input.model))
        ? null
        : {
            model: CONTENT_MESSAGES.modelConfigurationMismatch.replace(
              '{allowed}',
              CONTENT_MODELS.join(', '),
            ),
          },
  },
  Template: {
    input: templateInputSchema,
    toValues: (i) => {
      const symbol = String(i.Symbol);
      // The Model is the place's kind (Email, Document, Notice), fixed by the Symbol.
      return {
        symbol,
        model: isTemplateSymbol(symbol) ? TEMPLATE_DEFINITIONS[symbol].model : '',
        view: i.View,
      };
    },
    present: (r) => {
      const symbol = String(r.symbol);
      const def = isTemplateSymbol(symbol) ? TEMPLATE_DEFINITIONS[symbol] : null;
      return {
        guid: r.guid,
        id: r.id,
        Symbol: symbol,
        Model: r.model,
        View: r.view,
        placeholders: def ? [...def.placeholders] : [],
        description: def?.description ?? '',
        ...meta(r),
      };
    },
    searchText: (r) => words(r.symbol, r.model, r.view),
    uniqueField: 'Symbol',
    check: (input): Record<string, string> | null => {
      const symbol = String(input.Symbol);
      if (!isTemplateSymbol(symbol)) {
        return {
          Symbol: CONTENT_MESSAGES.unknownTemplateSymbol.replace(
            '{allowed}',
            Object.keys(TEMPLATE_DEFINITIONS).join(', '),
          ),
        };
      }
      const problem = templateProblem(symbol, String(input.View));
      return problem ? { View: problem } : null;
    },
  },
  Product: {
    input: productInputSchema,
    toValues: (i) => ({
      articleNumber: i.articleNumber,
      name: i.name,
      unit: i.unit,
      price: i.price,
      inventory: i.inventory,
    }),
    present: (r) => ({
      guid: r.guid,
      id: r.id,
      articleNumber: r.articleNumber,
      name: r.name,
      unit: r.unit,
      price: r.price,
      inventory: r.inventory,
      ...meta(r),
    }),
    searchText: (r) => words(r.articleNumber, r.name, r.unit),
    uniqueField: 'articleNumber',
  },
  ContentPage: {
    input: contentPageInputSchema,
    toValues: (i, existing) => ({
      slug: i.slug,
      title: i.title,
      body: i.body,
      status: i.status ?? existing?.status ?? 'DRAFT',
      // The stored HTML no longer matches an edited text: preRender writes it again.
      ...(existing && (existing.body !== i.body || existing.title !== i.title)
        ? { renderedHtml: null, renderedOn: null }
        : {}),
    }),
    present: (r) => ({
      guid: r.guid,
      id: r.id,
      slug: r.slug,
      title: r.title,
      body: r.body,
      status: r.status,
      isLocked: r.isLocked,
      renderedHtml: r.renderedHtml ?? null,
      renderedOn: iso(r.renderedOn),
      publishedOn: iso(r.publishedOn),
      scrapedOn: iso(r.scrapedOn),
      ...meta(r),
    }),
    searchText: (r) => words(r.slug, r.title, r.body),
    uniqueField: 'slug',
  },
  Translation: {
    input: translationInputSchema,
    toValues: (i) => ({ culture: i.culture, namespace: i.namespace, key: i.key, text: i.text }),
    present: (r) => ({
      guid: r.guid,
      id: r.id,
      culture: r.culture,
      namespace: r.namespace,
      key: r.key,
      text: r.text,
      ...meta(r),
    }),
    searchText: (r) => words(r.culture, r.namespace, r.key, r.text),
    uniqueField: 'key',
  },
};

/** Whether a database error (node-postgres or PGlite, possibly wrapped by Drizzle) carries this SQLSTATE. */
function hasSqlState(error: unknown, code: string): boolean {
  let e = error as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++, e = e.cause as typeof e) if (e.code === code) return true;
  return false;
}

/** A unique-index violation (23505): the article number, symbol, slug … is taken. */
export const isUniqueViolation = (error: unknown) => hasSqlState(error, '23505');

/** A foreign-key violation (23503): the row is still referenced (a role assigned to users). */
export const isForeignKeyViolation = (error: unknown) => hasSqlState(error, '23503');

export function duplicateError(field: string): AppError {
  const message = CONTENT_MESSAGES.duplicate.replace('{field}', field);
  return new AppError('VALIDATION_FAILED', message, { [field]: message });
}
