import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Customer, Project, Transit, TransitData } from '@sealplan/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUserWithToken, type TestUser } from '../../testing/factories';
import { okEnvelopeSql } from '../../lib/raw-json';
import { call, seedReferenceData, validCustomer } from './testing/project-fixtures';
import { projectReadJson, projectReadOrFingerprint } from './project-read';
import { KeptProjectReads } from './kept-project-reads';
import { A60_CABLE_FIELDS } from '../transits/testing/transit-fixtures';

// ADR 038, "The project read kept per server": a server answers a project read it keeps while the database says
// the read's fingerprint still holds, and every write to a row the read shows moves it, whatever path wrote it.

let t: TestApp;
let owner: TestUser;
let project: Project;
let customer: Customer;
let transit: Transit;

const post = async <T>(path: string, payload: unknown, as: TestUser = owner) => {
  const res = await call<T>(t.app, path, payload, as.headers);
  expect(res.status, `${path}: ${JSON.stringify(res.body.error)}`).toBe(200);
  return res.body.data;
};

beforeAll(async () => {
  t = await createTestApp();
  await seedReferenceData(t.deps.db.db);
  owner = await createUserWithToken(t.deps.db.db);
  customer = await post<Customer>('/api/customer/saveOne', { customer: validCustomer() });
  project = await post<Project>('/api/project/saveOne', {
    project: { name: 'Engine room', customerId: customer.id, industryId: 'OFF_SHORE' },
  });
  transit = await post<Transit>('/api/project/saveTransit', {
    transit: {
      projectId: project.id,
      name: 'Frame 42',
      shape: 'ROUND',
      diameterMm: 250,
      ...A60_CABLE_FIELDS,
    },
  });
  await post<TransitData>('/api/project/savePenetratingItems', {
    transitVersion: transit.version,
    penetratingItems: [
      { transitId: transit.id, quantity: 2, outerDiameterMm: 20, tag: 'C-101' },
      { transitId: transit.id, quantity: 1, outerDiameterMm: 32, tag: 'C-102' },
    ],
  });
});
afterAll(async () => t.close());
afterEach(() => vi.restoreAllMocks());

/** The read as the route answers it (its text), and the value the database gave the server for it. */
async function readThroughRoute(projectId = project.id, as: TestUser = owner) {
  const answer = vi.spyOn(KeptProjectReads.prototype, 'answer');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/project/getProjectAndTransits',
    payload: { projectId },
    headers: as.headers,
  });
  const value = answer.mock.calls[0]?.[1];
  answer.mockRestore();
  return { status: res.statusCode, text: res.body, value };
}

/** The rows of a statement (both drivers, PGlite and node-postgres, answer them in `rows`). */
async function rowsOf<T>(db: Pick<TestApp['deps']['db']['db'], 'execute'>, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The read built by the database now, without anything kept. */
async function builtNow(): Promise<string> {
  const read = projectReadJson(sql`${owner.organizationId}::uuid`, sql`${project.id}::uuid`);
  return (
    await rowsOf<{ envelope: string }>(t.deps.db.db, sql`select ${okEnvelopeSql(read)} as envelope`)
  )[0]!.envelope;
}

describe('the project read kept per server (ADR 038)', () => {
  it('asks the database for the fingerprint alone while nothing the read shows has changed', async () => {
    await t.deps.db.db.execute(sql`update projects set description = 'first look' where id = ${project.id}`);
    const first = await readThroughRoute();
    expect(first.status).toBe(200);
    expect(first.value).toContain(' ');
    const second = await readThroughRoute();
    expect(second.text).toBe(first.text);
    expect(second.value).toMatch(/^\d+\.\d+$/);
    expect(second.text).toBe(await builtNow());
  });

  // Each write goes straight to the database, as no service would: the triggers, not the write paths, move the
  // revision. Each changes something the read shows, so a read kept from before would differ from the read built.
  const writes: [string, () => SQL][] = [
    ['the project row', () => sql`update projects set name = 'Engine room, deck 2' where id = ${project.id}`],
    ['the customer row', () => sql`update customers set name = 'Nordic Yards' where id = ${customer.id}`],
    [
      "another project of the customer (the customer's project count)",
      () => sql`insert into projects (organization_id, customer_id, industry_id, name)
        values (${owner.organizationId}, ${customer.id}, 'OFF_SHORE', 'Accommodation')`,
    ],
    [
      'another project of the customer removed',
      () =>
        sql`update projects set is_removed = true where customer_id = ${customer.id} and id <> ${project.id}`,
    ],
    ['the industry both show', () => sql`update industries set name = 'Offshore' where id = 'OFF_SHORE'`],
    ['a transit', () => sql`update transits set comments = 'Checked on site' where id = ${transit.id}`],
    [
      'a transit added',
      () => sql`insert into transits (organization_id, project_id, name)
        values (${owner.organizationId}, ${project.id}, 'Frame 43')`,
    ],
    ['an item line', () => sql`update penetrating_items set tag = 'C-101A' where tag = 'C-101'`],
    ['an item line deleted', () => sql`delete from penetrating_items where tag = 'C-102'`],
    [
      "a catalogue name, with the catalogue's version",
      () => sql`update transit_types set name = 'Nofirno (edited)' where id = 'NOFIRNO'`,
    ],
  ];

  it.each(writes)('shows %s changed on the next read', async (_what, write) => {
    const before = await readThroughRoute();
    await t.deps.db.db.transaction(async (tx) => {
      await tx.execute(write());
      // The catalogue's own rule (ADR 038): a change to its tables moves its meta row's version.
      await tx.execute(
        sql`update catalogue_meta set version = version + 1 where ${_what.includes('catalogue')}`,
      );
    });
    const after = await readThroughRoute();
    expect(after.status).toBe(200);
    expect(after.value).toContain(' ');
    expect(after.text).not.toBe(before.text);
    expect(after.text).toBe(await builtNow());
    expect((await readThroughRoute()).value).toMatch(/^\d+\.\d+$/);
  });

  it('moves the revision once in a transaction of many writes, and the read shows all of them', async () => {
    const before = await readThroughRoute();
    const revisionOf = async (db: Pick<typeof t.deps.db.db, 'execute'>) =>
      (
        await rowsOf<{ revision: string }>(
          db,
          sql`select revision::text from project_read_revisions where project_id = ${project.id}`,
        )
      )[0]!.revision;
    const moves = await t.deps.db.db.transaction(async (tx) => {
      const seen = [await revisionOf(tx)];
      await tx.execute(
        sql`update penetrating_items set quantity = quantity + 1 where transit_id = ${transit.id}`,
      );
      seen.push(await revisionOf(tx));
      await tx.execute(sql`update transits set comments = 'Resealed' where id = ${transit.id}`);
      seen.push(await revisionOf(tx));
      return seen;
    });
    expect(moves[1]).not.toBe(moves[0]);
    expect(moves[2]).toBe(moves[1]);
    const after = await readThroughRoute();
    expect(after.text).not.toBe(before.text);
    expect(after.text).toContain('Resealed');
    expect(after.text).toBe(await builtNow());
  });

  it('answers a project that is not the caller’s, or is removed, as not found, kept or not', async () => {
    const stranger = await createUserWithToken(t.deps.db.db);
    expect((await readThroughRoute()).status).toBe(200);
    expect((await readThroughRoute(project.id, stranger)).status).toBe(404);
    const removable = await post<Project>('/api/project/saveOne', {
      project: { name: 'Removed later', customerId: customer.id, industryId: 'OFF_SHORE' },
    });
    expect((await readThroughRoute(removable.id)).status).toBe(200);
    await t.deps.db.db.execute(sql`update projects set is_removed = true where id = ${removable.id}`);
    expect((await readThroughRoute(removable.id)).status).toBe(404);
  });

  it('watches every table the read shows: the triggers cover them, the catalogue has its version', async () => {
    const text = new PgDialect().sqlToQuery(
      projectReadOrFingerprint(sql`$1::uuid`, sql`$2::uuid`, sql`$3::text`),
    ).sql;
    const tables = new Set([...text.matchAll(/\b(?:from|join)\s+"(\w+)"/gi)].map((m) => m[1]!));
    const watched = await rowsOf<{ table: string }>(
      t.deps.db.db,
      sql`select distinct c.relname as table from pg_trigger g join pg_class c on c.oid = g.tgrelid
        where not g.tgisinternal and g.tgname like '%\_read\_%'`,
    );
    const triggered = new Set(watched.map((r) => r.table));
    const catalogue = ['penetrating_item_types', 'transit_types', 'transit_classes', 'catalogue_meta'];
    const unwatched = [...tables].filter(
      (table) => !triggered.has(table) && !catalogue.includes(table) && table !== 'project_read_revisions',
    );
    expect(tables).toContain('penetrating_items');
    expect(unwatched).toEqual([]);
  });
});

describe('KeptProjectReads', () => {
  it('keeps reads up to its budget, least recently answered dropped first', () => {
    const kept = new KeptProjectReads(10);
    expect(kept.answer('a', '1.1 aaaa', undefined)).toBe('aaaa');
    expect(kept.answer('b', '2.1 bbbb', undefined)).toBe('bbbb');
    expect(kept.answer('a', '1.1', kept.peek('a'))).toBe('aaaa');
    kept.answer('c', '3.1 cccc', undefined);
    expect(kept.peek('b')).toBeUndefined();
    expect(kept.peek('a')?.envelope).toBe('aaaa');
    expect(kept.size).toEqual({ reads: 2, chars: 8 });
  });

  it('answers but does not keep a read larger than the budget, or one without a fingerprint', () => {
    const kept = new KeptProjectReads(4);
    expect(kept.answer('a', '1.1 {"too":"long"}', undefined)).toBe('{"too":"long"}');
    expect(kept.answer('b', ' {}', undefined)).toBe('{}');
    expect(kept.size).toEqual({ reads: 0, chars: 0 });
  });

  it('refuses a confirmation of a fingerprint it did not send', () => {
    const kept = new KeptProjectReads();
    kept.answer('a', '1.1 {}', undefined);
    expect(() => kept.answer('a', '2.1', kept.peek('a'))).toThrow(/did not send/);
    expect(() => kept.answer('b', '1.1', undefined)).toThrow(/did not send/);
  });

  it('replaces a project’s read by its newer one', () => {
    const kept = new KeptProjectReads();
    kept.answer('a', '1.1 old', undefined);
    kept.answer('a', '5.1 newer', kept.peek('a'));
    expect(kept.peek('a')).toEqual({ fingerprint: '5.1', envelope: 'newer' });
    expect(kept.size).toEqual({ reads: 1, chars: 5 });
  });
});
