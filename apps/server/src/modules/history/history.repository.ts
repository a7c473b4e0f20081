import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  projectChanges,
  projects,
  transitChanges,
  transitPhotos,
  transitRevisions,
  transits,
  users,
  type Database,
} from '@sealplan/db';

export type TransitChangeRow = typeof transitChanges.$inferSelect;
export type TransitRevisionRow = typeof transitRevisions.$inferSelect;
export type TransitPhotoRow = typeof transitPhotos.$inferSelect;

/** The only Drizzle caller of the history, revisions and photos (ADR 032); every query is scoped to one organization. */
export function createHistoryRepository(db: Database) {
  return {
    /** The live transit of the organization (its project live too), or null. */
    async findTransit(organizationId: string, transitId: string) {
      const rows = await db
        .select({ id: transits.id, projectId: transits.projectId, createdOn: transits.createdOn })
        .from(transits)
        .innerJoin(projects, eq(projects.id, transits.projectId))
        .where(
          and(
            eq(transits.id, transitId),
            eq(transits.organizationId, organizationId),
            eq(transits.isRemoved, false),
            eq(projects.isRemoved, false),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },

    /** A transit's changes, newest first, with the name of who made each. */
    async listChanges(organizationId: string, transitId: string) {
      return db
        .select({
          id: transitChanges.id,
          action: transitChanges.action,
          entries: transitChanges.entries,
          hasSnapshot: sql<boolean>`${transitChanges.snapshot} is not null`,
          revision: transitChanges.revision,
          changedOn: transitChanges.changedOn,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(transitChanges)
        .leftJoin(users, eq(users.id, transitChanges.changedById))
        .where(
          and(eq(transitChanges.organizationId, organizationId), eq(transitChanges.transitId, transitId)),
        )
        .orderBy(desc(transitChanges.changedOn), desc(transitChanges.id));
    },

    async findChange(organizationId: string, transitId: string, changeId: string) {
      const rows = await db
        .select()
        .from(transitChanges)
        .where(
          and(
            eq(transitChanges.id, changeId),
            eq(transitChanges.organizationId, organizationId),
            eq(transitChanges.transitId, transitId),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },

    async revisionOf(organizationId: string, transitId: string): Promise<TransitRevisionRow | null> {
      const rows = await db
        .select()
        .from(transitRevisions)
        .where(
          and(eq(transitRevisions.transitId, transitId), eq(transitRevisions.organizationId, organizationId)),
        )
        .limit(1);
      return rows[0] ?? null;
    },

    /** The revisions of the live transits of a project (for its documents). */
    async revisionsOfProject(organizationId: string, projectId: string) {
      return db
        .select({
          transitId: transits.id,
          createdOn: transits.createdOn,
          revision: transitRevisions.revision,
          revisedOn: transitRevisions.revisedOn,
        })
        .from(transits)
        .leftJoin(transitRevisions, eq(transitRevisions.transitId, transits.id))
        .where(
          and(
            eq(transits.organizationId, organizationId),
            eq(transits.projectId, projectId),
            eq(transits.isRemoved, false),
          ),
        );
    },

    /**
     * Marks the current revision of every live transit of the project issued (a document of it was exported or
     * shared); a transit without a revision row gets revision A, dated by its creation.
     */
    async markIssued(organizationId: string, projectId: string, on: Date): Promise<void> {
      await db.transaction(async (tx) => {
        const live = await tx
          .select({ id: transits.id, createdOn: transits.createdOn })
          .from(transits)
          .where(
            and(
              eq(transits.organizationId, organizationId),
              eq(transits.projectId, projectId),
              eq(transits.isRemoved, false),
            ),
          );
        if (live.length === 0) return;
        await tx
          .insert(transitRevisions)
          .values(
            live.map((t) => ({
              transitId: t.id,
              organizationId,
              revision: 0,
              revisedOn: t.createdOn,
              issuedOn: on,
            })),
          )
          .onConflictDoNothing();
        await tx
          .update(transitRevisions)
          .set({ issuedOn: on })
          .where(
            and(
              eq(transitRevisions.organizationId, organizationId),
              inArray(
                transitRevisions.transitId,
                live.map((t) => t.id),
              ),
              isNull(transitRevisions.issuedOn),
            ),
          );
      });
    },

    /**
     * Inside the change's transaction, one statement: a design change (`revise`) takes the transit's revision, the
     * next letter when the current one was issued (dated by this change), and the change is stored with it; any
     * other change (a photo, a status) is stored with the revision as it stands.
     */
    async insertChange(
      tx: Database,
      values: Omit<typeof transitChanges.$inferInsert, 'revision' | 'changedOn'> & { changedOn: Date },
      revise: boolean,
    ): Promise<void> {
      const on = values.changedOn.toISOString();
      const snapshot =
        values.snapshot === null || values.snapshot === undefined ? null : JSON.stringify(values.snapshot);
      const change = sql`${values.organizationId}::uuid, ${values.projectId}::uuid, ${values.transitId}::uuid,
        ${values.action}, ${JSON.stringify(values.entries)}::jsonb, ${snapshot}::jsonb,
        ${values.changedById ?? null}::uuid, ${on}::timestamptz`;
      const columns = sql.raw(
        '(organization_id, project_id, transit_id, action, entries, snapshot, changed_by_id, changed_on, revision)',
      );
      if (revise) {
        await tx.execute(sql`
          with revised as (
            insert into transit_revisions as r (transit_id, organization_id, revision, revised_on)
            values (${values.transitId}::uuid, ${values.organizationId}::uuid, 0, ${on}::timestamptz)
            on conflict (transit_id) do update set
              revision = r.revision + (case when r.issued_on is null then 0 else 1 end),
              revised_on = case when r.issued_on is null then r.revised_on else excluded.revised_on end,
              issued_on = null
            returning r.revision
          )
          insert into transit_changes ${columns}
          select ${change}, revised.revision from revised`);
        return;
      }
      await tx.execute(sql`
        insert into transit_changes ${columns}
        select ${change},
          coalesce((select revision from transit_revisions where transit_id = ${values.transitId}::uuid), 0)`);
    },

    /** The live project of the organization, or null. */
    async findProject(organizationId: string, projectId: string) {
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
      return rows[0] ?? null;
    },

    /** Inside the change's transaction: one change of a project's own fields. */
    async insertProjectChange(tx: Database, values: typeof projectChanges.$inferInsert): Promise<void> {
      await tx.insert(projectChanges).values(values);
    },

    /** The newest `limit` changes of a project's own fields, with who made each. */
    async listProjectChanges(organizationId: string, projectId: string, limit: number) {
      return db
        .select({
          id: projectChanges.id,
          action: projectChanges.action,
          entries: projectChanges.entries,
          changedOn: projectChanges.changedOn,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(projectChanges)
        .leftJoin(users, eq(users.id, projectChanges.changedById))
        .where(
          and(eq(projectChanges.organizationId, organizationId), eq(projectChanges.projectId, projectId)),
        )
        .orderBy(desc(projectChanges.changedOn), desc(projectChanges.id))
        .limit(limit);
    },

    /** The newest `limit` changes of the project's transits (removed ones too), with each transit's name now. */
    async listTransitChangesOfProject(organizationId: string, projectId: string, limit: number) {
      return db
        .select({
          id: transitChanges.id,
          transitId: transitChanges.transitId,
          transitName: transits.name,
          action: transitChanges.action,
          entries: transitChanges.entries,
          revision: transitChanges.revision,
          changedOn: transitChanges.changedOn,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(transitChanges)
        .innerJoin(transits, eq(transits.id, transitChanges.transitId))
        .leftJoin(users, eq(users.id, transitChanges.changedById))
        .where(
          and(eq(transitChanges.organizationId, organizationId), eq(transitChanges.projectId, projectId)),
        )
        .orderBy(desc(transitChanges.changedOn), desc(transitChanges.id))
        .limit(limit);
    },

    // Photos

    async listPhotos(organizationId: string, transitId: string) {
      return db
        .select({
          id: transitPhotos.id,
          transitId: transitPhotos.transitId,
          fileName: transitPhotos.fileName,
          contentType: transitPhotos.contentType,
          size: transitPhotos.size,
          width: transitPhotos.width,
          height: transitPhotos.height,
          keptGps: transitPhotos.keptGps,
          createdOn: transitPhotos.createdOn,
        })
        .from(transitPhotos)
        .where(
          and(
            eq(transitPhotos.organizationId, organizationId),
            eq(transitPhotos.transitId, transitId),
            eq(transitPhotos.isRemoved, false),
          ),
        )
        .orderBy(asc(transitPhotos.createdOn), asc(transitPhotos.id));
    },

    async countPhotos(tx: Database, organizationId: string, transitId: string): Promise<number> {
      const rows = await tx
        .select({ total: count() })
        .from(transitPhotos)
        .where(
          and(
            eq(transitPhotos.organizationId, organizationId),
            eq(transitPhotos.transitId, transitId),
            eq(transitPhotos.isRemoved, false),
          ),
        );
      return rows[0]?.total ?? 0;
    },

    async findPhoto(organizationId: string, id: string): Promise<TransitPhotoRow | null> {
      const rows = await db
        .select()
        .from(transitPhotos)
        .where(
          and(
            eq(transitPhotos.id, id),
            eq(transitPhotos.organizationId, organizationId),
            eq(transitPhotos.isRemoved, false),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },

    async insertPhoto(tx: Database, values: typeof transitPhotos.$inferInsert) {
      const rows = await tx.insert(transitPhotos).values(values).returning({ id: transitPhotos.id });
      return rows[0]!.id;
    },

    async removePhoto(tx: Database, organizationId: string, id: string): Promise<boolean> {
      const rows = await tx
        .update(transitPhotos)
        .set({ isRemoved: true })
        .where(
          and(
            eq(transitPhotos.id, id),
            eq(transitPhotos.organizationId, organizationId),
            eq(transitPhotos.isRemoved, false),
          ),
        )
        .returning({ id: transitPhotos.id });
      return rows.length === 1;
    },

    transaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => work(tx as unknown as Database));
    },
  };
}

export type HistoryRepository = ReturnType<typeof createHistoryRepository>;
