// Transit list benchmark (run by scripts/bench-browser.mjs against the built app and a real server): a project of
// 100 transits; the transit list must render in under 100 ms of main-thread time (ADR 013), on opening
// the project and on every page, sort and search. Measured in Chromium with the User Timing API: the list marks
// the start of each render and measures in its layout effect (render and commit, apps/web/src/lib/render-timing.ts);
// a PerformanceObserver collects the 'transit-list' and 'project-page' measures. A Chromium trace of the same run
// gives the main thread's CPU time inside each measure (the measure itself is wall time, which a loaded machine
// stretches); the budget is judged on that CPU time.
// Then the demo seed's large project (500 transits, ADR 038): how long after navigation its project page shows the
// first rows, how long its project read and its PDF take, each beside its target, with the load average.
// Options: BENCH_DEBUG=1 prints every measure.
import { cpus, loadavg } from 'node:os';
import { chromium, type CDPSession, type Page } from '@playwright/test';

const BASE = process.env.BENCH_URL ?? 'http://127.0.0.1:3196';
const USER = process.env.BENCH_USER ?? 'admin@sealplan.local';
const PASSWORD = process.env.BENCH_PASSWORD ?? 'bench-admin-password';
/** The budget of the issue: the list of 100 transits renders in under this much main-thread time. */
export const MAX_LIST_RENDER_MS = 100;
const TRANSITS = 100;
/** The User Timing names (apps/web: TRANSIT_LIST_RENDER, PROJECT_PAGE_RENDER). */
const LIST_MEASURE = 'transit-list';
/** The list's render phase alone (its own subtree): on opening, the page renders the editor in the same pass. */
const LIST_RENDER_PHASE = 'transit-list:render';
const PAGE_MEASURE = 'project-page';

async function api<T>(token: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${BASE}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as { success: boolean; data: T; messages: string[] };
  if (!res.ok || !envelope.success) throw new Error(`${path}: ${res.status} ${envelope.messages.join('; ')}`);
  return envelope.data;
}

async function signIn(): Promise<string> {
  const res = await fetch(`${BASE}/api/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      username: USER,
      password: PASSWORD,
      isCustomer: 'true',
    }).toString(),
  });
  const envelope = (await res.json()) as { data: { access_token: string } | null; messages: string[] };
  if (!envelope.data) throw new Error(`Sign-in failed: ${envelope.messages.join('; ')}`);
  return envelope.data.access_token;
}

/** A project of 100 realistic transits: cables, pipes, a few incomplete and a few overfilled. */
async function createProject(token: string): Promise<string> {
  const industries = await api<{ id: string }[]>(token, '/api/industry/getActive', {});
  const industryId = industries[0]!.id;
  const customer = await api<{ id: string }>(token, '/api/customer/saveOne', {
    customer: {
      name: 'List Bench Marine',
      industryId,
      contactFirstName: 'Bench',
      contactLastName: 'Mark',
      contactPhone: '555 123 4567',
      contactEmail: 'bench@example.com',
    },
  });
  const project = await api<{ id: string }>(token, '/api/project/saveOne', {
    project: { customerId: customer.id, name: 'List benchmark', industryId, description: '' },
  });
  for (let n = 1; n <= TRANSITS; n++) {
    const cables = Array.from({ length: 1 + (n % 8) }, (_, i) => ({
      itemTypeId: 'CABLE',
      quantity: 1 + (i % 3),
      outerDiameterMm: 10 + ((n * 7 + i * 5) % 40),
      sort: i,
    }));
    await api(token, '/api/project/savePenetratingItemsAndTransit', {
      transit: {
        projectId: project.id,
        name: `${n % 2 ? 'Deck' : 'Bulkhead'} ${String(n).padStart(3, '0')}`,
        shape: n % 3 ? 'ROUND' : 'RECTANGLE',
        copies: 1 + (n % 3),
        // Every 17th without a size (incomplete), every 11th small (overfilled).
        ...(n % 17 === 0
          ? {}
          : n % 3
            ? { diameterMm: n % 11 === 0 ? 80 : 200 + (n % 5) * 20 }
            : { widthMm: 300, heightMm: 150 + (n % 4) * 30, radiusMm: 10 }),
        penetratingItemTypeId: 'CABLE',
        transitTypeId: 'NOFIRNO',
        classId: 'A_60_CLASS',
        sealantType: 'NOFIRNO_SEALANT',
        depthMm: 200,
      },
      penetratingItems: cables,
    });
  }
  return project.id;
}

interface Measure {
  name: string;
  duration: number;
}

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  id2?: { local?: string };
  args?: { name?: string };
}

/** Categories for the main thread's tasks (with their thread time) and the app's User Timing measures. */
const TRACE_CATEGORIES = ['blink.user_timing', 'devtools.timeline', 'disabled-by-default-devtools.timeline'];

async function startTrace(cdp: CDPSession) {
  await cdp.send('Tracing.start', {
    transferMode: 'ReturnAsStream',
    traceConfig: { includedCategories: TRACE_CATEGORIES },
  });
}

async function endTrace(cdp: CDPSession): Promise<TraceEvent[]> {
  const complete = new Promise<string>((resolve) =>
    cdp.once('Tracing.tracingComplete', (e: { stream?: string }) => resolve(e.stream ?? '')),
  );
  await cdp.send('Tracing.end');
  const handle = await complete;
  let text = '';
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle });
    text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString() : chunk.data;
    if (chunk.eof) break;
  }
  await cdp.send('IO.close', { handle });
  const parsed = JSON.parse(text) as TraceEvent[] | { traceEvents: TraceEvent[] };
  return Array.isArray(parsed) ? parsed : parsed.traceEvents;
}

/**
 * Main-thread CPU time inside each 'transit-list' measure, from the trace: the thread time (`tdur`) of the
 * renderer main thread's tasks, in proportion to how much of each task lies inside the measure. Unlike the
 * measure's own (wall) duration, it does not grow when a busy machine takes the CPU away from the browser.
 */
function cpuTimes(events: TraceEvent[], name: string): number[] {
  const begins = events.filter((e) => e.cat.includes('blink.user_timing') && e.name === name && e.ph === 'b');
  const ends = events.filter((e) => e.cat.includes('blink.user_timing') && e.name === name && e.ph === 'e');
  if (!begins.length) return [];
  const pid = begins[0]!.pid;
  const main = events.find(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === pid && e.args?.name === 'CrRendererMain',
  );
  const tasks = events.filter(
    (e) =>
      e.ph === 'X' &&
      e.name === 'RunTask' &&
      e.pid === pid &&
      (!main || e.tid === main.tid) &&
      e.dur !== undefined &&
      e.tdur !== undefined,
  );
  const key = (e: TraceEvent) => e.id ?? e.id2?.local ?? '';
  return begins
    .sort((a, b) => a.ts - b.ts)
    .map((b) => {
      const e = ends.find((x) => key(x) === key(b) && x.ts >= b.ts);
      if (!e) return Number.NaN;
      let cpuUs = 0;
      for (const t of tasks) {
        const overlap = Math.min(e.ts, t.ts + t.dur!) - Math.max(b.ts, t.ts);
        if (overlap > 0) cpuUs += (t.tdur! * overlap) / Math.max(t.dur!, 1);
      }
      return cpuUs / 1000;
    });
}

async function measures(page: Page): Promise<Measure[]> {
  return page.evaluate(() => (window as unknown as { __measures: Measure[] }).__measures.splice(0));
}

/** Targets for the demo seed's 500-transit project (ADR 038), wall time on this machine. */
const LARGE_TARGETS = { firstRowsMs: 1500, readMs: 300, pdfMs: 10_000 } as const;
/** The demo seed's large project (packages/db seed-data demo-ship). */
const LARGE_PROJECT_NAME = 'PSV Nordkapp - newbuild 1147 penetrations';
const LARGE_RUNS = 3;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const loadNow = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/** The large demo project's figures beside their targets; answers whether all were met. */
async function largeProject(token: string, page: Page): Promise<boolean> {
  const list = await fetch(
    `${BASE}/api/instance/Project?${new URLSearchParams({ q: JSON.stringify({ name: LARGE_PROJECT_NAME }), size: '1' })}`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  const found = ((await list.json()) as { data: { r: { id: string; transitCount: number }[] } }).data.r[0];
  if (!found) throw new Error(`The demo seed has no project named ${LARGE_PROJECT_NAME}.`);
  const reads: number[] = [];
  let bytes = 0;
  for (let i = 0; i < LARGE_RUNS + 1; i++) {
    const ms = await timed(async () => {
      const res = await fetch(`${BASE}/api/project/getProjectAndTransits`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ projectId: found.id }),
      });
      bytes = (await res.arrayBuffer()).byteLength;
    });
    if (i > 0) reads.push(ms); // the first warms the server
  }
  const rows = page.locator('[data-testid="transit-list"] tbody tr');
  const firstRows: number[] = [];
  for (let i = 0; i < LARGE_RUNS; i++) {
    await page.goto(`${BASE}/`);
    await page.waitForLoadState('networkidle');
    firstRows.push(
      await timed(async () => {
        await page.goto(`${BASE}/projects/${found.id}`);
        await rows.first().waitFor({ timeout: 60_000 });
      }),
    );
  }
  const pdfs: number[] = [];
  let pdfBytes = 0;
  for (let i = 0; i < LARGE_RUNS; i++) {
    pdfs.push(
      await timed(async () => {
        const res = await fetch(`${BASE}/api/project/sendProjectExport`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ projectId: found.id, outputFormat: 'PDF', measurementSystem: 'METRIC' }),
        });
        if (!res.ok) throw new Error(`PDF: ${res.status} ${await res.text()}`);
        pdfBytes = (await res.arrayBuffer()).byteLength;
      }),
    );
  }
  const figures = [
    ['first rows after navigation', median(firstRows), LARGE_TARGETS.firstRowsMs, firstRows],
    [`project read (${(bytes / 1e6).toFixed(2)} MB)`, median(reads), LARGE_TARGETS.readMs, reads],
    [`PDF (${(pdfBytes / 1e6).toFixed(2)} MB)`, median(pdfs), LARGE_TARGETS.pdfMs, pdfs],
  ] as const;
  console.log(
    `Large project: ${LARGE_PROJECT_NAME}, ${found.transitCount} transits (load average ${loadNow()})`,
  );
  for (const [label, ms, target, all] of figures)
    console.log(
      `  ${`${label}:`.padEnd(31)} ${ms.toFixed(0).padStart(6)} ms median of ${all.length} ` +
        `(${all.map((x) => x.toFixed(0)).join(', ')})  ${ms <= target ? `≤ ${target} ms met` : `> ${target} ms MISSED`}`,
    );
  console.log(`  load average after:            ${loadNow()} (wall times stretch on a loaded machine)`);
  return figures.every(([, ms, target]) => ms <= target);
}

async function main() {
  const token = await signIn();
  const started = Date.now();
  const projectId = await createProject(token);
  console.log(`Created ${TRANSITS} transits in ${((Date.now() - started) / 1000).toFixed(1)} s.`);

  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript((t) => localStorage.setItem('sealplan.token', t), token);
    // Collect the app's render measures from the first script on (the observer sees entries the app clears).
    await context.addInitScript(() => {
      const w = window as unknown as { __measures: { name: string; duration: number }[] };
      w.__measures = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__measures.push({ name: e.name, duration: e.duration });
      }).observe({ type: 'measure' });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await startTrace(cdp);
    await page.goto(`${BASE}/projects/${projectId}`);
    const rows = page.locator('[data-testid="transit-list"] tbody tr');
    await rows.nth(9).waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1500);

    const opening = await measures(page);
    const durations = (got: Measure[], name: string) =>
      got.filter((m) => m.name === name).map((m) => m.duration);
    // On opening, the list's render and commit share the pass with the whole page (editor, drawing): its own
    // figure there is the render phase of its subtree; afterwards only the list re-renders, render and commit.
    const steps: { label: string; list: number[]; own: number[] }[] = [
      {
        label: 'open the project',
        list: durations(opening, LIST_MEASURE),
        own: durations(opening, LIST_RENDER_PHASE),
      },
    ];
    const pageRenders = opening.filter((m) => m.name === PAGE_MEASURE).map((m) => m.duration);
    if (process.env.BENCH_DEBUG) console.log(opening);

    const step = async (label: string, act: () => Promise<void>) => {
      await act();
      await page.waitForTimeout(700);
      const got = await measures(page);
      if (process.env.BENCH_DEBUG) console.log(label, got);
      steps.push({ label, list: durations(got, LIST_MEASURE), own: durations(got, LIST_RENDER_PHASE) });
    };
    const header = (name: string) =>
      page.locator('[data-testid="transit-list"] th').filter({ hasText: name }).locator('button');
    await step('page 1', () => page.getByRole('button', { name: 'Page 1', exact: true }).click());
    await step('next page', () => page.getByRole('button', { name: 'Next page' }).click());
    await step('sort by name', () => header('Name').click());
    await step('sort by name, descending', () => header('Name').click());
    await step('sort by fill', () => header('Fill').click());
    await step('sort by status', () => header('Status').click());
    await step('search "Deck 0"', async () => {
      await page.getByRole('textbox', { name: 'Search transits' }).fill('Deck 0');
      await page.waitForTimeout(600);
    });
    await step('clear the search', async () => {
      await page.getByRole('textbox', { name: 'Search transits' }).fill('');
      await page.waitForTimeout(600);
    });
    const shownRows = await rows.count();
    const trace = await endTrace(cdp);
    // The trace holds the same measures in the same order: hand them back to the steps.
    const cpuList = cpuTimes(trace, LIST_MEASURE);
    const cpuOwn = cpuTimes(trace, LIST_RENDER_PHASE);
    let li = 0;
    let oi = 0;
    const cpu = steps.map((s) => ({
      list: s.list.map(() => cpuList[li++] ?? Number.NaN),
      own: s.own.map(() => cpuOwn[oi++] ?? Number.NaN),
    }));

    // Judged: main-thread CPU time; on opening the list's own render phase, afterwards render and commit.
    const all = cpu.flatMap((c, i) => (i === 0 ? c.own : c.list));
    const max = all.length ? Math.max(...all) : Number.NaN;
    console.log(`Transit list benchmark (project of ${TRANSITS} transits, Chromium, built app)`);
    console.log(
      `  machine:                       ${cpus().length} CPUs, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')}`,
    );
    const ms = (list: number[]) => list.map((d) => `${d.toFixed(1)} ms`).join(', ');
    console.log(
      '  list renders, wall time, render and commit [render phase alone]; then the CPU time of the same:',
    );
    steps.forEach((s, i) =>
      console.log(
        `  ${`${s.label}:`.padEnd(31)} ${s.list.length ? `${ms(s.list)} [${ms(s.own)}]` : '(no list render)'}`,
        `\n  ${'  main-thread CPU time:'.padEnd(31)} ${ms(cpu[i]!.list)} [${ms(cpu[i]!.own)}]`,
      ),
    );
    if (pageRenders.length)
      console.log(
        `  project page renders (opening): ${pageRenders.map((d) => `${d.toFixed(1)} ms`).join(', ')} (whole page, list included)`,
      );
    console.log(`  rows shown per page:           ${shownRows}`);
    console.log(
      `  longest list render:           ${max.toFixed(1)} ms of main-thread CPU time (budget ${MAX_LIST_RENDER_MS} ms; on opening its render phase)`,
    );
    console.log(
      '  (wall times stretch on a loaded machine, see the load average; CPU times come from the trace)',
    );
    if (!all.length || steps[0]!.own.length === 0) throw new Error('No list render was measured.');
    if (max >= MAX_LIST_RENDER_MS) {
      console.log(
        `  RESULT: FAIL — a list render took ${MAX_LIST_RENDER_MS} ms or more of main-thread time.`,
      );
      process.exitCode = 1;
    } else
      console.log(
        `  RESULT: PASS — every list render took under ${MAX_LIST_RENDER_MS} ms of main-thread time.`,
      );
    if (!(await largeProject(token, page))) {
      console.log('  RESULT: FAIL — a figure of the large project missed its target.');
      process.exitCode = 1;
    } else console.log('  RESULT: PASS — the large project met every target.');
  } finally {
    await browser.close();
  }
}

await main();
