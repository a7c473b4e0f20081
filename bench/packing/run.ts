// Packing benchmark (docs/decisions/004-packing-solver.md): quality against the best-known packings of
// Packomania, the off-the-shelf alternative (d3-hierarchy packSiblings + packEnclose) beside it, and the time to
// answer 'fit' on realistic cable lists. Prints figures; asserts nothing about timing.
//
//   npm run bench:packing                     full run (several minutes)
//   npm run bench:packing -- --quick          smoke run: fewer instances, shorter budgets
//   npm run bench:packing -- --family circle  one family: circle | circle-large | sqrt | square | fit | verdict | save
//                                             (comma list allowed; circle-large is equal circles N 51–100, from
//                                             the shared file or else bench/packing/best-known-equal-circle-large.json)
//   --n 51-70                                 only instances with N in this range (the tightest families)
//   --seed 2                                  the solver's seed (default 1)
//   --budget-ms 1000                          time budget of the tightest families per instance
//   --cpu-clock                               measure that budget (and the verdict's browser budget) in this
//                                             process's CPU time, not wall time: on a shared, loaded machine the
//                                             search then gets the CPU it would get idle (times printed stay wall)
//   --evaluations 400000                      an energy-evaluation budget instead of time (machine-independent)
//   --reference-cache /tmp/refs.json          the verdict family keeps its reference layouts' scales in this file
//                                             (our 10 s tightest per cable list) and reuses them on the next run
//   --lists 8                                 the save family: only the first 8 cable lists
//   --part 2/4                                the verdict family's 2nd quarter of instances (every 4th from the 2nd),
//                                             printing its runs as JSON lines, so that processes can share the work

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packEnclose, packSiblings } from 'd3-hierarchy';
import {
  PACKING_SEED,
  hintedPackingIterationBudget,
  packForVerdict,
  packingIterationBudget,
  packingLowerBoundScale,
  VERDICT_TIME_BUDGET_MS,
  areaLowerBoundScale,
  deterministicVerdict,
  minGapOf,
  packCircles,
  spreadLayout,
  validateLayout,
  type Opening,
} from '@sealplan/engine';
import { seededRandom } from '../seeded-random';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
// BEST_KNOWN_PATH overrides where the file is (a git worktree sits elsewhere than the repository's folder).
const BEST_KNOWN_PATH =
  process.env.BEST_KNOWN_PATH ?? resolve(REPO_ROOT, '../shared/bench/packing/best-known.json');
/** Equal circles in a circle, N 51–100, Packomania's table: used when the shared file stops at N 50. */
const EQUAL_CIRCLE_LARGE_PATH = resolve(REPO_ROOT, 'bench/packing/best-known-equal-circle-large.json');

/** Validation tolerance of every reported layout: relative overlap / protrusion. */
const LAYOUT_TOLERANCE = 1e-9;
const DEFAULT_SEED = 1;
const TIGHTEST_BUDGET_MS = 1000;
const QUICK_TIGHTEST_BUDGET_MS = 200;
/** Fit benchmark: lists, cables per list, diameter range, slack over the reference layout. */
const FIT_LISTS = 20;
const FIT_CABLES = 40;
const FIT_MIN_DIAMETER_MM = 8;
const FIT_MAX_DIAMETER_MM = 60;
const FIT_SLACK = 1.02;
const FIT_REFERENCE_BUDGET_MS = 10_000;
const QUICK_FIT_REFERENCE_BUDGET_MS = 1000;
const FIT_SEEDS = 5;
const FIT_ANSWER_BUDGET_MS = 2000;
const FIT_TARGET_P95_MS = 100;
/** Impossible fit (opening below the area bound): the budget, and how far past it the answer may come. */
const NO_FIT_BUDGET_MS = 100;
const NO_FIT_OVERRUN_MS = 20;
const NO_FIT_OPENING_OF_AREA_BOUND = 0.98;

/** Equal circles in a circle: the small counts (N ≤ this) and the large ones (ADR 004) are two families. */
const CIRCLE_SMALL_MAX_N = 50;

/** Verdict (ADR 004): openings this much larger than the reference layout, and the targets per slack. */
const VERDICT_SLACKS = [1.005, 1.01, 1.02];
const VERDICT_TARGET_SHARE: Record<string, number> = { '1.005': 0.8, '1.01': 0.95, '1.02': 1 };
/** What the save stores (the browser's layout, else the server's search from the browser's best): its targets. */
const SAVED_TARGET_SHARE: Record<string, number> = { '1.005': 0.85, '1.01': 1, '1.02': 1 };
/** The browser's first "fits" for 40 cables at +2 %: p95 target. */
const VERDICT_FIRST_FIT_SLACK = 1.02;
const VERDICT_FIRST_FIT_P95_MS = 300;

interface BestKnown {
  equalInCircle: { instances: { n: number; bestKnownRatio: number }[] };
  equalInSquare: { instances: { n: number; bestKnownSide: number }[] };
  sqrtRadiiInCircle: { instances: { n: number; bestKnownRadius: number }[] };
}

interface Instance {
  n: number;
  bestKnown: number;
  diametersMm: number[];
  /** The opening at the best-known size: our scale is then container / best known. */
  opening: Opening;
}

interface Family {
  key: string;
  title: string;
  instances: Instance[];
  targetMedianPct: number;
  targetWorstPct: number | null;
  /** d3's container for its layout, in the family's measure (radius or side). */
  d3Container: (circles: { x: number; y: number; r: number }[]) => number;
}

interface Row {
  n: number;
  bestKnown: number;
  ours: number;
  gapPct: number;
  d3GapPct: number;
  timeMs: number;
  valid: boolean;
}

interface Args {
  quick: boolean;
  families: string[] | null;
  nRange: [number, number] | null;
  seed: number;
  budgetMs: number | null;
  cpuClock: boolean;
  evaluations: number | null;
  referenceCache: string | null;
  part: [number, number] | null;
  lists: number | null;
}

function parseArgs(argv: string[]): Args {
  const value = (flag: string): string | undefined => {
    const inline = argv.find((a) => a.startsWith(`${flag}=`));
    if (inline) return inline.slice(flag.length + 1);
    const at = argv.indexOf(flag);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  const number = (flag: string): number | null => {
    const v = value(flag);
    if (v === undefined) return null;
    const n = Number(v);
    if (!Number.isFinite(n) || n <= 0) {
      console.error(`${flag} needs a positive number, got ${v}`);
      process.exit(1);
    }
    return n;
  };
  const family = value('--family');
  const range = value('--n');
  let nRange: [number, number] | null = null;
  if (range !== undefined) {
    const [from, to = from] = range.split('-').map(Number);
    if (!Number.isInteger(from) || !Number.isInteger(to)) {
      console.error(`--n needs N or N-M, got ${range}`);
      process.exit(1);
    }
    nRange = [from!, to!];
  }
  return {
    quick: argv.includes('--quick'),
    families: family ? family.split(',') : null,
    nRange,
    seed: number('--seed') ?? DEFAULT_SEED,
    budgetMs: number('--budget-ms'),
    cpuClock: argv.includes('--cpu-clock'),
    evaluations: number('--evaluations'),
    referenceCache: value('--reference-cache') ?? null,
    part: parsePart(value('--part')),
    lists: number('--lists') ?? null,
  };
}

function parsePart(text: string | undefined): [number, number] | null {
  if (text === undefined) return null;
  const [k, m] = text.split('/').map(Number);
  if (!Number.isInteger(k) || !Number.isInteger(m) || k! < 1 || k! > m!) {
    console.error(`--part needs k/m with 1 ≤ k ≤ m, got ${text}`);
    process.exit(1);
  }
  return [k!, m!];
}

/** This process's CPU time in ms (user + system): a clock that does not run while other processes have the CPU. */
function cpuClockMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

function loadBestKnown(): BestKnown {
  if (!existsSync(BEST_KNOWN_PATH)) {
    console.error(`Best-known packings not found at ${BEST_KNOWN_PATH}.`);
    console.error(
      'The benchmark reads ../shared/bench/packing/best-known.json relative to the repository root.',
    );
    process.exit(1);
  }
  const bestKnown = JSON.parse(readFileSync(BEST_KNOWN_PATH, 'utf8')) as BestKnown;
  const circles = bestKnown.equalInCircle.instances;
  if (!circles.some((i) => i.n > CIRCLE_SMALL_MAX_N)) {
    const large = JSON.parse(readFileSync(EQUAL_CIRCLE_LARGE_PATH, 'utf8')) as BestKnown['equalInCircle'];
    circles.push(...large.instances.filter((i) => i.n > CIRCLE_SMALL_MAX_N));
  }
  return bestKnown;
}

/** Exact enclosing radius of d3's layout about the centre packEnclose chose. */
function d3EnclosingRadius(circles: { x: number; y: number; r: number }[]): number {
  const enclosing = packEnclose(circles);
  let radius = 0;
  for (const c of circles) radius = Math.max(radius, Math.hypot(c.x - enclosing.x, c.y - enclosing.y) + c.r);
  return radius;
}

/** Side of the smallest axis-aligned square around d3's layout. */
function d3EnclosingSide(circles: { x: number; y: number; r: number }[]): number {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const c of circles) {
    minX = Math.min(minX, c.x - c.r);
    maxX = Math.max(maxX, c.x + c.r);
    minY = Math.min(minY, c.y - c.r);
    maxY = Math.max(maxY, c.y + c.r);
  }
  return Math.max(maxX - minX, maxY - minY);
}

function d3Layout(diametersMm: number[]): { x: number; y: number; r: number }[] {
  const circles = diametersMm.map((d) => ({ r: d / 2, x: 0, y: 0 }));
  packSiblings(circles);
  return circles;
}

function d3HasOverlap(circles: { x: number; y: number; r: number }[]): boolean {
  for (let i = 0; i < circles.length; i++) {
    for (let j = i + 1; j < circles.length; j++) {
      const a = circles[i]!;
      const b = circles[j]!;
      if (a.r + b.r - Math.hypot(a.x - b.x, a.y - b.y) > LAYOUT_TOLERANCE * (a.r + b.r)) return true;
    }
  }
  return false;
}

function scaled(opening: Opening, scale: number): Opening {
  if (opening.shape === 'ROUND') return { shape: 'ROUND', diameterMm: (opening.diameterMm ?? 0) * scale };
  return {
    shape: 'RECTANGLE',
    widthMm: (opening.widthMm ?? 0) * scale,
    heightMm: (opening.heightMm ?? 0) * scale,
    cornerRadiusMm: (opening.cornerRadiusMm ?? 0) * scale,
  };
}

function buildFamilies(bestKnown: BestKnown, quick: boolean, nRange: [number, number] | null): Family[] {
  const pick = <T extends { n: number }>(list: T[]): T[] =>
    list.filter(
      (i) =>
        (!quick || i.n % 5 === 0 || i.n <= 3) && (nRange === null || (i.n >= nRange[0] && i.n <= nRange[1])),
    );
  const equalInCircle = (i: { n: number; bestKnownRatio: number }): Instance => ({
    n: i.n,
    bestKnown: i.bestKnownRatio,
    diametersMm: Array.from({ length: i.n }, () => 2),
    opening: { shape: 'ROUND', diameterMm: 2 * i.bestKnownRatio },
  });
  const circles = bestKnown.equalInCircle.instances;
  return [
    {
      key: 'circle',
      title: `Equal circles in a circle, N ≤ ${CIRCLE_SMALL_MAX_N} (radius 1; container radius)`,
      instances: pick(circles.filter((i) => i.n <= CIRCLE_SMALL_MAX_N)).map(equalInCircle),
      targetMedianPct: 0.05,
      targetWorstPct: 0.3,
      d3Container: d3EnclosingRadius,
    },
    {
      key: 'circle-large',
      title: `Equal circles in a circle, N > ${CIRCLE_SMALL_MAX_N} (radius 1; container radius)`,
      instances: pick(circles.filter((i) => i.n > CIRCLE_SMALL_MAX_N)).map(equalInCircle),
      targetMedianPct: 0.1,
      targetWorstPct: 0.5,
      d3Container: d3EnclosingRadius,
    },
    {
      key: 'sqrt',
      title: 'Circles of radius √i in a circle (container radius)',
      instances: pick(bestKnown.sqrtRadiiInCircle.instances).map((i) => ({
        n: i.n,
        bestKnown: i.bestKnownRadius,
        diametersMm: Array.from({ length: i.n }, (_, k) => 2 * Math.sqrt(k + 1)),
        opening: { shape: 'ROUND', diameterMm: 2 * i.bestKnownRadius },
      })),
      targetMedianPct: 0.25,
      targetWorstPct: 1,
      d3Container: d3EnclosingRadius,
    },
    {
      key: 'square',
      title: 'Equal circles in a square (radius 1; square side)',
      instances: pick(bestKnown.equalInSquare.instances).map((i) => ({
        n: i.n,
        bestKnown: i.bestKnownSide,
        diametersMm: Array.from({ length: i.n }, () => 2),
        opening: {
          shape: 'RECTANGLE',
          widthMm: i.bestKnownSide,
          heightMm: i.bestKnownSide,
          cornerRadiusMm: 0,
        },
      })),
      targetMedianPct: 0.1,
      targetWorstPct: null,
      d3Container: d3EnclosingSide,
    },
  ];
}

function quantile(sorted: number[], q: number): number {
  // Nearest rank.
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

function pad(value: string, width: number): string {
  return value.padStart(width);
}

/** How the tightest families are run: seed, and a time budget (wall or CPU clock) or an evaluation budget. */
interface TightestSettings {
  seed: number;
  budgetMs: number;
  cpuClock: boolean;
  evaluations: number | null;
}

function describeBudget(settings: TightestSettings): string {
  return settings.evaluations !== null
    ? `${settings.evaluations} energy evaluations per instance`
    : `${settings.budgetMs} ms${settings.cpuClock ? ' of CPU time' : ''} per instance`;
}

function runFamily(family: Family, settings: TightestSettings): { rows: Row[]; pass: boolean } {
  if (family.instances.length === 0) return { rows: [], pass: true };
  console.log(`\n## ${family.title} — goal 'tightest', ${describeBudget(settings)}, seed ${settings.seed}`);
  console.log(
    `${pad('N', 4)} ${pad('best known', 12)} ${pad('ours', 12)} ${pad('gap %', 9)} ${pad('d3 gap %', 9)} ${pad('time ms', 8)}`,
  );
  const rows: Row[] = [];
  for (const instance of family.instances) {
    const start = performance.now();
    const result = packCircles(instance.opening, instance.diametersMm, {
      goal: 'tightest',
      seed: settings.seed,
      ...(settings.evaluations !== null
        ? { iterationBudget: settings.evaluations, timeBudgetMs: Number.POSITIVE_INFINITY }
        : { timeBudgetMs: settings.budgetMs, ...(settings.cpuClock ? { now: cpuClockMs } : {}) }),
    });
    const timeMs = performance.now() - start;
    const check = validateLayout(
      scaled(instance.opening, result.scale),
      instance.diametersMm,
      result.centres,
      LAYOUT_TOLERANCE,
    );
    const ours = instance.bestKnown * result.scale;
    const d3 = d3Layout(instance.diametersMm);
    const d3Container = family.d3Container(d3);
    const row: Row = {
      n: instance.n,
      bestKnown: instance.bestKnown,
      ours,
      gapPct: (result.scale - 1) * 100,
      d3GapPct: (d3Container / instance.bestKnown - 1) * 100,
      timeMs,
      valid: check.valid,
    };
    rows.push(row);
    console.log(
      `${pad(String(row.n), 4)} ${pad(row.bestKnown.toFixed(6), 12)} ${pad(row.ours.toFixed(6), 12)} ` +
        `${pad(row.gapPct.toFixed(4), 9)} ${pad(row.d3GapPct.toFixed(2), 9)} ${pad(row.timeMs.toFixed(0), 8)}` +
        (row.valid ? '' : '  INVALID LAYOUT') +
        (d3HasOverlap(d3) ? '  (d3 layout overlaps)' : ''),
    );
  }
  const gaps = rows.map((r) => r.gapPct).sort((a, b) => a - b);
  const d3Gaps = rows.map((r) => r.d3GapPct).sort((a, b) => a - b);
  const median = quantile(gaps, 0.5);
  const worst = gaps[gaps.length - 1]!;
  const medianPass = median <= family.targetMedianPct;
  const worstPass = family.targetWorstPct === null || worst <= family.targetWorstPct;
  const allValid = rows.every((r) => r.valid);
  console.log(
    `summary ${family.key}: median gap ${median.toFixed(4)} % (target ≤ ${family.targetMedianPct}) ${medianPass ? 'PASS' : 'MISS'}; ` +
      `worst ${worst.toFixed(4)} %` +
      (family.targetWorstPct === null
        ? ''
        : ` (target ≤ ${family.targetWorstPct}) ${worstPass ? 'PASS' : 'MISS'}`) +
      `; d3 median ${quantile(d3Gaps, 0.5).toFixed(2)} %, worst ${d3Gaps[d3Gaps.length - 1]!.toFixed(2)} %; ` +
      `layouts ${allValid ? 'all valid' : 'INVALID FOUND'}`,
  );
  return { rows, pass: medianPass && worstPass && allValid };
}

/** Cable diameters, log-uniform in 8–60 mm, 0.1 mm steps (many small cables, a few large ones). */
function cableList(index: number): number[] {
  const random = seededRandom(1000 + index);
  const ratio = Math.log(FIT_MAX_DIAMETER_MM / FIT_MIN_DIAMETER_MM);
  return Array.from(
    { length: FIT_CABLES },
    () => Math.round(FIT_MIN_DIAMETER_MM * Math.exp(random() * ratio) * 10) / 10,
  );
}

function runFit(quick: boolean): boolean {
  const lists = quick ? 5 : FIT_LISTS;
  const seeds = quick ? 1 : FIT_SEEDS;
  const referenceMs = quick ? QUICK_FIT_REFERENCE_BUDGET_MS : FIT_REFERENCE_BUDGET_MS;
  console.log(
    `\n## Fit: ${FIT_CABLES} cables (${FIT_MIN_DIAMETER_MM}–${FIT_MAX_DIAMETER_MM} mm), round opening ${((FIT_SLACK - 1) * 100).toFixed(0)} % larger ` +
      `than our tightest layout in ${referenceMs / 1000} s; goal 'fit', ${seeds} seed(s) per list`,
  );
  console.log(
    `${pad('list', 4)} ${pad('opening mm', 11)} ${pad('ref scale', 10)} ${pad('times ms (per seed)', 28)}`,
  );
  // Warm up the JIT so that the first timing is not compile time.
  packCircles({ shape: 'ROUND', diameterMm: 200 }, cableList(999), {
    goal: 'fit',
    timeBudgetMs: 200,
    seed: DEFAULT_SEED,
  });
  const times: number[] = [];
  let failures = 0;
  let invalid = 0;
  /** A run that did not fit must say so with a scale above 1 (the opening it would need). */
  let badNoFit = 0;
  let noFitWrong = 0;
  for (let index = 0; index < lists; index++) {
    const diametersMm = cableList(index);
    const base: Opening = { shape: 'ROUND', diameterMm: 100 };
    const reference = packCircles(base, diametersMm, {
      goal: 'tightest',
      timeBudgetMs: referenceMs,
      seed: DEFAULT_SEED,
    });
    const opening: Opening = { shape: 'ROUND', diameterMm: 100 * reference.scale * FIT_SLACK };
    const cells: string[] = [];
    for (let seed = 1; seed <= seeds; seed++) {
      const start = performance.now();
      const result = packCircles(opening, diametersMm, {
        goal: 'fit',
        timeBudgetMs: FIT_ANSWER_BUDGET_MS,
        seed,
      });
      const timeMs = performance.now() - start;
      const valid = validateLayout(
        scaled(opening, Math.max(1, result.scale)),
        diametersMm,
        result.centres,
        LAYOUT_TOLERANCE,
      ).valid;
      if (!valid) invalid++;
      if (!result.fits) failures++;
      if (!result.fits && !(result.scale > 1)) badNoFit++;
      times.push(result.fits ? timeMs : Number.POSITIVE_INFINITY);
      cells.push(result.fits ? timeMs.toFixed(0) : `no fit (${timeMs.toFixed(0)})`);
    }
    // The same list in an opening smaller than the area bound: the fit budget must end with fits false, scale > 1.
    const tooSmall = scaled(base, areaLowerBoundScale(base, diametersMm) * NO_FIT_OPENING_OF_AREA_BOUND);
    const noFitStart = performance.now();
    const noFit = packCircles(tooSmall, diametersMm, {
      goal: 'fit',
      timeBudgetMs: NO_FIT_BUDGET_MS,
      seed: DEFAULT_SEED,
    });
    const noFitMs = performance.now() - noFitStart;
    const noFitOk =
      !noFit.fits &&
      noFit.scale > 1 &&
      noFitMs <= NO_FIT_BUDGET_MS + NO_FIT_OVERRUN_MS &&
      validateLayout(scaled(tooSmall, noFit.scale), diametersMm, noFit.centres, LAYOUT_TOLERANCE).valid;
    if (!noFitOk) noFitWrong++;
    console.log(
      `${pad(String(index + 1), 4)} ${pad((opening.diameterMm ?? 0).toFixed(1), 11)} ${pad(reference.scale.toFixed(5), 10)} ${cells.join(' ')}` +
        `  | too small: scale ${noFit.scale.toFixed(4)} in ${noFitMs.toFixed(0)} ms${noFitOk ? '' : ' WRONG'}`,
    );
  }
  times.sort((a, b) => a - b);
  const p50 = quantile(times, 0.5);
  const p95 = quantile(times, 0.95);
  const pass = p95 <= FIT_TARGET_P95_MS && invalid === 0 && badNoFit === 0 && noFitWrong === 0;
  console.log(
    `summary fit: ${times.length} runs, p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (target ≤ ${FIT_TARGET_P95_MS}) ` +
      `${pass ? 'PASS' : 'MISS'}; max ${times[times.length - 1]!.toFixed(1)} ms; ` +
      `not fitted ${failures}${badNoFit === 0 ? '' : ` (${badNoFit} of them with scale ≤ 1: WRONG)`}; ` +
      `layouts ${invalid === 0 ? 'all valid' : `${invalid} INVALID`}`,
  );
  console.log(
    `summary no fit: ${lists} openings below the area bound, ${NO_FIT_BUDGET_MS} ms budget: ` +
      (noFitWrong === 0
        ? `all fits false, scale > 1, valid at that scale, answered within ${NO_FIT_BUDGET_MS + NO_FIT_OVERRUN_MS} ms PASS`
        : `${noFitWrong} WRONG`),
  );
  return pass;
}

interface VerdictInstance {
  label: string;
  diametersMm: number[];
  /** Opening of the reference layout (best known, or our tightest in 10 s). */
  reference: Opening;
  cables: boolean;
}

interface VerdictRun {
  slack: number;
  cables: boolean;
  browserFits: boolean;
  browserMs: number;
  spreadMs: number;
  serverFits: boolean;
  /**
   * The save's verdict as the product stores it (ADR 039): the browser's layout when it fits, else the server's search
   * from the browser's best layout (the full budget for a near miss, a quarter otherwise).
   */
  savedFits: boolean;
  serverMs: number;
  /** Layouts called fitting that are not valid in the real opening, or a spread that lost gap. */
  invalid: number;
}

/**
 * The product's verdict path: the browser's anytime search with its time budget (first "fits" time), its spreading
 * step, the server's deterministic fallback from nothing (seeded, iteration budget: a save through the API) and the
 * save's verdict (the browser's layout when it fits, else the server's search from the browser's best, ADR 039), on
 * every instance at every slack.
 */
function runVerdict(
  bestKnown: BestKnown,
  quick: boolean,
  cpuClock: boolean,
  referenceCache: string | null,
  part: [number, number] | null,
): boolean {
  const lists = quick ? 4 : FIT_LISTS;
  // --part k/m: only every m-th instance from the k-th (1-based), so m processes can share the work.
  let instanceNumber = 0;
  const inPart = (): boolean => part === null || instanceNumber++ % part[1] === part[0] - 1;
  const referenceMs = quick ? QUICK_FIT_REFERENCE_BUDGET_MS : FIT_REFERENCE_BUDGET_MS;
  const instances: VerdictInstance[] = [];
  // The reference layouts (our tightest, 10 s each) take minutes; --reference-cache keeps their scales between runs.
  const cacheKey = `${referenceMs} ms${cpuClock ? ' cpu' : ''}`;
  const cache: Record<string, Record<string, number>> = referenceCache !== null && existsSync(referenceCache)
    ? (JSON.parse(readFileSync(referenceCache, 'utf8')) as Record<string, Record<string, number>>)
    : {};
  const cached = (cache[cacheKey] ??= {});
  for (let index = 0; index < lists; index++) {
    if (!inPart()) continue;
    const diametersMm = cableList(index);
    const base: Opening = { shape: 'ROUND', diameterMm: 100 };
    const scale =
      cached[String(index)] ??
      packCircles(base, diametersMm, {
        goal: 'tightest',
        timeBudgetMs: referenceMs,
        seed: DEFAULT_SEED,
        ...(cpuClock ? { now: cpuClockMs } : {}),
      }).scale;
    cached[String(index)] = scale;
    instances.push({
      label: `cables ${index + 1}`,
      diametersMm,
      reference: scaled(base, scale),
      cables: true,
    });
  }
  if (referenceCache !== null) writeFileSync(referenceCache, JSON.stringify(cache, null, 1));
  for (const i of bestKnown.sqrtRadiiInCircle.instances) {
    if (quick && i.n % 5 !== 0) continue;
    if (!inPart()) continue;
    instances.push({
      label: `√i N=${i.n}`,
      diametersMm: Array.from({ length: i.n }, (_, k) => 2 * Math.sqrt(k + 1)),
      reference: { shape: 'ROUND', diameterMm: 2 * i.bestKnownRadius },
      cables: false,
    });
  }
  console.log(
    `\n## Verdict (the product's path): browser ${VERDICT_TIME_BUDGET_MS} ms${cpuClock ? ' of CPU time (a browser has its own core)' : ''} anytime search + spreading, server ` +
      `fallback (seed ${PACKING_SEED}, iteration budget); ${lists} cable lists (reference: our tightest in ` +
      `${referenceMs / 1000} s) and the √i series (best known); openings ${VERDICT_SLACKS.map((s) => `+${((s - 1) * 100).toFixed(1)} %`).join(', ')}`,
  );
  console.log(
    `${'instance'.padEnd(14)} ${VERDICT_SLACKS.map((s) => pad(`+${((s - 1) * 100).toFixed(1)} % browser / server ms`, 34)).join(' ')}`,
  );
  const runs: VerdictRun[] = [];
  for (const instance of instances) {
    const cells: string[] = [];
    for (const slack of VERDICT_SLACKS) {
      const opening = scaled(instance.reference, slack);
      const d = instance.diametersMm;
      // With --cpu-clock the browser's time is its CPU time, as on a machine where it has a core of its own.
      const browserClock = cpuClock ? cpuClockMs : () => performance.now();
      const browserStart = browserClock();
      const browser = packCircles(opening, d, {
        goal: 'verdict',
        seed: PACKING_SEED,
        timeBudgetMs: VERDICT_TIME_BUDGET_MS,
        now: browserClock,
      });
      const browserMs = browserClock() - browserStart;
      let invalid = 0;
      let spreadMs = 0;
      if (browser.fits) {
        if (!validateLayout(opening, d, browser.centres, LAYOUT_TOLERANCE).valid) invalid++;
        const spreadStart = performance.now();
        const spread = spreadLayout(opening, d, browser.centres);
        spreadMs = performance.now() - spreadStart;
        const before = minGapOf(opening, d, browser.centres) ?? 0;
        if (
          !validateLayout(opening, d, spread.centres, LAYOUT_TOLERANCE).valid ||
          (spread.minGapMm ?? -1) < before
        )
          invalid++;
      }
      const serverStart = performance.now();
      const server = deterministicVerdict(opening, d);
      const serverMs = performance.now() - serverStart;
      if (server.fits && !validateLayout(opening, d, server.centres, LAYOUT_TOLERANCE).valid) invalid++;
      if (!server.fits && !(server.scale > 1)) invalid++;
      const saved = browser.fits ? browser : deterministicVerdict(opening, d, undefined, browser.centres);
      if (saved.fits && !validateLayout(opening, d, saved.centres, LAYOUT_TOLERANCE).valid) invalid++;
      runs.push({
        slack,
        cables: instance.cables,
        browserFits: browser.fits,
        browserMs,
        spreadMs,
        serverFits: server.fits,
        savedFits: saved.fits,
        serverMs,
        invalid,
      });
      const say = (fits: boolean, ms: number) => (fits ? ms.toFixed(0) : `NO(${ms.toFixed(0)})`);
      cells.push(
        pad(
          `${say(browser.fits, browserMs)} / ${say(server.fits, serverMs)}${browser.fits ? '' : saved.fits ? ' save fits' : ' save NO'}${invalid ? ' INVALID' : ''}`,
          34,
        ),
      );
    }
    console.log(`${instance.label.padEnd(14)} ${cells.join(' ')}`);
  }
  // A part prints its runs, so that the parts' figures can be put together.
  if (part !== null) for (const run of runs) console.log(`run ${JSON.stringify(run)}`);
  let pass = true;
  for (const slack of VERDICT_SLACKS) {
    const at = runs.filter((r) => r.slack === slack);
    const share = (f: (r: VerdictRun) => boolean) => at.filter(f).length / at.length;
    const target = VERDICT_TARGET_SHARE[String(slack)]!;
    const browser = share((r) => r.browserFits);
    const server = share((r) => r.serverFits);
    const saved = share((r) => r.savedFits);
    const savedTarget = SAVED_TARGET_SHARE[String(slack)]!;
    const ok = browser >= target && server >= target;
    const savedOk = saved >= savedTarget;
    pass &&= ok && savedOk;
    const pct = (x: number) => `${(x * 100).toFixed(1)} % of ${at.length}`;
    console.log(
      `summary verdict +${((slack - 1) * 100).toFixed(1)} %: called "fits" by the browser ${pct(browser)}, by the server ` +
        `${pct(server)} (target ≥ ${(target * 100).toFixed(0)} %) ${ok ? 'PASS' : 'MISS'}, after a save ${pct(saved)} ` +
        `(target ≥ ${(savedTarget * 100).toFixed(0)} %) ${savedOk ? 'PASS' : 'MISS'}; ` +
        `spreading p95 ${quantile(
          at.map((r) => r.spreadMs).sort((a, b) => a - b),
          0.95,
        ).toFixed(0)} ms, ` +
        `server p95 ${quantile(
          at.map((r) => r.serverMs).sort((a, b) => a - b),
          0.95,
        ).toFixed(0)} ms`,
    );
  }
  const first = runs
    .filter((r) => r.cables && r.slack === VERDICT_FIRST_FIT_SLACK)
    .map((r) => (r.browserFits ? r.browserMs : Number.POSITIVE_INFINITY))
    .sort((a, b) => a - b);
  const p95 = quantile(first, 0.95);
  const invalid = runs.reduce((sum, r) => sum + r.invalid, 0);
  pass &&= p95 <= VERDICT_FIRST_FIT_P95_MS && invalid === 0;
  console.log(
    `summary verdict first "fits" in the browser, ${FIT_CABLES} cables at +${((VERDICT_FIRST_FIT_SLACK - 1) * 100).toFixed(0)} %: ` +
      `p95 ${p95.toFixed(0)} ms (target ≤ ${VERDICT_FIRST_FIT_P95_MS}) ${p95 <= VERDICT_FIRST_FIT_P95_MS ? 'PASS' : 'MISS'}; ` +
      `layouts called fitting ${invalid === 0 ? 'all valid (spreading never lost gap)' : `${invalid} INVALID`}`,
  );
  return pass;
}

/**
 * The save when the browser found no layout (ADR 039): openings around our tightest layout of each cable list (an
 * evaluation budget, so the references do not depend on the load), from one the bounds refuse to one 0.5 % above it.
 */
const SAVE_SLACKS = [0.85, 0.98, 1.005];
const SAVE_REFERENCE_EVALUATIONS = 1_000_000;
const QUICK_SAVE_REFERENCE_EVALUATIONS = 200_000;
/** Target: a save whose answer is "does not fit" takes at most this much server CPU (40 cables). */
const SAVE_TARGET_CPU_MS = 1000;

interface SaveRun {
  slack: number;
  browserFits: boolean;
  todayFits: boolean;
  todayCpuMs: number;
  nowFits: boolean;
  nowCpuMs: number;
  proven: boolean;
  invalid: boolean;
}

/**
 * The save's verdict as it was (the server searches its full budget from nothing, ADR 004) beside the save as it is
 * (the bounds first, then the search from the browser's best layout with the hinted budget, ADR 039), paired on the
 * same instances in the same run. The browser's 2 s are CPU time (a browser has a core of its own); the server's
 * figures are CPU time of this process, so the machine's load does not enter them.
 */
const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);

function runSave(
  quick: boolean,
  referenceCache: string | null,
  part: [number, number] | null,
  listCount: number | null,
): boolean {
  const lists = listCount ?? (quick ? 4 : FIT_LISTS);
  const evaluations = quick ? QUICK_SAVE_REFERENCE_EVALUATIONS : SAVE_REFERENCE_EVALUATIONS;
  const cacheKey = `${evaluations} evaluations`;
  const cache: Record<string, Record<string, number>> = referenceCache !== null && existsSync(referenceCache)
    ? (JSON.parse(readFileSync(referenceCache, 'utf8')) as Record<string, Record<string, number>>)
    : {};
  const cached = (cache[cacheKey] ??= {});
  console.log(
    `\n## Save without a browser layout that fits (${FIT_CABLES} cables, references: our tightest in ` +
      `${evaluations} evaluations); openings ${SAVE_SLACKS.map((s) => `${((s - 1) * 100).toFixed(1)} %`).join(', ')}. ` +
      `Per opening: browser verdict; today (full budget from nothing) verdict / CPU ms; now (bounds, then the ` +
      `browser's best layout as start, ${hintedPackingIterationBudget(FIT_CABLES)} evaluations) verdict / CPU ms`,
  );
  const runs: SaveRun[] = [];
  const cpuMs = cpuClockMs;
  for (let index = 0; index < lists; index++) {
    if (part !== null && index % part[1] !== part[0] - 1) continue;
    const d = cableList(index);
    const base: Opening = { shape: 'ROUND', diameterMm: 100 };
    const scale =
      cached[String(index)] ??
      packCircles(base, d, {
        goal: 'tightest',
        seed: DEFAULT_SEED,
        iterationBudget: evaluations,
        timeBudgetMs: Number.POSITIVE_INFINITY,
        now: () => 0,
      }).scale;
    cached[String(index)] = scale;
    if (referenceCache !== null) writeFileSync(referenceCache, JSON.stringify(cache, null, 1));
    const reference = scaled(base, scale);
    const cells: string[] = [];
    for (const slack of SAVE_SLACKS) {
      const opening = scaled(reference, slack);
      const browserStart = cpuMs();
      const browser = packCircles(opening, d, {
        goal: 'verdict',
        seed: PACKING_SEED,
        timeBudgetMs: VERDICT_TIME_BUDGET_MS,
        now: cpuMs,
      });
      const browserMs = cpuMs() - browserStart;
      // The save as it was: the browser's fitting layout was the certificate (no search); else the full search.
      let started = cpuMs();
      const today = browser.fits
        ? browser
        : packForVerdict(opening, d, {
            seed: PACKING_SEED,
            iterationBudget: packingIterationBudget(d.length),
            timeBudgetMs: Number.POSITIVE_INFINITY,
            now: () => 0,
            proveNoFit: false,
          });
      const todayCpuMs = browser.fits ? 0 : cpuMs() - started;
      started = cpuMs();
      // The save as it is: the browser's fitting layout is the certificate (no search); else its best is the start.
      const now = browser.fits ? browser : deterministicVerdict(opening, d, undefined, browser.centres);
      const nowCpuMs = browser.fits ? 0 : cpuMs() - started;
      const proven = packingLowerBoundScale(opening, d) > 1;
      const invalid =
        (now.fits && !validateLayout(opening, d, now.centres, LAYOUT_TOLERANCE).valid) ||
        (!now.fits && !(now.scale > 1));
      runs.push({
        slack,
        browserFits: browser.fits,
        todayFits: browser.fits || today.fits,
        todayCpuMs,
        nowFits: now.fits,
        nowCpuMs,
        proven,
        invalid,
      });
      const say = (fits: boolean) => (fits ? 'fits' : 'NO');
      cells.push(
        pad(
          `${say(browser.fits)}(${browserMs.toFixed(0)}); ${say(browser.fits || today.fits)} / ${todayCpuMs.toFixed(0)}; ` +
            `${say(now.fits)} / ${nowCpuMs.toFixed(0)}${proven ? ' proved' : ''}${invalid ? ' INVALID' : ''}`,
          48,
        ),
      );
    }
    console.log(`${pad(`cables ${index + 1}`, 10)} ${cells.join(' ')}`);
  }
  if (part !== null) for (const run of runs) console.log(`save ${JSON.stringify(run)}`);
  let pass = true;
  for (const slack of SAVE_SLACKS) {
    const at = runs.filter((r) => r.slack === slack);
    const same = at.filter((r) => r.todayFits === r.nowFits).length;
    const searched = at.filter((r) => !r.browserFits);
    const noFit = searched.filter((r) => !r.nowFits);
    const worstNoFit = Math.max(0, ...noFit.map((r) => r.nowCpuMs));
    const median = (xs: number[]) =>
      xs.length === 0
        ? 'n/a'
        : `${quantile(
            [...xs].sort((a, b) => a - b),
            0.5,
          ).toFixed(0)} ms`;
    const ok = same === at.length && worstNoFit <= SAVE_TARGET_CPU_MS && !at.some((r) => r.invalid);
    pass &&= ok;
    console.log(
      `summary save ${((slack - 1) * 100).toFixed(1)} %: same verdict as today ${same} of ${at.length} ` +
        `(fits today ${at.filter((r) => r.todayFits).length}, now ${at.filter((r) => r.nowFits).length}); ` +
        `browser found no layout in ${searched.length}, proved by the bounds ${at.filter((r) => r.proven).length}; ` +
        `server CPU of those saves: today median ${median(searched.map((r) => r.todayCpuMs))}, ` +
        `now median ${median(searched.map((r) => r.nowCpuMs))}; ` +
        `"does not fit" now at most ${worstNoFit.toFixed(0)} ms (target ≤ ${SAVE_TARGET_CPU_MS}) ${ok ? 'PASS' : 'MISS'}` +
        (searched.length === 0
          ? ''
          : `; now / today in CPU ${(sum(searched.map((r) => r.nowCpuMs)) / sum(searched.map((r) => r.todayCpuMs))).toFixed(2)}`),
    );
  }
  return pass;
}

/** The machine's load averages (1, 5, 15 min): other work on the machine distorts the timings. */
function formatLoad(): string {
  return loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const { quick } = args;
  const wanted = args.families;
  const bestKnown = loadBestKnown();
  const settings: TightestSettings = {
    seed: args.seed,
    budgetMs: args.budgetMs ?? (quick ? QUICK_TIGHTEST_BUDGET_MS : TIGHTEST_BUDGET_MS),
    cpuClock: args.cpuClock,
    evaluations: args.evaluations,
  };
  const want = (key: string): boolean => wanted === null || wanted.includes(key);
  console.log(
    `# Packing benchmark${quick ? ' (quick)' : ''} — node ${process.version}, seed ${settings.seed}`,
  );
  console.log(
    `# ${new Date().toISOString()}, ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, single-threaded; ` +
      `load average at start ${formatLoad()}`,
  );
  const verdicts: string[] = [];
  for (const family of buildFamilies(bestKnown, quick, args.nRange)) {
    if (!want(family.key) || family.instances.length === 0) continue;
    const { pass } = runFamily(family, settings);
    verdicts.push(`${family.key} ${pass ? 'PASS' : 'MISS'}`);
  }
  if (want('fit')) verdicts.push(`fit ${runFit(quick) ? 'PASS' : 'MISS'}`);
  if (want('verdict'))
    verdicts.push(
      `verdict ${runVerdict(bestKnown, quick, args.cpuClock, args.referenceCache, args.part) ? 'PASS' : 'MISS'}`,
    );
  if (want('save'))
    verdicts.push(`save ${runSave(quick, args.referenceCache, args.part, args.lists) ? 'PASS' : 'MISS'}`);
  console.log(`\n# Load average at end ${formatLoad()} (1, 5, 15 min)`);
  console.log(
    `# Verdicts: ${verdicts.join(', ')}${quick ? ' (quick run: budgets shortened, not the targets’ conditions)' : ''}`,
  );
}

main();
