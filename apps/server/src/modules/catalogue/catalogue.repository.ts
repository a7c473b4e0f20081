import { asc, eq, sql } from 'drizzle-orm';
import type { Catalogue, TranslatedNames } from '@sealplan/engine';
import {
  compactNames,
  NO_CATALOGUE_META,
  type CatalogueMeta,
  type CatalogueTable,
  type SampleFields,
} from '@sealplan/contracts';
import {
  cableSleeves,
  catalogueMeta,
  catalogueSampleFields,
  catalogueSeed,
  CATALOGUE_DATA_VERSION,
  clearanceEntries,
  crushers,
  industries,
  industriesSeed,
  penetratingItemTypes,
  sealants,
  standardOpenings,
  transitClasses,
  transitTypes,
  users,
  type Database,
} from '@sealplan/db';

/** The single catalogue_meta row. */
export const CATALOGUE_META_ID = 'catalogue';

export interface StoredCatalogue {
  catalogue: Catalogue;
  meta: CatalogueMeta;
  sampleFields: SampleFields;
}

function emptySampleFields(): SampleFields {
  return {
    itemTypes: {},
    transitTypes: {},
    classes: {},
    sealants: {},
    cableSleeves: {},
    crushers: {},
    clearance: {},
    standardOpenings: {},
  };
}

/** Seed sample marks for a whole catalogue (the seed file's per-row rules). */
export function seedSampleFields(catalogue: Catalogue): SampleFields {
  const fields = emptySampleFields();
  for (const row of catalogue.itemTypes) fields.itemTypes[row.id] = catalogueSampleFields.itemTypes();
  for (const row of catalogue.transitTypes)
    fields.transitTypes[row.id] = catalogueSampleFields.transitTypes();
  for (const row of catalogue.classes) fields.classes[row.id] = catalogueSampleFields.classes();
  for (const row of catalogue.sealants) fields.sealants[row.id] = catalogueSampleFields.sealants();
  for (const row of catalogue.cableSleeves)
    fields.cableSleeves[row.id] = catalogueSampleFields.cableSleeves();
  for (const row of catalogue.crushers) fields.crushers[row.id] = catalogueSampleFields.crushers(row);
  catalogue.clearance.forEach(
    (_row, index) => (fields.clearance[String(index)] = catalogueSampleFields.clearance()),
  );
  return fields;
}

type Executor = Database;

/** The version the cache files the tables under while the catalogue was never seeded (no meta row). */
const NO_META_VERSION = -1;

/** The catalogue's rows, without what the meta row says (`isSample`), as one version of the meta row has them. */
interface CatalogueTables {
  catalogue: Omit<Catalogue, 'isSample'>;
  sampleFields: SampleFields;
}

function presentMeta(row: {
  meta: typeof catalogueMeta.$inferSelect;
  verifiedBy: string | null;
}): CatalogueMeta {
  return {
    dataVersion: row.meta.dataVersion,
    isVerified: row.meta.isVerified,
    verifiedOn: row.meta.verifiedOn?.toISOString() ?? null,
    verifiedBy: row.verifiedBy ?? null,
    version: row.meta.version,
    lastUpdatedOn: row.meta.lastUpdatedOn.toISOString(),
  };
}

/** Freezes a value and everything in it: a cached catalogue is shared by every load, none may change it. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * Reads the meta row's version and every catalogue table in one snapshot (a repeatable-read transaction), so the
 * tables are exactly those of the version read with them (ADR 038).
 */
async function readTables(db: Database): Promise<{ version: number; tables: CatalogueTables }> {
  return db.transaction(
    async (tx) => {
      const executor = tx as unknown as Executor;
      const metaRows = await executor
        .select({ version: catalogueMeta.version })
        .from(catalogueMeta)
        .where(eq(catalogueMeta.id, CATALOGUE_META_ID))
        .limit(1);
      const classRows = await executor
        .select()
        .from(transitClasses)
        .orderBy(asc(transitClasses.sort), asc(transitClasses.id));
      const sealantRows = await executor
        .select()
        .from(sealants)
        .orderBy(asc(sealants.sort), asc(sealants.id));
      const typeRows = await executor
        .select()
        .from(transitTypes)
        .orderBy(asc(transitTypes.sort), asc(transitTypes.id));
      const itemRows = await executor
        .select()
        .from(penetratingItemTypes)
        .orderBy(asc(penetratingItemTypes.sort), asc(penetratingItemTypes.id));
      const sleeveRows = await executor
        .select()
        .from(cableSleeves)
        .orderBy(asc(cableSleeves.sort), asc(cableSleeves.id));
      const crusherRows = await executor
        .select()
        .from(crushers)
        .orderBy(asc(crushers.pipeDiameterMm), asc(crushers.itemTypeId), asc(crushers.id));
      const clearanceRows = await executor
        .select()
        .from(clearanceEntries)
        .orderBy(asc(clearanceEntries.pipeOuterDiameterMinMm));
      const openingRows = await executor
        .select()
        .from(standardOpenings)
        .orderBy(asc(standardOpenings.sort), asc(standardOpenings.id));
      const sampleFields = emptySampleFields();
      const catalogue: Omit<Catalogue, 'isSample'> = {
        classes: classRows.map((r) => {
          sampleFields.classes[r.id] = r.sampleFields;
          return { id: r.id as Catalogue['classes'][number]['id'], name: r.name, ...namesOf(r.names) };
        }),
        sealants: sealantRows.map((r) => {
          sampleFields.sealants[r.id] = r.sampleFields;
          return { id: r.id, name: r.name, ...namesOf(r.names) };
        }),
        transitTypes: typeRows.map((r) => {
          sampleFields.transitTypes[r.id] = r.sampleFields;
          return {
            id: r.id as Catalogue['transitTypes'][number]['id'],
            name: r.name,
            ...namesOf(r.names),
            classes: r.classes,
            fillerSleeveType: r.fillerSleeveType,
            fillerSleeveDiameterMm: r.fillerSleeveDiameterMm,
            sealantCartridgeSizeMl: r.sealantCartridgeSizeMl,
            usableSealantCartridgeSizeMl: r.usableSealantCartridgeSizeMl,
          };
        }),
        itemTypes: itemRows.map((r) => {
          sampleFields.itemTypes[r.id] = r.sampleFields;
          return {
            id: r.id as Catalogue['itemTypes'][number]['id'],
            name: r.name,
            ...namesOf(r.names),
            transitTypes: r.transitTypes,
            classes: r.classes,
          };
        }),
        cableSleeves: sleeveRows.map((r) => {
          sampleFields.cableSleeves[r.id] = r.sampleFields;
          return {
            id: r.id,
            transitTypeId: r.transitTypeId as Catalogue['cableSleeves'][number]['transitTypeId'],
            cableMinMm: r.cableMinMm,
            cableMaxMm: r.cableMaxMm,
            outerDiameterMm: r.outerDiameterMm,
            articleNumber: r.articleNumber,
          };
        }),
        crushers: crusherRows.map((r) => {
          sampleFields.crushers[r.id] = r.sampleFields;
          return {
            id: r.id,
            name: r.name,
            itemTypeId: r.itemTypeId as Catalogue['crushers'][number]['itemTypeId'],
            pipeNominalSize: r.pipeNominalSize,
            pipeDiameterMm: r.pipeDiameterMm,
            insideDiameterMm: r.insideDiameterMm,
            outerDiameterMm: r.outerDiameterMm,
            articleNumber: r.articleNumber,
          };
        }),
        clearance: clearanceRows.map((r, index) => {
          sampleFields.clearance[String(index)] = r.sampleFields;
          return {
            pipeOuterDiameterMinMm: r.pipeOuterDiameterMinMm,
            pipeOuterDiameterMaxMm: r.pipeOuterDiameterMaxMm,
            requiredClearanceMm: r.requiredClearanceMm,
          };
        }),
        standardOpenings: openingRows.map((r) =>
          r.shape === 'ROUND'
            ? { id: r.id, shape: 'ROUND' as const, diameterMm: r.diameterMm }
            : {
                id: r.id,
                shape: 'RECTANGLE' as const,
                widthMm: r.widthMm,
                heightMm: r.heightMm,
                cornerRadiusMm: r.cornerRadiusMm ?? 0,
              },
        ),
      };
      return {
        version: metaRows[0]?.version ?? NO_META_VERSION,
        tables: deepFreeze({ catalogue, sampleFields }),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** ADR 030: a row's names in the other languages, left out when it has none (English only). */
function namesOf(names: TranslatedNames): { names?: TranslatedNames } {
  return Object.keys(names).length > 0 ? { names } : {};
}

/** What presenting a transit needs of the catalogue: the names of its references. */
export type CatalogueNames = Pick<Catalogue, 'itemTypes' | 'transitTypes' | 'classes'>;

/** The only Drizzle caller for the catalogue tables (provider-wide reference data, not organization data). */
export function createCatalogueRepository(db: Database) {
  async function readMeta(executor: Executor): Promise<CatalogueMeta | null> {
    const rows = await executor
      .select({ meta: catalogueMeta, verifiedBy: users.email })
      .from(catalogueMeta)
      .leftJoin(users, eq(users.id, catalogueMeta.verifiedById))
      .where(eq(catalogueMeta.id, CATALOGUE_META_ID))
      .limit(1);
    return rows[0] ? presentMeta(rows[0]) : null;
  }

  async function writeTables(executor: Executor, catalogue: Catalogue, sample: SampleFields) {
    await executor.delete(transitClasses);
    await executor.delete(sealants);
    await executor.delete(transitTypes);
    await executor.delete(penetratingItemTypes);
    await executor.delete(cableSleeves);
    await executor.delete(crushers);
    await executor.delete(clearanceEntries);
    const marks = (table: CatalogueTable, id: string) => sample[table][id] ?? [];
    if (catalogue.classes.length)
      await executor.insert(transitClasses).values(
        catalogue.classes.map((c, sort) => ({
          ...c,
          names: compactNames(c.names),
          sort,
          sampleFields: marks('classes', c.id),
        })),
      );
    if (catalogue.sealants.length)
      await executor.insert(sealants).values(
        catalogue.sealants.map((s, sort) => ({
          ...s,
          names: compactNames(s.names),
          sort,
          sampleFields: marks('sealants', s.id),
        })),
      );
    if (catalogue.transitTypes.length)
      await executor.insert(transitTypes).values(
        catalogue.transitTypes.map((t, sort) => ({
          ...t,
          names: compactNames(t.names),
          sort,
          sampleFields: marks('transitTypes', t.id),
        })),
      );
    if (catalogue.itemTypes.length)
      await executor.insert(penetratingItemTypes).values(
        catalogue.itemTypes.map((t, sort) => ({
          ...t,
          names: compactNames(t.names),
          sort,
          sampleFields: marks('itemTypes', t.id),
        })),
      );
    if (catalogue.cableSleeves.length)
      await executor.insert(cableSleeves).values(
        catalogue.cableSleeves.map((s, sort) => ({
          ...s,
          sort,
          sampleFields: marks('cableSleeves', s.id),
        })),
      );
    if (catalogue.crushers.length)
      await executor.insert(crushers).values(
        catalogue.crushers.map((c, sort) => ({
          ...c,
          articleNumber: c.articleNumber ?? null,
          sort,
          sampleFields: marks('crushers', c.id),
        })),
      );
    if (catalogue.clearance.length)
      await executor
        .insert(clearanceEntries)
        .values(
          catalogue.clearance.map((e, id) => ({ ...e, id, sampleFields: marks('clearance', String(id)) })),
        );
    // A catalogue saved without the standard opening sizes (an older client, the seed file) keeps the stored
    // sizes (ADR 020).
    if (catalogue.standardOpenings !== undefined) {
      await executor.delete(standardOpenings);
      if (catalogue.standardOpenings.length)
        await executor.insert(standardOpenings).values(
          catalogue.standardOpenings.map((o, sort) => ({
            id: o.id,
            shape: o.shape,
            diameterMm: o.shape === 'ROUND' ? (o.diameterMm ?? null) : null,
            widthMm: o.shape === 'RECTANGLE' ? (o.widthMm ?? null) : null,
            heightMm: o.shape === 'RECTANGLE' ? (o.heightMm ?? null) : null,
            cornerRadiusMm: o.shape === 'RECTANGLE' ? (o.cornerRadiusMm ?? 0) : null,
            sort,
          })),
        );
    }
  }

  // The meta row, read on every load: one primary-key lookup, prepared once (ADR 038).
  const metaNow = db
    .select({ meta: catalogueMeta, verifiedBy: users.email })
    .from(catalogueMeta)
    .leftJoin(users, eq(users.id, catalogueMeta.verifiedById))
    .where(eq(catalogueMeta.id, sql.placeholder('id')))
    .limit(1)
    .prepare('catalogue_meta_by_id');

  /**
   * The tables as of one version of the meta row, kept while the row stays at that version (ADR 038). Every edit
   * of the catalogue moves the version in the transaction that writes the tables, so a server that finds another
   * version in the row reads the tables again: an edit made through any server is seen on the next load of every
   * server. The promise is kept, so loads that miss together read the tables once.
   */
  let cached: { version: number; tables: Promise<CatalogueTables> } | null = null;

  function tablesAt(version: number): Promise<CatalogueTables> {
    if (cached && cached.version === version) return cached.tables;
    const entry = {
      version,
      tables: readTables(db).then(
        (read) => {
          // Read in one snapshot: the version the tables belong to may be newer than the one asked for.
          if (read.version !== version && cached === entry)
            cached = { version: read.version, tables: entry.tables };
          return read.tables;
        },
        (error: unknown) => {
          if (cached === entry) cached = null;
          throw error;
        },
      ),
    };
    cached = entry;
    return entry.tables;
  }

  /**
   * The catalogue as of a meta row already read (null: none), by the repository's own lookup or in the session's
   * statement (catalogueMetaJson, ADR 038): the kept tables while the row's version is theirs.
   */
  async function loadAt(meta: CatalogueMeta | null): Promise<StoredCatalogue> {
    const tables = await tablesAt(meta?.version ?? NO_META_VERSION);
    const isVerified = meta?.isVerified ?? false;
    return {
      catalogue: { ...tables.catalogue, isSample: !isVerified },
      meta: meta ?? NO_CATALOGUE_META,
      sampleFields: tables.sampleFields,
    };
  }

  return {
    /**
     * The catalogue (crushers sorted by pipe diameter, spec §9), its meta row and sample marks. One indexed query
     * while the catalogue has not changed since this server last read it (ADR 038); the tables otherwise. The
     * rows it answers are frozen: they are shared by every load until the next edit.
     */
    async load(): Promise<StoredCatalogue> {
      const rows = await metaNow.execute({ id: CATALOGUE_META_ID });
      return loadAt(rows[0] ? presentMeta(rows[0]) : null);
    },

    loadAt,

    readMeta: () => readMeta(db),

    /**
     * Replaces every catalogue table in one transaction when the meta row is still at `expectedVersion`
     * (null = no check). Answers false when another administrator saved in between.
     */
    async replace(
      catalogue: Catalogue,
      sample: SampleFields,
      expectedVersion: number | null,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const executor = tx as unknown as Executor;
        const current = await readMeta(executor);
        if (expectedVersion !== null && current && current.version !== expectedVersion) return false;
        await writeTables(executor, catalogue, sample);
        await executor
          .update(catalogueMeta)
          .set({
            version: sql`${catalogueMeta.version} + 1`,
            isVerified: false,
            verifiedOn: null,
            verifiedById: null,
          })
          .where(eq(catalogueMeta.id, CATALOGUE_META_ID));
        return true;
      });
    },

    /** Marks the catalogue verified (or not) when the meta row is still at `expectedVersion`. */
    async setVerified(
      isVerified: boolean,
      userId: string,
      expectedVersion: number,
      now: Date,
    ): Promise<boolean> {
      const rows = await db
        .update(catalogueMeta)
        .set({
          isVerified,
          verifiedOn: isVerified ? now : null,
          verifiedById: isVerified ? userId : null,
          version: sql`${catalogueMeta.version} + 1`,
        })
        .where(
          sql`${catalogueMeta.id} = ${CATALOGUE_META_ID} and ${catalogueMeta.version} = ${expectedVersion}`,
        )
        .returning({ id: catalogueMeta.id });
      return rows.length === 1;
    },

    /**
     * Seed (idempotent): fills the tables from the versioned data file when they were never seeded. Tables seeded
     * from an older data version are left alone (an administrator may have edited them); the answer says so.
     */
    async seed(): Promise<'seeded' | 'current' | { olderVersion: number }> {
      return db.transaction(async (tx) => {
        const executor = tx as unknown as Executor;
        const meta = await readMeta(executor);
        if (meta && meta.dataVersion >= CATALOGUE_DATA_VERSION) return 'current';
        if (meta) return { olderVersion: meta.dataVersion };
        await writeTables(executor, catalogueSeed, seedSampleFields(catalogueSeed));
        await executor
          .insert(catalogueMeta)
          .values({ id: CATALOGUE_META_ID, dataVersion: CATALOGUE_DATA_VERSION })
          .onConflictDoNothing();
        return 'seeded';
      });
    },

    /** Seed (idempotent): the spec §3 industries. */
    async seedIndustries(): Promise<void> {
      await db
        .insert(industries)
        .values(industriesSeed.map((i) => ({ ...i, names: { ...i.names }, isActive: true })))
        .onConflictDoNothing();
    },
  };
}

export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;

/** The engine catalogue from the database tables (for other modules, e.g. the export, that size transits). */
export async function loadCatalogue(db: Database): Promise<Catalogue> {
  return (await createCatalogueRepository(db).load()).catalogue;
}
