// Small helpers shared by the root commands (start, test-all, dev).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';

export const root = new URL('..', import.meta.url).pathname;

export function run(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      stdio: 'inherit',
      cwd: root,
      ...opts,
      env: { ...process.env, ...opts.env },
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export function runSync(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, {
    stdio: 'inherit',
    cwd: root,
    ...opts,
    env: { ...process.env, ...opts.env },
  });
  return r.status ?? 1;
}

/** Builds the web app into `outDir` with the web workspace's own Vite (npm does not always hoist it). */
export function buildWeb(outDir) {
  return run('npm', [
    'run',
    '--silent',
    'build',
    '-w',
    '@sealplan/web',
    '--',
    '--outDir',
    resolve(root, outDir),
    '--emptyOutDir',
    '--logLevel',
    'warn',
  ]);
}

/** Installs npm dependencies when node_modules is missing or older than the lockfile. */
export function ensureDependencies() {
  const installed = `${root}node_modules/.package-lock.json`;
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(`${root}package-lock.json`).mtimeMs)
    return;
  console.log('Installing dependencies (npm ci)…');
  if (runSync('npm', ['ci', '--no-audit', '--no-fund']) !== 0) {
    console.error('npm ci failed.');
    process.exit(1);
  }
}

export function hasChromium() {
  return existsSync('/usr/bin/chromium');
}

/** The system packages the tests read documents with: PDF text (poppler) and LibreOffice for the XLSX check. */
const SYSTEM_PACKAGES = ['chromium', 'poppler-utils', 'libreoffice-calc-nogui', 'python3-ezdxf'];
const hasSystemPackages = () =>
  hasChromium() &&
  existsSync('/usr/bin/pdftotext') &&
  existsSync('/usr/bin/soffice') &&
  existsSync('/usr/lib/python3/dist-packages/ezdxf');

/** Installs Debian's chromium, poppler and LibreOffice (calc) for the tests when absent and we are root. */
export function ensureChromium() {
  if (hasSystemPackages()) return true;
  if (process.getuid?.() !== 0) {
    console.error('Chromium is missing: install it with `sudo apt-get install -y chromium` and run again.');
    return false;
  }
  console.log(`Installing ${SYSTEM_PACKAGES.join(', ')} (apt-get)…`);
  runSync('apt-get', ['update', '-qq']);
  runSync('apt-get', ['install', '-y', '-qq', ...SYSTEM_PACKAGES], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return hasChromium();
}
