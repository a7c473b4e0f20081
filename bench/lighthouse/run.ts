// The first load, as Lighthouse measures it (desktop preset) in the machine's Chromium: the login page, the
// dashboard and the two most recent project pages of the demo portfolio (its 500-transit project and one of a few
// transits), served by the built server as production serves it (the built web app, PGlite in a fresh directory).
// Prints each page's performance score (median of --runs), its LCP, TBT and FCP, and the JavaScript it transfers,
// beside the targets of ADR 033 (the score's on the login page, the dashboard and the project page of a few
// transits; the 500-transit page is measured beside them).
//
//   npm run bench:lighthouse                 (builds the web app and the server first)
//   npx tsx bench/lighthouse/run.ts -- --runs 5 --port 3400
//   npx tsx bench/lighthouse/run.ts -- --reports .tmp/lighthouse   also keeps every run's report (JSON) there
//   npx tsx bench/lighthouse/run.ts -- --pages dashboard,project-page   only these pages
//
// Lighthouse is a tool of this bench only: it is installed on first use into .tmp/bench-tools at the pinned
// version below (12.x is the last line that runs on Node 20), not into the workspaces every install carries.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { waitForHttp } from '../server-process';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const LIGHTHOUSE_VERSION = '12.8.2';
const TOOLS = join(ROOT, '.tmp/bench-tools');
const CHROMIUM = '/usr/bin/chromium';
const ADMIN = { email: 'lighthouse@sealplan.local', password: 'lighthouse-bench-password' };

/** ADR 033: performance score on every page, and the login page's gzipped JavaScript. */
const TARGET_SCORE = 90;
const TARGET_LOGIN_JS_KB = 200;

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};
const RUNS = Number(arg('runs', '3'));
const PORT = Number(arg('port', '3400'));
/** --reports DIR keeps each run's Lighthouse report there (JSON: what took the main thread, what the LCP waited for). */
const REPORTS = arg('reports', '');
/** --pages login,dashboard: only these pages (names as printed; the targets are judged on the pages measured). */
const ONLY = arg('pages', '').split(',').filter(Boolean);
const BASE = `http://127.0.0.1:${PORT}`;

function lighthouseModules() {
  const entry = join(TOOLS, 'node_modules/lighthouse/core/index.js');
  if (!existsSync(entry)) {
    mkdirSync(TOOLS, { recursive: true });
    writeFileSync(join(TOOLS, 'package.json'), JSON.stringify({ name: 'bench-tools', private: true }));
    console.log(`installing lighthouse ${LIGHTHOUSE_VERSION} into .tmp/bench-tools (first run only)…`);
    execFileSync('npm', ['install', '--no-audit', '--no-fund', `lighthouse@${LIGHTHOUSE_VERSION}`], {
      cwd: TOOLS,
      stdio: 'inherit',
    });
  }
  const at = (path: string) => pathToFileURL(join(TOOLS, 'node_modules', path)).href;
  return {
    lighthouse: at('lighthouse/core/index.js'),
    desktop: at('lighthouse/core/config/desktop-config.js'),
    launcher: at('chrome-launcher/dist/index.js'),
    puppeteer: at('puppeteer-core/lib/esm/puppeteer/puppeteer-core.js'),
  };
}

async function startServer(dataDir: string) {
  const env = {
    ...process.env,
    PGLITE_DIR: dataDir,
    WEB_DIST: join(ROOT, 'apps/web/dist'),
    SEED_DEMO: 'true',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(PORT),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  };
  execFileSync('node', [join(ROOT, 'apps/server/dist/seed.mjs')], { env, stdio: 'ignore' });
  const server = spawn('node', [join(ROOT, 'apps/server/dist/server.mjs')], { env, stdio: 'inherit' });
  await waitForHttp(`${BASE}/api/health`, server);
  return server;
}

async function post(path: string, body: string, headers: Record<string, string>) {
  const res = await fetch(`${BASE}${path}`, {
    method: 'POST',
    body,
    headers: { 'x-client': 'web', ...headers },
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: unknown }).data;
}

async function signIn(): Promise<{ token: string; projects: { id: string; name: string }[] }> {
  const form = new URLSearchParams({
    grant_type: 'password',
    username: ADMIN.email,
    password: ADMIN.password,
  });
  const { access_token: token } = (await post('/api/auth/token', form.toString(), {
    'content-type': 'application/x-www-form-urlencoded',
  })) as { access_token: string };
  const recent = (await post('/api/project/getRecentProjects', '{}', {
    'content-type': 'application/json',
    authorization: `Bearer ${token}`,
  })) as { id: string; name: string }[];
  if (recent.length < 2) throw new Error('the demo portfolio has fewer than two projects');
  return { token, projects: recent.slice(0, 2) };
}

interface Reading {
  score: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  scriptKb: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const modules = lighthouseModules();
  const { default: lighthouse } = await import(modules.lighthouse);
  const { default: desktopConfig } = await import(modules.desktop);
  const { launch } = await import(modules.launcher);
  const puppeteer = (await import(modules.puppeteer)).default;

  const dataDir = mkdtempSync(join(tmpdir(), 'sealplan-lighthouse-'));
  const server = await startServer(dataDir);
  const chrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    const { token, projects } = await signIn();
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    /**
     * Each run is a first visit: the HTTP cache is emptied (Lighthouse's own reset would also empty the
     * localStorage the signed-in pages read their token from, so it is turned off), then the token is set.
     */
    const setToken = async (value: string | null) => {
      const page = await browser.newPage();
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await page.goto(`${BASE}/api/health`);
      await page.evaluate((t: string | null) => {
        if (t) localStorage.setItem('sealplan.token', t);
        else localStorage.clear();
      }, value);
      await page.close();
    };
    // `target`: judged against the score target. The target's project page is a project of a few transits, the kind
    // the target was set on (before the demo had a large project); the 500-transit project's own targets are
    // bench:list's (first rows, read, PDF), and its score is printed beside the others.
    const pages = [
      { name: 'login', path: '/login', token: null, target: true },
      { name: 'dashboard', path: '/dashboard', token, target: true },
      // The most recent projects: the demo's large one (500 transits, ADR 038) and the one before it (a few transits).
      ...projects.map((project, i) => ({
        name: i === 0 ? 'project page' : 'project page 2',
        path: `/projects/${project.id}`,
        token,
        project: project.name,
        target: i > 0,
      })),
    ];
    if (ONLY.length)
      pages.splice(0, pages.length, ...pages.filter((p) => ONLY.includes(p.name.replace(/ /g, '-'))));
    for (const p of pages) if ('project' in p) console.log(`${p.name}: ${p.project}`);
    console.log(
      `load average: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} (1, 5, 15 min); ${RUNS} runs a page`,
    );
    const results: Record<string, Reading> = {};
    for (const p of pages) {
      const readings: Reading[] = [];
      // A run Lighthouse could not finish (a loaded machine loses the trace now and then) is tried again, up to as
      // many retries as runs, so the median is of finished runs only.
      for (let run = 0; readings.length < RUNS && run < RUNS * 2; run++) {
        await setToken(p.token);
        const result = await lighthouse(
          `${BASE}${p.path}`,
          { port: chrome.port, output: 'json', logLevel: 'error', disableStorageReset: true },
          desktopConfig,
        );
        const lhr = result.lhr;
        if (lhr.runtimeError) {
          console.log(`  ${p.name} run ${run + 1} not finished: ${lhr.runtimeError.code}; tried again`);
          continue;
        }
        if (REPORTS) {
          mkdirSync(REPORTS, { recursive: true });
          writeFileSync(join(REPORTS, `${p.name.replace(/ /g, '-')}-${run + 1}.json`), result.report);
        }
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
        const requests = (lhr.audits['network-requests']?.details?.items ?? []) as {
          resourceType?: string;
          transferSize?: number;
        }[];
        readings.push({
          score: Math.round((lhr.categories.performance.score ?? 0) * 100),
          lcpMs: audit('largest-contentful-paint'),
          tbtMs: audit('total-blocking-time'),
          fcpMs: audit('first-contentful-paint'),
          scriptKb:
            requests
              .filter((r) => r.resourceType === 'Script')
              .reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024,
        });
      }
      if (readings.length === 0) throw new Error(`${p.name}: Lighthouse finished no run of ${RUNS * 2}`);
      const m = (key: keyof Reading) => median(readings.map((r) => r[key]));
      results[p.name] = {
        score: m('score'),
        lcpMs: m('lcpMs'),
        tbtMs: m('tbtMs'),
        fcpMs: m('fcpMs'),
        scriptKb: m('scriptKb'),
      };
      const r = results[p.name]!;
      console.log(
        `${p.name.padEnd(12)} performance ${r.score} (runs ${readings.map((x) => x.score).join(', ')}; ` +
          `${p.target ? `target ≥ ${TARGET_SCORE}` : 'measured, no score target'})` +
          `  LCP ${Math.round(r.lcpMs)} ms  TBT ${Math.round(r.tbtMs)} ms  FCP ${Math.round(r.fcpMs)} ms` +
          `  JavaScript ${Math.round(r.scriptKb)} kB transferred`,
      );
    }
    await browser.disconnect();
    const loginKb = results.login?.scriptKb ?? 0;
    const judged = pages.filter((p) => p.target && results[p.name]).map((p) => results[p.name]!);
    const met = judged.every((r) => r.score >= TARGET_SCORE) && loginKb <= TARGET_LOGIN_JS_KB;
    console.log(
      `\nlogin page JavaScript ${Math.round(loginKb)} kB (target ≤ ${TARGET_LOGIN_JS_KB} kB gzipped); ` +
        `scores of login, dashboard and the project page of a few transits ${judged
          .map((r) => r.score)
          .join(' / ')} (target ≥ ${TARGET_SCORE}): ${met ? 'met' : 'NOT met'}`,
    );
    console.log(
      `load average after: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    chrome.kill();
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
