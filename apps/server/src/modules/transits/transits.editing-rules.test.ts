// ADR 010: every save path (the product's saveTransit / savePenetratingItemsAndTransit and the generic
// /api/instance/Transit writes) stores exactly what the engine computes with, or refuses with the field's message.
// One test per rule of spec §4 "Transit editing", the corner radius rule and the refused negative / spare input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineMessage } from '@sealplan/engine';
import {
  TRANSIT_MESSAGES,
  minimumDepthMessage,
  type Project,
  type Transit,
  type TransitData,
} from '@sealplan/contracts';
import type { TestApp } from '../../testing/test-app';
import type { TestUser } from '../../testing/factories';
import { call } from '../projects/testing/project-fixtures';
import { expectStoredResultsMatchEngine, setUpProject, storedTransit } from './testing/transit-fixtures';

let t: TestApp;
let user: TestUser;
let project: Project;

beforeAll(async () => {
  ({ t, user, project } = await setUpProject('Editing rules'));
});
afterAll(async () => t.close());

type Body = Record<string, unknown>;
interface Saved {
  status: number;
  transit: Transit | null;
  message: string | null;
  fields: Record<string, string>;
}

/** The three ways a transit is saved; each answers the stored transit or the refusal. */
const paths: Record<string, (transit: Body) => Promise<Saved>> = {
  saveTransit: async (transit) => {
    const res = await call<Transit>(t.app, '/api/project/saveTransit', { transit }, user.headers);
    return answer(res.status, res.body as never, (d) => d as Transit);
  },
  savePenetratingItemsAndTransit: async (transit) => {
    const res = await call<TransitData>(
      t.app,
      '/api/project/savePenetratingItemsAndTransit',
      { transit, penetratingItems: [{ quantity: 1, outerDiameterMm: 20 }] },
      user.headers,
    );
    return answer(res.status, res.body as never, (d) => (d as TransitData).transit);
  },
  'POST /api/instance/Transit': async (transit) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/instance/Transit',
      headers: user.headers,
      payload: transit,
    });
    return answer(res.statusCode, res.json(), (d) => d as Transit);
  },
};

function answer(
  status: number,
  body: { data: unknown; error?: { message: string; fields?: Record<string, string> } },
  pick: (data: unknown) => Transit,
): Saved {
  return {
    status,
    transit: status === 200 ? pick(body.data) : null,
    message: body.error?.message ?? null,
    fields: body.error?.fields ?? {},
  };
}

const base = (overrides: Body = {}): Body => ({
  projectId: project.id,
  name: 'Rule',
  shape: 'ROUND',
  diameterMm: 250,
  ...overrides,
});

/** The stored results are the engine's over the stored fields: what is stored is what is computed with. */
async function expectComputedFromStored(transit: Transit) {
  const stored = await storedTransit({ t, user }, transit.id);
  expect(stored.transit.results).toEqual(transit.results);
  await expectStoredResultsMatchEngine(t, stored);
}

describe.each(Object.keys(paths))('spec §4 transit editing rules through %s', (pathName) => {
  const save = (transit: Body) => paths[pathName]!(transit);

  it('the item type filters the transit types: one the item type does not allow is refused', async () => {
    // Cables are not offered RISE_ULTRA in the catalogue.
    const res = await save(base({ penetratingItemTypeId: 'CABLE', transitTypeId: 'RISE_ULTRA' }));
    expect(res.status).toBe(400);
    expect(res.fields['transit.transitTypeId'] ?? res.message).toBe(TRANSIT_MESSAGES.transitTypeNotAllowed);
  });

  it('a cable without a transit type gets the first allowed one (NOFIRNO), stored and computed with', async () => {
    const res = await save(base({ penetratingItemTypeId: 'CABLE' }));
    expect(res.status).toBe(200);
    expect(res.transit).toMatchObject({ transitTypeId: 'NOFIRNO', sealantDepth: 'DOUBLE' });
    await expectComputedFromStored(res.transit!);
  });

  it('a pipe without a transit type keeps none (four remain, none is chosen for it)', async () => {
    const res = await save(base({ penetratingItemTypeId: 'PIPE' }));
    expect(res.status).toBe(200);
    expect(res.transit?.transitTypeId).toBeNull();
  });

  it('a transit type without an item type is refused (nothing allows it)', async () => {
    const res = await save(base({ transitTypeId: 'NOFIRNO' }));
    expect(res.status).toBe(400);
    expect(res.fields['transit.transitTypeId']).toBe(TRANSIT_MESSAGES.transitTypeNotAllowed);
  });

  it('the transit type filters the classes: one it excludes is refused', async () => {
    // H_CLASS is an exception of PIPE on NOFIRNO.
    const res = await save(
      base({ penetratingItemTypeId: 'PIPE', transitTypeId: 'NOFIRNO', classId: 'H_CLASS' }),
    );
    expect(res.status).toBe(400);
    expect(res.fields['transit.classId']).toBe(TRANSIT_MESSAGES.classNotAllowed);
  });

  it('the class refilters sealants: the only one left is set; one not allowed is refused', async () => {
    const fire = base({ penetratingItemTypeId: 'CABLE', transitTypeId: 'NOFIRNO', classId: 'A_60_CLASS' });
    const auto = await save(fire);
    expect(auto.status).toBe(200);
    expect(auto.transit?.sealantType).toBe('NOFIRNO_SEALANT');
    const refused = await save({ ...fire, sealantType: 'WATERTIGHT_SEALANT' });
    expect(refused.status).toBe(400);
    expect(refused.fields['transit.sealantType']).toBe(TRANSIT_MESSAGES.sealantNotAllowed);
  });

  it('the class sets the minimum depth: empty becomes the minimum (120 mm), below it is refused', async () => {
    const fire = base({ penetratingItemTypeId: 'CABLE', transitTypeId: 'NOFIRNO', classId: 'A_60_CLASS' });
    const empty = await save(fire);
    expect(empty.transit?.depthMm).toBe(120);
    // Sleeve length = 120 − 30 = 90 (spec §9), from the stored depth.
    expect(empty.transit?.results?.materials.fillerSleeves.lengthMm).toBe(90);
    const below = await save({ ...fire, depthMm: 100 });
    expect(below.status).toBe(400);
    expect(below.fields['transit.depthMm']).toBe(minimumDepthMessage(120));
  });

  it('RECTANGLE on RISE_ULTRA forces MULTIPLE: SINGLE is refused, none becomes MULTIPLE', async () => {
    const rect = base({
      shape: 'RECTANGLE',
      widthMm: 200,
      heightMm: 100,
      penetratingItemTypeId: 'PIPE',
      transitTypeId: 'RISE_ULTRA',
      classId: 'A_60_CLASS',
    });
    const refused = await save({ ...rect, crusherPipeConfiguration: 'SINGLE' });
    expect(refused.status).toBe(400);
    expect(refused.fields['transit.crusherPipeConfiguration']).toBe(
      TRANSIT_MESSAGES.pipeConfigurationNotAllowed,
    );
    const forced = await save(rect);
    expect(forced.status).toBe(200);
    expect(forced.transit?.crusherPipeConfiguration).toBe('MULTIPLE');
  });

  it('RISE_ULTRA depth is fixed: 300 mm is refused with the spec text, empty is stored as the minimum', async () => {
    const rise = base({
      shape: 'RECTANGLE',
      widthMm: 200,
      heightMm: 100,
      penetratingItemTypeId: 'PIPE',
      transitTypeId: 'RISE_ULTRA',
      classId: 'A_60_CLASS',
    });
    const deep = await save({ ...rise, depthMm: 300 });
    expect(deep.status).toBe(400);
    expect(deep.fields['transit.depthMm']).toBe(engineMessage('RISE_ULTRA_LONGER_DEPTH').text);
    const fixed = await save(rise);
    expect(fixed.status).toBe(200);
    // Minimum 150 for PIPE A_60; sleeve length 150 − 40 = 110 (not 300 − 40 = 260).
    expect(fixed.transit?.depthMm).toBe(150);
    expect(fixed.transit?.results?.materials.fillerSleeves.lengthMm).toBe(110);
    await expectComputedFromStored(fixed.transit!);
  });

  it('RISE_ULTRA single pipe: the diameter is the pipe’s inside diameter from the catalogue; another is refused', async () => {
    const single = base({
      diameterMm: null,
      penetratingItemTypeId: 'PIPE',
      transitTypeId: 'RISE_ULTRA',
      classId: 'A_60_CLASS',
      crusherPipeConfiguration: 'SINGLE',
      singleCrusherPipeId: 'PIPE-DN100',
    });
    const stored = await save(single);
    expect(stored.status).toBe(200);
    // 4" Schedule 40: (4.5 − 2 × 0.237) in × 25.4 = 102.2604 mm.
    expect(stored.transit?.diameterMm).toBe(102.2604);
    expect(stored.transit?.results?.opening).toEqual({ shape: 'ROUND', diameterMm: 102.2604 });
    await expectComputedFromStored(stored.transit!);
    const other = await save({ ...single, diameterMm: 50 });
    expect(other.status).toBe(400);
    expect(other.fields['transit.diameterMm']).toBe(
      TRANSIT_MESSAGES.singlePipeDiameter.replace('{diameter}', '102.26'),
    );
  });

  it('a single pipe without the single-pipe configuration is refused', async () => {
    const res = await save(
      base({
        penetratingItemTypeId: 'PIPE',
        transitTypeId: 'RISE_ULTRA',
        classId: 'A_60_CLASS',
        crusherPipeConfiguration: 'MULTIPLE',
        singleCrusherPipeId: 'PIPE-DN100',
      }),
    );
    expect(res.status).toBe(400);
    expect(res.fields['transit.singleCrusherPipeId']).toBe(TRANSIT_MESSAGES.singlePipeNotAllowed);
  });

  it('a single sealant layer is only for RISE_ULTRA', async () => {
    const res = await save(
      base({ penetratingItemTypeId: 'CABLE', transitTypeId: 'NOFIRNO', sealantDepth: 'SINGLE' }),
    );
    expect(res.status).toBe(400);
    expect(res.fields['transit.sealantDepth']).toBe(TRANSIT_MESSAGES.sealantDepthNotAllowed);
  });

  it('a corner radius above half the shorter side is refused naming the largest (50 mm); 50 is kept', async () => {
    const rect = base({ shape: 'RECTANGLE', widthMm: 200, heightMm: 100, diameterMm: null });
    const refused = await save({ ...rect, radiusMm: 80 });
    expect(refused.status).toBe(400);
    expect(refused.fields['transit.radiusMm']).toBe(
      'The corner radius can be at most 50mm (half the shorter side).',
    );
    const kept = await save({ ...rect, radiusMm: 50 });
    expect(kept.status).toBe(200);
    expect(kept.transit?.radiusMm).toBe(50);
    expect(kept.transit?.results?.opening).toMatchObject({ cornerRadiusMm: 50 });
  });

  it('negative sizes and spare above 99 are refused with the field’s message, never made positive or clamped', async () => {
    const negative = await save(base({ diameterMm: -250 }));
    expect(negative.status).toBe(400);
    expect(negative.fields['transit.diameterMm']).toBe(TRANSIT_MESSAGES.length);
    const spare = await save(base({ sparePercent: 150 }));
    expect(spare.status).toBe(400);
    expect(spare.fields['transit.sparePercent']).toBe('Spare percent must be between 0 and 99');
  });
});

describe('the generic update (PUT /api/instance/Transit/{id}) applies the same rules', () => {
  it('refuses a corner radius above the largest and a RISE_ULTRA depth; stores the minimum when empty', async () => {
    const created = await paths.saveTransit!(
      base({ shape: 'RECTANGLE', widthMm: 200, heightMm: 100, penetratingItemTypeId: 'PIPE' }),
    );
    const put = (payload: Body) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/instance/Transit/${created.transit!.id}`,
        headers: user.headers,
        payload: { ...payload, force: true },
      });
    const rect = { shape: 'RECTANGLE', widthMm: 200, heightMm: 100, penetratingItemTypeId: 'PIPE' };
    const radius = await put({ ...rect, radiusMm: 80 });
    expect(radius.statusCode).toBe(400);
    expect(radius.json().error.fields['transit.radiusMm']).toBe(
      'The corner radius can be at most 50mm (half the shorter side).',
    );
    const rise = { ...rect, transitTypeId: 'RISE_ULTRA', classId: 'A_60_CLASS' };
    const deep = await put({ ...rise, depthMm: 300 });
    expect(deep.statusCode).toBe(400);
    const fixed = await put(rise);
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json().data).toMatchObject({ depthMm: 150, crusherPipeConfiguration: 'MULTIPLE' });
  });
});
