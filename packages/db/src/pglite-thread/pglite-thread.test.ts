import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createDb, type DbHandle } from '../client';
import { organizations, transits } from '../schema/index';

/** ADR 021: the embedded database in its own thread behaves as PGlite on the calling thread does. */
describe('PGlite in a worker thread', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sealplan-thread-'));
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createDb(join(dir, 'db'), { thread: true });
    await handle.migrate();
  }, 180_000); // a new PGlite folder runs initdb and the migrations, slow on a busy machine
  afterAll(async () => {
    await handle?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores and reads rows with drizzle: dates as dates, JSON as values, counts of changed rows', async () => {
    const [org] = await handle.db.insert(organizations).values({ name: 'Acme Marine' }).returning();
    expect(org?.createdOn).toBeInstanceOf(Date);
    const found = await handle.db.select().from(organizations).where(eq(organizations.id, org!.id));
    expect(found).toEqual([org]);
    const renamed = await handle.db
      .update(organizations)
      .set({ name: 'Acme Offshore' })
      .where(eq(organizations.id, org!.id))
      .returning({ name: organizations.name });
    expect(renamed).toEqual([{ name: 'Acme Offshore' }]);
    const json = await handle.db.execute(sql`select ${JSON.stringify({ a: [1, 2] })}::jsonb as v`);
    expect((json as unknown as { rows: { v: unknown }[] }).rows[0]?.v).toEqual({ a: [1, 2] });
  });

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    const name = `Tx ${Date.now()}`;
    await handle.db.transaction(async (tx) => {
      await tx.insert(organizations).values({ name: `${name} kept` });
    });
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.insert(organizations).values({ name: `${name} dropped` });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const names = (await handle.db.select({ name: organizations.name }).from(organizations)).map(
      (r) => r.name,
    );
    expect(names).toContain(`${name} kept`);
    expect(names).not.toContain(`${name} dropped`);
  });

  it('a database error keeps its SQLSTATE and constraint, and the transaction is rolled back', async () => {
    const [org] = await handle.db.insert(organizations).values({ name: 'FK check' }).returning();
    const error = await handle.db
      .transaction(async (tx) => {
        await tx.update(organizations).set({ name: 'renamed in vain' }).where(eq(organizations.id, org!.id));
        // A transit of a project that does not exist: a foreign-key violation.
        await tx.insert(transits).values({
          organizationId: org!.id,
          projectId: '00000000-0000-4000-8000-000000000000',
          name: 'orphan',
          shape: 'ROUND',
        } as typeof transits.$inferInsert);
      })
      .catch((e: unknown) => e as Error & { cause?: { code?: string; constraint?: string } });
    const cause = (error as { cause?: { code?: string; constraint?: string } }).cause ?? error;
    expect((cause as { code?: string }).code).toBe('23503');
    expect((cause as { constraint?: string }).constraint).toMatch(/project/);
    const [after] = await handle.db.select().from(organizations).where(eq(organizations.id, org!.id));
    expect(after?.name).toBe('FK check');
  });

  it('other statements wait for an open transaction; a ping does not', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const order: string[] = [];
    const tx = handle.db.transaction(async (t) => {
      await t.insert(organizations).values({ name: 'held' });
      order.push('tx wrote');
      await held;
      order.push('tx ends');
    });
    while (!order.includes('tx wrote')) await new Promise((r) => setTimeout(r, 5));
    const read = handle.db
      .select({ name: organizations.name })
      .from(organizations)
      .then((rows) => order.push(`read saw held: ${rows.some((r) => r.name === 'held')}`));
    expect(await handle.ping()).toBe(true);
    order.push('ping answered');
    release();
    await Promise.all([tx, read]);
    expect(order).toEqual(['tx wrote', 'ping answered', 'tx ends', 'read saw held: true']);
  });

  it('answers false to a ping once the database is closed', async () => {
    const other = await createDb('memory://', { thread: true });
    expect(await other.ping()).toBe(true);
    await other.close();
    expect(await other.ping()).toBe(false);
  }, 60_000);
});
