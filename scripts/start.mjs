// `npm start`: install if needed, build the web app, migrate, seed demo data and an administrator, serve on one port.
import { ensureDependencies, run } from './lib.mjs';

ensureDependencies();
const env = { SEED_DEMO: process.env.SEED_DEMO ?? 'true', NODE_ENV: process.env.NODE_ENV ?? 'production' };
if ((await run('npm', ['run', 'build', '--silent'])) !== 0) process.exit(1);
if ((await run('npx', ['tsx', 'apps/server/src/cli/seed.ts'], { env })) !== 0) process.exit(1);
const code = await run('npx', ['tsx', 'apps/server/src/server.ts'], { env });
process.exit(code);
