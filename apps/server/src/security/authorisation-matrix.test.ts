import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_HEADER, type Customer, type Project, type Transit } from '@sealplan/contracts';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createOrganization, createUserWithToken, type TestUser } from '../testing/factories';
import { call, seedReferenceData, validCustomer } from '../modules/projects/testing/project-fixtures';

/**
 * Issue 17: every route × every role × own/other organization, generated from the app's route table. A route
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
} as const satisfies Record<string, readonly Caller[]>;
type Access = keyof typeof ACCESS;

interface Fixture {
  customer: Customer;
  project: Project;
  transit: Transit;
  /** A user of organization A (the records' owner). */
  userA: TestUser;
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
  // Public: the register page a visitor sees lists the industries (issue 18 item 15).
  'POST /api/industry/getActive': { access: 'public', scope: 'none' },
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
  // Issue 22: schedules (ADR 020).
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
  // Content administration (issue 19, ADR 016): provider-wide content, no organization data.
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
  'POST /api/locker/upload': { access: 'content', scope: 'none' },
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
    .replace(':name', 'matrix.sequence');
}

let t: TestApp;
const callers = {} as Record<Exclude<Caller, 'anonymous'>, TestUser>;
let adminB: TestUser;
let fixture: Fixture;
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
  fixture = { customer, project, transit, userA };
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
        const expected = allowed.includes(caller) ? 'allowed' : caller === 'anonymous' ? 401 : 403;
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
      if (rule.scope === 'list') {
        const res = await inject(route, adminB.headers, route.includes(':model') ? {} : { body: {} });
        if (res.statusCode >= 500 || res.body.includes(MARKER))
          failures.push(`${route}: organization B sees organization A (${res.statusCode})`);
        continue;
      }
      await refreshFixture();
      const res = await inject(route, adminB.headers, rule.scope(fixture));
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
      const owner = rule.access === 'userAdmin' ? callers.orgElevated : fixture.userA;
      await refreshFixture();
      const res = await inject(route, owner.headers, rule.scope(fixture));
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
]);
