import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';

/**
 * PGlite instances kept between the test files a Vitest worker runs (ADR 026: the server-side projects share their
 * loaded modules between files, so this module's state lives as long as the worker). Loading the template's data
 * directory costs seconds of CPU (unpacking it and starting the database); putting a used instance back into the
 * template's state costs a few statements. An instance goes back only when nothing but rows changed; any other
 * change (a table, a column, a schema) closes it, and the next file loads the template afresh.
 */

/**
 * Where the template keeps a copy of the rows its migrations wrote, one table per table that has rows, named
 * `schema.table` (global-setup.ts writes it with keepTemplateRows).
 */
export const TEMPLATE_ROWS_SCHEMA = 'sealplan_test_template';
/** Idle instances kept per worker: enough for a file that holds two databases at once. */
const MAX_IDLE = 2;

const SCHEMAS_OF_DATA = `n.nspname not in ('pg_catalog', 'information_schema', '${TEMPLATE_ROWS_SCHEMA}')
  and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'`;

/** The database's relations, their kinds and column counts: what a reset cannot put back when it changed. */
const SHAPE_QUERY = `select md5(coalesce(string_agg(n.nspname || '.' || c.relname || ':' || c.relkind::text || ':' ||
  c.relnatts, ',' order by n.nspname, c.relname), '')) as shape
  from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${SCHEMAS_OF_DATA}`;

interface TemplateState {
  shape: string;
  /** Statements that empty every table and write the template's rows and sequences back. */
  reset: string;
}

const idle: PGlite[] = [];
let template: { file: string; state: Promise<TemplateState> } | null = null;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The template's shape and its reset, read once per worker from the first instance loaded. */
async function readTemplateState(pglite: PGlite): Promise<TemplateState> {
  const shape = (await pglite.query<{ shape: string }>(SHAPE_QUERY)).rows[0]!.shape;
  const tables = (
    await pglite.query<{ schema: string; name: string }>(
      `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p') and ${SCHEMAS_OF_DATA} order by 1, 2`,
    )
  ).rows;
  const kept = (
    await pglite.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = $1 and c.relkind = 'r'`,
      [TEMPLATE_ROWS_SCHEMA],
    )
  ).rows.map((r) => r.name);
  const sequences = (
    await pglite.query<{ schema: string; name: string; value: string | null }>(
      `select schemaname as schema, sequencename as name, last_value::text as value from pg_sequences
       where schemaname not in ('pg_catalog', 'information_schema', '${TEMPLATE_ROWS_SCHEMA}')`,
    )
  ).rows;
  const qualified = (t: { schema: string; name: string }) => `${ident(t.schema)}.${ident(t.name)}`;
  const statements = [
    tables.length ? `truncate ${tables.map(qualified).join(', ')} restart identity cascade` : '',
    // Constraint triggers (foreign keys) are left out while the rows go back in, in whatever order.
    `set session_replication_role = replica`,
    ...kept.map((name) => {
      const dot = name.indexOf('.');
      const table = qualified({ schema: name.slice(0, dot), name: name.slice(dot + 1) });
      return `insert into ${table} select * from ${ident(TEMPLATE_ROWS_SCHEMA)}.${ident(name)}`;
    }),
    `set session_replication_role = default`,
    ...sequences.map((s) =>
      s.value === null
        ? `select setval('${qualified(s)}', 1, false)`
        : `select setval('${qualified(s)}', ${Number(s.value)}, true)`,
    ),
  ].filter(Boolean);
  return { shape, reset: statements.join(';\n') };
}

/** An instance in the template's state: an idle one, else the template loaded. */
export async function takePglite(file: string): Promise<PGlite> {
  if (template?.file !== file) {
    for (const p of idle.splice(0)) await p.close();
    template = null;
  }
  const reused = idle.pop();
  if (reused) return reused;
  const pglite = await PGlite.create({ loadDataDir: new Blob([readFileSync(file)]) });
  template ??= { file, state: readTemplateState(pglite) };
  await template.state;
  return pglite;
}

/** Puts an instance back into the template's state for the next file, or closes it when that cannot be done. */
export async function givePglite(pglite: PGlite): Promise<void> {
  const state = await template?.state;
  try {
    if (!state || idle.length >= MAX_IDLE || pglite.closed) throw new Error('not kept');
    // A transaction the test left open or failed, then the session's prepared statements, settings and temporary
    // tables.
    await pglite.exec('rollback');
    await pglite.exec('discard all');
    const shape = (await pglite.query<{ shape: string }>(SHAPE_QUERY)).rows[0]!.shape;
    if (shape !== state.shape) throw new Error('the schema changed');
    await pglite.exec(state.reset);
    idle.push(pglite);
  } catch {
    if (!pglite.closed) await pglite.close();
  }
}

/** Copies the rows the migrations wrote into TEMPLATE_ROWS_SCHEMA, for the resets above. */
export async function keepTemplateRows(pglite: PGlite): Promise<void> {
  const tables = (
    await pglite.query<{ schema: string; name: string }>(
      `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p') and ${SCHEMAS_OF_DATA}`,
    )
  ).rows;
  await pglite.exec(`create schema ${ident(TEMPLATE_ROWS_SCHEMA)}`);
  for (const t of tables) {
    const source = `${ident(t.schema)}.${ident(t.name)}`;
    const hasRows = (await pglite.query(`select 1 from ${source} limit 1`)).rows.length > 0;
    if (hasRows)
      await pglite.exec(
        `create table ${ident(TEMPLATE_ROWS_SCHEMA)}.${ident(`${t.schema}.${t.name}`)} as select * from ${source}`,
      );
  }
}
