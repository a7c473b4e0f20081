import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  accessTokens,
  industries,
  organizations,
  roles,
  userRoles,
  users,
  type Database,
} from '@sealplan/db';
import { ROLE_IDS, type UserSortField } from '@sealplan/contracts';

export type UserRecord = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type UserUpdate = Partial<
  Pick<
    NewUser,
    | 'firstName'
    | 'lastName'
    | 'company'
    | 'phoneNumber'
    | 'defaultMeasurementSystem'
    | 'languagePreference'
    | 'organizationId'
    | 'isPending'
    | 'isApproved'
    | 'isDenied'
    | 'isSuspended'
    | 'isRemoved'
    | 'requiresPasswordReset'
  >
>;

/** A user with what the presenters show: organization, industry and roles with their permissions. */
export interface UserDetails {
  user: UserRecord;
  organization: { id: string; name: string; isProvider: boolean } | null;
  industry: { id: string; name: string } | null;
  roles: string[];
  permissions: string[];
}

export interface ListQuery {
  status: 'pending' | 'active';
  /** null: every organization (provider administrators); else only this organization. */
  organizationId: string | null;
  search: string;
  sort: { field: UserSortField; direction: 'asc' | 'desc' };
  fromIndex: number;
  size: number;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Users, roles and organizations: the only Drizzle code of the users module. */
export function createUsersRepository(db: Database) {
  const detailsById = db
    .select({
      user: users,
      organizationId: organizations.id,
      organizationName: organizations.name,
      organizationIsProvider: organizations.isProvider,
      industryId: industries.id,
      industryName: industries.name,
      roleIds: sql<
        string[]
      >`array(select ${userRoles.roleId} from ${userRoles} where ${userRoles.userId} = ${users.id})`,
      permissionIds: sql<string[]>`array(
        select distinct p.value->>'id' from ${userRoles}
        join ${roles} on ${roles.id} = ${userRoles.roleId}
        cross join jsonb_array_elements(${roles.permissions}) as p(value)
        where ${userRoles.userId} = ${users.id})`,
    })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .leftJoin(industries, eq(industries.id, users.industryId))
    .where(and(eq(users.id, sql.placeholder('id')), eq(users.isRemoved, false)))
    .limit(1)
    .prepare('user_details_by_id');

  async function details(rows: UserRecord[]): Promise<UserDetails[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((u) => u.id);
    const orgIds = [...new Set(rows.map((u) => u.organizationId).filter((id): id is string => !!id))];
    const industryIds = [...new Set(rows.map((u) => u.industryId).filter((id): id is string => !!id))];
    const [roleRows, orgRows, industryRows] = await Promise.all([
      db
        .select({ userId: userRoles.userId, id: roles.id, permissions: roles.permissions })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(inArray(userRoles.userId, ids)),
      orgIds.length
        ? db
            .select({ id: organizations.id, name: organizations.name, isProvider: organizations.isProvider })
            .from(organizations)
            .where(inArray(organizations.id, orgIds))
        : Promise.resolve([]),
      industryIds.length
        ? db
            .select({ id: industries.id, name: industries.name })
            .from(industries)
            .where(inArray(industries.id, industryIds))
        : Promise.resolve([]),
    ]);
    return rows.map((user) => {
      const own = roleRows.filter((r) => r.userId === user.id);
      return {
        user,
        organization: orgRows.find((o) => o.id === user.organizationId) ?? null,
        industry: industryRows.find((i) => i.id === user.industryId) ?? null,
        roles: own.map((r) => r.id).sort(),
        permissions: [...new Set(own.flatMap((r) => r.permissions.map((p) => p.id)))].sort(),
      };
    });
  }

  function listWhere(q: Pick<ListQuery, 'status' | 'organizationId' | 'search'>): SQL | undefined {
    const status =
      q.status === 'pending'
        ? and(eq(users.isApproved, false), eq(users.isDenied, false))
        : eq(users.isApproved, true);
    const term = q.search ? `%${escapeLike(q.search)}%` : null;
    return and(
      eq(users.isRemoved, false),
      status,
      q.organizationId ? eq(users.organizationId, q.organizationId) : undefined,
      term
        ? or(
            ilike(users.email, term),
            ilike(users.firstName, term),
            ilike(users.lastName, term),
            ilike(users.company, term),
            ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, term),
          )
        : undefined,
    );
  }

  return {
    async emailTaken(email: string): Promise<boolean> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(1);
      return rows.length > 0;
    },

    async industryExists(id: string): Promise<boolean> {
      const rows = await db
        .select({ id: industries.id })
        .from(industries)
        .where(eq(industries.id, id))
        .limit(1);
      return rows.length > 0;
    },

    async insertUser(values: NewUser, roleIds: string[]): Promise<UserRecord> {
      return db.transaction(async (tx) => {
        const [user] = await tx.insert(users).values(values).returning();
        if (roleIds.length)
          await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId: user!.id, roleId })));
        return user!;
      });
    },

    /** One user with organization, industry, roles and permissions in one prepared query (current-user, ADR 019). */
    async findDetails(id: string): Promise<UserDetails | null> {
      const row = (await detailsById.execute({ id }))[0];
      if (!row) return null;
      return {
        user: row.user,
        organization: row.organizationId
          ? { id: row.organizationId, name: row.organizationName!, isProvider: row.organizationIsProvider! }
          : null,
        industry: row.industryId ? { id: row.industryId, name: row.industryName! } : null,
        roles: [...row.roleIds].sort(),
        permissions: [...row.permissionIds].sort(),
      };
    },

    async findManyDetails(ids: string[]): Promise<UserDetails[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select()
        .from(users)
        .where(and(inArray(users.id, ids), eq(users.isRemoved, false)));
      return details(rows);
    },

    async list(q: ListQuery): Promise<{ rows: UserDetails[]; total: number }> {
      const where = listWhere(q);
      const dir = q.sort.direction === 'asc' ? asc : desc;
      const orderBy: SQL[] =
        q.sort.field === 'name'
          ? [dir(sql`lower(${users.lastName})`), dir(sql`lower(${users.firstName})`)]
          : q.sort.field === 'email'
            ? [dir(sql`lower(${users.email})`)]
            : q.sort.field === 'company'
              ? [dir(sql`lower(${users.company})`)]
              : q.sort.field === 'organization'
                ? [dir(sql`lower(coalesce(${organizations.name}, ''))`)]
                : [dir(users.dateRegistered)];
      const [rows, totals] = await Promise.all([
        db
          .select({ user: users })
          .from(users)
          .leftJoin(organizations, eq(organizations.id, users.organizationId))
          .where(where)
          // The id breaks ties so pages never overlap or skip rows.
          .orderBy(...orderBy, asc(users.id))
          .limit(q.size)
          .offset(q.fromIndex),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return { rows: await details(rows.map((r) => r.user)), total: Number(totals[0]?.n ?? 0) };
    },

    async update(ids: string[], values: UserUpdate) {
      if (ids.length === 0) return;
      await db
        .update(users)
        .set({ ...values, version: sql`${users.version} + 1` })
        .where(inArray(users.id, ids));
    },

    async revokeTokens(userIds: string[], at: Date) {
      if (userIds.length === 0) return;
      await db
        .update(accessTokens)
        .set({ revokedAt: at })
        .where(and(inArray(accessTokens.userId, userIds), isNull(accessTokens.revokedAt)));
    },

    async addRoles(userId: string, roleIds: string[]) {
      if (roleIds.length === 0) return;
      await db
        .insert(userRoles)
        .values(roleIds.map((roleId) => ({ userId, roleId })))
        .onConflictDoNothing();
    },

    /** Replaces the given users' roles among `replaceable`; other roles they hold (e.g. ElevatedUser) stay. */
    async replaceRoles(userIds: string[], roleIds: string[], replaceable: readonly string[]) {
      if (userIds.length === 0) return;
      await db.transaction(async (tx) => {
        await tx
          .delete(userRoles)
          .where(and(inArray(userRoles.userId, userIds), inArray(userRoles.roleId, [...replaceable])));
        if (roleIds.length) {
          await tx
            .insert(userRoles)
            .values(userIds.flatMap((userId) => roleIds.map((roleId) => ({ userId, roleId }))))
            .onConflictDoNothing();
        }
      });
    },

    /**
     * Sets each user's replaceable roles in one transaction and refuses (returns the organizations, writes nothing)
     * when an organization that had an active administrator would have none afterwards. The organizations' rows
     * are locked first, so two changes racing to remove an organization's last two administrators cannot both pass.
     */
    async replaceRolesKeepingAdministrators(
      changes: { userId: string; roleIds: string[] }[],
      replaceable: readonly string[],
      organizationIds: string[],
      administratorRoles: readonly string[],
    ): Promise<{ orphaned: string[] }> {
      const activeAdministrators = async (tx: Pick<Database, 'select'>) => {
        if (organizationIds.length === 0) return new Map<string, number>();
        const rows = await tx
          .select({ organizationId: users.organizationId, n: sql<number>`count(distinct ${users.id})` })
          .from(users)
          .innerJoin(userRoles, eq(userRoles.userId, users.id))
          .where(
            and(
              inArray(users.organizationId, organizationIds),
              inArray(userRoles.roleId, [...administratorRoles]),
              eq(users.isApproved, true),
              eq(users.isDenied, false),
              eq(users.isSuspended, false),
              eq(users.isRemoved, false),
            ),
          )
          .groupBy(users.organizationId);
        return new Map(rows.map((r) => [r.organizationId!, Number(r.n)]));
      };
      const orphaned: string[] = [];
      await db
        .transaction(async (tx) => {
          if (organizationIds.length) {
            await tx
              .select({ id: organizations.id })
              .from(organizations)
              .where(inArray(organizations.id, organizationIds))
              .for('update');
          }
          const before = await activeAdministrators(tx);
          const userIds = changes.map((c) => c.userId);
          await tx
            .delete(userRoles)
            .where(and(inArray(userRoles.userId, userIds), inArray(userRoles.roleId, [...replaceable])));
          const rows = changes.flatMap((c) => c.roleIds.map((roleId) => ({ userId: c.userId, roleId })));
          if (rows.length) await tx.insert(userRoles).values(rows).onConflictDoNothing();
          const after = await activeAdministrators(tx);
          for (const id of organizationIds) {
            if ((before.get(id) ?? 0) > 0 && (after.get(id) ?? 0) === 0) orphaned.push(id);
          }
          if (orphaned.length) tx.rollback();
        })
        .catch((error: unknown) => {
          // The refusal above rolls back on purpose; anything else is a real failure.
          if (!orphaned.length) throw error;
        });
      return { orphaned };
    },

    /** E-mail addresses of the provider's ElevatedUsers who can sign in (they approve registrations). */
    async providerElevatedUsers(): Promise<{ email: string; firstName: string }[]> {
      return db
        .selectDistinct({ email: users.email, firstName: users.firstName })
        .from(users)
        .innerJoin(organizations, eq(organizations.id, users.organizationId))
        .innerJoin(userRoles, eq(userRoles.userId, users.id))
        .where(
          and(
            eq(organizations.isProvider, true),
            eq(userRoles.roleId, ROLE_IDS.ELEVATED_USER),
            eq(users.isApproved, true),
            eq(users.isSuspended, false),
            eq(users.isRemoved, false),
          ),
        );
    },

    /** Roles marked assignable in the roles table (seeded and administrator-created), by hierarchy then label. */
    async listAssignableRoles(excluded: readonly string[]) {
      return db
        .select({ id: roles.id, label: roles.label })
        .from(roles)
        .where(
          and(
            eq(roles.isAssignable, true),
            excluded.length ? notInArray(roles.id, [...excluded]) : undefined,
          ),
        )
        .orderBy(sql`${roles.hierarchy} asc nulls last`, asc(sql`lower(${roles.label})`), asc(roles.id));
    },

    async listOrganizations(onlyId: string | null) {
      const rows = await db
        .select({
          id: organizations.id,
          name: organizations.name,
          isProvider: organizations.isProvider,
          userCount: sql<number>`count(${users.id}) filter (where ${users.isRemoved} = false)`,
        })
        .from(organizations)
        .leftJoin(users, eq(users.organizationId, organizations.id))
        .where(onlyId ? eq(organizations.id, onlyId) : undefined)
        .groupBy(organizations.id)
        .orderBy(asc(sql`lower(${organizations.name})`));
      return rows.map((r) => ({ ...r, userCount: Number(r.userCount) }));
    },

    async findOrganization(id: string) {
      const rows = await db.select().from(organizations).where(eq(organizations.id, id)).limit(1);
      return rows[0] ?? null;
    },

    async findOrganizationByName(name: string) {
      const rows = await db
        .select()
        .from(organizations)
        .where(sql`lower(${organizations.name}) = lower(${name})`)
        .limit(1);
      return rows[0] ?? null;
    },

    async findProviderOrganization() {
      const rows = await db.select().from(organizations).where(eq(organizations.isProvider, true)).limit(1);
      return rows[0] ?? null;
    },

    async createOrganization(values: { name: string; isProvider?: boolean }) {
      const [org] = await db.insert(organizations).values(values).returning();
      return org!;
    },

    /** Upserts role definitions (spec §6) so a changed label or permission reaches existing databases. */
    async upsertRoles(
      defs: {
        id: string;
        label: string;
        permissions: { id: string; label: string }[];
        hierarchy: number | null;
        isAssignable: boolean;
      }[],
    ) {
      for (const r of defs) {
        await db
          .insert(roles)
          .values({
            id: r.id,
            name: r.id,
            label: r.label,
            permissions: r.permissions,
            hierarchy: r.hierarchy,
            isAssignable: r.isAssignable,
          })
          .onConflictDoUpdate({
            target: roles.id,
            set: {
              label: r.label,
              permissions: r.permissions,
              hierarchy: r.hierarchy,
              isAssignable: r.isAssignable,
            },
            // A role an administrator edited (/api/instance/Role bumps its version, ADR 016) keeps their edit.
            where: eq(roles.version, 1),
          });
      }
    },

    async findByEmail(email: string): Promise<UserRecord | null> {
      const rows = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(1);
      return rows[0] ?? null;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
