import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { isPostgresUrl } from '../client';
import { organizations, queueJobs, standardOpenings } from '../schema/index';
import { createTestDb } from './index';

const count = async (handle: Awaited<ReturnType<typeof createTestDb>>, table: 'organizations' | 'openings') =>
  (
    await handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(table === 'organizations' ? organizations : standardOpenings)
  )[0]!.n;

/** Test databases on PGlite are kept between a worker's files and put back into the template's state. */
describe.skipIf(isPostgresUrl(process.env.DATABASE_URL))('test databases kept between files (PGlite)', () => {
  it('a closed database comes back as the template: its rows gone, the migrations rows and sequences back', async () => {
    const first = await createTestDb();
    const openings = await count(first, 'openings');
    expect(openings).toBeGreaterThan(0);
    await first.db.insert(organizations).values({ name: 'Left behind' });
    await first.db.delete(standardOpenings);
    const [job] = await first.db
      .insert(queueJobs)
      .values({ kind: 'test', payload: {} })
      .returning({ id: queueJobs.id });
    await first.close();

    const second = await createTestDb();
    try {
      expect(await count(second, 'organizations')).toBe(0);
      expect(await count(second, 'openings')).toBe(openings);
      const [again] = await second.db
        .insert(queueJobs)
        .values({ kind: 'test', payload: {} })
        .returning({ id: queueJobs.id });
      expect(again!.id).toBe(job!.id);
    } finally {
      await second.close();
    }
  });

  it('a closed database refuses the calls of the file that closed it', async () => {
    const handle = await createTestDb();
    await handle.close();
    const refused = await handle.db
      .select()
      .from(organizations)
      .catch((error: unknown) => error as Error & { cause?: Error });
    expect(refused).toBeInstanceOf(Error);
    expect((refused as Error & { cause?: Error }).cause?.message).toBe('PGlite is closed');
    // Closing twice gives the instance back once.
    await handle.close();
  });

  it('a database whose tables changed is not kept: the next file gets the template', async () => {
    const changed = await createTestDb();
    await changed.db.execute(sql`create table left_behind (id int)`);
    await changed.db.execute(sql`alter table organizations add column extra text`);
    await changed.close();
    const next = await createTestDb();
    try {
      const countOf = async (query: ReturnType<typeof sql>) =>
        ((await next.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
      expect(await countOf(sql`select count(*)::int as n from pg_class where relname = 'left_behind'`)).toBe(
        0,
      );
      expect(
        await countOf(
          sql`select count(*)::int as n from information_schema.columns where table_name = 'organizations' and column_name = 'extra'`,
        ),
      ).toBe(0);
    } finally {
      await next.close();
    }
  });
});
