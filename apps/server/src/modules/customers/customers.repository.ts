import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TranslatedNames } from '@sealplan/contracts';
import { customers, industries, projects, type Database } from '@sealplan/db';
import { insertScoped, selectPage, totalCount, updateVersioned } from '../../lib/versioned-repository';
import type { FieldMap } from '../../lib/record-fields';

export type CustomerRow = typeof customers.$inferSelect;
export interface CustomerRecord {
  customer: CustomerRow;
  industryName: string;
  projectCount: number;
}
export type CustomerValues = Pick<
  CustomerRow,
  | 'name'
  | 'industryId'
  | 'contactFirstName'
  | 'contactLastName'
  | 'contactPhone'
  | 'contactEmail'
  | 'isActive'
>;

/** Live projects of the customer (a correlated subquery, so lists can sort and filter on it). */
export const customerProjectCountSql =
  sql<number>`(select count(*) from ${projects} where ${projects.customerId} = ${customers.id} and ${projects.isRemoved} = false)`.mapWith(
    Number,
  );

/** Fields the generic records API may filter and sort on (spec §7), by API name. Never raw input. */
export const CUSTOMER_FIELDS: FieldMap = {
  id: { sql: customers.id, kind: 'uuid' },
  guid: { sql: customers.guid, kind: 'uuid' },
  name: { sql: customers.name, kind: 'text' },
  industryId: { sql: customers.industryId, kind: 'text' },
  industryName: { sql: industries.name, kind: 'text' },
  contactFirstName: { sql: customers.contactFirstName, kind: 'text' },
  contactLastName: { sql: customers.contactLastName, kind: 'text' },
  contactPhone: { sql: customers.contactPhone, kind: 'text' },
  contactEmail: { sql: customers.contactEmail, kind: 'text' },
  isActive: { sql: customers.isActive, kind: 'boolean' },
  projectCount: { sql: customerProjectCountSql, kind: 'number' },
  createdOn: { sql: customers.createdOn, kind: 'date' },
  lastUpdatedOn: { sql: customers.lastUpdatedOn, kind: 'date' },
};
export const CUSTOMER_SEARCH_FIELDS = ['name', 'contactFirstName', 'contactLastName', 'contactEmail'];

/** The only Drizzle caller for customers and industries. Every customer query is scoped to one organization. */
export function createCustomersRepository(db: Database) {
  const base = () =>
    db
      .select({ customer: customers, industryName: industries.name, projectCount: customerProjectCountSql })
      .from(customers)
      .innerJoin(industries, eq(industries.id, customers.industryId));

  // Built once and prepared (ADR 019): every project read looks its customer up.
  const byId = base()
    .where(
      and(
        eq(customers.id, sql.placeholder('id')),
        eq(customers.organizationId, sql.placeholder('organizationId')),
      ),
    )
    .limit(1)
    .prepare('customer_by_id');

  return {
    async findById(organizationId: string, id: string): Promise<CustomerRecord | null> {
      const rows = await byId.execute({ id, organizationId });
      return rows[0] ?? null;
    },

    /** Spec §3: customers sorted by name. */
    async listActive(organizationId: string): Promise<CustomerRecord[]> {
      return base()
        .where(and(eq(customers.organizationId, organizationId), eq(customers.isActive, true)))
        .orderBy(asc(sql`lower(${customers.name})`), asc(customers.id));
    },

    /** A page of customers for the generic records API; `where` and `orderBy` come from whitelisted fields. */
    async list(
      organizationId: string,
      where: SQL | undefined,
      orderBy: SQL[],
      limit: number,
      offset: number,
    ): Promise<{ rows: CustomerRecord[]; total: number }> {
      return selectPage(
        base(),
        db
          .select(totalCount())
          .from(customers)
          .innerJoin(industries, eq(industries.id, customers.industryId)),
        and(eq(customers.organizationId, organizationId), where),
        [...orderBy, asc(sql`lower(${customers.name})`), asc(customers.id)],
        limit,
        offset,
      );
    },

    async insert(organizationId: string, values: CustomerValues): Promise<string> {
      return insertScoped(db, customers, organizationId, values);
    },

    /** Updates when the stored version is `expectedVersion` (null = overwrite); answers whether a row changed. */
    async update(
      organizationId: string,
      id: string,
      expectedVersion: number | null,
      values: Partial<CustomerValues>,
    ): Promise<boolean> {
      return updateVersioned(db, customers, organizationId, id, expectedVersion, values);
    },

    async industryExists(id: string, activeOnly = true): Promise<boolean> {
      const rows = await db
        .select({ id: industries.id })
        .from(industries)
        .where(and(eq(industries.id, id), activeOnly ? eq(industries.isActive, true) : undefined))
        .limit(1);
      return rows.length === 1;
    },

    /** Spec §3: industries are a separate active list. */
    async listIndustries(activeOnly: boolean, where?: SQL, orderBy: SQL[] = []) {
      return db
        .select()
        .from(industries)
        .where(and(activeOnly ? eq(industries.isActive, true) : undefined, where))
        .orderBy(...orderBy, asc(industries.sort), asc(industries.name));
    },

    /** The ids among these that are not industries. */
    async unknownIndustries(ids: readonly string[]): Promise<string[]> {
      const known = await db
        .select({ id: industries.id })
        .from(industries)
        .where(inArray(industries.id, [...ids]));
      const found = new Set(known.map((row) => row.id));
      return ids.filter((id) => !found.has(id));
    },

    /** ADR 030: the English name and the names per language of existing industries, in one transaction. */
    async saveIndustryNames(
      rows: readonly { id: string; name: string; names: TranslatedNames }[],
    ): Promise<void> {
      await db.transaction(async (tx) => {
        for (const row of rows)
          await tx
            .update(industries)
            .set({ name: row.name, names: row.names })
            .where(eq(industries.id, row.id));
      });
    },

    async findIndustry(id: string) {
      const rows = await db.select().from(industries).where(eq(industries.id, id)).limit(1);
      return rows[0] ?? null;
    },
  };
}

export const INDUSTRY_FIELDS: FieldMap = {
  id: { sql: industries.id, kind: 'text' },
  name: { sql: industries.name, kind: 'text' },
  isActive: { sql: industries.isActive, kind: 'boolean' },
  sort: { sql: industries.sort, kind: 'number' },
};

export type CustomersRepository = ReturnType<typeof createCustomersRepository>;
