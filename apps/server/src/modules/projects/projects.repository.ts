import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { customers, industries, projects, transits, type Database } from '@sealplan/db';
import { insertScoped, selectPage, totalCount, updateVersioned } from '../../lib/versioned-repository';
import type { FieldMap } from '../../lib/record-fields';
import { projectReadJson } from './project-read';

export type ProjectRow = typeof projects.$inferSelect;
export interface ProjectRecord {
  project: ProjectRow;
  customerName: string;
  industryName: string;
  transitCount: number;
}
export type ProjectValues = Pick<ProjectRow, 'name' | 'customerId' | 'industryId' | 'description'>;

const transitCountSql =
  sql<number>`(select count(*) from ${transits} where ${transits.projectId} = ${projects.id} and ${transits.isRemoved} = false)`.mapWith(
    Number,
  );

/** Fields of Project for the generic records API (the projects page: search, sort, paging). */
export const PROJECT_FIELDS: FieldMap = {
  id: { sql: projects.id, kind: 'uuid' },
  guid: { sql: projects.guid, kind: 'uuid' },
  name: { sql: projects.name, kind: 'text' },
  description: { sql: projects.description, kind: 'text' },
  customerId: { sql: projects.customerId, kind: 'uuid' },
  customerName: { sql: customers.name, kind: 'text' },
  industryId: { sql: projects.industryId, kind: 'text' },
  industryName: { sql: industries.name, kind: 'text' },
  transitCount: { sql: transitCountSql, kind: 'number' },
  createdOn: { sql: projects.createdOn, kind: 'date' },
  lastUpdatedOn: { sql: projects.lastUpdatedOn, kind: 'date' },
};
export const PROJECT_SEARCH_FIELDS = ['name', 'customerName', 'description'];

/** The only Drizzle caller for projects (and the dashboard counts); every query is scoped to one organization. */
export function createProjectsRepository(db: Database) {
  const base = () =>
    db
      .select({
        project: projects,
        customerName: customers.name,
        industryName: industries.name,
        transitCount: transitCountSql,
      })
      .from(projects)
      .innerJoin(customers, eq(customers.id, projects.customerId))
      .innerJoin(industries, eq(industries.id, projects.industryId));
  const live = (organizationId: string) =>
    and(eq(projects.organizationId, organizationId), eq(projects.isRemoved, false));

  // The project lookup of saves, built once and prepared (ADR 019).
  const byId = base()
    .where(
      and(
        eq(projects.id, sql.placeholder('id')),
        eq(projects.organizationId, sql.placeholder('organizationId')),
        eq(projects.isRemoved, false),
      ),
    )
    .limit(1)
    .prepare('project_by_id');

  return {
    async findById(organizationId: string, id: string): Promise<ProjectRecord | null> {
      const rows = await byId.execute({ id, organizationId });
      return rows[0] ?? null;
    },

    /** Any project of the organization, removed or not (to answer a soft delete). */
    async findAny(organizationId: string, id: string): Promise<ProjectRecord | null> {
      const rows = await base()
        .where(and(eq(projects.id, id), eq(projects.organizationId, organizationId)))
        .limit(1);
      return rows[0] ?? null;
    },

    async list(
      organizationId: string,
      where: SQL | undefined,
      orderBy: SQL[],
      limit: number,
      offset: number,
    ) {
      return selectPage(
        base(),
        db
          .select(totalCount())
          .from(projects)
          .innerJoin(customers, eq(customers.id, projects.customerId))
          .innerJoin(industries, eq(industries.id, projects.industryId)),
        and(live(organizationId), where),
        [...orderBy, desc(projects.lastUpdatedOn), asc(projects.id)],
        limit,
        offset,
      );
    },

    /** The project read (projectReadJson) on its own, without a session: the public API's (ADR 036). */
    async readJson(organizationId: string, projectId: string): Promise<string | null> {
      const result = await db.execute(
        sql`select ${projectReadJson(sql`${organizationId}::uuid`, sql`${projectId}::uuid`)} as value`,
      );
      // Both drivers (PGlite and node-postgres) answer the rows in `rows`.
      return (result as unknown as { rows: { value: string | null }[] }).rows[0]?.value ?? null;
    },

    async recent(organizationId: string, limit: number): Promise<ProjectRecord[]> {
      return base()
        .where(live(organizationId))
        .orderBy(desc(projects.lastUpdatedOn), asc(projects.id))
        .limit(limit);
    },

    /** One transaction for a project's change and its history (ADR 032). */
    transaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => work(tx as unknown as Database));
    },

    async insert(
      tx: Database,
      organizationId: string,
      createdById: string | null,
      values: ProjectValues,
    ): Promise<string> {
      return insertScoped(tx, projects, organizationId, { ...values, createdById });
    },

    /** Updates when the stored version is `expectedVersion` (null = overwrite); answers whether a row changed. */
    async update(
      tx: Database,
      organizationId: string,
      id: string,
      expectedVersion: number | null,
      values: Partial<ProjectValues & { isRemoved: boolean }>,
    ): Promise<boolean> {
      return updateVersioned(tx, projects, organizationId, id, expectedVersion, values);
    },

    /**
     * Inside a change's transaction: the live project's own fields as they stand, its row locked until the
     * change is written (so the history's "before" is the state the change replaced), or null.
     */
    async lockFields(tx: Database, organizationId: string, id: string) {
      const rows = await tx
        .select({
          name: projects.name,
          customer: customers.name,
          industryId: projects.industryId,
          description: projects.description,
        })
        .from(projects)
        .innerJoin(customers, eq(customers.id, projects.customerId))
        .where(and(eq(projects.id, id), live(organizationId)))
        .limit(1)
        .for('update', { of: projects });
      return rows[0] ?? null;
    },

    /** The customer of the organization, with whether it is active (null when it is not the caller's). */
    async findCustomer(
      organizationId: string,
      id: string,
    ): Promise<{ id: string; name: string; isActive: boolean } | null> {
      const rows = await db
        .select({ id: customers.id, name: customers.name, isActive: customers.isActive })
        .from(customers)
        .where(and(eq(customers.id, id), eq(customers.organizationId, organizationId)))
        .limit(1);
      return rows[0] ?? null;
    },

    async industryIsActive(id: string): Promise<boolean> {
      const rows = await db
        .select({ id: industries.id })
        .from(industries)
        .where(and(eq(industries.id, id), eq(industries.isActive, true)))
        .limit(1);
      return rows.length === 1;
    },

    /** Spec §7 getDashboardData counts (live records; overfilled from the stored server results). */
    async counts(organizationId: string) {
      const [projectRows, transitRows, customerRows] = await Promise.all([
        db.select({ total: count() }).from(projects).where(live(organizationId)),
        db
          .select({
            total: count(),
            overfilled:
              sql<number>`count(*) filter (where coalesce((${transits.results} ->> 'overfilled')::boolean, false))`.mapWith(
                Number,
              ),
          })
          .from(transits)
          .innerJoin(projects, eq(projects.id, transits.projectId))
          .where(and(live(organizationId), eq(transits.isRemoved, false))),
        db
          .select({ total: count() })
          .from(customers)
          .where(and(eq(customers.organizationId, organizationId), eq(customers.isActive, true))),
      ]);
      return {
        projects: projectRows[0]?.total ?? 0,
        transits: transitRows[0]?.total ?? 0,
        overfilledTransits: transitRows[0]?.overfilled ?? 0,
        customers: customerRows[0]?.total ?? 0,
      };
    },
  };
}

export type ProjectsRepository = ReturnType<typeof createProjectsRepository>;
