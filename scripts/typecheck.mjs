// Type-checks every workspace with its own tsconfig (the web app has DOM types, the server Node's).
import { run } from './lib.mjs';

const projects = [
  'packages/engine',
  'packages/contracts',
  'packages/db',
  'apps/server',
  'apps/web',
  'e2e',
  'bench',
];
const results = await Promise.all(projects.map((p) => run('npx', ['tsc', '-p', p, '--noEmit', '--pretty'])));
const failed = projects.filter((_, i) => results[i] !== 0);
if (failed.length) {
  console.error(`Type errors in: ${failed.join(', ')}`);
  process.exit(1);
}
console.log(`Types OK in ${projects.length} workspaces.`);
