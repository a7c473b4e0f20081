// `npm start`: install if needed, build the web app and the server, migrate, seed demo data and an administrator,
// serve on one port. The server runs as built JavaScript (apps/server/dist, ADR 019), not through a runtime loader.
import { ensureDependencies, run } from './lib.mjs';

ensureDependencies();
const env = { SEED_DEMO: process.env.SEED_DEMO ?? 'true', NODE_ENV: process.env.NODE_ENV ?? 'production' };
if ((await run('npm', ['run', 'build', '--silent'])) !== 0) process.exit(1);
if ((await run('npm', ['run', 'build:server', '--silent'])) !== 0) process.exit(1);
if ((await run('node', ['apps/server/dist/seed.mjs'], { env })) !== 0) process.exit(1);
const code = await run('node', ['--enable-source-maps', 'apps/server/dist/server.mjs'], { env });
process.exit(code);
