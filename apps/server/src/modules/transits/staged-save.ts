import type { ItemRow, ItemValues, TransitQueries, TransitRow, TransitValues } from './transits.repository';

/** The queries a save's writes use: the database's, or the staged ones below. */
export type SaveQueries = Pick<
  TransitQueries,
  | 'findTransit'
  | 'listItems'
  | 'findItem'
  | 'maxItemSort'
  | 'countInProject'
  | 'projectIsLive'
  | 'updateTransit'
  | 'insertTransit'
  | 'updateItem'
  | 'insertItems'
  | 'touchProject'
>;

/** A write the staged save recorded, to be sent once, in the save's one transaction. */
type StagedWrite =
  | { kind: 'insertTransit'; values: TransitValues & { id: string } }
  | { kind: 'updateTransit'; id: string; readVersion: number; values: Partial<TransitValues> }
  | { kind: 'insertItems'; transitId: string; rows: (ItemValues & { id: string })[] }
  | {
      kind: 'updateItem';
      id: string;
      readVersion: number;
      values: Partial<ItemValues> & { isRemoved?: boolean };
    }
  | { kind: 'touchProject'; projectId: string };

/** Thrown when a row changed between the save's reads and its write (another save came between). */
export class StaleSave extends Error {}

const byItemOrder = (a: ItemRow, b: ItemRow) =>
  a.sort - b.sort ||
  a.createdOn.getTime() - b.createdOn.getTime() ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * A save run against the stored rows without writing them (ADR 025). The save's own code (its rules, the spec §4
 * cascade through the engine's normaliseTransit, version checks) runs unchanged on queries that read the database
 * once per row and keep every write in memory: the rows as the save leaves them are then sized, and `apply` sends
 * the writes once, in one transaction, each update guarded by the version it was read at. A guard that fails
 * means another save came between: the caller starts again.
 */
export function stageSave(db: SaveQueries, organizationId: string) {
  const transits = new Map<string, TransitRow | null>();
  const readVersions = new Map<string, number>();
  const items = new Map<string, ItemRow[]>();
  const maxSorts = new Map<string, number>();
  const writes: StagedWrite[] = [];
  // The rows as first read, untouched by the staged writes: the history's "before" (ADR 032).
  const readTransits = new Map<string, TransitRow | null>();
  const readItems = new Map<string, ItemRow[]>();

  async function loadTransit(id: string): Promise<TransitRow | null> {
    if (!transits.has(id)) {
      const row = await db.findTransit(organizationId, id);
      transits.set(id, row ? { ...row } : null);
      readTransits.set(id, row ? { ...row } : null);
      if (row) readVersions.set(id, row.version);
    }
    return transits.get(id) ?? null;
  }

  async function loadItems(transitId: string): Promise<ItemRow[]> {
    let rows = items.get(transitId);
    if (!rows) {
      const stored = await db.listItems(organizationId, [transitId]);
      rows = stored.map((row) => ({ ...row }));
      items.set(transitId, rows);
      readItems.set(
        transitId,
        stored.map((row) => ({ ...row })),
      );
    }
    return rows;
  }

  const liveItems = (rows: ItemRow[]) => rows.filter((row) => !row.isRemoved).sort(byItemOrder);

  const queries: SaveQueries = {
    findTransit: async (_org, id) => {
      const row = await loadTransit(id);
      return row && !row.isRemoved ? { ...row } : null;
    },
    listItems: async (_org, transitIds) => {
      const all: ItemRow[] = [];
      for (const id of transitIds) {
        if ((await loadTransit(id)) === null) continue;
        all.push(...liveItems(await loadItems(id)).map((row) => ({ ...row })));
      }
      return all;
    },
    findItem: async (org, id) => {
      for (const rows of items.values()) {
        const row = rows.find((r) => r.id === id);
        if (row) return row.isRemoved ? null : { ...row };
      }
      const stored = await db.findItem(org, id);
      if (!stored) return null;
      const transit = await loadTransit(stored.transitId);
      const row = transit ? (await loadItems(stored.transitId)).find((r) => r.id === id) : undefined;
      return row && !row.isRemoved ? { ...row } : null;
    },
    maxItemSort: async (org, transitId) => {
      if (!maxSorts.has(transitId)) maxSorts.set(transitId, await db.maxItemSort(org, transitId));
      const staged = (items.get(transitId) ?? []).map((row) => row.sort);
      return Math.max(maxSorts.get(transitId)!, ...staged);
    },
    countInProject: (org, projectId) => db.countInProject(org, projectId),
    projectIsLive: (org, projectId) => db.projectIsLive(org, projectId),
    updateTransit: async (_org, id, expectedVersion, values) => {
      const row = await loadTransit(id);
      if (!row || (expectedVersion !== null && expectedVersion !== row.version)) return false;
      Object.assign(row, values, { version: row.version + 1 });
      const readVersion = readVersions.get(id);
      // A transit this save inserted is written with its final values instead.
      const inserted = writes.find((w) => w.kind === 'insertTransit' && w.values.id === id);
      if (inserted?.kind === 'insertTransit') Object.assign(inserted.values, values);
      else if (readVersion !== undefined) {
        const earlier = writes.find((w) => w.kind === 'updateTransit' && w.id === id);
        if (earlier?.kind === 'updateTransit') Object.assign(earlier.values, values);
        else writes.push({ kind: 'updateTransit', id, readVersion, values: { ...values } });
      }
      return true;
    },
    insertTransit: async (org, values) => {
      const id = values.id!;
      const now = new Date();
      transits.set(id, {
        ...values,
        id,
        organizationId: org,
        guid: id,
        version: 1,
        isRemoved: false,
        results: null,
        penetratingItemCount: 0,
        createdOn: now,
        lastUpdatedOn: now,
      } as TransitRow);
      items.set(id, []);
      maxSorts.set(id, -1);
      writes.push({ kind: 'insertTransit', values: { ...values, id } });
      return id;
    },
    updateItem: async (_org, id, expectedVersion, values) => {
      for (const rows of items.values()) {
        const row = rows.find((r) => r.id === id);
        if (!row) continue;
        if (expectedVersion !== null && expectedVersion !== row.version) return false;
        const readVersion = row.version;
        Object.assign(row, values, { version: row.version + 1 });
        const insert = writes.find((w) => w.kind === 'insertItems' && w.rows.some((r) => r.id === id));
        if (insert?.kind === 'insertItems')
          Object.assign(
            insert.rows.find((r) => r.id === id)!,
            values,
          );
        else writes.push({ kind: 'updateItem', id, readVersion, values: { ...values } });
        return true;
      }
      return false;
    },
    insertItems: async (org, transitId, rows) => {
      if (rows.length === 0) return [];
      const staged = await loadItems(transitId);
      const now = new Date();
      const withIds = rows.map((row) => ({ ...row, id: row.id! }));
      for (const row of withIds) {
        staged.push({
          ...row,
          transitId,
          organizationId: org,
          guid: row.id,
          version: 1,
          plasticPipeDiameterMm: null,
          sleevedDiameterMm: null,
          diameterPlusClearanceMm: null,
          createdOn: now,
          lastUpdatedOn: now,
        } as ItemRow);
      }
      writes.push({ kind: 'insertItems', transitId, rows: withIds });
      return withIds.map((row) => row.id);
    },
    touchProject: async (_org, projectId) => {
      if (!writes.some((w) => w.kind === 'touchProject' && w.projectId === projectId))
        writes.push({ kind: 'touchProject', projectId });
    },
  };

  return {
    queries,
    /** The transit and its live items as the save leaves them. */
    async rows(transitId: string): Promise<{ row: TransitRow; items: ItemRow[] }> {
      const row = (await loadTransit(transitId))!;
      return { row, items: liveItems(await loadItems(transitId)) };
    },
    /**
     * The transit and its live items as they were read, before this save's writes (null for a transit the save
     * inserted); call after `rows`, which reads whatever the writes did not.
     */
    before(transitId: string): { row: TransitRow; items: ItemRow[] } | null {
      const row = readTransits.get(transitId);
      if (!row || row.isRemoved) return null;
      return { row, items: liveItems(readItems.get(transitId) ?? []) };
    },
    /** Sends the writes once; throws StaleSave when a row changed since it was read. */
    async apply(q: SaveQueries): Promise<void> {
      for (const write of writes) {
        if (write.kind === 'insertTransit') {
          // A new transit's guard is its project: removed since it was read, the save starts again (and is refused).
          if (!(await q.projectIsLive(organizationId, write.values.projectId))) throw new StaleSave();
          await q.insertTransit(organizationId, write.values);
        } else if (write.kind === 'insertItems')
          await q.insertItems(organizationId, write.transitId, write.rows);
        else if (write.kind === 'touchProject') await q.touchProject(organizationId, write.projectId);
        else if (write.kind === 'updateTransit') {
          if (!(await q.updateTransit(organizationId, write.id, write.readVersion, write.values)))
            throw new StaleSave();
        } else if (!(await q.updateItem(organizationId, write.id, write.readVersion, write.values))) {
          throw new StaleSave();
        }
      }
    },
  };
}
