import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_HEADER, type Customer, type Project, type Transit } from '@sealplan/contracts';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createOrganization, createUserWithToken, type TestUser } from '../testing/factories';
import { call, seedReferenceData, validCustomer } from '../modules/projects/testing/project-fixtures';

/**
 * ADR 011: every route × every role × own/other organization, generated from the app's route table. A route
 * with no rule below fails the suite, so a new route cannot ship without saying who may call it.
 */

type Caller = 'anonymous' | 'noAccess' | 'admin' | 'orgElevated' | 'providerElevated' | 'systemAdmin';
const SIGNED_IN: Caller[] = ['noAccess', 'admin', 'orgElevated', 'providerElevated', 'systemAdmin'];
const WITH_ACCESS: Caller[] = ['admin', 'orgElevated', 'providerElevated', 'systemAdmin'];

/** Who may call a route (docs/decisions/005-permissions.md). */
const ACCESS = {
  /** Anyone, signed in or not. */
  public: ['anonymous', ...SIGNED_IN],
  /** Any signed-in user, with or without admin.access (it answers whether the token is valid). */
  signedIn: SIGNED_IN,
  /** A signed-in user with admin.access (requireUser / requireOrgUser: every caller here has an organization). */
  user: WITH_ACCESS,
  /** User administration: ElevatedUser or SystemAdministrator. */
  userAdmin: ['orgElevated', 'providerElevated', 'systemAdmin'],
  /** Provider-wide data (the catalogue): SystemAdministrator or the provider's ElevatedUser. */
  providerWide: ['providerElevated', 'systemAdmin'],
  /** Content administration (ADR 016): a provider account whose roles carry content.manage. */
  content: ['providerElevated', 'systemAdmin'],
  /**
   * The public API (ADR 036): an API key only, never a session (every session caller gets 401); keys of each
   * organization are tried below.
   */
  apiKey: [],
} as const satisfies Record<string, readonly Caller[]>;
type Access = keyof typeof ACCESS;

interface Fixture {
  customer: Customer;
  project: Project;
  transit: Transit;
  /** A user of organization A (the records' owner). */
  userA: TestUser;
  /** Organization A's webhook endpoint and one of its deliveries (ADR 037). */
  webhookId: string;
  deliveryId: string;
}

/**
 * How a route reaches another organization's data: 'none' (no organization data: auth, health, catalogue,
 * settings, the caller's own profile), 'list' (answers only the caller's organization: the marker of organization
 * A must not appear), or a request aimed at organization A's record, which a caller of organization B must not
 * read or change.
 */
type Scope = 'none' | 'list' | ((f: Fixture) => { url?: string; body?: unknown });

interface Rule {
  access: Access;
  scope: Scope;
  /** Calling it would end the caller's session or account: checked without a signed-in caller. */
  endsSession?: boolean;
}

const RULES: Record<string, Rule> = {
  'GET /api/health': { access: 'public', scope: 'none' },
  'GET /api/docs': { access: 'public', scope: 'none' },
  'GET /api/settings': { access: 'public', scope: 'none' },
  'GET /api/adminSettings': { access: 'userAdmin', scope: 'none' },
  'POST /api/auth/token': { access: 'public', scope: 'none' },
  'GET /api/auth/signout': { access: 'public', scope: 'none', endsSession: true },
  'GET /api/auth/validatetoken': { access: 'signedIn', scope: 'none' },
  'POST /api/auth/update-password': { access: 'user', scope: 'none' },
  'GET /api/v1/account/resetpassword': { access: 'public', scope: 'none' },
  'GET /api/v1/account/resetpassword/': { access: 'public', scope: 'none' },
  'GET /api/v1/account/resetpassword/:email': { access: 'public', scope: 'none' },
  'POST /api/v1/account/updatepassword': { access: 'public', scope: 'none' },
  'GET /api/auth/current-user': { access: 'user', scope: 'none' },
  'POST /api/user/register': { access: 'public', scope: 'none' },
  'POST /api/user/sendPasswordResetEmail': { access: 'public', scope: 'none' },
  'POST /api/user/resetPassword': { access: 'public', scope: 'none' },
  'POST /api/user/updateUserStatus': {
    access: 'userAdmin',
    scope: (f) => ({ body: { user: { id: f.userA.id }, isApproved: false } }),
  },
  'POST /api/user/create': { access: 'userAdmin', scope: 'none' },
  'POST /api/user/suspend': { access: 'userAdmin', scope: (f) => ({ body: { userIds: [f.userA.id] } }) },
  'POST /api/user/restore': { access: 'userAdmin', scope: (f) => ({ body: { userIds: [f.userA.id] } }) },
  'POST /api/user/delete': { access: 'userAdmin', scope: (f) => ({ body: { userIds: [f.userA.id] } }) },
  'POST /api/user/adminResetPassword': {
    access: 'userAdmin',
    scope: (f) => ({ body: { userIds: [f.userA.id] } }),
  },
  'POST /api/user/setRoles': {
    access: 'userAdmin',
    scope: (f) => ({ body: { userIds: [f.userA.id], roles: ['Administrator'] } }),
  },
  'POST /api/user/list': { access: 'userAdmin', scope: 'list' },
  'POST /api/user/organizations': { access: 'userAdmin', scope: 'list' },
  'POST /api/user/assignableRoles': { access: 'userAdmin', scope: 'none' },
  'POST /api/user/editUser': {
    access: 'user',
    scope: (f) => ({ body: { user: { id: f.userA.id, firstName: 'Taken', lastName: 'Over' } } }),
  },
  'POST /api/user/saveUser': { access: 'user', scope: 'none' },
  'POST /api/user/save': { access: 'user', scope: 'none' },
  'POST /api/user/setDevice': { access: 'user', scope: 'none' },
  'GET /api/user/getUser': { access: 'user', scope: 'none' },
  'GET /api/user/getUser/:id': {
    access: 'userAdmin',
    scope: (f) => ({ url: `/api/user/getUser/${f.userA.id}` }),
  },
  'GET /api/catalogue': { access: 'user', scope: 'none' },
  'PUT /api/catalogue': { access: 'providerWide', scope: 'none' },
  'POST /api/catalogue/verify': { access: 'providerWide', scope: 'none' },
  'POST /api/customer/saveOne': {
    access: 'user',
    scope: (f) => ({
      body: {
        customer: { ...validCustomer(), id: f.customer.id, version: f.customer.version, name: 'Taken over' },
      },
    }),
  },
  'POST /api/customer/getActive': { access: 'user', scope: 'list' },
  // Public: the register page a visitor sees lists the industries (reference data, nothing of an organization).
  'POST /api/industry/getActive': { access: 'public', scope: 'none' },
  'POST /api/industry/saveNames': { access: 'providerWide', scope: 'none' },
  'POST /api/project/saveOne': {
    access: 'user',
    scope: (f) => ({
      body: {
        project: {
          id: f.project.id,
          version: f.project.version,
          name: 'Taken over',
          customerId: f.customer.id,
          industryId: 'OFF_SHORE',
        },
      },
    }),
  },
  'POST /api/project/getFormData': { access: 'user', scope: 'list' },
  'POST /api/project/getPenetratingItemTypes': { access: 'user', scope: 'none' },
  'POST /api/project/getProjectAndTransits': {
    access: 'user',
    scope: (f) => ({ body: { projectId: f.project.id } }),
  },
  'POST /api/project/getDashboardData': { access: 'user', scope: 'list' },
  'POST /api/project/getRecentProjects': { access: 'user', scope: 'list' },
  'POST /api/project/getTransitData': {
    access: 'user',
    scope: (f) => ({ body: { transitId: f.transit.id } }),
  },
  'POST /api/project/saveTransit': {
    access: 'user',
    scope: (f) => ({ body: { transit: takenOverTransit(f) } }),
  },
  'POST /api/project/savePenetratingItems': {
    access: 'user',
    scope: (f) => ({ body: { penetratingItems: [cableItem(f)], transitVersion: f.transit.version } }),
  },
  'POST /api/project/savePenetratingItemsAndTransit': {
    access: 'user',
    scope: (f) => ({ body: { transit: takenOverTransit(f), penetratingItems: [cableItem(f)] } }),
  },
  'POST /api/project/duplicateTransit': {
    access: 'user',
    scope: (f) => ({ body: { transitId: f.transit.id } }),
  },
  'POST /api/project/sendProjectExport': {
    access: 'user',
    scope: (f) => ({
      body: { projectId: f.project.id, measurementSystem: 'METRIC', toAddress: 'someone@example.com' },
    }),
  },
  'GET /api/instance/:model': { access: 'user', scope: 'list' },
  'POST /api/instance/:model': { access: 'user', scope: 'none' },
  'GET /api/instance/:model/:id': {
    access: 'user',
    scope: (f) => ({ url: `/api/instance/Customer/${f.customer.id}` }),
  },
  'PUT /api/instance/:model/:id': {
    access: 'user',
    scope: (f) => ({
      url: `/api/instance/Customer/${f.customer.id}`,
      body: { ...validCustomer(), version: f.customer.version, name: 'Taken over' },
    }),
  },
  'DELETE /api/instance/:model/:id': {
    access: 'user',
    scope: (f) => ({ url: `/api/instance/Project/${f.project.id}` }),
  },
  // Schedules (ADR 020).
  'POST /api/schedules/readScheduleFile': { access: 'user', scope: 'none' },
  'POST /api/schedules/getScheduleMapping': { access: 'user', scope: 'none' },
  'POST /api/schedules/importSchedule': {
    access: 'user',
    scope: (f) => ({
      body: {
        projectId: f.project.id,
        transitId: f.transit.id,
        headings: ['Tag', 'OD'],
        rows: [['W-1', '20']],
        mapping: { tag: 0, type: null, outerDiameter: 1, quantity: null, transit: null },
      },
    }),
  },
  // Content administration (ADR 016): provider-wide content, no organization data.
  // The shell's menu: shared content, filtered by the caller's roles, nothing of an organization.
  'POST /api/content/getMainMenu': { access: 'user', scope: 'none' },
  'POST /api/content/communitySubmit': { access: 'user', scope: 'none' },
  'POST /api/content/save': { access: 'content', scope: 'none' },
  'POST /api/content/publish': { access: 'content', scope: 'none' },
  'POST /api/content/preRender': { access: 'content', scope: 'none' },
  'POST /api/content/toggleLock': { access: 'content', scope: 'none' },
  'POST /api/content/indexAll': { access: 'content', scope: 'none' },
  'POST /api/content/facebookScrape': { access: 'content', scope: 'none' },
  'POST /api/instance/validate/:model': { access: 'content', scope: 'none' },
  // Each organization counts its own sequences.
  'POST /api/instance/sequence/:name': { access: 'user', scope: 'none' },
  'GET /api/message': { access: 'public', scope: 'none' },
  'GET /api/translations/all': { access: 'public', scope: 'none' },
  'GET /api/locker/:id': { access: 'user', scope: 'none' },
  // Any user may send a file: a transit's photo (ADR 032, scoped by the photo tests) or, for content
  // administrators only, a content image (the locker service refuses others with 403).
  'POST /api/locker/upload': { access: 'user', scope: 'none' },
  // A transit on site (ADR 031): locations, installation and inspection, labels. Reads and writes aimed at
  // organization A's project and transit; deleting a location needs one (the site tests refuse B's there).
  'POST /api/site/getProjectSite': { access: 'user', scope: (f) => ({ body: { projectId: f.project.id } }) },
  'POST /api/site/saveLocation': {
    access: 'user',
    scope: (f) => ({ body: { location: { projectId: f.project.id, name: 'Deck 3' } } }),
  },
  'POST /api/site/deleteLocation': { access: 'user', scope: 'none' },
  'POST /api/site/setTransitLocation': {
    access: 'user',
    scope: (f) => ({ body: { transitId: f.transit.id, locationId: null } }),
  },
  'POST /api/site/getTransitSite': { access: 'user', scope: (f) => ({ body: { transitId: f.transit.id } }) },
  'POST /api/site/changeStatus': {
    access: 'user',
    scope: (f) => ({ body: { transitId: f.transit.id, action: 'install' } }),
  },
  'POST /api/site/getStatusCounts': { access: 'user', scope: 'list' },
  'GET /api/site/labels/:projectId': {
    access: 'user',
    scope: (f) => ({ url: `/api/site/labels/${f.project.id}` }),
  },
  // The hand-over (ADR 035): the as-built record and the archive of organization A's project; an import makes a
  // new project in the caller's own organization only (an Administrator's: handover.routes.test.ts).
  'GET /api/handover/asBuilt/:projectId': {
    access: 'user',
    scope: (f) => ({ url: `/api/handover/asBuilt/${f.project.id}` }),
  },
  'GET /api/handover/archive/:projectId': {
    access: 'user',
    scope: (f) => ({ url: `/api/handover/archive/${f.project.id}` }),
  },
  'POST /api/handover/importArchive': { access: 'user', scope: 'none' },
  // A transit's history, restore and photos (ADR 032).
  'POST /api/history/transit': { access: 'user', scope: (f) => ({ body: { transitId: f.transit.id } }) },
  'POST /api/history/project': { access: 'user', scope: (f) => ({ body: { projectId: f.project.id } }) },
  'POST /api/history/restore': {
    access: 'user',
    scope: (f) => ({ body: { transitId: f.transit.id, changeId: randomUUID() } }),
  },
  'POST /api/photos/list': { access: 'user', scope: (f) => ({ body: { transitId: f.transit.id } }) },
  'POST /api/photos/remove': { access: 'user', scope: () => ({ body: { photoId: randomUUID() } }) },
  // Photos are looked up in the caller's organization only (another's answers 404: photos.routes.test.ts).
  'GET /api/photos/:id': { access: 'user', scope: 'none' },
  'GET /api/photos/:id/thumbnail': { access: 'user', scope: 'none' },
  // Sign-in with outside providers and devices (ADR 018): the steps before sign-in are public; linking,
  // unlinking and devices are the caller's own (scoped to the caller's user id, not an organization).
  'GET /api/auth/external/providers': { access: 'public', scope: 'none' },
  'POST /api/auth/external/oidc/request': { access: 'public', scope: 'none' },
  'POST /api/auth/external/oauth1/request': { access: 'public', scope: 'none' },
  'POST /api/auth/external/oidc/access': { access: 'public', scope: 'none' },
  'POST /api/auth/external/oauth1/access': { access: 'public', scope: 'none' },
  'POST /api/auth/external/verify': { access: 'public', scope: 'none' },
  'GET /api/auth/external/identities': { access: 'user', scope: 'none' },
  'POST /api/auth/external/link': { access: 'user', scope: 'none' },
  'POST /api/auth/external/unlink': { access: 'user', scope: 'none' },
  'POST /api/user/signOutDevice': { access: 'user', scope: 'none' },
  // Webhooks (ADR 037): an organization's user administrators, each in their own organization only.
  'POST /api/webhook/list': { access: 'userAdmin', scope: 'list' },
  'POST /api/webhook/save': {
    access: 'userAdmin',
    scope: (f) => ({
      body: { id: f.webhookId, url: 'https://hooks.invalid/taken-over', events: ['project.created'] },
    }),
  },
  'POST /api/webhook/delete': { access: 'userAdmin', scope: (f) => ({ body: { id: f.webhookId } }) },
  'POST /api/webhook/deliveries': { access: 'userAdmin', scope: 'list' },
  'POST /api/webhook/resend': { access: 'userAdmin', scope: (f) => ({ body: { deliveryId: f.deliveryId } }) },
  'POST /api/webhook/ping': { access: 'userAdmin', scope: (f) => ({ body: { id: f.webhookId } }) },
  // API keys (ADR 036): made, listed and revoked by the organization's user administrators.
  'POST /api/apiKeys/list': { access: 'userAdmin', scope: 'list' },
  'POST /api/apiKeys/create': { access: 'userAdmin', scope: 'none' },
  'POST /api/apiKeys/revoke': { access: 'userAdmin', scope: () => ({ body: { apiKeyId: keyA.id } }) },
  // The public API (ADR 036): its description and reference are public; its calls take an API key.
  'GET /api/v1/openapi.json': { access: 'public', scope: 'none' },
  'GET /api/v1/reference': { access: 'public', scope: 'none' },
  'GET /api/v1/reference/redoc.standalone.js': { access: 'public', scope: 'none' },
  'GET /api/v1/customers': { access: 'apiKey', scope: 'list' },
  'POST /api/v1/customers': {
    access: 'apiKey',
    scope: (f) => ({
      body: {
        customer: { ...validCustomer(), id: f.customer.id, version: f.customer.version, name: 'Taken over' },
      },
    }),
  },
  'GET /api/v1/projects': { access: 'apiKey', scope: 'list' },
  'POST /api/v1/projects': {
    access: 'apiKey',
    scope: (f) => ({
      body: {
        project: {
          id: f.project.id,
          version: f.project.version,
          name: 'Taken over',
          customerId: f.customer.id,
          industryId: 'OFF_SHORE',
        },
      },
    }),
  },
  'GET /api/v1/projects/:projectId': {
    access: 'apiKey',
    scope: (f) => ({ url: `/api/v1/projects/${f.project.id}` }),
  },
  'GET /api/v1/projects/:projectId/site': {
    access: 'apiKey',
    scope: (f) => ({ url: `/api/v1/projects/${f.project.id}/site` }),
  },
  'POST /api/v1/projects/:projectId/export': {
    access: 'apiKey',
    scope: (f) => ({ url: `/api/v1/projects/${f.project.id}/export`, body: { measurementSystem: 'METRIC' } }),
  },
  'GET /api/v1/transits/:transitId': {
    access: 'apiKey',
    scope: (f) => ({ url: `/api/v1/transits/${f.transit.id}` }),
  },
  'POST /api/v1/transits': {
    access: 'apiKey',
    scope: (f) => ({ body: { transit: takenOverTransit(f), penetratingItems: [cableItem(f)] } }),
  },
  'POST /api/v1/schedule-imports': {
    access: 'apiKey',
    scope: (f) => ({
      body: {
        projectId: f.project.id,
        transitId: f.transit.id,
        headings: ['Tag', 'OD'],
        rows: [['W-1', '20']],
        mapping: { tag: 0, type: null, outerDiameter: 1, quantity: null, transit: null },
      },
    }),
  },
  'GET /api/v1/statuses': { access: 'apiKey', scope: 'list' },
};

function takenOverTransit(f: Fixture) {
  return { ...transitBody(f.project.id), id: f.transit.id, version: f.transit.version, name: 'Taken over' };
}

function cableItem(f: Fixture) {
  return { transitId: f.transit.id, itemTypeId: 'CABLE', quantity: 1, outerDiameterMm: 10 };
}

/** The fixture's records as stored now (the control requests below change their versions). */
async function refreshFixture() {
  const own = await call<{ project: Project; customer: Customer; transits: Transit[] }>(
    t.app,
    '/api/project/getProjectAndTransits',
    { projectId: fixture.project.id },
    fixture.userA.headers,
  );
  const data = own.body.data;
  fixture.project = data.project;
  fixture.customer = data.customer;
  fixture.transit = data.transits.find((tr) => tr.id === fixture.transit.id) ?? fixture.transit;
}

function transitBody(projectId: string) {
  return {
    projectId,
    name: 'Matrix transit',
    shape: 'ROUND',
    diameterMm: 250,
    penetratingItemTypeId: 'CABLE',
    transitTypeId: 'NOFIRNO',
    classId: 'A_60_CLASS',
    sealantType: 'NOFIRNO_SEALANT',
    sealantDepth: 'DOUBLE',
    depthMm: 150,
  };
}

/** A concrete URL for a route pattern (any value: the guard answers before the record is looked up). */
function concreteUrl(url: string): string {
  return url
    .replace(':model', 'Customer')
    .replace(':id', randomUUID())
    .replace(':email', 'matrix@example.com')
    .replace(':name', 'matrix.sequence')
    .replace(':projectId', randomUUID())
    .replace(':transitId', randomUUID());
}

let t: TestApp;
const callers = {} as Record<Exclude<Caller, 'anonymous'>, TestUser>;
let adminB: TestUser;
let fixture: Fixture;
/** API keys with every scope, of organization A (named with the marker) and of organization B (ADR 036). */
let keyA: { id: string; secret: string };
let keyB: { id: string; secret: string };
const keyHeaders = (key: { secret: string }) => ({ authorization: `Bearer ${key.secret}` });
/** A name only organization A's records carry. */
const MARKER = `Matrix-${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db.db;
  await seedReferenceData(db);
  const orgA = await createOrganization(db, `${MARKER} org`);
  const orgB = await createOrganization(db);
  const provider = await createOrganization(db, `Provider ${randomUUID().slice(0, 8)}`, true);
  callers.noAccess = await createUserWithToken(db, { organizationId: orgA.id, roles: ['DefaultUser'] });
  callers.admin = await createUserWithToken(db, { organizationId: orgA.id, roles: ['Administrator'] });
  callers.orgElevated = await createUserWithToken(db, {
    organizationId: orgA.id,
    roles: ['Administrator', 'ElevatedUser'],
  });
  callers.providerElevated = await createUserWithToken(db, {
    organizationId: provider.id,
    roles: ['Administrator', 'ElevatedUser'],
  });
  callers.systemAdmin = await createUserWithToken(db, {
    organizationId: provider.id,
    roles: ['Administrator', 'SystemAdministrator'],
  });
  adminB = await createUserWithToken(db, {
    organizationId: orgB.id,
    roles: ['Administrator', 'ElevatedUser'],
  });
  const userA = await createUserWithToken(db, {
    organizationId: orgA.id,
    roles: ['Administrator'],
    email: `${MARKER.toLowerCase()}@example.com`,
  });
  const customer = (
    await call<Customer>(
      t.app,
      '/api/customer/saveOne',
      { customer: validCustomer({ name: MARKER }) },
      userA.headers,
    )
  ).body.data;
  const project = (
    await call<Project>(
      t.app,
      '/api/project/saveOne',
      { project: { name: MARKER, customerId: customer.id, industryId: 'OFF_SHORE' } },
      userA.headers,
    )
  ).body.data;
  const transit = (
    await call<Transit>(
      t.app,
      '/api/project/saveTransit',
      { transit: transitBody(project.id) },
      userA.headers,
    )
  ).body.data;
  expect(transit.id).toBeTruthy();
  // Organization A's webhook endpoint (its address carries the marker) and a delivery of it. The name never
  // resolves (.invalid), so the delivery fails quietly in the background.
  const webhook = (
    await call<{ endpoint: { id: string } }>(
      t.app,
      '/api/webhook/save',
      { url: `https://hooks.invalid/${MARKER}`, events: ['project.created'] },
      callers.orgElevated.headers,
    )
  ).body.data;
  const delivery = (
    await call<{ id: string }>(
      t.app,
      '/api/webhook/ping',
      { id: webhook.endpoint.id },
      callers.orgElevated.headers,
    )
  ).body.data;
  fixture = { customer, project, transit, userA, webhookId: webhook.endpoint.id, deliveryId: delivery.id };
  const makeKey = async (by: TestUser, name: string) => {
    const made = await call<{ key: { id: string }; secret: string }>(
      t.app,
      '/api/apiKeys/create',
      { name, scopes: ['read', 'write', 'export'] },
      by.headers,
    );
    expect(made.status).toBe(200);
    return { id: made.body.data.key.id, secret: made.body.data.secret };
  };
  keyA = await makeKey(callers.orgElevated, MARKER);
  keyB = await makeKey(adminB, 'Organization B');
}, 120_000);
afterAll(() => t.close());

const apiRoutes = () =>
  t.app.routeTable.filter((r) => r.url.startsWith('/api')).map((r) => `${r.method} ${r.url}`);

function inject(route: string, headers: Record<string, string>, override?: { url?: string; body?: unknown }) {
  const [method, url] = route.split(' ') as [string, string];
  const hasBody = method !== 'GET' && method !== 'DELETE';
  return t.app.inject({
    method: method as 'GET',
    url: override?.url ?? concreteUrl(url),
    headers: { [CLIENT_HEADER]: 'matrix', ...headers },
    ...(hasBody ? { payload: (override?.body ?? {}) as object } : {}),
  });
}

describe('authorisation matrix (generated from the route table)', () => {
  it('every route has a rule', () => {
    const missing = apiRoutes().filter((r) => !(r in RULES));
    expect(missing, 'routes without an authorisation rule in authorisation-matrix.test.ts').toEqual([]);
    const stale = Object.keys(RULES).filter((r) => !apiRoutes().includes(r));
    expect(stale, 'rules for routes that no longer exist').toEqual([]);
  });

  it('every route × every role: refused callers get 401/403, allowed ones get past the guard', async () => {
    const failures: string[] = [];
    for (const route of apiRoutes()) {
      const rule = RULES[route];
      if (!rule) continue;
      const allowed: readonly Caller[] = ACCESS[rule.access];
      const tried: Caller[] = rule.endsSession ? ['anonymous'] : ['anonymous', ...SIGNED_IN];
      for (const caller of tried) {
        const headers = caller === 'anonymous' ? {} : callers[caller].headers;
        const res = await inject(route, headers);
        const refused = res.statusCode === 401 || res.statusCode === 403;
        // A session is no credential of the public API at all (ADR 036): 401, like no caller.
        const expected = allowed.includes(caller)
          ? 'allowed'
          : caller === 'anonymous' || rule.access === 'apiKey'
            ? 401
            : 403;
        const ok = expected === 'allowed' ? !refused && res.statusCode < 500 : res.statusCode === expected;
        if (!ok) failures.push(`${route} as ${caller}: ${res.statusCode} (expected ${expected})`);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it("every route × other organization: B's user never reads or changes A's records", async () => {
    const failures: string[] = [];
    for (const route of apiRoutes()) {
      const rule = RULES[route];
      if (!rule || rule.scope === 'none') continue;
      const callerB = rule.access === 'apiKey' ? keyHeaders(keyB) : adminB.headers;
      if (rule.scope === 'list') {
        const res = await inject(route, callerB, route.includes(':model') ? {} : { body: {} });
        if (res.statusCode >= 500 || res.body.includes(MARKER))
          failures.push(`${route}: organization B sees organization A (${res.statusCode})`);
        continue;
      }
      await refreshFixture();
      const res = await inject(route, callerB, rule.scope(fixture));
      if (res.statusCode < 400 || res.statusCode >= 500)
        failures.push(`${route}: organization B got ${res.statusCode} on organization A's record`);
    }
    expect(failures).toEqual([]);
    // Nothing of A's was changed by those attempts.
    const own = await call<{ project: Project }>(
      t.app,
      '/api/project/getProjectAndTransits',
      { projectId: fixture.project.id },
      fixture.userA.headers,
    );
    expect(own.status).toBe(200);
    expect(JSON.stringify(own.body.data)).toContain(MARKER);
    expect(JSON.stringify(own.body.data)).not.toContain('Taken over');
  }, 300_000);

  it("control: the same requests succeed for organization A (so B's refusals are not bad requests)", async () => {
    const failures: string[] = [];
    for (const route of apiRoutes()) {
      const rule = RULES[route];
      if (!rule || typeof rule.scope !== 'function' || DESTRUCTIVE.has(route)) continue;
      const owner =
        rule.access === 'apiKey'
          ? keyHeaders(keyA)
          : rule.access === 'userAdmin'
            ? callers.orgElevated.headers
            : fixture.userA.headers;
      await refreshFixture();
      const res = await inject(route, owner, rule.scope(fixture));
      if (res.statusCode >= 300)
        failures.push(`${route}: organization A got ${res.statusCode} (${res.body})`);
    }
    expect(failures).toEqual([]);
  }, 300_000);
});

/** Scoped requests that would remove or lock the fixture; their refusal for B is checked, not their success for A. */
const DESTRUCTIVE = new Set([
  'POST /api/user/updateUserStatus',
  'POST /api/user/suspend',
  'POST /api/user/restore',
  'POST /api/user/delete',
  'POST /api/user/adminResetPassword',
  'POST /api/user/setRoles',
  'DELETE /api/instance/:model/:id',
  // A restore or a removal needs a change or photo of A's; B's refusal is checked, A's own are in the history tests.
  'POST /api/history/restore',
  'POST /api/photos/remove',
  'POST /api/webhook/delete',
  // Revoking A's key would refuse the public API's control requests that follow.
  'POST /api/apiKeys/revoke',
]);
