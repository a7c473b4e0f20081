import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packingLowerBoundScale, validateLayout } from '@sealplan/engine';
import {
  PENETRATING_ITEM_MESSAGES,
  RECORD_MESSAGES,
  TRANSIT_MESSAGES,
  minimumDepthMessage,
  type Project,
  type Transit,
  type TransitData,
} from '@sealplan/contracts';
import type { TestApp } from '../../testing/test-app';
import { createUserWithToken, type TestUser } from '../../testing/factories';
import { call } from '../projects/testing/project-fixtures';
import {
  A60_CABLE_FIELDS,
  expectStoredResultsMatchEngine as matchesEngine,
  setUpProject,
} from './testing/transit-fixtures';

let t: TestApp;
let user: TestUser;
let other: TestUser;
let project: Project;

beforeAll(async () => {
  ({ t, user, project } = await setUpProject('Transit tests'));
  other = await createUserWithToken(t.deps.db.db);
});
afterAll(async () => t.close());

const cableTransit = (overrides: Record<string, unknown> = {}) => ({
  projectId: project.id,
  name: 'Bulkhead',
  shape: 'ROUND',
  diameterMm: 250,
  ...A60_CABLE_FIELDS,
  ...overrides,
});

const expectStoredResultsMatchEngine = (data: TransitData) => matchesEngine(t, data);

/** A round RISE_ULTRA transit with a single pipe and a single sealant layer (spec §4). */
const riseUltra = {
  penetratingItemTypeId: 'PIPE',
  transitTypeId: 'RISE_ULTRA',
  classId: 'A_60_CLASS',
  sealantType: 'NOFIRNO_SEALANT',
  sealantDepth: 'SINGLE',
  crusherPipeConfiguration: 'SINGLE',
  singleCrusherPipeId: 'PIPE-DN150',
};

describe('saveTransit', () => {
  it('creates a transit and stores the engine results computed on the server', async () => {
    const res = await call<Transit>(
      t.app,
      '/api/project/saveTransit',
      { transit: cableTransit() },
      user.headers,
    );
    expect(res.status).toBe(200);
    const saved = res.body.data;
    expect(saved).toMatchObject({
      name: 'Bulkhead',
      version: 1,
      penetratingItemType: { id: 'CABLE', display: 'Cable', model: 'PenetratingItemType' },
      transitType: { id: 'NOFIRNO', model: 'TransitType' },
      class: { id: 'A_60_CLASS', display: 'A-60 Class', model: 'TransitClass' },
    });
    const data = (
      await call<TransitData>(t.app, '/api/project/getTransitData', { transitId: saved.id }, user.headers)
    ).body.data;
    await expectStoredResultsMatchEngine(data);
  });

  it('ignores figures sent by the client and names an unnamed transit', async () => {
    const res = await call<Transit>(
      t.app,
      '/api/project/saveTransit',
      { transit: { ...cableTransit({ name: '' }), results: { overfilled: true }, penetratingItemCount: 99 } },
      user.headers,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.name).toMatch(/^Transit \d+$/);
    expect(res.body.data.penetratingItemCount).toBe(0);
    expect(res.body.data.results?.overfilled).toBe(false);
  });

  it('refuses a depth below the minimum of the class with the spec message', async () => {
    const res = await call(
      t.app,
      '/api/project/saveTransit',
      { transit: cableTransit({ depthMm: 100 }) },
      user.headers,
    );
    expect(res.status).toBe(400);
    // Sample catalogue: CABLE / A_60_CLASS needs 120 mm.
    expect(res.body.error?.fields?.['transit.depthMm']).toBe(minimumDepthMessage(120));
    expect(res.body.error?.fields?.['transit.depthMm']).toBe(
      'Minimum depth for this type of transit is 120mm',
    );
  });

  it.each([
    [{ transitTypeId: 'RISE_ULTRA' }, 'transit.transitTypeId', TRANSIT_MESSAGES.transitTypeNotAllowed],
    [
      { classId: 'H_CLASS', sealantType: 'RISE_SEALANT', depthMm: 200 },
      'transit.classId',
      TRANSIT_MESSAGES.classNotAllowed,
    ],
    [{ sealantType: 'WATERTIGHT_SEALANT' }, 'transit.sealantType', TRANSIT_MESSAGES.sealantNotAllowed],
    [{ shape: 'HEXAGON' }, 'transit.shape', undefined],
    [{ copies: 0 }, 'transit.copies', TRANSIT_MESSAGES.copies],
    [{ sparePercent: 100 }, 'transit.sparePercent', TRANSIT_MESSAGES.sparePercent],
    [{ diameterMm: -1 }, 'transit.diameterMm', TRANSIT_MESSAGES.length],
    // Spec §4: a single sealant layer only for RISE_ULTRA; pipe configuration only for RISE_ULTRA.
    [{ sealantDepth: 'SINGLE' }, 'transit.sealantDepth', TRANSIT_MESSAGES.sealantDepthNotAllowed],
    [
      { crusherPipeConfiguration: 'MULTIPLE' },
      'transit.crusherPipeConfiguration',
      TRANSIT_MESSAGES.pipeConfigurationNotAllowed,
    ],
    [
      { ...riseUltra, shape: 'RECTANGLE', widthMm: 400, heightMm: 250, diameterMm: null },
      'transit.crusherPipeConfiguration',
      TRANSIT_MESSAGES.pipeConfigurationNotAllowed,
    ],
  ])('refuses %j', async (overrides, field, message) => {
    const res = await call(
      t.app,
      '/api/project/saveTransit',
      { transit: cableTransit(overrides) },
      user.headers,
    );
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('VALIDATION_FAILED');
    expect(res.body.error?.fields?.[field]).toBeDefined();
    if (message) expect(res.body.error?.fields?.[field]).toBe(message);
  });

  it('accepts a single sealant layer and a single pipe for RISE_ULTRA', async () => {
    const res = await call<Transit>(
      t.app,
      '/api/project/saveTransit',
      // The diameter and depth are derived for RISE_ULTRA single pipe (spec §4), so they are left empty.
      { transit: cableTransit({ ...riseUltra, diameterMm: null, depthMm: null }) },
      user.headers,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ sealantDepth: 'SINGLE', crusherPipeConfiguration: 'SINGLE' });
  });

  it('refuses an older version, overwrites with force, soft-deletes with isDelete', async () => {
    const created = (
      await call<Transit>(t.app, '/api/project/saveTransit', { transit: cableTransit() }, user.headers)
    ).body.data;
    const v2 = await call<Transit>(
      t.app,
      '/api/project/saveTransit',
      { transit: cableTransit({ id: created.id, version: 1, name: 'B' }) },
      user.headers,
    );
    expect(v2.body.data.version).toBe(2);
    const stale = await call(
      t.app,
      '/api/project/saveTransit',
      { transit: cableTransit({ id: created.id, version: 1, name: 'C' }) },
      user.headers,
    );
    expect(stale.status).toBe(409);
    expect(stale.body.error?.message).toBe(RECORD_MESSAGES.versionConflict);
    const forced = await call<Transit>(
      t.app,
      '/api/project/saveTransit',
      { transit: cableTransit({ id: created.id, version: 1, force: true, name: 'D' }) },
      user.headers,
    );
    expect(forced.body.data).toMatchObject({ name: 'D', version: 3 });
    const del = await call<Transit>(
      t.app,
      '/api/project/saveTransit',
      { transit: cableTransit({ id: created.id, version: 3, isDelete: true }) },
      user.headers,
    );
    expect(del.body.data.isRemoved).toBe(true);
    const read = await call(t.app, '/api/project/getTransitData', { transitId: created.id }, user.headers);
    expect(read.status).toBe(404);
  });
});

describe('penetrating items', () => {
  it('savePenetratingItemsAndTransit saves both, derives item diameters and stores engine results', async () => {
    const res = await call<TransitData>(
      t.app,
      '/api/project/savePenetratingItemsAndTransit',
      {
        transit: cableTransit(),
        penetratingItems: [
          { quantity: 6, outerDiameterMm: 12 },
          { quantity: 2, outerDiameterMm: 40 },
          { quantity: 1, outerDiameterMm: 70 },
        ],
      },
      user.headers,
    );
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.penetratingItems).toHaveLength(3);
    expect(data.transit.penetratingItemCount).toBe(9);
    // Cables get the cable sleeve's outer diameter (sample catalogue: 10 < 12 <= 15 -> 22 mm sleeve).
    expect(data.penetratingItems[0]).toMatchObject({ sleevedDiameterMm: 22, diameterPlusClearanceMm: 22 });
    expect(data.transit.results?.materials.wrap).toBeDefined();
    await expectStoredResultsMatchEngine(data);
  });

  it('pipes in a NOFIRNO transit carry the spec §9 clearance; a crusher gives the diameter', async () => {
    const res = await call<TransitData>(
      t.app,
      '/api/project/savePenetratingItemsAndTransit',
      {
        transit: cableTransit({ penetratingItemTypeId: 'PIPE', diameterMm: 400 }),
        penetratingItems: [{ quantity: 1, outerDiameterMm: 114.3, crusherId: 'PIPE-DN100' }],
      },
      user.headers,
    );
    expect(res.status).toBe(200);
    // 114.3 mm is in the 76.2..203.2 row: 40 mm clearance.
    expect(res.body.data.penetratingItems[0]!.diameterPlusClearanceMm).toBeCloseTo(154.3, 6);
    await expectStoredResultsMatchEngine(res.body.data);
  });

  it('savePenetratingItems adds, edits and removes lines, bumps the transit version and recomputes', async () => {
    const first = (
      await call<TransitData>(
        t.app,
        '/api/project/savePenetratingItemsAndTransit',
        { transit: cableTransit(), penetratingItems: [{ quantity: 2, outerDiameterMm: 20 }] },
        user.headers,
      )
    ).body.data;
    const transitId = first.transit.id;
    const line = first.penetratingItems[0]!;
    const res = await call<TransitData>(
      t.app,
      '/api/project/savePenetratingItems',
      {
        transitVersion: first.transit.version,
        penetratingItems: [
          { id: line.id, transitId, quantity: 5, outerDiameterMm: 20, version: line.version },
          { transitId, quantity: 1, outerDiameterMm: 30 },
        ],
      },
      user.headers,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.transit.version).toBe(first.transit.version + 1);
    expect(res.body.data.penetratingItems.map((i) => i.quantity)).toEqual([5, 1]);
    expect(res.body.data.transit.penetratingItemCount).toBe(6);
    await expectStoredResultsMatchEngine(res.body.data);

    const stale = await call(
      t.app,
      '/api/project/savePenetratingItems',
      {
        transitVersion: first.transit.version,
        penetratingItems: [{ transitId, quantity: 1, outerDiameterMm: 10 }],
      },
      user.headers,
    );
    expect(stale.status).toBe(409);
    expect(stale.body.error?.code).toBe('VERSION_CONFLICT');

    const removed = await call<TransitData>(
      t.app,
      '/api/project/savePenetratingItems',
      {
        transitVersion: res.body.data.transit.version,
        penetratingItems: [{ id: line.id, transitId, quantity: 5, outerDiameterMm: 20, isRemoved: true }],
      },
      user.headers,
    );
    expect(removed.status).toBe(200);
    expect(removed.body.data.penetratingItems.map((i) => i.quantity)).toEqual([1]);
    expect(removed.body.data.transit.penetratingItemCount).toBe(1);
    await expectStoredResultsMatchEngine(removed.body.data);
  });

  it.each([
    [
      { quantity: -1, outerDiameterMm: 10 },
      'penetratingItems.0.quantity',
      PENETRATING_ITEM_MESSAGES.quantityNegative,
    ],
    [{ outerDiameterMm: 10 }, 'penetratingItems.0.quantity', PENETRATING_ITEM_MESSAGES.quantity],
    [{ quantity: 1 }, 'penetratingItems.0.outerDiameterMm', PENETRATING_ITEM_MESSAGES.outerDiameter],
    [
      { quantity: 1, outerDiameterMm: -3 },
      'penetratingItems.0.outerDiameterMm',
      PENETRATING_ITEM_MESSAGES.outerDiameterNegative,
    ],
    [
      { quantity: 1, outerDiameterMm: 10, crusherId: 'NOPE' },
      'penetratingItems.0.crusherId',
      PENETRATING_ITEM_MESSAGES.crusherNotFound,
    ],
  ])('refuses item %j with its message', async (item, field, message) => {
    const res = await call(
      t.app,
      '/api/project/savePenetratingItemsAndTransit',
      { transit: cableTransit(), penetratingItems: [item] },
      user.headers,
    );
    expect(res.status).toBe(400);
    expect(res.body.error?.fields?.[field]).toBe(message);
  });

  it('savePenetratingItemsAndTransit is one transaction: a failing item leaves the transit unchanged', async () => {
    const first = (
      await call<TransitData>(
        t.app,
        '/api/project/savePenetratingItemsAndTransit',
        {
          transit: cableTransit({ name: 'Original' }),
          penetratingItems: [{ quantity: 1, outerDiameterMm: 20 }],
        },
        user.headers,
      )
    ).body.data;
    // The transit part is valid; the second item names a line that does not exist, so the items part fails.
    const res = await call(
      t.app,
      '/api/project/savePenetratingItemsAndTransit',
      {
        transit: cableTransit({
          id: first.transit.id,
          version: first.transit.version,
          name: 'Renamed',
          diameterMm: 300,
        }),
        penetratingItems: [
          { quantity: 3, outerDiameterMm: 25 },
          { id: '00000000-0000-4000-8000-000000000000', quantity: 1, outerDiameterMm: 10 },
        ],
      },
      user.headers,
    );
    expect(res.status).toBe(404);
    const after = (
      await call<TransitData>(
        t.app,
        '/api/project/getTransitData',
        { transitId: first.transit.id },
        user.headers,
      )
    ).body.data;
    expect(after.transit).toMatchObject({
      name: 'Original',
      diameterMm: 250,
      version: first.transit.version,
    });
    expect(after.penetratingItems).toHaveLength(1);
    expect(after.transit.results).toEqual(first.transit.results);

    // A new transit with a failing item is not created either.
    const before = (
      await call<{ transits: unknown[] }>(
        t.app,
        '/api/project/getProjectAndTransits',
        { projectId: project.id },
        user.headers,
      )
    ).body.data.transits.length;
    const failedNew = await call(
      t.app,
      '/api/project/savePenetratingItemsAndTransit',
      {
        transit: cableTransit({ name: 'Never' }),
        penetratingItems: [
          { id: first.penetratingItems[0]!.id.replace(/.$/, '0'), quantity: 1, outerDiameterMm: 10 },
        ],
      },
      user.headers,
    );
    expect(failedNew.status).toBe(404);
    const afterCount = (
      await call<{ transits: unknown[] }>(
        t.app,
        '/api/project/getProjectAndTransits',
        { projectId: project.id },
        user.headers,
      )
    ).body.data.transits.length;
    expect(afterCount).toBe(before);
  });

  it('duplicateTransit copies the transit and its items with fresh results and the same layout', async () => {
    const first = (
      await call<TransitData>(
        t.app,
        '/api/project/savePenetratingItemsAndTransit',
        {
          transit: cableTransit({ name: 'Source' }),
          penetratingItems: [{ quantity: 4, outerDiameterMm: 16 }],
        },
        user.headers,
      )
    ).body.data;
    const res = await call<TransitData>(
      t.app,
      '/api/project/duplicateTransit',
      { transitId: first.transit.id },
      user.headers,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.transit.id).not.toBe(first.transit.id);
    expect(res.body.data.transit.name).toBe('Source (copy)');
    expect(res.body.data.penetratingItems.map((i) => [i.quantity, i.outerDiameterMm])).toEqual([[4, 16]]);
    // The copy keeps the source's layout (checked again as a certificate, ADR 004): the drawing does not change.
    const copy = res.body.data.transit.results!.packing;
    expect(copy.source).toBe('precomputed');
    expect(copy.circles).toEqual(first.transit.results!.packing.circles);
    const data = res.body.data;
    await expectStoredResultsMatchEngine({
      ...data,
      transit: {
        ...data.transit,
        results: { ...data.transit.results!, packing: { ...copy, source: 'solved' } },
      },
    });
  });
});

describe('the layout sent with a save (ADR 004 certificate)', () => {
  // Three 12 mm cables in their 22 mm sleeves, in a 250 mm opening: 70 mm apart on a line is a valid layout
  // (gaps 48 mm between them, 125 − 70 − 11 = 44 mm to the wall).
  const threeCables = [{ quantity: 3, outerDiameterMm: 12 }];
  const onALine = [
    { xMm: -70, yMm: 0 },
    { xMm: 0, yMm: 0 },
    { xMm: 70, yMm: 0 },
  ];
  const save = (layout: unknown) =>
    call<TransitData>(
      t.app,
      '/api/project/savePenetratingItemsAndTransit',
      { transit: cableTransit({ name: 'Certified' }), penetratingItems: threeCables, layout },
      user.headers,
    );

  it('stores a valid layout exactly as sent, with its smallest gap', async () => {
    const res = await save({ centres: onALine });
    expect(res.status).toBe(200);
    const packing = res.body.data.transit.results!.packing;
    expect(packing).toMatchObject({ source: 'precomputed', fits: true });
    expect(packing.circles.map((c) => ({ xMm: c.xMm, yMm: c.yMm }))).toEqual(onALine);
    expect(packing.circles.map((c) => c.diameterMm)).toEqual([22, 22, 22]);
    expect(packing.minGapMm).toBeCloseTo(44, 9);
  });

  it('never stores an invalid layout: the server solves and stores a valid one', async () => {
    const overlapping = [
      { xMm: 0, yMm: 0 },
      { xMm: 10, yMm: 0 },
      { xMm: 200, yMm: 0 },
    ];
    const res = await save({ centres: overlapping });
    expect(res.status).toBe(200);
    const packing = res.body.data.transit.results!.packing;
    expect(packing).toMatchObject({ source: 'solved', fits: true });
    const centres = packing.circles.map((c) => ({ xMm: c.xMm, yMm: c.yMm }));
    expect(centres).not.toEqual(overlapping);
    expect(validateLayout({ shape: 'ROUND', diameterMm: 250 }, [22, 22, 22], centres).valid).toBe(true);
  });

  it('keeps the stored layout when a later save changes nothing of the circles or the opening', async () => {
    const first = (await save({ centres: onALine })).body.data;
    const renamed = await call<Transit>(
      t.app,
      '/api/project/saveTransit',
      {
        transit: {
          ...cableTransit({ name: 'Renamed' }),
          id: first.transit.id,
          version: first.transit.version,
        },
      },
      user.headers,
    );
    expect(renamed.status).toBe(200);
    const read = await call<TransitData>(
      t.app,
      '/api/project/getTransitData',
      { transitId: first.transit.id },
      user.headers,
    );
    const packing = read.body.data.transit.results!.packing;
    expect(packing.circles.map((c) => ({ xMm: c.xMm, yMm: c.yMm }))).toEqual(onALine);
  });

  it('takes a layout that does not fit only as where its search starts (ADR 039): the stored answer is its own', async () => {
    // Seven 92 mm cables in the 250 mm opening: no layout exists (a hexagon around one needs an
    // opening of three cables across, 276 mm). The layout sent, every centre on one point, is no certificate and no answer.
    const res = await call<TransitData>(
      t.app,
      '/api/project/savePenetratingItemsAndTransit',
      {
        transit: cableTransit({ name: 'Seven large' }),
        penetratingItems: [{ quantity: 7, outerDiameterMm: 92 }],
        layout: { centres: Array.from({ length: 7 }, () => ({ xMm: 0, yMm: 0 })) },
      },
      user.headers,
    );
    expect(res.status).toBe(200);
    const packing = res.body.data.transit.results!.packing;
    expect(packing).toMatchObject({ source: 'solved', fits: false });
    const diameters = packing.circles.map((c) => c.diameterMm);
    const centres = packing.circles.map((c) => ({ xMm: c.xMm, yMm: c.yMm }));
    expect(packing.scale).toBeGreaterThanOrEqual(
      packingLowerBoundScale({ shape: 'ROUND', diameterMm: 250 }, diameters),
    );
    expect(packingLowerBoundScale({ shape: 'ROUND', diameterMm: 250 }, diameters)).toBeGreaterThan(1);
    expect(
      validateLayout({ shape: 'ROUND', diameterMm: 250 * packing.scale }, diameters, centres).valid,
    ).toBe(true);
  });

  it.each([
    ['a centre that is not a number', { centres: [{ xMm: 'a', yMm: 0 }] }],
    ['an unknown field', { centres: onALine, fits: true }],
    ['a centre without y', { centres: [{ xMm: 1 }] }],
  ])('refuses %s with a field error', async (_case, layout) => {
    const res = await save(layout);
    expect(res.status).toBe(400);
  });
});

describe('tenant isolation', () => {
  it('a user of another organization gets 404 for every read and write of a transit', async () => {
    const mine = (
      await call<TransitData>(
        t.app,
        '/api/project/savePenetratingItemsAndTransit',
        {
          transit: cableTransit({ name: 'Private' }),
          penetratingItems: [{ quantity: 1, outerDiameterMm: 20 }],
        },
        user.headers,
      )
    ).body.data;
    const transitId = mine.transit.id;
    const attempts: [string, unknown][] = [
      ['/api/project/getTransitData', { transitId }],
      ['/api/project/duplicateTransit', { transitId }],
      ['/api/project/saveTransit', { transit: cableTransit({ id: transitId, version: 1, force: true }) }],
      ['/api/project/saveTransit', { transit: cableTransit() }],
      [
        '/api/project/savePenetratingItems',
        { force: true, penetratingItems: [{ transitId, quantity: 1, outerDiameterMm: 5 }] },
      ],
      [
        '/api/project/savePenetratingItems',
        {
          force: true,
          penetratingItems: [
            { id: mine.penetratingItems[0]!.id, transitId, quantity: 9, outerDiameterMm: 5 },
          ],
        },
      ],
      [
        '/api/project/savePenetratingItemsAndTransit',
        { transit: cableTransit({ id: transitId, force: true }), penetratingItems: [] },
      ],
      ['/api/project/getProjectAndTransits', { projectId: project.id }],
      [
        '/api/project/saveOne',
        {
          project: {
            id: project.id,
            force: true,
            name: 'X',
            customerId: project.customerId,
            industryId: 'ON_SHORE',
          },
        },
      ],
    ];
    for (const [path, body] of attempts) {
      const res = await call(t.app, path, body, other.headers);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
    }
    const after = (await call<TransitData>(t.app, '/api/project/getTransitData', { transitId }, user.headers))
      .body.data;
    expect(after.transit.version).toBe(mine.transit.version);
    expect(after.penetratingItems.map((i) => i.quantity)).toEqual([1]);
  });

  it('refuses anonymous callers', async () => {
    const res = await call(t.app, '/api/project/getTransitData', { transitId: project.id }, {});
    expect(res.status).toBe(401);
  });
});
