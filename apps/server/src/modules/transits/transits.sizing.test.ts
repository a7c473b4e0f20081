import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sizeTransit, validateLayout } from '@sealplan/engine';
import {
  MAX_TRANSIT_CIRCLES,
  toItemInputs,
  toTransitInput,
  tooManyCirclesMessage,
  transitInputSchema,
  type Customer,
  type Project,
  type TransitData,
} from '@sealplan/contracts';
import { createTestApp, createTestCpuPool, type TestApp } from '../../testing/test-app';
import { createUserWithToken, type TestUser } from '../../testing/factories';
import { SIZING_TIMEOUT_MESSAGE } from '../../workers/cpu-pool';
import { createInlineCpu } from '../../workers/inline-cpu';
import { loadCatalogue } from '../catalogue/catalogue.repository';
import {
  call,
  seedReferenceData,
  validCustomer,
  type CallResult,
} from '../projects/testing/project-fixtures';

/**
 * Saves size their transit in the worker pool, outside any transaction (ADR 015): the stored figures stay the
 * engine's, other requests are answered meanwhile, the time budget and the circle limit hold.
 */

interface Setup {
  t: TestApp;
  user: TestUser;
  project: Project;
}

async function setUp(overrides: Parameters<typeof createTestApp>[0] = {}): Promise<Setup> {
  const t = await createTestApp(overrides);
  await seedReferenceData(t.deps.db.db);
  const user = await createUserWithToken(t.deps.db.db);
  const customer = (
    await call<Customer>(t.app, '/api/customer/saveOne', { customer: validCustomer() }, user.headers)
  ).body.data;
  const project = (
    await call<Project>(
      t.app,
      '/api/project/saveOne',
      { project: { name: 'Sizing tests', customerId: customer.id, industryId: 'OFF_SHORE' } },
      user.headers,
    )
  ).body.data;
  return { t, user, project };
}

const cableTransit = (projectId: string, overrides: Record<string, unknown> = {}) => ({
  projectId,
  name: 'Cable deck',
  shape: 'RECTANGLE',
  widthMm: 600,
  heightMm: 600,
  penetratingItemTypeId: 'CABLE',
  transitTypeId: 'NOFIRNO',
  classId: 'A_60_CLASS',
  sealantType: 'NOFIRNO_SEALANT',
  sealantDepth: 'DOUBLE',
  depthMm: 150,
  ...overrides,
});

/** `circles` cables in lines of at most 100, of a few diameters. */
const cables = (circles: number) => {
  const lines = [];
  for (let left = circles, i = 0; left > 0; left -= 100, i++)
    lines.push({
      itemTypeId: 'CABLE' as const,
      quantity: Math.min(100, left),
      outerDiameterMm: 14 + (i % 4) * 4,
    });
  return lines;
};

async function expectStoredResultsMatchEngine(s: Setup, data: TransitData) {
  const catalogue = await loadCatalogue(s.t.deps.db.db);
  const values = transitInputSchema.parse({ ...data.transit, comments: data.transit.comments });
  const expected = sizeTransit({
    transit: toTransitInput(values),
    items: toItemInputs(data.penetratingItems),
    catalogue,
  });
  expect(data.transit.results).toEqual(JSON.parse(JSON.stringify(expected)));
}

/** Health is asked for every this many ms while a save runs. */
const HEALTH_INTERVAL_MS = 20;

/**
 * Health answers while `save` runs (requests through app.inject share the server's event loop), each timed from
 * when it was due, so a request that could not even be sent while the loop was blocked counts its whole wait.
 */
async function healthDuring(s: Setup, save: () => Promise<CallResult<TransitData>>) {
  const waits: number[] = [];
  let done = false;
  const started = performance.now();
  const saving = save().finally(() => {
    done = true;
  });
  let due = started;
  while (!done) {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    const res = await s.t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const answered = performance.now();
    waits.push(answered - due);
    due = Math.max(due + HEALTH_INTERVAL_MS, answered);
  }
  const result = await saving;
  return { result, saveMs: performance.now() - started, waits, longestWaitMs: Math.max(...waits) };
}

/** A save of this many circles takes seconds of CPU: long enough to see whether it blocks. */
const MEASURED_CIRCLES = 250;
const MEASURED_TIMEOUT_MS = 180_000;

describe('a save sized in the worker pool', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setUp();
  }, MEASURED_TIMEOUT_MS);
  afterAll(async () => s.t.close());

  it(
    'stores the engine results and leaves the event loop free meanwhile',
    async () => {
      const body = { transit: cableTransit(s.project.id), penetratingItems: cables(MEASURED_CIRCLES) };
      // The first task starts the worker: warm it so the measurement is the sizing itself.
      await call(
        s.t.app,
        '/api/project/saveTransit',
        { transit: cableTransit(s.project.id) },
        s.user.headers,
      );
      const { result, saveMs, waits, longestWaitMs } = await healthDuring(s, () =>
        call<TransitData>(s.t.app, '/api/project/savePenetratingItemsAndTransit', body, s.user.headers),
      );
      expect(result.status).toBe(200);
      expect(result.body.data.transit.penetratingItemCount).toBe(MEASURED_CIRCLES);
      await expectStoredResultsMatchEngine(s, result.body.data);
      // Health kept answering through the save: many answers, none waiting for a large part of it.
      expect(waits.length).toBeGreaterThan(10);
      expect(longestWaitMs).toBeLessThan(saveMs / 4);
    },
    MEASURED_TIMEOUT_MS,
  );

  it(
    'on the calling thread the same measurement sees the save block every other request',
    async () => {
      // The contrast that shows the measurement above can fail: the inline runner is what the server did before.
      const inline = await setUp({ cpu: createInlineCpu() });
      try {
        const body = { transit: cableTransit(inline.project.id), penetratingItems: cables(MEASURED_CIRCLES) };
        const { result, saveMs, longestWaitMs } = await healthDuring(inline, () =>
          call<TransitData>(
            inline.t.app,
            '/api/project/savePenetratingItemsAndTransit',
            body,
            inline.user.headers,
          ),
        );
        expect(result.status).toBe(200);
        expect(longestWaitMs).toBeGreaterThan(saveMs / 2);
      } finally {
        await inline.t.close();
      }
    },
    MEASURED_TIMEOUT_MS,
  );

  it(
    "saves the largest allowed transit: the stored layout is valid and the engine's, and a rename keeps it",
    async () => {
      // MAX_TRANSIT_CIRCLES cables in a square they fill to half (in their sleeves, as the engine sizes them).
      const lines = cables(MAX_TRANSIT_CIRCLES);
      const unsized = cableTransit(s.project.id, { name: 'Largest', widthMm: null, heightMm: null });
      const { itemsAreaWithClearanceMm2 } = sizeTransit({
        transit: toTransitInput(transitInputSchema.parse(unsized)),
        items: toItemInputs(lines),
        catalogue: await loadCatalogue(s.t.deps.db.db),
        solvePacking: false,
      });
      const side = Math.ceil(Math.sqrt(itemsAreaWithClearanceMm2 / 0.5));
      const saved = await call<TransitData>(
        s.t.app,
        '/api/project/savePenetratingItemsAndTransit',
        { transit: { ...unsized, widthMm: side, heightMm: side }, penetratingItems: lines },
        s.user.headers,
      );
      expect(saved.status).toBe(200);
      const { transit } = saved.body.data;
      const packing = transit.results!.packing;
      expect(packing.source).toBe('solved');
      expect(packing.fits).toBe(true);
      expect(packing.circles).toHaveLength(MAX_TRANSIT_CIRCLES);
      expect(
        validateLayout(
          { shape: 'RECTANGLE', widthMm: side, heightMm: side },
          packing.circles.map((c) => c.diameterMm),
          packing.circles,
        ).valid,
      ).toBe(true);
      // Reproducible: the stored figures are exactly the engine's (fixed work, no clock).
      await expectStoredResultsMatchEngine(s, saved.body.data);
      // A save that leaves the circles and the opening as they were keeps the stored layout as its certificate.
      const renamed = await call<TransitData['transit']>(
        s.t.app,
        '/api/project/saveTransit',
        {
          transit: {
            ...unsized,
            id: transit.id,
            version: transit.version,
            widthMm: side,
            heightMm: side,
            name: 'Largest, renamed',
          },
        },
        s.user.headers,
      );
      expect(renamed.status).toBe(200);
      expect(renamed.body.data.results!.packing.source).toBe('precomputed');
      expect(renamed.body.data.results!.packing.circles).toEqual(packing.circles);
    },
    MEASURED_TIMEOUT_MS,
  );

  it('two saves of one transit at once both answer, and the stored figures are those of the stored items', async () => {
    const created = await call<TransitData>(
      s.t.app,
      '/api/project/savePenetratingItemsAndTransit',
      { transit: cableTransit(s.project.id, { name: 'Raced' }), penetratingItems: cables(40) },
      s.user.headers,
    );
    const transitId = created.body.data.transit.id;
    const addLines = (quantity: number) =>
      call<TransitData>(
        s.t.app,
        '/api/project/savePenetratingItems',
        {
          penetratingItems: [{ transitId, itemTypeId: 'CABLE', quantity, outerDiameterMm: 30 }],
          force: true,
        },
        s.user.headers,
      );
    const answers = await Promise.all([addLines(7), addLines(9)]);
    for (const answer of answers) expect([200, 409]).toContain(answer.status);
    expect(answers.some((a) => a.status === 200)).toBe(true);
    const stored = (
      await call<TransitData>(s.t.app, '/api/project/getTransitData', { transitId }, s.user.headers)
    ).body.data;
    const added = answers.filter((a) => a.status === 200).length;
    expect(stored.penetratingItems).toHaveLength(created.body.data.penetratingItems.length + added);
    await expectStoredResultsMatchEngine(s, stored);
  });

  it('refuses more circles than MAX_TRANSIT_CIRCLES with a field error, in one request', async () => {
    const res = await call(
      s.t.app,
      '/api/project/savePenetratingItemsAndTransit',
      { transit: cableTransit(s.project.id), penetratingItems: cables(MAX_TRANSIT_CIRCLES + 1) },
      s.user.headers,
    );
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('VALIDATION_FAILED');
    expect(res.body.error?.fields?.penetratingItems).toBe(tooManyCirclesMessage(MAX_TRANSIT_CIRCLES + 1));
  });

  it('refuses lines that bring a stored transit past the limit, and keeps the stored transit', async () => {
    // No dimensions: nothing to pack, so the stored lines save quickly.
    const created = await call<TransitData>(
      s.t.app,
      '/api/project/savePenetratingItemsAndTransit',
      {
        transit: cableTransit(s.project.id, { name: 'Full', widthMm: null, heightMm: null }),
        penetratingItems: cables(MAX_TRANSIT_CIRCLES - 10),
      },
      s.user.headers,
    );
    expect(created.status).toBe(200);
    const transitId = created.body.data.transit.id;
    const res = await call(
      s.t.app,
      '/api/project/savePenetratingItems',
      {
        penetratingItems: [{ transitId, itemTypeId: 'CABLE', quantity: 11, outerDiameterMm: 20 }],
        transitVersion: created.body.data.transit.version,
      },
      s.user.headers,
    );
    expect(res.status).toBe(400);
    expect(res.body.error?.fields?.penetratingItems).toBe(tooManyCirclesMessage(MAX_TRANSIT_CIRCLES + 1));
    const stored = (
      await call<TransitData>(s.t.app, '/api/project/getTransitData', { transitId }, s.user.headers)
    ).body.data;
    expect(stored.transit.version).toBe(created.body.data.transit.version);
    expect(stored.penetratingItems).toHaveLength(created.body.data.penetratingItems.length);
  });
});

describe('the sizing time budget', () => {
  it(
    'refuses a save whose sizing outlasts the budget, and stores nothing of it',
    async () => {
      const s = await setUp({ cpu: createTestCpuPool({ sizingBudgetMs: 1 }) });
      try {
        const res = await call(
          s.t.app,
          '/api/project/savePenetratingItemsAndTransit',
          { transit: cableTransit(s.project.id), penetratingItems: cables(100) },
          s.user.headers,
        );
        expect(res.status).toBe(503);
        expect(res.body.error).toMatchObject({
          code: 'TIME_BUDGET_EXCEEDED',
          message: SIZING_TIMEOUT_MESSAGE,
        });
        const page = await call<{ total: number }>(
          s.t.app,
          '/api/project/getProjectAndTransits',
          { projectId: s.project.id },
          s.user.headers,
        );
        expect(JSON.stringify(page.body.data)).not.toContain('Cable deck');
      } finally {
        await s.t.close();
      }
    },
    MEASURED_TIMEOUT_MS,
  );
});
