// The project's "Updated" date moves whenever its transits or their items change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PenetratingItem, Project, ProjectAndTransits, Transit, TransitData } from '@sealplan/contracts';
import type { TestApp } from '../../testing/test-app';
import type { TestUser } from '../../testing/factories';
import { call } from '../projects/testing/project-fixtures';
import { postOk, setUpProject, storedTransit } from './testing/transit-fixtures';

let t: TestApp;
let user: TestUser;
let project: Project;

/** Long enough for two timestamps to differ on any clock the database keeps. */
const TICK_MS = 15;
const tick = () => new Promise((r) => setTimeout(r, TICK_MS));

async function updatedOn(): Promise<{ on: string; version: number }> {
  const res = await call<ProjectAndTransits>(
    t.app,
    '/api/project/getProjectAndTransits',
    { projectId: project.id },
    user.headers,
  );
  return { on: res.body.data.project.auditing.lastUpdatedOn, version: res.body.data.project.version };
}

/** Runs a change and answers whether the project's Updated date moved (and that its version did not). */
async function moves(change: () => Promise<void>): Promise<boolean> {
  const before = await updatedOn();
  await tick();
  await change();
  const after = await updatedOn();
  expect(after.version).toBe(before.version);
  return Date.parse(after.on) > Date.parse(before.on);
}

beforeAll(async () => {
  ({ t, user, project } = await setUpProject('Updated date'));
});
afterAll(async () => t.close());

describe('project Updated date', () => {
  let transit: Transit;
  const post = <T>(path: string, payload: unknown) => postOk<T>({ t, user }, path, payload);

  it('moves when a transit is created, saved with items, has an item saved, is duplicated and removed', async () => {
    const created = moves(async () => {
      transit = (
        await post<TransitData>('/api/project/savePenetratingItemsAndTransit', {
          transit: { projectId: project.id, name: 'A', shape: 'ROUND', diameterMm: 200 },
          penetratingItems: [{ itemTypeId: 'CABLE', quantity: 2, outerDiameterMm: 20 }],
        })
      ).transit;
    });
    expect(await created).toBe(true);

    const itemsSaved = moves(async () => {
      transit = (
        await post<TransitData>('/api/project/savePenetratingItems', {
          transitVersion: transit.version,
          penetratingItems: [
            { transitId: transit.id, itemTypeId: 'CABLE', quantity: 1, outerDiameterMm: 30 },
          ],
        })
      ).transit;
    });
    expect(await itemsSaved).toBe(true);

    const saved = moves(async () => {
      transit = await post<Transit>('/api/project/saveTransit', {
        transit: {
          id: transit.id,
          projectId: project.id,
          version: transit.version,
          name: 'A2',
          shape: 'ROUND',
        },
      });
    });
    expect(await saved).toBe(true);

    const itemThroughInstance = moves(async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/instance/PenetratingItem',
        payload: { transitId: transit.id, itemTypeId: 'CABLE', quantity: 1, outerDiameterMm: 12 },
        headers: user.headers,
      });
      expect(res.statusCode).toBe(200);
      expect((res.json() as { data: PenetratingItem }).data.transitId).toBe(transit.id);
    });
    expect(await itemThroughInstance).toBe(true);

    let copyId = '';
    const duplicated = moves(async () => {
      copyId = (await post<TransitData>('/api/project/duplicateTransit', { transitId: transit.id })).transit
        .id;
    });
    expect(await duplicated).toBe(true);

    const copy = (await storedTransit({ t, user }, copyId)).transit;
    const removed = moves(async () => {
      await post<Transit>('/api/project/saveTransit', {
        transit: {
          id: copy.id,
          projectId: project.id,
          version: copy.version,
          isDelete: true,
          name: copy.name,
          shape: copy.shape,
        },
      });
    });
    expect(await removed).toBe(true);
  });

  it('does not move when a save is refused', async () => {
    const refused = moves(async () => {
      const res = await call<Transit>(
        t.app,
        '/api/project/saveTransit',
        { transit: { id: transit.id, projectId: project.id, version: 1, name: 'stale', shape: 'ROUND' } },
        user.headers,
      );
      expect(res.body.error?.code).toBe('VERSION_CONFLICT');
    });
    expect(await refused).toBe(false);
  });
});
