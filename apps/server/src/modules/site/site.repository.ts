import { aliasedTable, and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  projectLocations,
  projects,
  transitSiteStates,
  transitStatusEvents,
  transits,
  users,
  type Database,
} from '@sealplan/db';
import { locationKey, locationPaths, type TransitSiteStatus } from '@sealplan/contracts';
import { insertScoped, updateVersioned } from '../../lib/versioned-repository';

export type LocationRow = typeof projectLocations.$inferSelect;
export type SiteStateRow = typeof transitSiteStates.$inferSelect;

export interface SiteTransitRef {
  id: string;
  name: string;
  projectId: string;
  projectName: string;
}

export interface PersonRef {
  id: string;
  name: string;
}

export interface StatusEventRow {
  fromStatus: string;
  toStatus: string;
  by: PersonRef;
  at: Date;
  remarks: string;
}

/** A status step as it is written: the row's new values and the event that records it. */
export interface StatusStep {
  organizationId: string;
  transitId: string;
  projectId: string;
  from: readonly TransitSiteStatus[];
  to: TransitSiteStatus;
  userId: string;
  at: Date;
  remarks: string;
  /** Which of the who-and-when columns the step fills. */
  stamp: 'installed' | 'inspected';
}

/** What a status step wrote, handed to whoever records it in the same transaction (ADR 031). */
export interface StatusChange {
  organizationId: string;
  projectId: string;
  transitId: string;
  fromStatus: TransitSiteStatus;
  toStatus: TransitSiteStatus;
  userId: string;
  at: Date;
  remarks: string;
}

export type StatusChangeRecorder = (tx: Database, change: StatusChange) => Promise<void>;

/** A project's locations in the tree's order: by their sort number, then by name (ADR 031). */
export function locationsOf(db: Database, organizationId: string, projectId: string): Promise<LocationRow[]> {
  return db
    .select()
    .from(projectLocations)
    .where(
      and(eq(projectLocations.organizationId, organizationId), eq(projectLocations.projectId, projectId)),
    )
    .orderBy(asc(projectLocations.sort), asc(sql`lower(${projectLocations.name})`), asc(projectLocations.id));
}

/**
 * The status steps of these transits, oldest first, each with the name of who took it: the person's own, or the
 * name an imported step carries (ADR 031, 035).
 */
export async function statusEventsOf(db: Database, organizationId: string, transitIds: readonly string[]) {
  if (transitIds.length === 0) return [];
  return db
    .select({
      transitId: transitStatusEvents.transitId,
      fromStatus: transitStatusEvents.fromStatus,
      toStatus: transitStatusEvents.toStatus,
      userId: transitStatusEvents.userId,
      name: sql<string>`coalesce(${transitStatusEvents.userName}, ${personName(users)}, '')`,
      at: transitStatusEvents.at,
      remarks: transitStatusEvents.remarks,
    })
    .from(transitStatusEvents)
    .leftJoin(users, eq(users.id, transitStatusEvents.userId))
    .where(
      and(
        eq(transitStatusEvents.organizationId, organizationId),
        inArray(transitStatusEvents.transitId, [...transitIds]),
      ),
    )
    .orderBy(asc(transitStatusEvents.at), asc(transitStatusEvents.id));
}

/** A transit placed at a location path (the schedule import, ADR 020 and 031). */
export interface PathPlacement {
  transitId: string;
  /** The location's path from the root of the project's tree ("Deck 3", "Engine room"). */
  path: readonly string[];
}

/**
 * ADR 031, for the schedule import: inside the caller's transaction (`db` is it), finds each path's locations in
 * the project's tree, level by level, with names compared without case and repeated spaces, creates the levels that
 * are missing (after their siblings), and places each transit there unless it already has a location (nothing is
 * overwritten, even by an import that started before a person placed it). The project row is locked first, so two
 * imports into one project never create the same location twice.
 */
export async function placeTransitsAtPaths(
  db: Database,
  organizationId: string,
  projectId: string,
  placements: readonly PathPlacement[],
): Promise<void> {
  if (placements.length === 0) return;
  await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.organizationId, organizationId)))
    .for('update');
  const locations = await db
    .select()
    .from(projectLocations)
    .where(
      and(eq(projectLocations.organizationId, organizationId), eq(projectLocations.projectId, projectId)),
    )
    .orderBy(asc(projectLocations.sort), asc(projectLocations.createdOn), asc(projectLocations.id));
  type Level = { id: string; name: string; sort: number };
  const children = new Map<string | null, Level[]>();
  for (const l of locations) children.set(l.parentId, [...(children.get(l.parentId) ?? []), l]);
  const locationOf = async (path: readonly string[]): Promise<string> => {
    let parentId: string | null = null;
    for (const name of path) {
      const siblings: Level[] = children.get(parentId) ?? [];
      const found: Level | undefined = siblings.find((l) => locationKey(l.name) === locationKey(name));
      if (found) {
        parentId = found.id;
        continue;
      }
      const sort = Math.max(-1, ...siblings.map((l) => l.sort)) + 1;
      const id: string = await insertScoped(db, projectLocations, organizationId, {
        projectId,
        parentId,
        name: name.trim().replace(/\s+/g, ' '),
        sort,
      });
      children.set(parentId, [...siblings, { id, name, sort }]);
      parentId = id;
    }
    return parentId!;
  };
  for (const placement of placements) {
    const locationId = await locationOf(placement.path);
    await db
      .insert(transitSiteStates)
      .values({ transitId: placement.transitId, organizationId, projectId, locationId })
      .onConflictDoUpdate({
        target: transitSiteStates.transitId,
        set: { locationId, version: sql`${transitSiteStates.version} + 1`, lastUpdatedOn: new Date() },
        setWhere: isNull(transitSiteStates.locationId),
      });
  }
}

/**
 * A project's location tree as paths from the root, and each transit of the project that has a location: transit
 * id -> its location's path.
 */
export async function transitLocationPaths(
  db: Database,
  organizationId: string,
  projectId: string,
): Promise<{ paths: string[][]; transits: Map<string, string[]> }> {
  const [locations, states] = await Promise.all([
    db
      .select({ id: projectLocations.id, parentId: projectLocations.parentId, name: projectLocations.name })
      .from(projectLocations)
      .where(
        and(eq(projectLocations.organizationId, organizationId), eq(projectLocations.projectId, projectId)),
      ),
    db
      .select({ transitId: transitSiteStates.transitId, locationId: transitSiteStates.locationId })
      .from(transitSiteStates)
      .where(
        and(
          eq(transitSiteStates.organizationId, organizationId),
          eq(transitSiteStates.projectId, projectId),
          isNotNull(transitSiteStates.locationId),
        ),
      ),
  ]);
  const paths = locationPaths(locations);
  const out = new Map<string, string[]>();
  for (const s of states) {
    const path = s.locationId ? paths.get(s.locationId) : undefined;
    if (path?.length) out.set(s.transitId, path);
  }
  return { paths: [...paths.values()], transits: out };
}
/** A transit moved in the location tree, by its paths' names before and after ([] = no location). */
export interface LocationChange {
  organizationId: string;
  projectId: string;
  transitId: string;
  userId: string | null;
  before: string[];
  after: string[];
}

export type LocationChangeRecorder = (tx: Database, change: LocationChange) => Promise<void>;

/** A change of the project's location tree, by the paths' names (`before` [] = added, `after` [] = removed). */
export interface LocationTreeChange {
  organizationId: string;
  projectId: string;
  userId: string | null;
  before: string[];
  after: string[];
}

export type LocationTreeChangeRecorder = (tx: Database, change: LocationTreeChange) => Promise<void>;

const personName = (u: typeof users) => sql<string>`trim(${u.firstName} || ' ' || ${u.lastName})`;

/** The only Drizzle caller of the site tables (ADR 031). Every query is scoped to one organization. */
export function createSiteRepository(db: Database) {
  const liveTransit = (organizationId: string) =>
    and(
      eq(transits.organizationId, organizationId),
      eq(transits.isRemoved, false),
      eq(projects.isRemoved, false),
    );

  return {
    async findProject(
      organizationId: string,
      projectId: string,
    ): Promise<{ id: string; name: string } | null> {
      const rows = await db
        .select({ id: projects.id, name: projects.name })
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

    async findTransit(organizationId: string, transitId: string): Promise<SiteTransitRef | null> {
      const rows = await db
        .select({ id: transits.id, name: transits.name, projectId: projects.id, projectName: projects.name })
        .from(transits)
        .innerJoin(projects, eq(projects.id, transits.projectId))
        .where(and(eq(transits.id, transitId), liveTransit(organizationId)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** A project's live transits (in the project read's order) with their site rows, if any. */
    async projectTransits(organizationId: string, projectId: string) {
      return db
        .select({
          transitId: transits.id,
          name: transits.name,
          locationId: transitSiteStates.locationId,
          status: transitSiteStates.status,
        })
        .from(transits)
        .innerJoin(projects, eq(projects.id, transits.projectId))
        .leftJoin(transitSiteStates, eq(transitSiteStates.transitId, transits.id))
        .where(and(eq(transits.projectId, projectId), liveTransit(organizationId)))
        .orderBy(asc(transits.createdOn), asc(transits.id));
    },

    /** The organization's live transits per status (no site row counts as DESIGNED). */
    async statusCounts(organizationId: string): Promise<{ status: string; count: number }[]> {
      const status = sql<string>`coalesce(${transitSiteStates.status}, 'DESIGNED')`;
      return db
        .select({ status, count: sql<number>`count(*)`.mapWith(Number) })
        .from(transits)
        .innerJoin(projects, eq(projects.id, transits.projectId))
        .leftJoin(transitSiteStates, eq(transitSiteStates.transitId, transits.id))
        .where(liveTransit(organizationId))
        .groupBy(status);
    },

    listLocations: (organizationId: string, projectId: string) => locationsOf(db, organizationId, projectId),

    async findLocation(organizationId: string, id: string): Promise<LocationRow | null> {
      const rows = await db
        .select()
        .from(projectLocations)
        .where(and(eq(projectLocations.id, id), eq(projectLocations.organizationId, organizationId)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Adds a location; with `record`, in one transaction with the change's history (ADR 032). */
    async insertLocation(
      organizationId: string,
      values: { projectId: string; parentId: string | null; name: string; sort: number },
      record?: (tx: Database) => Promise<void>,
    ): Promise<string> {
      return db.transaction(async (tx) => {
        const id = await insertScoped(tx as unknown as Database, projectLocations, organizationId, values);
        await record?.(tx as unknown as Database);
        return id;
      });
    },

    /** Renames or moves a location under its version; with `record`, in one transaction with its history. */
    async updateLocation(
      organizationId: string,
      id: string,
      expectedVersion: number | null,
      values: { parentId: string | null; name: string; sort?: number },
      record?: (tx: Database) => Promise<void>,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const changed = await updateVersioned(
          tx as unknown as Database,
          projectLocations,
          organizationId,
          id,
          expectedVersion,
          values,
        );
        if (changed) await record?.(tx as unknown as Database);
        return changed;
      });
    },

    async hasChildren(organizationId: string, id: string): Promise<boolean> {
      const rows = await db
        .select({ id: projectLocations.id })
        .from(projectLocations)
        .where(and(eq(projectLocations.organizationId, organizationId), eq(projectLocations.parentId, id)))
        .limit(1);
      return rows.length > 0;
    },

    /**
     * Deletes a leaf location; its transits keep no location. One transaction, so neither half is left alone;
     * `record` sees the transits it took the location from (their history, ADR 032) in it.
     */
    async deleteLocation(
      organizationId: string,
      id: string,
      record?: (tx: Database, unplacedTransitIds: string[]) => Promise<void>,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const unplaced = await tx
          .update(transitSiteStates)
          .set({ locationId: null, version: sql`${transitSiteStates.version} + 1` })
          .where(
            and(eq(transitSiteStates.organizationId, organizationId), eq(transitSiteStates.locationId, id)),
          )
          .returning({ transitId: transitSiteStates.transitId });
        await tx
          .delete(projectLocations)
          .where(and(eq(projectLocations.id, id), eq(projectLocations.organizationId, organizationId)));
        await record?.(
          tx as unknown as Database,
          unplaced.map((row) => row.transitId),
        );
      });
    },

    /**
     * Sets the transit's location; with `record`, in one transaction with the change's history (ADR 032), which
     * is told the location the transit had (read with its row locked) when it moved.
     */
    async setTransitLocation(
      organizationId: string,
      transit: { id: string; projectId: string },
      locationId: string | null,
      record?: (tx: Database, beforeLocationId: string | null) => Promise<void>,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const [current] = await tx
          .select({ locationId: transitSiteStates.locationId })
          .from(transitSiteStates)
          .where(
            and(
              eq(transitSiteStates.transitId, transit.id),
              eq(transitSiteStates.organizationId, organizationId),
            ),
          )
          .for('update');
        await tx
          .insert(transitSiteStates)
          .values({ transitId: transit.id, organizationId, projectId: transit.projectId, locationId })
          .onConflictDoUpdate({
            target: transitSiteStates.transitId,
            set: { locationId, version: sql`${transitSiteStates.version} + 1`, lastUpdatedOn: new Date() },
          });
        const before = current?.locationId ?? null;
        if (record && before !== locationId) await record(tx as unknown as Database, before);
      });
    },

    /** The transit's site row with the names of who installed and inspected it. */
    async siteState(organizationId: string, transitId: string) {
      const installer = aliasedTable(users, 'installer');
      const inspector = aliasedTable(users, 'inspector');
      const rows = await db
        .select({
          state: transitSiteStates,
          // ADR 035: an imported step names its person (no account here).
          installerName: sql<string>`coalesce(${transitSiteStates.installedByName}, ${personName(installer)})`,
          inspectorName: sql<string>`coalesce(${transitSiteStates.inspectedByName}, ${personName(inspector)})`,
        })
        .from(transitSiteStates)
        .leftJoin(installer, eq(installer.id, transitSiteStates.installedById))
        .leftJoin(inspector, eq(inspector.id, transitSiteStates.inspectedById))
        .where(
          and(
            eq(transitSiteStates.transitId, transitId),
            eq(transitSiteStates.organizationId, organizationId),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },

    async statusEvents(organizationId: string, transitId: string): Promise<StatusEventRow[]> {
      const rows = await statusEventsOf(db, organizationId, [transitId]);
      return rows.map((r) => ({
        fromStatus: r.fromStatus,
        toStatus: r.toStatus,
        by: { id: r.userId ?? '', name: r.name },
        at: r.at,
        remarks: r.remarks,
      }));
    },

    /**
     * ADR 031: one status step, in one transaction: the row moves only from one of `from` (so two people taking the
     * same step at once make one step), the event is written, and `record` (the change history) sees the change.
     * Answers the status it left, or null when the transit was no longer in a status the step leaves from.
     */
    async applyStep(step: StatusStep, record?: StatusChangeRecorder): Promise<TransitSiteStatus | null> {
      return db.transaction(async (tx) => {
        await tx
          .insert(transitSiteStates)
          .values({
            transitId: step.transitId,
            organizationId: step.organizationId,
            projectId: step.projectId,
          })
          .onConflictDoNothing({ target: transitSiteStates.transitId });
        const [current] = await tx
          .select({ status: transitSiteStates.status })
          .from(transitSiteStates)
          .where(
            and(
              eq(transitSiteStates.transitId, step.transitId),
              eq(transitSiteStates.organizationId, step.organizationId),
            ),
          )
          .for('update');
        const fromStatus = current?.status as TransitSiteStatus | undefined;
        if (!fromStatus || !step.from.includes(fromStatus)) return null;
        const stamp =
          step.stamp === 'installed'
            ? {
                installedById: step.userId,
                installedOn: step.at,
                installedByName: null,
                inspectedById: null,
                inspectedOn: null,
                inspectedByName: null,
                remarks: '',
              }
            : {
                inspectedById: step.userId,
                inspectedOn: step.at,
                inspectedByName: null,
                remarks: step.remarks,
              };
        await tx
          .update(transitSiteStates)
          .set({
            status: step.to,
            ...stamp,
            version: sql`${transitSiteStates.version} + 1`,
            lastUpdatedOn: step.at,
          })
          .where(
            and(
              eq(transitSiteStates.transitId, step.transitId),
              inArray(transitSiteStates.status, [...step.from]),
            ),
          );
        await tx.insert(transitStatusEvents).values({
          organizationId: step.organizationId,
          transitId: step.transitId,
          fromStatus,
          toStatus: step.to,
          userId: step.userId,
          remarks: step.remarks,
          at: step.at,
        });
        await record?.(tx as unknown as Database, {
          organizationId: step.organizationId,
          projectId: step.projectId,
          transitId: step.transitId,
          fromStatus,
          toStatus: step.to,
          userId: step.userId,
          at: step.at,
          remarks: step.remarks,
        });
        return fromStatus;
      });
    },
  };
}

export type SiteRepository = ReturnType<typeof createSiteRepository>;
