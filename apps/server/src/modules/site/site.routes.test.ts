import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  RECORD_MESSAGES,
  SITE_MESSAGES,
  type Location,
  type ProjectSite,
  type SiteStatusCounts,
  type Transit,
  type TransitHistory,
  type TransitSite,
} from '@sealplan/contracts';
import { createUserWithToken, type TestUser } from '../../testing/factories';
import { call } from '../projects/testing/project-fixtures';
import { LABEL_LAYOUTS } from './tasks';
import { createSiteRepository } from './site.repository';
import { createSiteService } from './site.service';
import { createInlineCpu } from '../../workers/inline-cpu';
import { A60_CABLE_FIELDS, setUpProject, type ProjectSetup } from '../transits/testing/transit-fixtures';

let setup: ProjectSetup;
let installer: TestUser;
let inspector: TestUser;
let author: TestUser;
let stranger: TestUser;
let transit: Transit;

const as = <T>(user: TestUser, path: string, payload: unknown) =>
  call<T>(setup.t.app, path, payload, user.headers);

async function ok<T>(user: TestUser, path: string, payload: unknown): Promise<T> {
  const res = await as<T>(user, path, payload);
  expect(res.status, `${path}: ${JSON.stringify(res.body.error)}`).toBe(200);
  return res.body.data;
}

async function newTransit(name: string): Promise<Transit> {
  return ok<Transit>(setup.user, '/api/project/saveTransit', {
    transit: { projectId: setup.project.id, name, shape: 'ROUND', diameterMm: 250, ...A60_CABLE_FIELDS },
  });
}

const saveLocation = (user: TestUser, location: Record<string, unknown>) =>
  as<Location>(user, '/api/site/saveLocation', { location: { projectId: setup.project.id, ...location } });

beforeAll(async () => {
  setup = await setUpProject('Site project');
  const db = setup.t.deps.db.db;
  const organizationId = setup.user.organizationId;
  installer = await createUserWithToken(db, { organizationId, roles: ['DefaultUser', 'Author'] });
  inspector = await createUserWithToken(db, { organizationId, roles: ['DefaultUser', 'Administrator'] });
  author = await createUserWithToken(db, { organizationId, roles: ['Editor'] });
  stranger = await createUserWithToken(db, { roles: ['Administrator', 'ElevatedUser'] });
  transit = await newTransit('FR-42 cable transit');
});
afterAll(async () => setup.t.close());

describe('locations', () => {
  it('builds a tree, renames and moves a location, and refuses a circle', async () => {
    const deck = (await saveLocation(setup.user, { name: 'Deck 3' })).body.data;
    const frame = (await saveLocation(setup.user, { name: 'Frame 42', parentId: deck.id })).body.data;
    const room = (await saveLocation(installer, { name: 'Engine room', parentId: frame.id })).body.data;
    expect(room).toMatchObject({ name: 'Engine room', parentId: frame.id, version: 1 });

    const renamed = await saveLocation(setup.user, {
      id: frame.id,
      name: 'Frame 44',
      parentId: deck.id,
      version: frame.version,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: 'Frame 44', version: 2 });

    // Moving the deck under its own grandchild would close a circle.
    const circle = await saveLocation(setup.user, {
      id: deck.id,
      name: 'Deck 3',
      parentId: room.id,
      version: deck.version,
    });
    expect(circle.status).toBe(400);
    expect(circle.body.error?.fields?.['location.parentId']).toBe(SITE_MESSAGES.locationCycle);

    const stale = await saveLocation(setup.user, { id: frame.id, name: 'Frame 45', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.error?.message).toBe(RECORD_MESSAGES.versionConflict);

    const site = await ok<ProjectSite>(setup.user, '/api/site/getProjectSite', {
      projectId: setup.project.id,
    });
    expect(site.locations.map((l) => l.name).sort()).toEqual(['Deck 3', 'Engine room', 'Frame 44']);
  });

  it('refuses an empty name naming the field, and deletes only a location without sub-locations', async () => {
    const empty = await saveLocation(setup.user, { name: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error?.fields?.['location.name']).toBe(SITE_MESSAGES.locationName);

    const hall = (await saveLocation(setup.user, { name: 'Hall B' })).body.data;
    const bay = (await saveLocation(setup.user, { name: 'Bay 1', parentId: hall.id })).body.data;
    const refused = await as(setup.user, '/api/site/deleteLocation', { locationId: hall.id });
    expect(refused.status).toBe(409);
    expect(refused.body.error?.message).toBe(SITE_MESSAGES.locationHasChildren);

    const other = await newTransit('Bay transit');
    await ok(setup.user, '/api/site/setTransitLocation', { transitId: other.id, locationId: bay.id });
    const after = await ok<ProjectSite>(setup.user, '/api/site/deleteLocation', { locationId: bay.id });
    expect(after.locations.some((l) => l.id === bay.id)).toBe(false);
    expect(after.transits.find((row) => row.transitId === other.id)?.locationId).toBeNull();
  });

  it('gives a transit a location of its project and answers its path', async () => {
    const deck = (await saveLocation(setup.user, { name: 'Deck 5' })).body.data;
    const room = (await saveLocation(setup.user, { name: 'Pump room', parentId: deck.id })).body.data;
    const site = await ok<TransitSite>(setup.user, '/api/site/setTransitLocation', {
      transitId: transit.id,
      locationId: room.id,
    });
    expect(site).toMatchObject({
      locationId: room.id,
      locationPath: ['Deck 5', 'Pump room'],
      status: 'DESIGNED',
    });
  });
});

describe('installation and inspection', () => {
  it('moves designed → installed → failed → installed → passed, recording who and when', async () => {
    const t = await newTransit('Life cycle');
    const start = await ok<TransitSite>(installer, '/api/site/getTransitSite', { transitId: t.id });
    expect(start).toMatchObject({ status: 'DESIGNED', allowedActions: ['install'], events: [] });

    const installed = await ok<TransitSite>(installer, '/api/site/changeStatus', {
      transitId: t.id,
      action: 'install',
    });
    expect(installed.status).toBe('INSTALLED');
    expect(installed.installedBy?.id).toBe(installer.id);
    expect(installed.installedOn).not.toBeNull();
    // The installer is no inspector (an Author), so nothing follows for them.
    expect(installed.allowedActions).toEqual([]);

    const seen = await ok<TransitSite>(inspector, '/api/site/getTransitSite', { transitId: t.id });
    expect(seen.allowedActions).toEqual(['pass', 'fail']);

    const noRemarks = await as(inspector, '/api/site/changeStatus', { transitId: t.id, action: 'fail' });
    expect(noRemarks.status).toBe(400);
    expect(noRemarks.body.error?.fields?.remarks).toBe(SITE_MESSAGES.remarksRequired);

    const failed = await ok<TransitSite>(inspector, '/api/site/changeStatus', {
      transitId: t.id,
      action: 'fail',
      remarks: 'Sealant depth 90 mm, needs 120 mm',
    });
    expect(failed).toMatchObject({
      status: 'INSPECTION_FAILED',
      remarks: 'Sealant depth 90 mm, needs 120 mm',
      inspectedBy: { id: inspector.id },
    });

    await ok(installer, '/api/site/changeStatus', { transitId: t.id, action: 'install' });
    const passed = await ok<TransitSite>(inspector, '/api/site/changeStatus', {
      transitId: t.id,
      action: 'pass',
    });
    expect(passed.status).toBe('INSPECTION_PASSED');
    expect(passed.events.map((e) => [e.fromStatus, e.toStatus, e.by.id])).toEqual([
      ['DESIGNED', 'INSTALLED', installer.id],
      ['INSTALLED', 'INSPECTION_FAILED', inspector.id],
      ['INSPECTION_FAILED', 'INSTALLED', installer.id],
      ['INSTALLED', 'INSPECTION_PASSED', inspector.id],
    ]);
    expect(passed.events[1]!.remarks).toBe('Sealant depth 90 mm, needs 120 mm');
    expect(passed.allowedActions).toEqual([]);
    // Each step is a change in the transit's history, by the person who took it (ADR 032).
    const history = await ok<TransitHistory>(installer, '/api/history/transit', { transitId: t.id });
    const steps = history.changes
      .filter((c) => c.action === 'status')
      .map((c) => c.entries)
      .reverse();
    expect(steps).toEqual([
      [{ kind: 'status', before: 'DESIGNED', after: 'INSTALLED' }],
      [{ kind: 'status', before: 'INSTALLED', after: 'INSPECTION_FAILED' }],
      [{ kind: 'status', before: 'INSPECTION_FAILED', after: 'INSTALLED' }],
      [{ kind: 'status', before: 'INSTALLED', after: 'INSPECTION_PASSED' }],
    ]);
  });

  it('refuses a step that does not follow, an inspection by a non-inspector and by the installer', async () => {
    const t = await newTransit('Rules');
    const early = await as(inspector, '/api/site/changeStatus', { transitId: t.id, action: 'pass' });
    expect(early.status).toBe(409);
    expect(early.body.error?.message).toBe(SITE_MESSAGES.stepNotAllowed);

    await ok(inspector, '/api/site/changeStatus', { transitId: t.id, action: 'install' });
    const twice = await as(installer, '/api/site/changeStatus', { transitId: t.id, action: 'install' });
    expect(twice.status).toBe(409);

    const byEditor = await as(author, '/api/site/changeStatus', { transitId: t.id, action: 'pass' });
    expect(byEditor.status).toBe(403);
    expect(byEditor.body.error?.message).toBe(SITE_MESSAGES.inspectorRole);

    const ownWork = await as(inspector, '/api/site/changeStatus', { transitId: t.id, action: 'pass' });
    expect(ownWork.status).toBe(403);
    expect(ownWork.body.error?.message).toBe(SITE_MESSAGES.inspectorNotInstaller);

    const site = await ok<TransitSite>(setup.user, '/api/site/changeStatus', {
      transitId: t.id,
      action: 'pass',
    });
    expect(site.status).toBe('INSPECTION_PASSED');
  });

  it('counts transits per status in the project and the organization', async () => {
    const site = await ok<ProjectSite>(setup.user, '/api/site/getProjectSite', {
      projectId: setup.project.id,
    });
    const total = Object.values(site.counts).reduce((a, b) => a + b, 0);
    expect(total).toBe(site.transits.length);
    expect(site.counts.INSPECTION_PASSED).toBe(
      site.transits.filter((r) => r.status === 'INSPECTION_PASSED').length,
    );
    expect(site.counts.INSPECTION_PASSED).toBeGreaterThanOrEqual(2);
    const counts = await ok<SiteStatusCounts>(setup.user, '/api/site/getStatusCounts', {});
    expect(counts).toEqual(site.counts);
    const strangers = await ok<SiteStatusCounts>(stranger, '/api/site/getStatusCounts', {});
    expect(Object.values(strangers).every((n) => n === 0)).toBe(true);
  });
});

describe('another organization', () => {
  it('can neither read nor write the project, its locations or its transits', async () => {
    const deck = (await saveLocation(setup.user, { name: 'Private deck' })).body.data;
    const attempts: [string, unknown][] = [
      ['/api/site/getProjectSite', { projectId: setup.project.id }],
      ['/api/site/getTransitSite', { transitId: transit.id }],
      ['/api/site/changeStatus', { transitId: transit.id, action: 'install' }],
      ['/api/site/setTransitLocation', { transitId: transit.id, locationId: null }],
      ['/api/site/deleteLocation', { locationId: deck.id }],
      ['/api/site/saveLocation', { location: { projectId: setup.project.id, name: 'Intruder' } }],
      [
        '/api/site/saveLocation',
        { location: { projectId: setup.project.id, id: deck.id, name: 'X', version: 1 } },
      ],
    ];
    for (const [path, payload] of attempts) {
      const res = await as(stranger, path, payload);
      expect(res.status, path).toBe(404);
    }
    const labels = await setup.t.app.inject({
      method: 'GET',
      url: `/api/site/labels/${setup.project.id}`,
      headers: stranger.headers,
    });
    expect(labels.statusCode).toBe(404);
    const site = await ok<ProjectSite>(setup.user, '/api/site/getProjectSite', {
      projectId: setup.project.id,
    });
    expect(site.locations.find((l) => l.id === deck.id)?.name).toBe('Private deck');
    expect(site.locations.some((l) => l.name === 'Intruder')).toBe(false);
  });

  it('cannot put its own location on a transit of this project, nor this one on its own', async () => {
    const theirs = await setUpProjectFor(stranger);
    const theirLocation = (
      await as<Location>(stranger, '/api/site/saveLocation', {
        location: { projectId: theirs, name: 'Theirs' },
      })
    ).body.data;
    const res = await as(setup.user, '/api/site/setTransitLocation', {
      transitId: transit.id,
      locationId: theirLocation.id,
    });
    expect(res.status).toBe(404);
  });

  it('answers 401 without a token', async () => {
    const res = await setup.t.app.inject({
      method: 'POST',
      url: '/api/site/getTransitSite',
      payload: { transitId: transit.id },
    });
    expect(res.statusCode).toBe(401);
  });
});

async function setUpProjectFor(user: TestUser): Promise<string> {
  const customer = await ok<{ id: string }>(user, '/api/customer/saveOne', {
    customer: {
      name: 'Other Yard',
      industryId: 'ON_SHORE',
      contactFirstName: 'Ola',
      contactLastName: 'Nord',
      contactPhone: '+47 (55) 123-456',
      contactEmail: 'ola@example.com',
    },
  });
  const project = await ok<{ id: string }>(user, '/api/project/saveOne', {
    project: { name: 'Other project', customerId: customer.id, industryId: 'ON_SHORE' },
  });
  return project.id;
}

describe('label sheet', () => {
  beforeAll(async () => {
    const deck = (await saveLocation(setup.user, { name: 'Deck 7' })).body.data;
    const room = (await saveLocation(setup.user, { name: 'Cable room', parentId: deck.id })).body.data;
    await ok(setup.user, '/api/site/setTransitLocation', { transitId: transit.id, locationId: room.id });
  });

  it.each(['A4', 'LETTER'] as const)(
    'prints one label per transit with its name, location and link (%s)',
    async (paper) => {
      const res = await setup.t.app.inject({
        method: 'GET',
        url: `/api/site/labels/${setup.project.id}?paper=${paper}`,
        headers: setup.user.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const dir = mkdtempSync(join(tmpdir(), 'labels-'));
      try {
        const file = join(dir, 'labels.pdf');
        writeFileSync(file, res.rawPayload);
        // The first label (the project's first transit) alone: the text inside its rectangle on the sheet.
        const slot = LABEL_LAYOUTS[paper];
        const crop = [slot.left, slot.top, slot.width, slot.height].map((pt) => String(Math.round(pt)));
        const text = execFileSync(
          'pdftotext',
          ['-f', '1', '-l', '1', '-x', crop[0]!, '-y', crop[1]!, '-W', crop[2]!, '-H', crop[3]!, file, '-'],
          { encoding: 'utf8' },
        );
        expect(text).toContain('FR-42 cable transit');
        expect(text).toContain('Deck 7 › Cable room');
        // The link may wrap onto a second line of its label (at a dash, which pdftotext joins without it).
        const joined = (value: string) => value.replace(/[\s-]+/g, '');
        expect(joined(text)).toContain(joined(`http://localhost:3000/site/transits/${transit.id}`));
        const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
        expect(info).toMatch(paper === 'A4' ? /\(A4\)/ : /612 x 792 pts \(letter\)/);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it('refuses an unknown paper size naming the field', async () => {
    const res = await setup.t.app.inject({
      method: 'GET',
      url: `/api/site/labels/${setup.project.id}?paper=A3`,
      headers: setup.user.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().error)).toContain('paper');
  });
});

describe('the page-load reads written by the database (ADR 038)', () => {
  it('answer exactly what the service answers from the repository, and only for the caller', async () => {
    // Names that sort differently by case, equal sort numbers, a removed transit and each status present.
    for (const name of ['beta hold', 'Alpha hold', 'alpha Hold']) await saveLocation(setup.user, { name });
    const removed = await newTransit('Removed transit');
    await ok(setup.user, '/api/project/saveTransit', {
      transit: {
        projectId: setup.project.id,
        id: removed.id,
        version: removed.version,
        name: removed.name,
        shape: 'ROUND',
        diameterMm: 250,
        ...A60_CABLE_FIELDS,
        isDelete: true,
      },
    });
    const installed = await newTransit('Installed transit');
    await ok(installer, '/api/site/changeStatus', { transitId: installed.id, action: 'install' });
    const service = createSiteService({
      repo: createSiteRepository(setup.t.deps.db.db),
      now: () => new Date(),
      cpu: createInlineCpu(),
      publicUrl: 'http://localhost:3000',
    });
    const organizationId = setup.user.organizationId!;

    const site = await ok<ProjectSite>(setup.user, '/api/site/getProjectSite', {
      projectId: setup.project.id,
    });
    const expected = await service.getProjectSite(organizationId, setup.project.id);
    expect(site).toEqual(expected);
    expect(site.transits.some((r) => r.transitId === removed.id)).toBe(false);
    expect(new Set(site.transits.map((r) => r.status)).size).toBeGreaterThanOrEqual(3);
    expect(site.locations.length).toBeGreaterThanOrEqual(6);

    const counts = await ok<SiteStatusCounts>(setup.user, '/api/site/getStatusCounts', {});
    expect(counts).toEqual(await service.getStatusCounts(organizationId));
    const strangers = await ok<SiteStatusCounts>(stranger, '/api/site/getStatusCounts', {});
    expect(strangers).toEqual(await service.getStatusCounts(stranger.organizationId!));

    const missing = await as(setup.user, '/api/site/getProjectSite', { projectId: transit.id });
    expect(missing.status).toBe(404);
    expect(missing.body.error?.message).toBe(RECORD_MESSAGES.notFound);
  });
});
