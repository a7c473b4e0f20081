import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createDb, isPostgresUrl } from '../client';
import { keepTemplateRows } from './pglite-pool';

/**
 * Vitest global setup: build one migrated template database, which every test file clones.
 * PGlite: a dumped data directory (creating PGlite from scratch takes seconds, cloning about one), with a copy
 * of the rows its migrations wrote, so that a worker can put a used instance back into this state (pglite-pool.ts).
 * PostgreSQL (DATABASE_URL set): a template database; each test file gets `CREATE DATABASE ... TEMPLATE`.
 */
export default async function setup() {
  const url = process.env.DATABASE_URL;
  if (isPostgresUrl(url)) {
    const templateName = `sealplan_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${templateName}`);
    await admin.query(`create database ${templateName}`);
    const templateUrl = withDatabase(url, templateName);
    const handle = await createDb(templateUrl, { poolSize: 1 });
    await handle.migrate();
    await handle.close();
    process.env.SEALPLAN_TEST_PG_TEMPLATE = templateName;
    return async () => {
      const res = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like $1`,
        [`sealplan_t_${process.pid}_%`],
      );
      for (const row of res.rows) await admin.query(`drop database if exists ${row.datname} with (force)`);
      await admin.query(`drop database if exists ${templateName} with (force)`);
      await admin.end();
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'sealplan-tpl-'));
  const client = await PGlite.create();
  const handle = await createDb(undefined, { pglite: client });
  await handle.migrate();
  await keepTemplateRows(client);
  const dump = await client.dumpDataDir('none');
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  process.env.SEALPLAN_TEST_PGLITE_TEMPLATE = file;
  return () => rmSync(dir, { recursive: true, force: true });
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
