import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDb } from './testing/index';
import type { DbHandle } from './client';
import { organizations } from './schema/index';

describe('createDb on the test template', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(() => handle.close());

  it('answers a ping and stores a record with audit columns', async () => {
    expect(await handle.ping()).toBe(true);
    const [org] = await handle.db.insert(organizations).values({ name: 'Acme Marine' }).returning();
    expect(org?.guid).toMatch(/^[0-9a-f-]{36}$/);
    expect(org?.createdOn).toBeInstanceOf(Date);
    expect(org?.version).toBe(1);
    const found = await handle.db.select().from(organizations).where(eq(organizations.id, org!.id));
    expect(found[0]?.name).toBe('Acme Marine');
  });

  it('running the migrations again is a no-op', async () => {
    await handle.migrate();
    expect(await handle.ping()).toBe(true);
  });
});
