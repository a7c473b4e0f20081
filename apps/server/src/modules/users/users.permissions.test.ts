import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '@sealplan/db';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createOrganization, createUserWithToken } from '../../testing/factories';
import type { RoleId } from '../../shared/roles';

/**
 * The permission matrix of docs/decisions/005-permissions.md, cell by cell. Each cell acts on fresh target users,
 * so one cell's suspension or deletion never changes another's answer.
 */
type Caller =
  | 'anonymous'
  | 'noAccess'
  | 'administrator'
  | 'editor'
  | 'author'
  | 'customerElevated'
  | 'providerElevated'
  | 'systemAdmin';
const CALLERS: Caller[] = [
  'anonymous',
  'noAccess',
  'administrator',
  'editor',
  'author',
  'customerElevated',
  'providerElevated',
  'systemAdmin',
];
const ROLES: Record<Exclude<Caller, 'anonymous'>, RoleId[]> = {
  noAccess: ['DefaultUser', 'Subscriber'],
  administrator: ['DefaultUser', 'Administrator'],
  editor: ['Editor'],
  author: ['Author'],
  customerElevated: ['ElevatedUser'],
  providerElevated: ['ElevatedUser'],
  systemAdmin: ['SystemAdministrator'],
};

/** Expected status per caller for: own profile, user admin on own org, on other org, approve pending, lists. */
const EXPECT: Record<
  Caller,
  { own: number; inOwnOrg: number; inOtherOrg: number; approve: number; list: number }
> = {
  anonymous: { own: 401, inOwnOrg: 401, inOtherOrg: 401, approve: 401, list: 401 },
  noAccess: { own: 403, inOwnOrg: 403, inOtherOrg: 403, approve: 403, list: 403 },
  administrator: { own: 200, inOwnOrg: 403, inOtherOrg: 403, approve: 403, list: 403 },
  editor: { own: 200, inOwnOrg: 403, inOtherOrg: 403, approve: 403, list: 403 },
  author: { own: 200, inOwnOrg: 403, inOtherOrg: 403, approve: 403, list: 403 },
  customerElevated: { own: 200, inOwnOrg: 200, inOtherOrg: 404, approve: 404, list: 200 },
  providerElevated: { own: 200, inOwnOrg: 200, inOtherOrg: 200, approve: 200, list: 200 },
  systemAdmin: { own: 200, inOwnOrg: 200, inOtherOrg: 200, approve: 200, list: 200 },
};

const TARGET_ACTIONS = [
  'suspend',
  'restore',
  'delete',
  'adminResetPassword',
  'setRoles',
  'editUser',
  'getUser',
] as const;

describe('permission matrix (docs/decisions/005-permissions.md)', () => {
  let t: TestApp;
  let providerOrg: string;
  let customerOrg: string;
  let otherOrg: string;
  const headers: Partial<Record<Caller, Record<string, string>>> = {};
  const orgOf: Partial<Record<Caller, string>> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.deps.db.db;
    providerOrg = (await createOrganization(db, 'Provider', true)).id;
    customerOrg = (await createOrganization(db, 'Customer A')).id;
    otherOrg = (await createOrganization(db, 'Customer B')).id;
    for (const caller of CALLERS) {
      if (caller === 'anonymous') {
        headers[caller] = {};
        orgOf[caller] = customerOrg;
        continue;
      }
      const organizationId =
        caller === 'providerElevated' ? providerOrg : caller === 'systemAdmin' ? otherOrg : customerOrg;
      const u = await createUserWithToken(db, { organizationId, roles: ROLES[caller], ttlMs: 3_600_000 });
      headers[caller] = u.headers;
      orgOf[caller] = organizationId;
    }
  });
  afterAll(() => t.close());

  const target = async (organizationId: string | null) =>
    (await createUserWithToken(t.deps.db.db, { organizationId, roles: ['DefaultUser', 'Administrator'] })).id;

  async function act(caller: Caller, action: (typeof TARGET_ACTIONS)[number], id: string) {
    const h = headers[caller]!;
    if (action === 'getUser')
      return t.app.inject({ method: 'GET', url: `/api/user/getUser/${id}`, headers: h });
    const payload =
      action === 'editUser'
        ? { user: { id, firstName: 'Edited' } }
        : action === 'setRoles'
          ? { userIds: [id], roles: ['Editor'] }
          : { userIds: [id] };
    return t.app.inject({ method: 'POST', url: `/api/user/${action}`, headers: h, payload });
  }

  for (const caller of CALLERS) {
    describe(caller, () => {
      it(`own profile calls answer ${EXPECT[caller].own}`, async () => {
        const h = headers[caller]!;
        const calls = [
          t.app.inject({ method: 'GET', url: '/api/auth/current-user', headers: h }),
          t.app.inject({ method: 'GET', url: '/api/user/getUser', headers: h }),
          t.app.inject({
            method: 'POST',
            url: '/api/user/saveUser',
            headers: h,
            payload: { user: { defaultMeasurementSystem: 'METRIC' } },
          }),
          t.app.inject({
            method: 'POST',
            url: '/api/user/save',
            headers: h,
            payload: { user: { lastName: 'Self' }, updateSecurityUser: true },
          }),
          t.app.inject({
            method: 'POST',
            url: '/api/user/setDevice',
            headers: h,
            payload: { deviceInfo: { deviceId: 'd1' } },
          }),
        ];
        for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(EXPECT[caller].own);
      });

      for (const action of TARGET_ACTIONS) {
        it(`${action}: own organization ${EXPECT[caller].inOwnOrg}, other organization ${EXPECT[caller].inOtherOrg}`, async () => {
          const own = await act(caller, action, await target(orgOf[caller]!));
          expect(own.statusCode, own.body).toBe(EXPECT[caller].inOwnOrg);
          const otherOrgId = orgOf[caller] === customerOrg ? otherOrg : customerOrg;
          const other = await act(caller, action, await target(otherOrgId));
          expect(other.statusCode, other.body).toBe(EXPECT[caller].inOtherOrg);
        });
      }

      it(`create: own organization ${EXPECT[caller].inOwnOrg}, other organization ${EXPECT[caller].inOtherOrg}`, async () => {
        const h = headers[caller]!;
        const create = (organizationId: string) =>
          t.app.inject({
            method: 'POST',
            url: '/api/user/create',
            headers: h,
            payload: {
              userInput: {
                email: `c-${Math.random().toString(36).slice(2)}@example.com`,
                firstName: 'C',
                lastName: 'D',
                organizationId,
              },
            },
          });
        expect((await create(orgOf[caller]!)).statusCode).toBe(EXPECT[caller].inOwnOrg);
        expect((await create(orgOf[caller] === customerOrg ? otherOrg : customerOrg)).statusCode).toBe(
          EXPECT[caller].inOtherOrg,
        );
      });

      it(`approve and deny a pending registration: ${EXPECT[caller].approve}`, async () => {
        const h = headers[caller]!;
        for (const isApproved of [true, false]) {
          const id = await target(null);
          await t.deps.db.db
            .update(users)
            // Each approval makes its own organization, whose name must be new (ADR 014).
            .set({ isPending: true, isApproved: false, company: `Pending ${id}` })
            .where(eq(users.id, id));
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/user/updateUserStatus',
            headers: h,
            payload: { user: { id }, isApproved, skipEmail: true },
          });
          expect(res.statusCode, res.body).toBe(EXPECT[caller].approve);
        }
      });

      it(`lists and organizations: ${EXPECT[caller].list}, scoped to what the caller administers`, async () => {
        const h = headers[caller]!;
        const pendingId = await target(null);
        await t.deps.db.db
          .update(users)
          .set({ isPending: true, isApproved: false })
          .where(eq(users.id, pendingId));
        const otherId = await target(orgOf[caller] === customerOrg ? otherOrg : customerOrg);
        const [active, pending, orgs] = await Promise.all([
          t.app.inject({
            method: 'POST',
            url: '/api/user/list',
            headers: h,
            payload: { status: 'active', size: 100 },
          }),
          t.app.inject({
            method: 'POST',
            url: '/api/user/list',
            headers: h,
            payload: { status: 'pending', size: 100 },
          }),
          t.app.inject({ method: 'POST', url: '/api/user/organizations', headers: h, payload: {} }),
        ]);
        for (const res of [active, pending, orgs]) expect(res.statusCode, res.body).toBe(EXPECT[caller].list);
        if (EXPECT[caller].list !== 200) return;
        const everywhere = EXPECT[caller].inOtherOrg === 200;
        const activeIds = active.json().data.r.map((u: { id: string }) => u.id);
        const activeOrgs = new Set(
          active.json().data.r.map((u: { organization: { id: string } }) => u.organization.id),
        );
        expect(activeIds.includes(otherId)).toBe(everywhere);
        if (!everywhere) expect([...activeOrgs]).toEqual([orgOf[caller]]);
        const pendingIds = pending.json().data.r.map((u: { id: string }) => u.id);
        expect(pendingIds.includes(pendingId)).toBe(everywhere);
        const orgIds = orgs.json().data.organizations.map((o: { id: string }) => o.id);
        expect(orgIds.length > 1).toBe(everywhere);
        expect(orgIds).toContain(orgOf[caller]);
      });
    });
  }
});
