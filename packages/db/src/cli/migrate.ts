import { createDb } from '../client';

const handle = await createDb(process.env.DATABASE_URL || process.env.PGLITE_DIR);
await handle.migrate();
await handle.close();
console.log(`Migrated the ${handle.kind} database.`);
