import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProjects } from '@sealplan/db';
import { TRANSIT_TYPE_IDS, ITEM_TYPE_IDS } from '@sealplan/engine';
import type { DashboardData, InstanceList, Transit } from '@sealplan/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUserWithToken, type TestUser } from '../../testing/factories';
import { call, seedReferenceData } from './testing/project-fixtures';
import { seedDemoPortfolio } from './demo.seed';

let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  await seedReferenceData(t.deps.db.db);
  user = await createUserWithToken(t.deps.db.db);
});
afterAll(async () => t.close());

describe('demo portfolio seed', () => {
  it('adds two customers, three projects and a dozen transits of every shape and type, once', async () => {
    expect(await seedDemoPortfolio(t.deps.db.db, user.organizationId!, user.id)).toBe(true);
    expect(await seedDemoPortfolio(t.deps.db.db, user.organizationId!, user.id)).toBe(false);
    const dashboard = (await call<DashboardData>(t.app, '/api/project/getDashboardData', {}, user.headers))
      .body.data;
    const transitCount = demoProjects.reduce((n, p) => n + p.transits.length, 0);
    expect(dashboard.counts).toMatchObject({ customers: 2, projects: 3, transits: transitCount });
    expect(dashboard.counts.overfilledTransits).toBeGreaterThanOrEqual(1);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/instance/Transit',
      query: { size: '100' },
      headers: user.headers,
    });
    const transits = (res.json().data as InstanceList<Transit>).r;
    expect(new Set(transits.map((x) => x.shape))).toEqual(new Set(['ROUND', 'RECTANGLE']));
    expect(new Set(transits.map((x) => x.transitTypeId))).toEqual(new Set(TRANSIT_TYPE_IDS));
    expect(new Set(transits.map((x) => x.penetratingItemTypeId))).toEqual(new Set(ITEM_TYPE_IDS));
    expect(transits.every((x) => x.results !== null && x.penetratingItemCount > 0)).toBe(true);
  });

  it("reads as a contractor's own documents: tagged transits, site notes, no words addressed to developers", async () => {
    await seedDemoPortfolio(t.deps.db.db, user.organizationId!, user.id);
    // What a customer would read in an exported material list.
    const texts = demoProjects.flatMap((p) => [
      p.name,
      p.description,
      ...p.transits.flatMap((x) => [x.name, x.comments ?? '']),
    ]);
    for (const text of texts) expect(text).not.toMatch(DEVELOPER_WORDING);
    for (const transit of demoProjects.flatMap((p) => p.transits)) expect(transit.name).toMatch(TRANSIT_TAG);
    // The transit that does not fit (the demo keeps one) says what the site does about it.
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/instance/Transit',
      query: { size: '100' },
      headers: user.headers,
    });
    const failing = (res.json().data as InstanceList<Transit>).r.filter((x) => {
      const results = x.results as { overfilled?: boolean; packing?: { fits?: boolean } } | null;
      return results?.overfilled === true || results?.packing?.fits === false;
    });
    expect(failing.length).toBeGreaterThanOrEqual(1);
    for (const transit of failing) expect(transit.comments.length).toBeGreaterThan(40);
  });
});

/** Wording meant for the people building the product, not for a customer. */
const DEVELOPER_WORDING =
  /on purpose|shows the|fill bar|error banner|\bdemo\b|placeholder|lorem|\bdevelopers?\b/i;
/** A contractor's transit tag, e.g. 'MCT-301 ...', 'WP-04 ...'. */
const TRANSIT_TAG = /^[A-Z]{2,3}-\d{2,3} \S/;
