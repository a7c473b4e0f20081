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

    async counts() {
      const [orgs, all, pending] = await Promise.all([
        db.select({ total: count() }).from(organizations),
        db.select({ total: count() }).from(users).where(eq(users.isRemoved, false)),
        db
          .select({ total: count() })
          .from(users)
          .where(and(eq(users.isPending, true), eq(users.isRemoved, false))),
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
