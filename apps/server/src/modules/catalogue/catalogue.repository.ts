import { asc, eq, sql } from 'drizzle-orm';
import type { Catalogue } from '@sealplan/engine';
import type { CatalogueMeta, CatalogueTable, SampleFields } from '@sealplan/contracts';
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
    const row = rows[0];
    if (!row) return null;
    return {
      dataVersion: row.meta.dataVersion,
      isVerified: row.meta.isVerified,
      verifiedOn: row.meta.verifiedOn?.toISOString() ?? null,
      verifiedBy: row.verifiedBy ?? null,
      version: row.meta.version,
      lastUpdatedOn: row.meta.lastUpdatedOn.toISOString(),
    };
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
      await executor
        .insert(transitClasses)
        .values(catalogue.classes.map((c, sort) => ({ ...c, sort, sampleFields: marks('classes', c.id) })));
    if (catalogue.sealants.length)
      await executor
        .insert(sealants)
        .values(catalogue.sealants.map((s, sort) => ({ ...s, sort, sampleFields: marks('sealants', s.id) })));
    if (catalogue.transitTypes.length)
      await executor.insert(transitTypes).values(
        catalogue.transitTypes.map((t, sort) => ({
          ...t,
          sort,
          sampleFields: marks('transitTypes', t.id),
        })),
      );
    if (catalogue.itemTypes.length)
      await executor
        .insert(penetratingItemTypes)
        .values(
          catalogue.itemTypes.map((t, sort) => ({ ...t, sort, sampleFields: marks('itemTypes', t.id) })),
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
    // Issue 22 item 4: a catalogue without the list (an older client, the seed file) keeps the stored sizes.
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

  return {
    /** Loads the catalogue tables into the engine's `Catalogue` (crushers sorted by pipe diameter, spec §9). */
    async load(): Promise<StoredCatalogue> {
      const [
        meta,
        classRows,
        sealantRows,
        typeRows,
        itemRows,
        sleeveRows,
        crusherRows,
        clearanceRows,
        openingRows,
      ] = await Promise.all([
        readMeta(db),
        db.select().from(transitClasses).orderBy(asc(transitClasses.sort), asc(transitClasses.id)),
        db.select().from(sealants).orderBy(asc(sealants.sort), asc(sealants.id)),
        db.select().from(transitTypes).orderBy(asc(transitTypes.sort), asc(transitTypes.id)),
        db
          .select()
          .from(penetratingItemTypes)
          .orderBy(asc(penetratingItemTypes.sort), asc(penetratingItemTypes.id)),
        db.select().from(cableSleeves).orderBy(asc(cableSleeves.sort), asc(cableSleeves.id)),
        db
          .select()
          .from(crushers)
          .orderBy(asc(crushers.pipeDiameterMm), asc(crushers.itemTypeId), asc(crushers.id)),
        db.select().from(clearanceEntries).orderBy(asc(clearanceEntries.pipeOuterDiameterMinMm)),
        db.select().from(standardOpenings).orderBy(asc(standardOpenings.sort), asc(standardOpenings.id)),
      ]);
      const sampleFields = emptySampleFields();
      const isVerified = meta?.isVerified ?? false;
      const catalogue: Catalogue = {
        classes: classRows.map((r) => {
          sampleFields.classes[r.id] = r.sampleFields;
          return { id: r.id as Catalogue['classes'][number]['id'], name: r.name };
        }),
        sealants: sealantRows.map((r) => {
          sampleFields.sealants[r.id] = r.sampleFields;
          return { id: r.id, name: r.name };
        }),
        transitTypes: typeRows.map((r) => {
          sampleFields.transitTypes[r.id] = r.sampleFields;
          return {
            id: r.id as Catalogue['transitTypes'][number]['id'],
            name: r.name,
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
        isSample: !isVerified,
      };
      const resolvedMeta: CatalogueMeta = meta ?? {
        dataVersion: 0,
        isVerified: false,
        verifiedOn: null,
        verifiedBy: null,
        version: 0,
        lastUpdatedOn: new Date(0).toISOString(),
      };
      return { catalogue, meta: resolvedMeta, sampleFields };
    },

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
        .values(industriesSeed.map((i) => ({ ...i, isActive: true })))
        .onConflictDoNothing();
    },
  };
}

export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;

/** The engine catalogue from the database tables (for other modules, e.g. the export, that size transits). */
export async function loadCatalogue(db: Database): Promise<Catalogue> {
  return (await createCatalogueRepository(db).load()).catalogue;
}
