import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  contentPages,
  contentSearch,
  lockerFiles,
  menuItems,
  modelConfigurations,
  products,
  roles,
  sequences,
  specifications,
  supportRequests,
  templates,
  translationOverrides,
  type Database,
} from '@sealplan/db';
import type { ContentModel } from '@sealplan/contracts';
import { selectPage, totalCount } from '../../lib/versioned-repository';
import type { FieldMap } from '../../lib/record-fields';

/** A content table: its key column (`id`) and its optimistic-concurrency `version`. */
export type ContentTable = PgTable & { id: PgColumn; version: PgColumn };

/** The table behind each content model. */
export const CONTENT_TABLES = {
  Specification: specifications,
  SupportRequest: supportRequests,
  Role: roles,
  MenuItem: menuItems,
  ModelConfiguration: modelConfigurations,
  Template: templates,
  Product: products,
  ContentPage: contentPages,
  Translation: translationOverrides,
} as const satisfies Record<ContentModel, ContentTable>;

export type ContentRow<M extends ContentModel> = (typeof CONTENT_TABLES)[M]['$inferSelect'];

const audit = (t: { createdOn: PgColumn; lastUpdatedOn: PgColumn; guid: PgColumn }) => ({
  guid: { sql: t.guid, kind: 'uuid' as const },
  createdOn: { sql: t.createdOn, kind: 'date' as const },
  lastUpdatedOn: { sql: t.lastUpdatedOn, kind: 'date' as const },
});

/** The whitelist of filterable and sortable fields per content model (API names, spec §3 spelling). */
export const CONTENT_FIELDS: Record<ContentModel, FieldMap> = {
  Specification: {
    id: { sql: specifications.id, kind: 'text' },
    label: { sql: specifications.label, kind: 'text' },
    type: { sql: specifications.type, kind: 'text' },
    imageSlug: { sql: specifications.imageSlug, kind: 'text' },
    version: { sql: specifications.version, kind: 'number' },
    ...audit(specifications),
  },
  SupportRequest: {
    id: { sql: supportRequests.id, kind: 'uuid' },
    email: { sql: supportRequests.email, kind: 'text' },
    message: { sql: supportRequests.message, kind: 'text' },
    type: { sql: supportRequests.type, kind: 'text' },
    version: { sql: supportRequests.version, kind: 'number' },
    ...audit(supportRequests),
  },
  Role: {
    id: { sql: roles.id, kind: 'text' },
    name: { sql: roles.name, kind: 'text' },
    label: { sql: roles.label, kind: 'text' },
    hierarchy: { sql: roles.hierarchy, kind: 'number' },
    isAssignable: { sql: roles.isAssignable, kind: 'boolean' },
    version: { sql: roles.version, kind: 'number' },
  },
  MenuItem: {
    id: { sql: menuItems.id, kind: 'uuid' },
    label: { sql: menuItems.label, kind: 'text' },
    link: { sql: menuItems.link, kind: 'text' },
    clickAction: { sql: menuItems.clickAction, kind: 'text' },
    type: { sql: menuItems.type, kind: 'text' },
    icon: { sql: menuItems.icon, kind: 'text' },
    sort: { sql: menuItems.sort, kind: 'number' },
    requiredRole: { sql: menuItems.requiredRole, kind: 'text' },
    version: { sql: menuItems.version, kind: 'number' },
    ...audit(menuItems),
  },
  ModelConfiguration: {
    id: { sql: modelConfigurations.id, kind: 'uuid' },
    model: { sql: modelConfigurations.model, kind: 'text' },
    label: { sql: modelConfigurations.label, kind: 'text' },
    version: { sql: modelConfigurations.version, kind: 'number' },
    ...audit(modelConfigurations),
  },
  Template: {
    id: { sql: templates.id, kind: 'uuid' },
    Symbol: { sql: templates.symbol, kind: 'text' },
    Model: { sql: templates.model, kind: 'text' },
    View: { sql: templates.view, kind: 'text' },
    version: { sql: templates.version, kind: 'number' },
    ...audit(templates),
  },
  Product: {
    id: { sql: products.id, kind: 'uuid' },
    articleNumber: { sql: products.articleNumber, kind: 'text' },
    name: { sql: products.name, kind: 'text' },
    unit: { sql: products.unit, kind: 'text' },
    price: { sql: products.price, kind: 'number' },
    inventory: { sql: products.inventory, kind: 'number' },
    version: { sql: products.version, kind: 'number' },
    ...audit(products),
  },
  ContentPage: {
    id: { sql: contentPages.id, kind: 'uuid' },
    slug: { sql: contentPages.slug, kind: 'text' },
    title: { sql: contentPages.title, kind: 'text' },
    status: { sql: contentPages.status, kind: 'text' },
    isLocked: { sql: contentPages.isLocked, kind: 'boolean' },
    publishedOn: { sql: contentPages.publishedOn, kind: 'date' },
    version: { sql: contentPages.version, kind: 'number' },
    ...audit(contentPages),
  },
  Translation: {
    id: { sql: translationOverrides.id, kind: 'uuid' },
    culture: { sql: translationOverrides.culture, kind: 'text' },
    namespace: { sql: translationOverrides.namespace, kind: 'text' },
    key: { sql: translationOverrides.key, kind: 'text' },
    text: { sql: translationOverrides.text, kind: 'text' },
    version: { sql: translationOverrides.version, kind: 'number' },
    ...audit(translationOverrides),
  },
};

/** Default order of each grid (the sidebar order for menu items: sort, then label). */
export const CONTENT_DEFAULT_ORDER: Record<ContentModel, SQL[]> = {
  Specification: [asc(sql`lower(${specifications.label})`), asc(specifications.id)],
  SupportRequest: [sql`${supportRequests.createdOn} desc`, asc(supportRequests.id)],
  Role: [asc(sql`coalesce(${roles.hierarchy}, 0)`), asc(roles.id)],
  MenuItem: [asc(menuItems.sort), asc(sql`lower(${menuItems.label})`), asc(menuItems.id)],
  ModelConfiguration: [asc(modelConfigurations.model)],
  Template: [asc(templates.symbol)],
  Product: [asc(products.articleNumber)],
  ContentPage: [asc(contentPages.slug)],
  Translation: [
    asc(translationOverrides.culture),
    asc(translationOverrides.namespace),
    asc(translationOverrides.key),
  ],
};

/**
 * The words of a full-text query as prefix terms ('gland seal' → 'gland:* & seal:*'). Only letters and digits
 * reach to_tsquery, so no input can form tsquery syntax; the text is bound as a parameter all the same.
 */
export function prefixQuery(search: string): string | null {
  const words =
    search
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 10) ?? [];
  return words.length ? words.map((w) => `${w.slice(0, 60)}:*`).join(' & ') : null;
}

export function createContentRepository(db: Database) {
  const tableOf = (model: ContentModel): ContentTable => CONTENT_TABLES[model];

  return {
    tableOf,

    /** Rows whose full-text document matches (the admin grid's `search`). */
    searchCondition(model: ContentModel, search: string | undefined): SQL | undefined {
      const query = search ? prefixQuery(search) : null;
      if (!search?.trim()) return undefined;
      if (!query) return sql`false`;
      const table = tableOf(model);
      return sql`exists (select 1 from ${contentSearch} where ${contentSearch.model} = ${model} and ${contentSearch.recordId} = ${table.id}::text and ${contentSearch.document} @@ to_tsquery('simple', ${query}))`;
    },

    async listPage(
      model: ContentModel,
      where: SQL | undefined,
      orderBy: SQL[],
      limit: number,
      offset: number,
    ) {
      const table = tableOf(model);
      return selectPage<Record<string, unknown>>(
        db.select().from(table as PgTable) as never,
        db.select(totalCount()).from(table as PgTable) as never,
        where,
        [...orderBy, ...CONTENT_DEFAULT_ORDER[model]],
        limit,
        offset,
      );
    },

    async all(model: ContentModel): Promise<Record<string, unknown>[]> {
      const table = tableOf(model);
      return (await db
        .select()
        .from(table as PgTable)
        .orderBy(...CONTENT_DEFAULT_ORDER[model])) as Record<string, unknown>[];
    },

    async findBy(
      model: ContentModel,
      column: PgColumn,
      value: unknown,
    ): Promise<Record<string, unknown> | null> {
      const table = tableOf(model);
      const rows = await db
        .select()
        .from(table as PgTable)
        .where(eq(column, value))
        .limit(1);
      return (rows[0] as Record<string, unknown> | undefined) ?? null;
    },

    async insert(model: ContentModel, values: Record<string, unknown>): Promise<Record<string, unknown>> {
      const rows = await db
        .insert(tableOf(model))
        .values(values as never)
        .returning();
      return (rows as Record<string, unknown>[])[0]!;
    },

    /** Inserts the rows that no unique key already holds (the seed: an administrator's edits stay). */
    async insertMissing(model: ContentModel, values: Record<string, unknown>[]): Promise<number> {
      if (values.length === 0) return 0;
      const rows = await db
        .insert(tableOf(model))
        .values(values as never)
        .onConflictDoNothing()
        .returning({ id: tableOf(model).id });
      return rows.length;
    },

    /** Updates the row when its version is `expectedVersion` (null = overwrite); null when missing or stale. */
    async update(
      model: ContentModel,
      id: string,
      expectedVersion: number | null,
      values: Record<string, unknown>,
    ): Promise<Record<string, unknown> | null> {
      const table = tableOf(model);
      const rows = await db
        .update(table)
        .set({ ...values, version: sql`${table.version} + 1` } as never)
        .where(
          and(eq(table.id, id), expectedVersion === null ? undefined : eq(table.version, expectedVersion)),
        )
        .returning();
      return (rows as Record<string, unknown>[])[0] ?? null;
    },

    /** Deletes the row when its version is `expectedVersion` (null = whatever it is); answers whether it did. */
    async remove(model: ContentModel, id: string, expectedVersion: number | null): Promise<boolean> {
      const table = tableOf(model);
      const rows = await db
        .delete(table)
        .where(
          and(eq(table.id, id), expectedVersion === null ? undefined : eq(table.version, expectedVersion)),
        )
        .returning({ id: table.id });
      if (rows.length === 1) {
        await db
          .delete(contentSearch)
          .where(and(eq(contentSearch.model, model), eq(contentSearch.recordId, id)));
      }
      return rows.length === 1;
    },

    /** Writes one record's full-text document ('simple' configuration: no stemming, any language). */
    async index(model: ContentModel, recordId: string, text: string) {
      await db
        .insert(contentSearch)
        .values({ model, recordId, document: sql`to_tsvector('simple', ${text})` as never })
        .onConflictDoUpdate({
          target: [contentSearch.model, contentSearch.recordId],
          set: { document: sql`to_tsvector('simple', ${text})` as never, indexedOn: sql`now()` as never },
        });
    },

    /** Replaces a model's whole index in one transaction (indexAll): the grid never sees half an index. */
    async reindex(model: ContentModel, entries: { recordId: string; text: string }[]) {
      await db.transaction(async (tx) => {
        await tx.delete(contentSearch).where(eq(contentSearch.model, model));
        if (entries.length === 0) return;
        await tx.insert(contentSearch).values(
          entries.map((e) => ({
            model,
            recordId: e.recordId,
            document: sql`to_tsvector('simple', ${e.text})` as never,
          })),
        );
      });
    },

    /**
     * The next value of a named sequence, in one statement: concurrent callers serialise on the row lock of the
     * upsert, so each gets a different number (tested with parallel calls on PostgreSQL and PGlite).
     */
    async nextSequence(name: string): Promise<number> {
      const rows = await db
        .insert(sequences)
        .values({ name, value: 1 })
        .onConflictDoUpdate({
          target: sequences.name,
          set: { value: sql`${sequences.value} + 1`, lastUpdatedOn: sql`now()` },
        })
        .returning({ value: sequences.value });
      return rows[0]!.value;
    },

    templateRows: () => db.select().from(templates),
    templateBySymbol: async (symbol: string) =>
      (await db.select().from(templates).where(eq(templates.symbol, symbol)).limit(1))[0] ?? null,

    productsByArticle: (articleNumbers: string[]) =>
      articleNumbers.length
        ? db
            .select({
              articleNumber: products.articleNumber,
              name: products.name,
              unit: products.unit,
              price: products.price,
            })
            .from(products)
            .where(inArray(products.articleNumber, articleNumbers))
        : Promise.resolve([]),

    pageBySlug: async (slug: string) =>
      (await db.select().from(contentPages).where(eq(contentPages.slug, slug)).limit(1))[0] ?? null,
    pageById: async (id: string) =>
      (await db.select().from(contentPages).where(eq(contentPages.id, id)).limit(1))[0] ?? null,

    translationsOf: (culture: string) =>
      db
        .select({
          namespace: translationOverrides.namespace,
          key: translationOverrides.key,
          text: translationOverrides.text,
        })
        .from(translationOverrides)
        .where(eq(translationOverrides.culture, culture)),

    async insertFile(values: typeof lockerFiles.$inferInsert) {
      const rows = await db.insert(lockerFiles).values(values).returning({
        id: lockerFiles.id,
        fileName: lockerFiles.fileName,
        contentType: lockerFiles.contentType,
        size: lockerFiles.size,
      });
      return rows[0]!;
    },
    fileById: async (id: string) =>
      (await db.select().from(lockerFiles).where(eq(lockerFiles.id, id)).limit(1))[0] ?? null,

    /** Role ids present (the seed adds only what is missing). */
    roleIds: async () => (await db.select({ id: roles.id }).from(roles)).map((r) => r.id),
    count: async (model: ContentModel) =>
      (await db.select(totalCount()).from(tableOf(model) as PgTable))[0]?.total ?? 0,
  };
}

export type ContentRepository = ReturnType<typeof createContentRepository>;
