import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SHIP_TRANSITS, demoProjects, demoShipProject } from '@sealplan/db';
import { TRANSIT_TYPE_IDS, ITEM_TYPE_IDS } from '@sealplan/engine';
import type { DashboardData, InstanceList, Project, ProjectSite, Transit } from '@sealplan/contracts';
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
  it('adds two customers, three small projects of every shape and type and the large one, once', async () => {
    const started = Date.now();
    expect(await seedDemoPortfolio(t.deps.db.db, user.organizationId!, user.id)).toBe(true);
    // ADR 038: the seed's time, printed so a slower seed is seen (its repeated designs are sized once each).
    console.log(`demo portfolio seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    expect(await seedDemoPortfolio(t.deps.db.db, user.organizationId!, user.id)).toBe(false);
    const dashboard = (await call<DashboardData>(t.app, '/api/project/getDashboardData', {}, user.headers))
      .body.data;
    const transitCount = demoProjects.reduce((n, p) => n + p.transits.length, 0) + DEMO_SHIP_TRANSITS;
    expect(dashboard.counts).toMatchObject({
      customers: 2,
      projects: demoProjects.length + 1,
      transits: transitCount,
    });
    expect(dashboard.counts.overfilledTransits).toBeGreaterThanOrEqual(1);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/instance/Transit',
      query: { size: '100' },
      headers: user.headers,
    });
    const shipNames = new Set(demoShipProject.transits.map((x) => x.name));
    const transits = (res.json().data as InstanceList<Transit>).r.filter((x) => !shipNames.has(x.name));
    expect(transits).toHaveLength(transitCount - DEMO_SHIP_TRANSITS);
    expect(new Set(transits.map((x) => x.shape))).toEqual(new Set(['ROUND', 'RECTANGLE']));
    expect(new Set(transits.map((x) => x.transitTypeId))).toEqual(new Set(TRANSIT_TYPE_IDS));
    expect(new Set(transits.map((x) => x.penetratingItemTypeId))).toEqual(new Set(ITEM_TYPE_IDS));
    expect(transits.every((x) => x.results !== null && x.penetratingItemCount > 0)).toBe(true);
    // The large project's 500 saves: minutes on a loaded machine (ADR 038).
  }, 900_000);

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
    const shipNames = new Set(demoShipProject.transits.map((x) => x.name));
    const failing = (res.json().data as InstanceList<Transit>).r.filter((x) => {
      if (shipNames.has(x.name)) return false;
      const results = x.results as { overfilled?: boolean; packing?: { fits?: boolean } } | null;
      return results?.overfilled === true || results?.packing?.fits === false;
    });
    expect(failing.length).toBeGreaterThanOrEqual(1);
    for (const transit of failing) expect(transit.comments.length).toBeGreaterThan(40);
  });

  it('the large project: 500 sized transits, each in its deck and space (ADR 031), tagged like the others', async () => {
    await seedDemoPortfolio(t.deps.db.db, user.organizationId!, user.id);
    const projects = (
      await t.app.inject({
        method: 'GET',
        url: '/api/instance/Project',
        query: { size: '100' },
        headers: user.headers,
      })
    ).json().data as InstanceList<Project>;
    const ship = projects.r.find((p) => p.name === demoShipProject.name)!;
    expect(ship.transitCount).toBe(DEMO_SHIP_TRANSITS);
    const site = (
      await call<ProjectSite>(t.app, '/api/site/getProjectSite', { projectId: ship.id }, user.headers)
    ).body.data;
    const roots = site.locations.filter((l) => l.parentId === null).map((l) => l.name);
    expect(roots).toEqual(['Tank top', 'Deck 2', 'Deck 3', 'Deck 4', 'Deck 5', 'Deck 6', 'Bridge deck']);
    expect(site.locations).toHaveLength(roots.length + 10);
    const leaves = new Set(site.locations.filter((l) => l.parentId !== null).map((l) => l.id));
    expect(site.transits).toHaveLength(DEMO_SHIP_TRANSITS);
    expect(site.transits.every((x) => x.locationId !== null && leaves.has(x.locationId))).toBe(true);
    const read = await call<{ transits: Transit[] }>(
      t.app,
      '/api/project/getProjectAndTransits',
      { projectId: ship.id },
      user.headers,
    );
    const transits = read.body.data.transits;
    expect(transits).toHaveLength(DEMO_SHIP_TRANSITS);
    expect(transits.every((x) => x.results !== null && x.penetratingItemCount > 0)).toBe(true);
    for (const transit of transits) expect(transit.name).toMatch(TRANSIT_TAG);
    const texts = [demoShipProject.name, demoShipProject.description, ...transits.map((x) => x.name)];
    for (const text of texts) expect(text).not.toMatch(DEVELOPER_WORDING);
    // A transit that does not fit says what the site does about it, as in the small projects.
    const failing = transits.filter((x) => {
      const results = x.results as { overfilled?: boolean; packing?: { fits?: boolean } } | null;
      return results?.overfilled === true || results?.packing?.fits === false;
    });
    for (const transit of failing) expect(transit.comments.length).toBeGreaterThan(40);
  }, 300_000);
});

/** Wording meant for the people building the product, not for a customer. */
const DEVELOPER_WORDING =
  /on purpose|shows the|fill bar|error banner|\bdemo\b|placeholder|lorem|\bdevelopers?\b/i;
/** A contractor's transit tag, e.g. 'MCT-301 ...', 'WP-04 ...'. */
const TRANSIT_TAG = /^[A-Z]{2,3}-\d{2,3} \S/;
