import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { penetratingItems, projects, scheduleMappings, transits, type Database } from '@sealplan/db';
import type { TransitSizing } from '@sealplan/engine';
import { projectIsLive, type ItemRow, type TransitRow } from '../transits';

/** A new transit row as the import writes it (the id is drawn before sizing, so the results name it). */
export type NewTransit = Omit<typeof transits.$inferInsert, 'organizationId'> & { id: string };
/** A new item row as the import writes it, derived diameters included (sized before the transaction). */
export type NewItem = Omit<typeof penetratingItems.$inferInsert, 'organizationId'> & { id: string };

/** Rows per INSERT statement: well below PostgreSQL's 65,535 bind parameters with 16 columns an item. */
const INSERT_CHUNK_ROWS = 1_000;

/** The only Drizzle caller of the schedule import; every query is scoped to the caller's organization. */
export function createSchedulesRepository(db: Database) {
  return {
    ...queries(db),
    /**
     * Runs `work` in one transaction (all of the import or none of it). `tx` is handed on to the writers of other
     * modules (the transits' locations, ADR 031), so their writes are part of the same transaction.
     */
    async transaction<T>(work: (q: ScheduleQueries, tx: Database) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) =>
        work(queries(tx as unknown as Database), tx as unknown as Database),
      );
    },
  };
}

export type ScheduleQueries = ReturnType<typeof queries>;
export type SchedulesRepository = ReturnType<typeof createSchedulesRepository>;

function queries(db: Database) {
  return {
    projectIsLive: (organizationId: string, projectId: string) =>
      projectIsLive(db, organizationId, projectId),

    /** The live transits of a project (oldest first), locked against other writers when `lock`. */
    async listTransits(organizationId: string, projectId: string, lock = false): Promise<TransitRow[]> {
      const query = db
        .select()
        .from(transits)
        .where(
          and(
            eq(transits.projectId, projectId),
            eq(transits.organizationId, organizationId),
            eq(transits.isRemoved, false),
          ),
        )
        .orderBy(asc(transits.createdOn), asc(transits.id));
      return lock ? query.for('update') : query;
    },

    async listItems(organizationId: string, transitIds: readonly string[]): Promise<ItemRow[]> {
      if (transitIds.length === 0) return [];
      return db
        .select()
        .from(penetratingItems)
        .where(
          and(
            inArray(penetratingItems.transitId, [...transitIds]),
            eq(penetratingItems.organizationId, organizationId),
            eq(penetratingItems.isRemoved, false),
          ),
        )
        .orderBy(asc(penetratingItems.sort), asc(penetratingItems.createdOn), asc(penetratingItems.id));
    },

    async insertTransits(organizationId: string, rows: readonly NewTransit[]): Promise<void> {
      for (let i = 0; i < rows.length; i += INSERT_CHUNK_ROWS) {
        await db
          .insert(transits)
          .values(rows.slice(i, i + INSERT_CHUNK_ROWS).map((r) => ({ ...r, organizationId })));
      }
    },

    async insertItems(organizationId: string, rows: readonly NewItem[]): Promise<void> {
      for (let i = 0; i < rows.length; i += INSERT_CHUNK_ROWS) {
        await db
          .insert(penetratingItems)
          .values(rows.slice(i, i + INSERT_CHUNK_ROWS).map((r) => ({ ...r, organizationId })));
      }
    },

    /** Stores a transit's new results; its version moves on, as with any save that changes its figures. */
    async storeResults(organizationId: string, transitId: string, results: TransitSizing): Promise<void> {
      await db
        .update(transits)
        .set({
          results,
          penetratingItemCount: results.itemCount,
          version: sql`${transits.version} + 1`,
        })
        .where(and(eq(transits.id, transitId), eq(transits.organizationId, organizationId)));
    },

    async touchProject(organizationId: string, projectId: string): Promise<void> {
      await db
        .update(projects)
        .set({ lastUpdatedOn: sql`now()` })
        .where(and(eq(projects.id, projectId), eq(projects.organizationId, organizationId)));
    },

    async findMapping(organizationId: string): Promise<unknown> {
      const rows = await db
        .select({ mapping: scheduleMappings.mapping })
        .from(scheduleMappings)
        .where(eq(scheduleMappings.organizationId, organizationId))
        .limit(1);
      return rows[0]?.mapping ?? null;
    },

    async saveMapping(organizationId: string, mapping: Record<string, unknown>): Promise<void> {
      await db
        .insert(scheduleMappings)
        .values({ organizationId, mapping })
        .onConflictDoUpdate({
          target: scheduleMappings.organizationId,
          set: { mapping, lastUpdatedOn: sql`now()` },
        });
    },
  };
}
