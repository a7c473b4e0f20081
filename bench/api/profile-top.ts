// Prints the top frames of a V8 CPU profile (node --cpu-prof; `npm run bench:api -- --cpu-prof DIR` writes one):
// self time per function, and self time per package (node_modules/<name>, the app's own code, node internals).
//
//   npx tsx bench/api/profile-top.ts /tmp/prof/postgres/CPU.*.cpuprofile [--top 25]

import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const file = process.argv[2];
if (!file) throw new Error('usage: profile-top.ts <file.cpuprofile> [--top N]');
const topIndex = process.argv.indexOf('--top');
const TOP = topIndex > 0 ? Number(process.argv[topIndex + 1]) : 25;
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

function where(url: string): string {
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 13).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.startsWith('node:')) return 'node internals';
  if (url === '') return '(native / idle / gc)';
  return url.includes('/apps/') || url.includes('/packages/') ? 'sealplan' : url;
}

const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
for (const [id, us] of selfUs) {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  const short = url.replace(/^.*node_modules\//, '').replace(/^.*\/(apps|packages)\//, '$1/');
  const key = `${functionName || '(anonymous)'} ${short}${url ? `:${lineNumber + 1}` : ''}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  byPackage.set(where(url), (byPackage.get(where(url)) ?? 0) + us);
}
const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
const print = (title: string, m: Map<string, number>, n: number) => {
  console.log(title);
  for (const [k, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, n)) console.log(`  ${pct(us)}  ${k}`);
};
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`);
print('self time by package', byPackage, 15);
print(`top ${TOP} functions by self time`, byFunction, TOP);
