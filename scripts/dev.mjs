// `npm run dev`: API with reload (tsx watch) and the Vite dev server with hot reload, proxying /api.
import { spawn } from 'node:child_process';
import { ensureDependencies, root } from './lib.mjs';

ensureDependencies();
const procs = [
  spawn('npx', ['tsx', 'apps/server/src/cli/seed.ts'], {
    stdio: 'inherit',
    cwd: root,
    env: { ...process.env, SEED_DEMO: 'true' },
  }),
];
procs[0].on('exit', () => {
  procs.push(spawn('npx', ['tsx', 'watch', 'apps/server/src/server.ts'], { stdio: 'inherit', cwd: root }));
  procs.push(spawn('npm', ['run', 'dev', '-w', '@sealplan/web'], { stdio: 'inherit', cwd: root }));
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => procs.forEach((p) => p.kill(sig)));
