import { and, count, eq } from 'drizzle-orm';
import { organizations, users, type Database } from '@sealplan/db';

/** The only Drizzle caller of the settings module. */
export function createSettingsRepository(db: Database) {
  return {
    async organization(id: string) {
      const rows = await db
        .select({
          id: organizations.id,
          name: organizations.name,
          defaultMeasurementSystem: organizations.defaultMeasurementSystem,
        })
        .from(organizations)
        .where(eq(organizations.id, id))
        .limit(1);
      return rows[0] ?? null;
    },

    async userMeasurementSystem(id: string): Promise<string | null> {
      const rows = await db
        .select({ system: users.defaultMeasurementSystem })
        .from(users)
        .where(eq(users.id, id))
        .limit(1);
      return rows[0]?.system ?? null;
    },

    /** Counts over every organization (organizationId null), else over that organization only. */
    async counts(organizationId: string | null) {
      const inOrg = (column: typeof organizations.id | typeof users.organizationId) =>
        organizationId === null ? undefined : eq(column, organizationId);
      const [orgs, all, pending] = await Promise.all([
        db.select({ total: count() }).from(organizations).where(inOrg(organizations.id)),
        db
          .select({ total: count() })
          .from(users)
          .where(and(eq(users.isRemoved, false), inOrg(users.organizationId))),
        db
          .select({ total: count() })
          .from(users)
          .where(and(eq(users.isPending, true), eq(users.isRemoved, false), inOrg(users.organizationId))),
      ]);
      return {
        organizations: orgs[0]?.total ?? 0,
        users: all[0]?.total ?? 0,
        pendingUsers: pending[0]?.total ?? 0,
      };
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
