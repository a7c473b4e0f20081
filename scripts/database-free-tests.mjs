// The server's test files that never reach a database (document writers, file readers, plugins, the worker lanes):
// their results cannot depend on PGlite or PostgreSQL, so the PostgreSQL pass leaves them out (ADR 026).
// Found by reading imports, not by a list kept by hand: a test file reaches a database when it, or a module it
// imports by a relative path (followed through), imports `@sealplan/db` as a value, builds the app, reads
// DATABASE_URL or passes the environment on to a process it starts. Anything in doubt counts as reaching one, so a new API test is never left out by mistake.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const REACHES_DATABASE = [
  /^import (?!type\b)[^;]*?from '@sealplan\/db(?:\/[^']*)?'/ms,
  /\bcreateTestApp\b|\bbuildApp\b|\bcreateServices\b/,
  // Reads DATABASE_URL, or hands the environment (and so DATABASE_URL) on to a server it starts.
  /\bDATABASE_URL\b|\.\.\.process\.env\b/,
];
const RELATIVE_VALUE_IMPORT = /^(?:import|export) (?!type\b)[^;]*?from '(\.{1,2}\/[^']+)'/gms;

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

function resolveModule(from, specifier) {
  const base = resolve(dirname(from), specifier);
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), base.replace(/\.js$/, '.ts')].find(
    (candidate) => candidate.endsWith('.ts') && existsSync(candidate),
  );
}

/** Test files (relative to `projectRoot`, e.g. `src/lib/mail.test.ts`) under `projectRoot/src` that reach no database. */
export function databaseFreeTests(projectRoot) {
  const verdicts = new Map();
  const reaches = (file) => {
    if (verdicts.has(file)) return verdicts.get(file);
    verdicts.set(file, false); // an import cycle adds nothing new
    const text = readFileSync(file, 'utf8');
    let result = REACHES_DATABASE.some((pattern) => pattern.test(text));
    for (const match of text.matchAll(RELATIVE_VALUE_IMPORT)) {
      if (result) break;
      const target = resolveModule(file, match[1]);
      result = target === undefined || reaches(target);
    }
    verdicts.set(file, result);
    return result;
  };
  return testFiles(join(projectRoot, 'src'))
    .filter((file) => !reaches(file))
    .map((file) => relative(projectRoot, file))
    .sort();
}
