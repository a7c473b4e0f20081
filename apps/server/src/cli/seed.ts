import { parseEnv } from '../config/env';
import { openDatabaseOrExit } from '../lib/open-database';
import { runSeed } from '../seed/index';

// Migrates and seeds; prints what a newcomer needs (the administrator's login on first run).
const env = parseEnv();
const db = await openDatabaseOrExit(env);
await db.migrate();
const lines: string[] = [];
await runSeed({
  db,
  env,
  log: { info: () => undefined, warn: (...args: unknown[]) => console.warn(...args) } as never,
  announce: (line) => lines.push(line),
});
await db.close();
console.log(`Database ready (${db.kind}).`);
for (const line of lines) console.log(line);
