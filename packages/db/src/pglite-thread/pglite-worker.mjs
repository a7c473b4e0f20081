// The embedded database in a worker thread of its own (ADR 021). PGlite runs PostgreSQL compiled to WebAssembly
// synchronously on the thread that calls it; here that thread is this one, so the server's event loop stays free
// for HTTP while a statement runs, and the database gets a core of its own. Plain JavaScript, loaded as it is in
// development, tests and the built server. Messages are answered with { id, ok, result | error }.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** Why a transaction ended without a commit: its callback is rejected with this, PGlite rolls back. */
class RolledBack extends Error {}

const db = await PGlite.create(workerData.dataDir === 'memory://' ? undefined : workerData.dataDir);
/** Open transactions: id → the transaction's client and how to end it. */
const transactions = new Map();
let nextTransaction = 1;
/** Statements and transactions under way: while any is, the database is answering and a ping need not queue. */
let busy = 0;

/** Types to leave as the text PostgreSQL sent (what drizzle's identity parsers ask for). */
const rawParsers = (types) =>
  types ? Object.fromEntries(types.map((type) => [type, (value) => value])) : undefined;

function clientOf(tx) {
  if (tx === undefined) return db;
  const open = transactions.get(tx);
  if (!open) throw new Error(`transaction ${tx} is not open`);
  return open.client;
}

function begin() {
  return new Promise((resolve, reject) => {
    const tx = nextTransaction++;
    busy++;
    db.transaction(
      (client) =>
        new Promise((commit, rollback) => {
          transactions.set(tx, { client, commit, rollback, ended: null });
          resolve(tx);
        }),
    )
      .then(
        () => transactions.get(tx)?.ended?.resolve(),
        (error) => {
          const open = transactions.get(tx);
          if (!open) return reject(error);
          if (error instanceof RolledBack) open.ended?.resolve();
          else open.ended?.reject(error);
        },
      )
      .finally(() => {
        transactions.delete(tx);
        busy--;
      });
  });
}

/** Commits or rolls back; answers when PGlite has done it (a failed COMMIT rejects). */
function end(tx, commit) {
  const open = transactions.get(tx);
  if (!open) throw new Error(`transaction ${tx} is not open`);
  return new Promise((resolve, reject) => {
    open.ended = { resolve, reject };
    if (commit) open.commit();
    else open.rollback(new RolledBack('rolled back'));
  });
}

async function run(message) {
  switch (message.op) {
    case 'query': {
      busy++;
      try {
        return await clientOf(message.tx).query(message.text, message.params, {
          rowMode: message.rowMode,
          parsers: rawParsers(message.rawTypes),
        });
      } finally {
        busy--;
      }
    }
    case 'exec': {
      busy++;
      try {
        return await clientOf(message.tx).exec(message.text);
      } finally {
        busy--;
      }
    }
    case 'begin':
      return begin();
    case 'end':
      return end(message.tx, message.commit);
    case 'ping':
      // A database that is running a statement or holds a transaction is answering; an idle one is asked.
      if (busy > 0) return true;
      await db.query('select 1');
      return true;
    case 'close':
      await db.close();
      return true;
    default:
      throw new Error(`unknown message ${message.op}`);
  }
}

/** An error as plain data: its message and PostgreSQL's fields (code, detail, constraint …) survive the copy. */
function plainError(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    // The statement's parameters can be the largest thing in a save (a transit's sizing): not sent back.
    if (value === undefined || typeof value === 'function' || key === 'params' || key === 'queryOptions')
      continue;
    try {
      structuredClone(value);
      fields[key] = value;
    } catch {
      // A value that cannot cross the thread boundary (e.g. the query's options) is left out.
    }
  }
  return { ...fields, name: error.name, message: error.message, stack: error.stack };
}

parentPort.on('message', (message) => {
  run(message).then(
    (result) => parentPort.postMessage({ id: message.id, ok: true, result }),
    (error) => parentPort.postMessage({ id: message.id, ok: false, error: plainError(error) }),
  );
});
parentPort.postMessage({ id: 0, ok: true, result: 'ready' });
