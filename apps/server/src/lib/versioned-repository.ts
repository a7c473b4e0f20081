import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database } from '@sealplan/db';

/** A table whose rows belong to one organization and carry an optimistic-concurrency `version`. */
export type VersionedTable = PgTable & {
  id: PgColumn;
  organizationId: PgColumn;
  version: PgColumn;
};

/**
 * Updates one row of the organization and bumps its version, when the stored version is `expectedVersion`
 * (null = overwrite: the user chose to force); answers whether a row changed (false = missing or stale).
 */
export async function updateVersioned<T extends VersionedTable>(
  db: Database,
  table: T,
  organizationId: string,
  id: string,
  expectedVersion: number | null,
  values: PgUpdateSetSource<T>,
): Promise<boolean> {
  const rows = await db
    .update(table)
    .set({ ...values, version: sql`${table.version} + 1` } as PgUpdateSetSource<T>)
    .where(
      and(
        eq(table.id, id),
        eq(table.organizationId, organizationId),
        expectedVersion === null ? undefined : eq(table.version, expectedVersion),
      ),
    )
    .returning({ id: table.id });
  return rows.length === 1;
}

/** Inserts one row into the organization (the scope comes from the caller's token, never from input); answers its id. */
export async function insertScoped<T extends VersionedTable>(
  db: Database,
  table: T,
  organizationId: string,
  values: Omit<T['$inferInsert'], 'organizationId'>,
): Promise<string> {
  const rows = await db
    .insert(table)
    .values({ ...values, organizationId } as T['$inferInsert'])
    .returning({ id: table.id });
  return rows[0]!.id as string;
}

/** A query that can still be filtered, ordered and paged (a Drizzle select before `.where`). */
interface PageableQuery<Row> {
  where(condition: SQL | undefined): {
    orderBy(...order: SQL[]): { limit(limit: number): { offset(offset: number): PromiseLike<Row[]> } };
  };
}
interface CountableQuery {
  where(condition: SQL | undefined): PromiseLike<{ total: number }[]>;
}

/**
 * One page of a list and the total matching the same condition, queried together. `count` must join
 * exactly like `rows` so that filters on joined columns count the same records.
 */
export async function selectPage<Row>(
  rows: PageableQuery<Row>,
  totals: CountableQuery,
  condition: SQL | undefined,
  orderBy: SQL[],
  limit: number,
  offset: number,
): Promise<{ rows: Row[]; total: number }> {
  const [page, counted] = await Promise.all([
    rows
      .where(condition)
      .orderBy(...orderBy)
      .limit(limit)
      .offset(offset),
    totals.where(condition),
  ]);
  return { rows: page, total: counted[0]?.total ?? 0 };
}

/** `select count(*) as total` for `selectPage`'s count query. */
export const totalCount = () => ({ total: count() });
