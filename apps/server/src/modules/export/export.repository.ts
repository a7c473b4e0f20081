import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  customers,
  industries,
  organizations,
  penetratingItems,
  projects,
  rateLimits,
  transits,
  type Database,
} from '@sealplan/db';

import type { ItemRow, ProjectForExport, TransitRow } from './export.model';

export type { ItemRow, ProjectForExport, TransitRow } from './export.model';

/**
 * The only Drizzle caller of the export module. Every read is scoped to one organization: a project or transit
 * of another organization is simply not found.
 */
export function createExportRepository(db: Database) {
  return {
    async findProject(organizationId: string, projectId: string): Promise<ProjectForExport | null> {
      const rows = await db
        .select({
          id: projects.id,
          name: projects.name,
          description: projects.description,
          customerName: customers.name,
          industryId: industries.id,
          industryName: industries.name,
          industryNames: industries.names,
          createdOn: projects.createdOn,
          lastUpdatedOn: projects.lastUpdatedOn,
        })
        .from(projects)
        .innerJoin(customers, eq(customers.id, projects.customerId))
        .innerJoin(industries, eq(industries.id, projects.industryId))
        .where(
          and(
            eq(projects.id, projectId),
            eq(projects.organizationId, organizationId),
            eq(projects.isRemoved, false),
          ),
        )
        .limit(1);
      const row = rows[0];
      if (!row) return null;
      const { industryId, industryName, industryNames, ...project } = row;
      return { ...project, industry: { id: industryId, name: industryName, names: industryNames } };
    },

    /** The project's live transits, oldest first (the order they were added), optionally only `ids`. */
    async listTransits(organizationId: string, projectId: string, ids?: string[]): Promise<TransitRow[]> {
      const conditions = [
        eq(transits.projectId, projectId),
        eq(transits.organizationId, organizationId),
        eq(transits.isRemoved, false),
      ];
      if (ids) conditions.push(inArray(transits.id, ids));
      return db
        .select()
        .from(transits)
        .where(and(...conditions))
        .orderBy(asc(transits.createdOn), asc(transits.name), asc(transits.id));
    },

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
        .orderBy(asc(penetratingItems.sort), asc(penetratingItems.createdOn), asc(penetratingItems.id));
    },

    /**
     * ADR 020: what the drawing legends print after an item's name (item id -> text): its cable tag and its
     * specification as the schedule wrote it ("W-101 · RFOU(i) 3x35"), for the items that have either.
     */
    async itemTags(organizationId: string, transitIds: string[]): Promise<Record<string, string>> {
      if (transitIds.length === 0) return {};
      const rows = await db
        .select({
          id: penetratingItems.id,
          tag: penetratingItems.tag,
          specification: penetratingItems.specification,
        })
        .from(penetratingItems)
        .where(
          and(
            inArray(penetratingItems.transitId, transitIds),
            eq(penetratingItems.organizationId, organizationId),
            eq(penetratingItems.isRemoved, false),
            sql`(${penetratingItems.tag} is not null or ${penetratingItems.specification} is not null)`,
          ),
        );
      return Object.fromEntries(
        rows.map((r) => [r.id, [r.tag, r.specification].filter((text) => text).join(' · ')]),
      );
    },

    async organizationName(organizationId: string): Promise<string> {
      const rows = await db
        .select({ name: organizations.name })
        .from(organizations)
        .where(eq(organizations.id, organizationId));
      return rows[0]?.name ?? '';
    },

    /**
     * Counts one hit in a fixed window shared by all app servers (rate_limits table) and answers the count in the
     * current window. A new window starts when the stored one is older than `windowMs`.
     */
    async hitRateLimit(key: string, now: Date, windowMs: number): Promise<number> {
      // ISO strings with casts: raw SQL parameters are not mapped through the column types.
      const before = sql`${new Date(now.getTime() - windowMs).toISOString()}::timestamptz`;
      const current = sql`${now.toISOString()}::timestamptz`;
      const rows = await db
        .insert(rateLimits)
        .values({ key, count: 1, windowStart: now })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${rateLimits.windowStart} <= ${before} then 1 else ${rateLimits.count} + 1 end`,
            windowStart: sql`case when ${rateLimits.windowStart} <= ${before} then ${current} else ${rateLimits.windowStart} end`,
          },
        })
        .returning({ count: rateLimits.count });
      return rows[0]?.count ?? 1;
    },
  };
}

export type ExportRepository = ReturnType<typeof createExportRepository>;
