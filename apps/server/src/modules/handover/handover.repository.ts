import { aliasedTable, and, asc, eq, inArray, sql } from 'drizzle-orm';
import { TRANSIT_FILE_TYPES, TRANSIT_PHOTO_TYPES } from '@sealplan/contracts';
import { locationsOf, statusEventsOf } from '../site';
import {
  customers,
  industries,
  organizations,
  penetratingItems,
  projectLocations,
  projects,
  transitPhotos,
  transitRevisions,
  transitSiteStates,
  transitStatusEvents,
  transits,
  users,
  type Database,
} from '@sealplan/db';

export type LocationRow = typeof projectLocations.$inferSelect;
export type TransitRow = typeof transits.$inferSelect;
export type ItemRow = typeof penetratingItems.$inferSelect;
export type LocationInsert = typeof projectLocations.$inferInsert;
export type TransitInsert = typeof transits.$inferInsert;
export type ItemInsert = typeof penetratingItems.$inferInsert;
export type SiteStateInsert = typeof transitSiteStates.$inferInsert;
export type StatusEventInsert = typeof transitStatusEvents.$inferInsert;
export type PhotoInsert = typeof transitPhotos.$inferInsert;
export type RevisionInsert = typeof transitRevisions.$inferInsert;
export type CustomerInsert = typeof customers.$inferInsert;
export type ProjectInsert = typeof projects.$inferInsert;

const personName = (u: typeof users) => sql<string>`trim(${u.firstName} || ' ' || ${u.lastName})`;

/** Rows are written in slices so no statement carries more parameters than PostgreSQL takes (65,535). */
const INSERT_SLICE = 500;

async function insertInSlices<T>(rows: T[], insert: (slice: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += INSERT_SLICE)
    await insert(rows.slice(start, start + INSERT_SLICE));
}

/** Everything an import writes, in the order the foreign keys need. */
export interface ImportRows {
  customer: CustomerInsert | null;
  project: ProjectInsert;
  /** Parents before their children. */
  locations: LocationInsert[];
  transits: TransitInsert[];
  items: ItemInsert[];
  siteStates: SiteStateInsert[];
  events: StatusEventInsert[];
  photos: PhotoInsert[];
  /** The transits' other files (PDFs), in the photos' table (ADR 032). */
  files: PhotoInsert[];
  revisions: RevisionInsert[];
}

/**
 * The hand-over's reads of a project and the import's writes (ADR 035): the only Drizzle caller of the module.
 * Every read is scoped to one organization; an import writes only new rows of the caller's organization.
 */
/** The live (not removed) uploads of these transits whose type is one of `types`. */
function liveUploads(organizationId: string, transitIds: string[], types: readonly string[]) {
  return and(
    eq(transitPhotos.organizationId, organizationId),
    inArray(transitPhotos.transitId, transitIds),
    inArray(transitPhotos.contentType, [...types]),
    eq(transitPhotos.isRemoved, false),
  );
}

export function createHandoverRepository(db: Database) {
  const liveTransits = (organizationId: string, projectId: string) =>
    and(
      eq(transits.organizationId, organizationId),
      eq(transits.projectId, projectId),
      eq(transits.isRemoved, false),
    );

  return {
    async findProject(organizationId: string, projectId: string) {
      const rows = await db
        .select({ project: projects, customer: customers, organization: organizations.name })
        .from(projects)
        .innerJoin(customers, eq(customers.id, projects.customerId))
        .innerJoin(organizations, eq(organizations.id, projects.organizationId))
        .where(
          and(
            eq(projects.id, projectId),
            eq(projects.organizationId, organizationId),
            eq(projects.isRemoved, false),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },

    listLocations: (organizationId: string, projectId: string) => locationsOf(db, organizationId, projectId),

    /** The project's live transits in the project read's order, with their site row, revision and people's names. */
    async listTransits(organizationId: string, projectId: string) {
      const installer = aliasedTable(users, 'installer');
      const inspector = aliasedTable(users, 'inspector');
      return db
        .select({
          transit: transits,
          site: transitSiteStates,
          installerName: sql<
            string | null
          >`coalesce(${transitSiteStates.installedByName}, ${personName(installer)})`,
          inspectorName: sql<
            string | null
          >`coalesce(${transitSiteStates.inspectedByName}, ${personName(inspector)})`,
          revision: transitRevisions,
        })
        .from(transits)
        .leftJoin(transitSiteStates, eq(transitSiteStates.transitId, transits.id))
        .leftJoin(installer, eq(installer.id, transitSiteStates.installedById))
        .leftJoin(inspector, eq(inspector.id, transitSiteStates.inspectedById))
        .leftJoin(transitRevisions, eq(transitRevisions.transitId, transits.id))
        .where(liveTransits(organizationId, projectId))
        .orderBy(asc(transits.createdOn), asc(transits.id));
    },

    async listItems(organizationId: string, transitIds: string[]): Promise<ItemRow[]> {
      if (transitIds.length === 0) return [];
      return db
        .select()
        .from(penetratingItems)
        .where(
          and(
            eq(penetratingItems.organizationId, organizationId),
            inArray(penetratingItems.transitId, transitIds),
            eq(penetratingItems.isRemoved, false),
          ),
        )
        .orderBy(asc(penetratingItems.sort), asc(penetratingItems.createdOn), asc(penetratingItems.id));
    },

    listEvents(organizationId: string, transitIds: string[]) {
      return statusEventsOf(db, organizationId, transitIds);
    },

    /**
     * The live photos of these transits: the thumbnails always, the full images when `full`. The files kept beside
     * them (PDFs) are read by `listFiles`.
     */
    async listPhotos(organizationId: string, transitIds: string[], full: boolean) {
      if (transitIds.length === 0) return [];
      return db
        .select({
          id: transitPhotos.id,
          transitId: transitPhotos.transitId,
          fileName: transitPhotos.fileName,
          contentType: transitPhotos.contentType,
          width: transitPhotos.width,
          height: transitPhotos.height,
          keptGps: transitPhotos.keptGps,
          createdOn: transitPhotos.createdOn,
          thumbnail: transitPhotos.thumbnail,
          data: full ? transitPhotos.data : sql<Buffer | null>`null`,
        })
        .from(transitPhotos)
        .where(liveUploads(organizationId, transitIds, TRANSIT_PHOTO_TYPES))
        .orderBy(asc(transitPhotos.createdOn), asc(transitPhotos.id));
    },

    /** The live files of these transits that are not photos (PDFs, ADR 032), with their bytes, for the archive. */
    async listFiles(organizationId: string, transitIds: string[]) {
      if (transitIds.length === 0) return [];
      return db
        .select({
          id: transitPhotos.id,
          transitId: transitPhotos.transitId,
          fileName: transitPhotos.fileName,
          contentType: transitPhotos.contentType,
          createdOn: transitPhotos.createdOn,
          data: transitPhotos.data,
        })
        .from(transitPhotos)
        .where(liveUploads(organizationId, transitIds, TRANSIT_FILE_TYPES))
        .orderBy(asc(transitPhotos.createdOn), asc(transitPhotos.id));
    },

    async industryExists(id: string): Promise<boolean> {
      const rows = await db
        .select({ id: industries.id })
        .from(industries)
        .where(eq(industries.id, id))
        .limit(1);
      return rows.length > 0;
    },

    /** The organization's customer of this name (any case), which an import uses rather than making another. */
    async findCustomerByName(
      organizationId: string,
      name: string,
    ): Promise<{ id: string; name: string } | null> {
      const rows = await db
        .select({ id: customers.id, name: customers.name })
        .from(customers)
        .where(
          and(eq(customers.organizationId, organizationId), sql`lower(${customers.name}) = lower(${name})`),
        )
        .orderBy(asc(customers.createdOn))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * ADR 035: the whole import in one transaction: every row or none; `record` writes its history (ADR 032) in
     * the same transaction, once every row it names is there (a history that fails takes the import back).
     */
    async insertImport(rows: ImportRows, record?: (tx: Database) => Promise<void>): Promise<void> {
      await db.transaction(async (tx) => {
        if (rows.customer) await tx.insert(customers).values(rows.customer);
        await tx.insert(projects).values(rows.project);
        // One row at a time for the tree (a parent exists before its child); a project has few locations.
        for (const location of rows.locations) await tx.insert(projectLocations).values(location);
        await insertInSlices(rows.transits, (slice) => tx.insert(transits).values(slice));
        await insertInSlices(rows.items, (slice) => tx.insert(penetratingItems).values(slice));
        await insertInSlices(rows.siteStates, (slice) => tx.insert(transitSiteStates).values(slice));
        await insertInSlices(rows.events, (slice) => tx.insert(transitStatusEvents).values(slice));
        await insertInSlices(rows.revisions, (slice) => tx.insert(transitRevisions).values(slice));
        // Photos and files one by one: each carries up to a few megabytes.
        for (const photo of rows.photos) await tx.insert(transitPhotos).values(photo);
        for (const file of rows.files) await tx.insert(transitPhotos).values(file);
        await record?.(tx as unknown as Database);
      });
    },
  };
}

export type HandoverRepository = ReturnType<typeof createHandoverRepository>;
