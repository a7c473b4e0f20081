import { and, asc, count, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { penetratingItems, projects, transits, type Database } from '@sealplan/db';
import { insertScoped, selectPage, totalCount, updateVersioned } from '../../lib/versioned-repository';
import type { FieldMap } from '../../lib/record-fields';

export type TransitRow = typeof transits.$inferSelect;
/** A transit row without its stored sizing. */
export type TransitFields = Omit<TransitRow, 'results'>;
export type ItemRow = typeof penetratingItems.$inferSelect;
export type TransitValues = Omit<
  typeof transits.$inferInsert,
  | 'id'
  | 'organizationId'
  | 'guid'
  | 'createdOn'
  | 'lastUpdatedOn'
  | 'version'
  | 'results'
  | 'penetratingItemCount'
>;
export type ItemValues = Pick<
  ItemRow,
  'itemTypeId' | 'quantity' | 'outerDiameterMm' | 'crusherId' | 'sort' | 'isRemoved'
> & { tag?: string | null; specification?: string | null };
export interface ItemDerived {
  plasticPipeDiameterMm: number | null;
  sleevedDiameterMm: number | null;
  diameterPlusClearanceMm: number | null;
}

/** A transit is live while neither it nor its project is removed. */
const liveTransit = (organizationId: string) =>
  and(
    eq(transits.organizationId, organizationId),
    eq(transits.isRemoved, false),
    eq(projects.isRemoved, false),
  );

const overfilledSql = sql<boolean>`coalesce((${transits.results} ->> 'overfilled')::boolean, false)`;
const filledPercentSql = sql<number>`((${transits.results} ->> 'filledPercentWithClearance')::double precision)`;

/** Fields of Transit for the generic records API (spec §7: the transit list of a project filters on projectId). */
export const TRANSIT_FIELDS: FieldMap = {
  id: { sql: transits.id, kind: 'uuid' },
  guid: { sql: transits.guid, kind: 'uuid' },
  projectId: { sql: transits.projectId, kind: 'uuid' },
  name: { sql: transits.name, kind: 'text' },
  copies: { sql: transits.copies, kind: 'number' },
  shape: { sql: transits.shape, kind: 'text' },
  penetratingItemTypeId: { sql: transits.penetratingItemTypeId, kind: 'text' },
  transitTypeId: { sql: transits.transitTypeId, kind: 'text' },
  classId: { sql: transits.classId, kind: 'text' },
  depthMm: { sql: transits.depthMm, kind: 'number' },
  penetratingItemCount: { sql: transits.penetratingItemCount, kind: 'number' },
  overfilled: { sql: overfilledSql, kind: 'boolean' },
  filledPercentWithClearance: { sql: filledPercentSql, kind: 'number' },
  createdOn: { sql: transits.createdOn, kind: 'date' },
  lastUpdatedOn: { sql: transits.lastUpdatedOn, kind: 'date' },
};

export const ITEM_FIELDS: FieldMap = {
  id: { sql: penetratingItems.id, kind: 'uuid' },
  transitId: { sql: penetratingItems.transitId, kind: 'uuid' },
  itemTypeId: { sql: penetratingItems.itemTypeId, kind: 'text' },
  quantity: { sql: penetratingItems.quantity, kind: 'number' },
  outerDiameterMm: { sql: penetratingItems.outerDiameterMm, kind: 'number' },
  crusherId: { sql: penetratingItems.crusherId, kind: 'text' },
  sort: { sql: penetratingItems.sort, kind: 'number' },
  createdOn: { sql: penetratingItems.createdOn, kind: 'date' },
  lastUpdatedOn: { sql: penetratingItems.lastUpdatedOn, kind: 'date' },
};

const itemOrder = [asc(penetratingItems.sort), asc(penetratingItems.createdOn), asc(penetratingItems.id)];

/** The only Drizzle caller for transits and penetrating items; every query is scoped to one organization. */
export function createTransitsRepository(db: Database) {
  return {
    ...queries(db),
    /**
     * Runs `work` in one transaction with a repository bound to it (both saved or neither); `tx` is the
     * transaction itself, for the history written with the change (ADR 032).
     */
    async transaction<T>(work: (repo: TransitQueries, tx: Database) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) =>
        work(queries(tx as unknown as Database), tx as unknown as Database),
      );
    },
  };
}

export type TransitQueries = ReturnType<typeof queries>;

/** Whether the organization's project exists and is not removed (transit saves and schedule imports ask it). */
export async function projectIsLive(
  db: Database,
  organizationId: string,
  projectId: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: projects.id })
    .from(projects)
    .where(
      and(
        eq(projects.id, projectId),
        eq(projects.organizationId, organizationId),
        eq(projects.isRemoved, false),
      ),
    )
    .limit(1);
  return rows.length === 1;
}

function queries(db: Database) {
  return {
    projectIsLive: (organizationId: string, projectId: string) =>
      projectIsLive(db, organizationId, projectId),

    async countInProject(organizationId: string, projectId: string): Promise<number> {
      const rows = await db
        .select({ total: count() })
        .from(transits)
        .where(and(eq(transits.organizationId, organizationId), eq(transits.projectId, projectId)));
      return rows[0]?.total ?? 0;
    },

    async findTransit(organizationId: string, id: string): Promise<TransitRow | null> {
      const rows = await db
        .select({ transit: transits })
        .from(transits)
        .innerJoin(projects, eq(projects.id, transits.projectId))
        .where(and(eq(transits.id, id), liveTransit(organizationId)))
        .limit(1);
      return rows[0]?.transit ?? null;
    },

    /**
     * A live transit without its stored `results` (the sizing of 5,000 circles is about 650 KB of JSON: a check that
     * does not need it should not read it; with PGlite every other request waits for the transaction, ADR 015).
     */
    async findTransitWithoutResults(organizationId: string, id: string): Promise<TransitFields | null> {
      const { results: _results, ...fields } = getTableColumns(transits);
      const rows = await db
        .select(fields)
        .from(transits)
        .innerJoin(projects, eq(projects.id, transits.projectId))
        .where(and(eq(transits.id, id), liveTransit(organizationId)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Any transit of the organization, removed or not (to answer a soft delete). */
    async findTransitAny(organizationId: string, id: string): Promise<TransitRow | null> {
      const rows = await db
        .select()
        .from(transits)
        .where(and(eq(transits.id, id), eq(transits.organizationId, organizationId)))
        .limit(1);
      return rows[0] ?? null;
    },

    async findItemAny(organizationId: string, id: string): Promise<ItemRow | null> {
      const rows = await db
        .select()
        .from(penetratingItems)
        .where(and(eq(penetratingItems.id, id), eq(penetratingItems.organizationId, organizationId)))
        .limit(1);
      return rows[0] ?? null;
    },

    async listTransits(organizationId: string, projectId: string): Promise<TransitRow[]> {
      const rows = await db
        .select({ transit: transits })
        .from(transits)
        .innerJoin(projects, eq(projects.id, transits.projectId))
        .where(and(eq(transits.projectId, projectId), liveTransit(organizationId)))
        .orderBy(asc(transits.createdOn), asc(transits.id));
      return rows.map((r) => r.transit);
    },

    /** A page of live transits for the generic records API. */
    async list(
      organizationId: string,
      where: SQL | undefined,
      orderBy: SQL[],
      limit: number,
      offset: number,
    ) {
      const page = await selectPage(
        db
          .select({ transit: transits })
          .from(transits)
          .innerJoin(projects, eq(projects.id, transits.projectId)),
        db.select(totalCount()).from(transits).innerJoin(projects, eq(projects.id, transits.projectId)),
        and(liveTransit(organizationId), where),
        [...orderBy, asc(transits.createdOn), asc(transits.id)],
        limit,
        offset,
      );
      return { rows: page.rows.map((r) => r.transit), total: page.total };
    },

    /** Live items of live transits, in their order. */
    async listItems(organizationId: string, transitIds: string[]): Promise<ItemRow[]> {
      if (transitIds.length === 0) return [];
      return db
        .select()
        .from(penetratingItems)
        .where(
          and(
            inArray(penetratingItems.transitId, transitIds),
            eq(penetratingItems.organizationId, organizationId),
            eq(penetratingItems.isRemoved, false),
          ),
        )
        .orderBy(...itemOrder);
    },

    /** A page of live items of live transits for the generic records API. */
    async listItemPage(
      organizationId: string,
      where: SQL | undefined,
      orderBy: SQL[],
      limit: number,
      offset: number,
    ) {
      const condition = and(
        eq(penetratingItems.organizationId, organizationId),
        eq(penetratingItems.isRemoved, false),
        liveTransit(organizationId),
        where,
      );
      const page = await selectPage(
        db
          .select({ item: penetratingItems })
          .from(penetratingItems)
          .innerJoin(transits, eq(transits.id, penetratingItems.transitId))
          .innerJoin(projects, eq(projects.id, transits.projectId)),
        db
          .select(totalCount())
          .from(penetratingItems)
          .innerJoin(transits, eq(transits.id, penetratingItems.transitId))
          .innerJoin(projects, eq(projects.id, transits.projectId)),
        condition,
        [...orderBy, ...itemOrder],
        limit,
        offset,
      );
      return { rows: page.rows.map((r) => r.item), total: page.total };
    },

    /** A live item of a live transit. */
    async findItem(organizationId: string, id: string): Promise<ItemRow | null> {
      const rows = await db
        .select({ item: penetratingItems })
        .from(penetratingItems)
        .innerJoin(transits, eq(transits.id, penetratingItems.transitId))
        .innerJoin(projects, eq(projects.id, transits.projectId))
        .where(
          and(
            eq(penetratingItems.id, id),
            eq(penetratingItems.isRemoved, false),
            liveTransit(organizationId),
          ),
        )
        .limit(1);
      return rows[0]?.item ?? null;
    },

    /**
     * The project's "Updated" date follows its transits and items. Its version is not bumped:
     * the version guards the project's own fields, and a transit save must not make a rename conflict.
     */
    async touchProject(organizationId: string, projectId: string): Promise<void> {
      await db
        .update(projects)
        .set({ lastUpdatedOn: new Date() })
        .where(and(eq(projects.id, projectId), eq(projects.organizationId, organizationId)));
    },

    /** `id` may be given so that a save inserts the same rows on its rehearsal and its write. */
    async insertTransit(organizationId: string, values: TransitValues & { id?: string }): Promise<string> {
      return insertScoped(db, transits, organizationId, values);
    },

    /** Updates when the stored version is `expectedVersion` (null = overwrite); answers whether a row changed. */
    async updateTransit(
      organizationId: string,
      id: string,
      expectedVersion: number | null,
      values: Partial<TransitValues>,
    ): Promise<boolean> {
      return updateVersioned(db, transits, organizationId, id, expectedVersion, values);
    },

    /** Stores the server-computed results (spec: client figures are never trusted). */
    async storeResults(
      organizationId: string,
      id: string,
      results: unknown,
      itemCount: number,
    ): Promise<void> {
      await db
        .update(transits)
        .set({ results, penetratingItemCount: itemCount })
        .where(and(eq(transits.id, id), eq(transits.organizationId, organizationId)));
    },

    async updateItem(
      organizationId: string,
      id: string,
      expectedVersion: number | null,
      values: Partial<ItemValues>,
    ): Promise<boolean> {
      return updateVersioned(db, penetratingItems, organizationId, id, expectedVersion, values);
    },

    /**
     * Inserts item lines of one transit in one statement (a save of hundreds of lines keeps its transaction short:
     * with PGlite every other request waits for it, ADR 015). Answers their ids in order.
     */
    async insertItems(
      organizationId: string,
      transitId: string,
      rows: readonly (ItemValues & { id?: string })[],
    ): Promise<string[]> {
      if (rows.length === 0) return [];
      const inserted = await db
        .insert(penetratingItems)
        .values(rows.map((values) => ({ ...values, transitId, organizationId })))
        .returning({ id: penetratingItems.id });
      return inserted.map((row) => row.id);
    },

    /**
     * Spec §3 derived diameters of item lines, as the server's engine computed them: one statement per distinct set
     * of values (a cable list has a few diameters, so a few statements however many lines it has).
     */
    async storeItemsDerived(
      organizationId: string,
      rows: readonly ({ id: string } & ItemDerived)[],
    ): Promise<void> {
      const groups = new Map<string, { derived: ItemDerived; ids: string[] }>();
      for (const { id, plasticPipeDiameterMm, sleevedDiameterMm, diameterPlusClearanceMm } of rows) {
        const derived = { plasticPipeDiameterMm, sleevedDiameterMm, diameterPlusClearanceMm };
        const key = JSON.stringify(derived);
        const group = groups.get(key);
        if (group) group.ids.push(id);
        else groups.set(key, { derived, ids: [id] });
      }
      for (const { derived, ids } of groups.values()) {
        await db
          .update(penetratingItems)
          .set(derived)
          .where(and(inArray(penetratingItems.id, ids), eq(penetratingItems.organizationId, organizationId)));
      }
    },

    async maxItemSort(organizationId: string, transitId: string): Promise<number> {
      const rows = await db
        .select({ max: sql<number | null>`max(${penetratingItems.sort})`.mapWith(Number) })
        .from(penetratingItems)
        .where(
          and(eq(penetratingItems.transitId, transitId), eq(penetratingItems.organizationId, organizationId)),
        );
      return rows[0]?.max ?? -1;
    },
  };
}

export type TransitsRepository = ReturnType<typeof createTransitsRepository>;
