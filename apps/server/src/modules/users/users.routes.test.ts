import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AUTH_MESSAGES, USER_MESSAGES } from '@sealplan/contracts';
import { organizations, roles, users } from '@sealplan/db';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createOrganization } from '../../testing/factories';
import {
  bearerOf,
  confirmIdFromMail,
  createAccount,
  createProviderAdmin,
  post,
  signIn,
} from '../auth/accounts.test-helpers';
import type { TestUser } from '../../testing/factories';

const registration = (over: Record<string, unknown> = {}) => ({
  Id: null,
  FirstName: '  Ada ',
  LastName: 'Lovelace ',
  Password: 'analytical',
  Company: ' Engines Ltd ',
  Industry: 'OFF_SHORE',
  PhoneNumber: '+44 555-123-4567 x12',
  UserName: ` ada-${Math.random().toString(36).slice(2, 8)}@example.com `,
  IsCustomer: true,
  Aliases: [],
  Attributes: { source: 'web' },
  ...over,
});

describe('users API (spec §7 user calls, user admin)', () => {
  let t: TestApp;
  let admin: TestUser;
  let providerId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const seeded = await createProviderAdmin(t.deps.db.db, `approver-${Date.now()}@example.com`);
    admin = seeded.admin;
    providerId = seeded.provider.id;
  });
  afterAll(() => t.close());
  const db = () => t.deps.db.db;

  async function register(over: Record<string, unknown> = {}) {
    const body = registration(over);
    const res = await post(t, '/api/user/register', body, {
      'x-forwarded-for': `10.7.${Math.floor(Math.random() * 250)}.1`,
    });
    return { res, email: String(body.UserName).trim(), password: String(body.Password) };
  }

  describe('register', () => {
    it('creates a trimmed, pending IMPERIAL account and e-mails the provider ElevatedUsers', async () => {
      const before = t.sentMail.length;
      const { res, email } = await register();
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        data: { isPending: true },
        messages: [AUTH_MESSAGES.registered],
      });
      const [row] = await db().select().from(users).where(eq(users.email, email));
      expect(row).toMatchObject({
        firstName: 'Ada',
        lastName: 'Lovelace',
        company: 'Engines Ltd',
        industryId: 'OFF_SHORE',
        phoneNumber: '+44 555-123-4567 x12',
        isPending: true,
        isApproved: false,
        isDenied: false,
        defaultMeasurementSystem: 'IMPERIAL',
        organizationId: null,
        attributes: { source: 'web' },
      });
      expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
      const notices = t.sentMail.slice(before);
      expect(notices.map((m) => m.to)).toEqual([admin.email]);
      expect(notices[0]!.text).toContain(email);
      expect(notices[0]!.text).toContain(`${t.deps.env.PUBLIC_URL}/users/all`);
      // Pending: the spec §4 text on sign-in.
      const signin = await signIn(t, email, 'analytical');
      expect(signin.json().error.error_description).toBe(AUTH_MESSAGES.pending);
    });

    it('spec §5 messages for every invalid field at once', async () => {
      const res = await post(t, '/api/user/register', {
        FirstName: '   ',
        LastName: '',
        Password: '12345',
        Company: '',
        Industry: '',
        PhoneNumber: '555-1234',
        UserName: 'not-an-email',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({
        FirstName: 'This field is required',
        LastName: 'This field is required',
        Password: 'Passwords must be at least 6 characters',
        Company: 'This field is required',
        Industry: 'This field is required',
        PhoneNumber: 'Invalid Phone Number',
        UserName: 'This field must be a valid email address',
      });
      const missing = await post(t, '/api/user/register', {});
      expect(Object.values(missing.json().error.fields)).toEqual(Array(6).fill('This field is required'));
    });

    it('an unknown industry is refused; the phone is optional', async () => {
      const bad = await register({ Industry: 'SPACE' });
      expect(bad.res.statusCode).toBe(400);
      expect(bad.res.json().error.fields).toEqual({ Industry: AUTH_MESSAGES.required });
      const noPhone = await register({ PhoneNumber: '', Industry: { id: 'ON_SHORE' } });
      expect(noPhone.res.statusCode).toBe(200);
    });

    it('an address already registered (any case) gets a clear message', async () => {
      const first = await register();
      const again = await register({ UserName: first.email.toUpperCase() });
      expect(again.res.statusCode).toBe(409);
      expect(again.res.json().error).toMatchObject({
        code: 'EMAIL_TAKEN',
        fields: { UserName: AUTH_MESSAGES.emailTaken },
      });
    });
  });

  it('limits registrations per client address (20 an hour)', async () => {
    const address = { 'x-forwarded-for': '10.99.0.1' };
    // Invalid industry: counted, but nothing is created or mailed.
    for (let i = 0; i < 20; i++) {
      const res = await post(t, '/api/user/register', registration({ Industry: 'NONE' }), address);
      expect(res.statusCode).toBe(400);
    }
    const limited = await post(t, '/api/user/register', registration(), address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    t.advanceClock(60 * 60 * 1000 + 1000);
    expect((await post(t, '/api/user/register', registration(), address)).statusCode).toBe(200);
  });

  describe('approval (updateUserStatus)', () => {
    async function pendingUser(over: Record<string, unknown> = {}) {
      const r = await register(over);
      const [row] = await db().select().from(users).where(eq(users.email, r.email));
      return { ...r, id: row!.id };
    }

    it('approve into a new organization named after the company: roles, e-mail, sign-in works', async () => {
      const p = await pendingUser();
      const before = t.sentMail.length;
      const res = await post(
        t,
        '/api/user/updateUserStatus',
        { user: { id: p.id }, isApproved: true, skipEmail: false },
        admin.headers,
      );
      expect(res.statusCode, res.body).toBe(200);
      const user = res.json().data.user;
      expect(user).toMatchObject({
        isApproved: true,
        isPending: false,
        isDenied: false,
        organization: { name: 'Engines Ltd' },
      });
      expect(user.roles).toEqual(['Administrator', 'DefaultUser']);
      expect(res.json().messages).toEqual([USER_MESSAGES.approved]);
      const mail = t.sentMail.slice(before);
      expect(mail).toHaveLength(1);
      expect(mail[0]).toMatchObject({ to: p.email });
      expect(mail[0]!.text).toContain(`${t.deps.env.PUBLIC_URL}/login`);
      const signin = await signIn(t, p.email, p.password);
      expect(signin.statusCode).toBe(200);
      // A second registration with the same company name never makes a second "Engines Ltd" (ADR 014),
      // in any letter case, and never joins the existing one by the typed name: the approver picks it.
      const q = await pendingUser();
      for (const body of [{}, { newOrganizationName: 'ENGINES LTD ' }]) {
        const res2 = await post(
          t,
          '/api/user/updateUserStatus',
          { user: q.id, isApproved: true, skipEmail: true, ...body },
          admin.headers,
        );
        expect(res2.statusCode, res2.body).toBe(409);
        expect(res2.json().error).toMatchObject({
          code: 'CONFLICT',
          message: USER_MESSAGES.organizationExists,
          fields: { newOrganizationName: USER_MESSAGES.organizationExists },
        });
      }
      const [still] = await db().select().from(users).where(eq(users.id, q.id));
      expect(still).toMatchObject({ isPending: true, isApproved: false, organizationId: null });
      const named = await db().select().from(organizations).where(eq(organizations.name, 'Engines Ltd'));
      expect(named).toHaveLength(1);
      const joined = await post(
        t,
        '/api/user/updateUserStatus',
        { user: q.id, isApproved: true, skipEmail: true, organizationId: user.organization.id },
        admin.headers,
      );
      expect(joined.json().data.user.organization.id).toBe(user.organization.id);
    });

    it('approve into an existing organization, or a new one with a chosen name; skipEmail sends nothing', async () => {
      const org = await createOrganization(db(), 'Existing Co');
      const p = await pendingUser();
      const before = t.sentMail.length;
      const res = await post(
        t,
        '/api/user/updateUserStatus',
        { user: { id: p.id }, isApproved: true, skipEmail: true, organizationId: org.id },
        admin.headers,
      );
      expect(res.json().data.user.organization).toEqual({ id: org.id, name: 'Existing Co' });
      expect(t.sentMail.length).toBe(before);
      const q = await pendingUser();
      const named = await post(
        t,
        '/api/user/updateUserStatus',
        { user: q.id, isApproved: true, skipEmail: true, newOrganizationName: ' Chosen Name ' },
        admin.headers,
      );
      expect(named.json().data.user.organization.name).toBe('Chosen Name');
      const missingOrg = await post(
        t,
        '/api/user/updateUserStatus',
        {
          user: (await pendingUser()).id,
          isApproved: true,
          organizationId: '00000000-0000-4000-8000-000000000000',
        },
        admin.headers,
      );
      expect(missingOrg.statusCode).toBe(404);
      expect(missingOrg.json().error.message).toBe(USER_MESSAGES.organizationNotFound);
    });

    it('deny: e-mail, the spec §4 text on sign-in, gone from the pending list; approving twice is refused', async () => {
      const p = await pendingUser();
      const before = t.sentMail.length;
      const res = await post(
        t,
        '/api/user/updateUserStatus',
        { user: { id: p.id }, isApproved: false },
        admin.headers,
      );
      expect(res.json().data.user).toMatchObject({ isDenied: true, isApproved: false, isPending: false });
      expect(t.sentMail.slice(before).map((m) => m.to)).toEqual([p.email]);
      const signin = await signIn(t, p.email, p.password);
      expect(signin.json().error.error_description).toBe(AUTH_MESSAGES.denied);
      const pending = await post(t, '/api/user/list', { status: 'pending', size: 100 }, admin.headers);
      expect(pending.json().data.r.map((u: { id: string }) => u.id)).not.toContain(p.id);
      const q = await pendingUser({ Company: `Twice ${Date.now()}` });
      await post(
        t,
        '/api/user/updateUserStatus',
        { user: q.id, isApproved: true, skipEmail: true },
        admin.headers,
      );
      const twice = await post(
        t,
        '/api/user/updateUserStatus',
        { user: q.id, isApproved: false },
        admin.headers,
      );
      expect(twice.statusCode).toBe(409);
      expect(twice.json().error.message).toBe(USER_MESSAGES.notPending);
    });
  });

  describe('user-admin grids', () => {
    it('pages, sorts and searches the active users', async () => {
      const org = await createOrganization(db(), 'Grid Org');
      const names = ['Charlie', 'alpha', 'Bravo', 'delta', 'Echo'];
      for (const n of names) {
        const u = await createAccount(db(), {
          organizationId: org.id,
          email: `${n.toLowerCase()}-grid-zz@example.com`,
        });
        await db().update(users).set({ lastName: n }).where(eq(users.id, u.id));
      }
      const page = (fromIndex: number, direction: 'asc' | 'desc') =>
        post(
          t,
          '/api/user/list',
          { status: 'active', fromIndex, size: 2, sort: { field: 'name', direction }, search: 'GRID-ZZ' },
          admin.headers,
        );
      const p0 = (await page(0, 'asc')).json().data;
      expect(p0.pager).toEqual({ fromIndex: 0, size: 2, total: 5 });
      expect(p0.r.map((u: { lastName: string }) => u.lastName)).toEqual(['alpha', 'Bravo']);
      const p2 = (await page(4, 'asc')).json().data;
      expect(p2.r.map((u: { lastName: string }) => u.lastName)).toEqual(['Echo']);
      const d0 = (await page(0, 'desc')).json().data;
      expect(d0.r.map((u: { lastName: string }) => u.lastName)).toEqual(['Echo', 'delta']);
      const defaults = (await post(t, '/api/user/list', { status: 'active' }, admin.headers)).json().data;
      expect(defaults.pager.size).toBe(10);
      // A LIKE wildcard in the search is literal.
      const wildcard = (
        await post(t, '/api/user/list', { status: 'active', search: '%' }, admin.headers)
      ).json().data;
      expect(wildcard.pager.total).toBe(0);
    });

    it('lists organizations with user counts for the approval dialog', async () => {
      const res = await post(t, '/api/user/organizations', {}, admin.headers);
      const provider = res.json().data.organizations.find((o: { id: string }) => o.id === providerId);
      expect(provider).toMatchObject({ isProvider: true, userCount: 1 });
    });
  });

  describe('create, suspend, restore, delete, reset, roles', () => {
    it('create: invitation e-mail, the link sets the password, then sign-in works', async () => {
      const org = await createOrganization(db(), 'Invite Org');
      const email = `invited-${Date.now()}@example.com`;
      const res = await post(
        t,
        '/api/user/create',
        { userInput: { email, firstName: 'In', lastName: 'Vited', organizationId: org.id } },
        admin.headers,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.user).toMatchObject({
        email,
        isApproved: true,
        organization: { id: org.id },
        roles: ['Administrator', 'DefaultUser'],
      });
      const confirmId = confirmIdFromMail(t, email);
      expect(t.sentMail.at(-1)!.text).toContain(`${t.deps.env.PUBLIC_URL}/user/update-password?confirmId=`);
      const set = await post(t, '/api/v1/account/updatepassword', {
        newPassword: 'first-pass',
        confirmNewPassword: 'first-pass',
        confirmId,
      });
      expect(set.statusCode).toBe(200);
      expect((await signIn(t, email, 'first-pass')).statusCode).toBe(200);
      const dup = await post(
        t,
        '/api/user/create',
        { userInput: { email: email.toUpperCase(), firstName: 'A', lastName: 'B' } },
        admin.headers,
      );
      expect(dup.json().error.code).toBe('EMAIL_TAKEN');
    });

    it("create without email, first or last name: 'Invalid user entry'", async () => {
      const res = await post(
        t,
        '/api/user/create',
        { userInput: { email: '', firstName: '', lastName: '' } },
        admin.headers,
      );
      expect(res.statusCode).toBe(400);
      expect(new Set(Object.values(res.json().error.fields))).toEqual(
        new Set([USER_MESSAGES.invalidUserEntry]),
      );
      const none = await post(t, '/api/user/create', {}, admin.headers);
      expect(none.json().error.fields).toEqual({ userInput: USER_MESSAGES.invalidUserEntry });
    });

    it('suspend ends the session at once; restore lets the user back in', async () => {
      const u = await createAccount(db());
      const token = (await signIn(t, u.email, u.password)).json().data.access_token;
      const res = await post(t, '/api/user/suspend', { userIds: [u.id] }, admin.headers);
      expect(res.json()).toEqual({
        success: true,
        data: { updated: 1, userIds: [u.id] },
        messages: [USER_MESSAGES.suspended],
      });
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/auth/current-user', headers: bearerOf(token) }))
          .statusCode,
      ).toBe(401);
      expect((await signIn(t, u.email, u.password)).json().error.code).toBe('ACCOUNT_SUSPENDED');
      const active = await post(t, '/api/user/list', { status: 'active', search: u.email }, admin.headers);
      expect(active.json().data.r[0]).toMatchObject({ id: u.id, isSuspended: true });
      await post(t, '/api/user/restore', { userIds: [u.id] }, admin.headers);
      expect((await signIn(t, u.email, u.password)).statusCode).toBe(200);
    });

    it('delete ends the session at once and the account can no longer sign in', async () => {
      const u = await createAccount(db());
      const token = (await signIn(t, u.email, u.password)).json().data.access_token;
      expect((await post(t, '/api/user/delete', { userIds: [u.id] }, admin.headers)).statusCode).toBe(200);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/auth/validatetoken', headers: bearerOf(token) }))
          .statusCode,
      ).toBe(401);
      expect((await signIn(t, u.email, u.password)).json().error.code).toBe('INVALID_CREDENTIALS');
      const again = await post(t, '/api/user/restore', { userIds: [u.id] }, admin.headers);
      expect(again.statusCode).toBe(404);
    });

    it('adminResetPassword: session ended, link mailed, next sign-in answers a resetPasswordToken', async () => {
      const u = await createAccount(db());
      const token = (await signIn(t, u.email, u.password)).json().data.access_token;
      const res = await post(t, '/api/user/adminResetPassword', { userIds: [u.id] }, admin.headers);
      expect(res.json().messages).toEqual([USER_MESSAGES.passwordResetSent]);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/auth/validatetoken', headers: bearerOf(token) }))
          .statusCode,
      ).toBe(401);
      expect(confirmIdFromMail(t, u.email)).toBeTruthy();
      const again = (await signIn(t, u.email, u.password)).json().data;
      expect(typeof again.resetPasswordToken).toBe('string');
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/auth/current-user',
        headers: bearerOf(again.access_token),
      });
      expect(me.json().data.user.requiresPasswordReset).toBe(true);
    });

    it('setRoles replaces assignable roles, keeps ElevatedUser, and rejects unknown roles; removing admin.access locks out', async () => {
      const elevated = await createAccount(db(), {
        organizationId: providerId,
        roles: ['ElevatedUser', 'Administrator'],
      });
      const plain = await createAccount(db());
      // Another administrator of plain's organization, so taking plain's leaves it one (ADR 014).
      await createAccount(db(), { organizationId: plain.organizationId });
      const res = await post(
        t,
        '/api/user/setRoles',
        { userIds: [elevated.id, plain.id], roles: ['Editor', 'DefaultUser'] },
        admin.headers,
      );
      expect(res.statusCode, res.body).toBe(200);
      const get = async (id: string) =>
        (await t.app.inject({ method: 'GET', url: `/api/user/getUser/${id}`, headers: admin.headers })).json()
          .data.user.Roles;
      expect(await get(elevated.id)).toEqual(['DefaultUser', 'Editor', 'ElevatedUser']);
      expect(await get(plain.id)).toEqual(['DefaultUser', 'Editor']);
      const bad = await post(
        t,
        '/api/user/setRoles',
        { userIds: [plain.id], roles: ['ElevatedUser'] },
        admin.headers,
      );
      expect(bad.statusCode).toBe(400);
      await post(t, '/api/user/setRoles', { userIds: [plain.id], roles: ['DefaultUser'] }, admin.headers);
      const locked = await t.app.inject({
        method: 'GET',
        url: '/api/auth/current-user',
        headers: plain.headers,
      });
      expect(locked.statusCode).toBe(403);
      expect(locked.json().error.message).toBe(AUTH_MESSAGES.notAuthorized);
    });

    it('setRoles assigns roles an administrator created when marked assignable, and refuses the others', async () => {
      const suffix = Date.now();
      const inspector = `Inspector${suffix}`;
      const auditor = `Auditor${suffix}`;
      await db()
        .insert(roles)
        .values([
          {
            id: inspector,
            name: inspector,
            label: `Site inspector ${suffix}`,
            permissions: [],
            isAssignable: true,
          },
          { id: auditor, name: auditor, label: `Auditor ${suffix}`, permissions: [], isAssignable: false },
        ]);
      const listed = await post(t, '/api/user/assignableRoles', {}, admin.headers);
      expect(listed.statusCode, listed.body).toBe(200);
      const ids = (listed.json().data.roles as { id: string; label: string }[]).map((r) => r.id);
      expect(ids).toEqual(expect.arrayContaining(['DefaultUser', 'Administrator', 'Editor', inspector]));
      expect(ids).not.toContain(auditor);
      expect(ids).not.toContain('ElevatedUser');
      expect(ids).not.toContain('SystemAdministrator');
      expect(listed.json().data.roles).toContainEqual({ id: inspector, label: `Site inspector ${suffix}` });

      const org = await createOrganization(db(), `Custom Roles ${suffix}`);
      await createAccount(db(), { organizationId: org.id, roles: ['Administrator'] });
      const u = await createAccount(db(), { organizationId: org.id, roles: ['DefaultUser'] });
      const rolesOf = async (id: string) =>
        (await t.app.inject({ method: 'GET', url: `/api/user/getUser/${id}`, headers: admin.headers })).json()
          .data.user.Roles;
      const ok = await post(
        t,
        '/api/user/setRoles',
        { userIds: [u.id], roles: ['DefaultUser', inspector] },
        admin.headers,
      );
      expect(ok.statusCode, ok.body).toBe(200);
      expect(await rolesOf(u.id)).toEqual(expect.arrayContaining(['DefaultUser', inspector]));
      expect(await rolesOf(u.id)).toHaveLength(2);

      // Not assignable, unknown, or never assignable: refused, naming the roles, and nothing changes.
      for (const refused of [auditor, 'NoSuchRole', 'SystemAdministrator']) {
        const bad = await post(t, '/api/user/setRoles', { userIds: [u.id], roles: [refused] }, admin.headers);
        expect(bad.statusCode, bad.body).toBe(400);
        expect(bad.json().error.message).toBe(`${USER_MESSAGES.roleNotAssignable} ${refused}`);
      }
      expect(await rolesOf(u.id)).toHaveLength(2);

      // A user created from User Admin may get the created role; a role that is not assignable is refused by name
      // and no user is left behind.
      const createdEmail = `inspector-${suffix}@example.com`;
      const created = await post(
        t,
        '/api/user/create',
        { userInput: { email: createdEmail, firstName: 'Site', lastName: 'Inspector', roles: [inspector] } },
        admin.headers,
      );
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json().data.user.roles).toEqual([inspector]);
      const refusedCreate = await post(
        t,
        '/api/user/create',
        {
          userInput: {
            email: `auditor-${suffix}@example.com`,
            firstName: 'A',
            lastName: 'B',
            roles: [auditor],
          },
        },
        admin.headers,
      );
      expect(refusedCreate.statusCode, refusedCreate.body).toBe(400);
      expect(refusedCreate.json().error.fields).toEqual({
        'userInput.roles': `${USER_MESSAGES.roleNotAssignable} ${auditor}`,
      });
      const again = await post(
        t,
        '/api/user/create',
        { userInput: { email: `auditor-${suffix}@example.com`, firstName: 'A', lastName: 'B' } },
        admin.headers,
      );
      expect(again.statusCode, again.body).toBe(200);

      // An administrator-created role is replaced like the seeded ones.
      await post(t, '/api/user/setRoles', { userIds: [u.id], roles: ['DefaultUser'] }, admin.headers);
      expect(await rolesOf(u.id)).toEqual(['DefaultUser']);
      const plain = await createAccount(db());
      const denied = await post(t, '/api/user/assignableRoles', {}, plain.headers);
      expect(denied.statusCode).toBe(403);
    });

    it('setRoles refuses to leave an organization without an active administrator, and writes nothing', async () => {
      const org = await createOrganization(db(), `Last Admin ${Date.now()}`);
      const a = await createAccount(db(), {
        organizationId: org.id,
        roles: ['Administrator', 'DefaultUser'],
      });
      const b = await createAccount(db(), { organizationId: org.id, roles: ['Administrator'] });
      const suspended = await createAccount(db(), { organizationId: org.id, roles: ['Administrator'] });
      await post(t, '/api/user/suspend', { userIds: [suspended.id] }, admin.headers);
      const rolesOf = async (id: string) =>
        (await t.app.inject({ method: 'GET', url: `/api/user/getUser/${id}`, headers: admin.headers })).json()
          .data.user.Roles;

      // Both active administrators at once: refused (the suspended one does not count), nothing changes.
      const both = await post(
        t,
        '/api/user/setRoles',
        { userIds: [a.id, b.id], roles: ['DefaultUser'] },
        admin.headers,
      );
      expect(both.statusCode, both.body).toBe(409);
      expect(both.json().error).toMatchObject({ code: 'CONFLICT', message: USER_MESSAGES.lastAdministrator });
      expect(await rolesOf(a.id)).toEqual(['Administrator', 'DefaultUser']);
      expect(await rolesOf(b.id)).toEqual(['Administrator']);

      // One of two: allowed; then the last one: refused.
      const one = await post(
        t,
        '/api/user/setRoles',
        { userIds: [a.id], roles: ['DefaultUser'] },
        admin.headers,
      );
      expect(one.statusCode, one.body).toBe(200);
      const last = await post(t, '/api/user/setRoles', { userIds: [b.id], roles: ['Editor'] }, admin.headers);
      expect(last.statusCode).toBe(409);
      expect(await rolesOf(b.id)).toEqual(['Administrator']);
    });

    it('setRoles keeps the roles named in unchanged as each user has them', async () => {
      const org = await createOrganization(db(), `Mixed ${Date.now()}`);
      const keeper = await createAccount(db(), { organizationId: org.id, roles: ['Administrator'] });
      const editor = await createAccount(db(), { organizationId: org.id, roles: ['Editor', 'DefaultUser'] });
      const author = await createAccount(db(), { organizationId: org.id, roles: ['Author'] });
      const res = await post(
        t,
        '/api/user/setRoles',
        { userIds: [editor.id, author.id], roles: ['Subscriber'], unchanged: ['Editor', 'Author'] },
        admin.headers,
      );
      expect(res.statusCode, res.body).toBe(200);
      const rolesOf = async (id: string) =>
        (await t.app.inject({ method: 'GET', url: `/api/user/getUser/${id}`, headers: admin.headers })).json()
          .data.user.Roles;
      expect(await rolesOf(editor.id)).toEqual(['Editor', 'Subscriber']);
      expect(await rolesOf(author.id)).toEqual(['Author', 'Subscriber']);
      expect(await rolesOf(keeper.id)).toEqual(['Administrator']);
    });

    it('nobody suspends, deletes or re-roles themself; one id out of reach refuses the whole bulk action', async () => {
      for (const action of ['suspend', 'delete']) {
        const res = await post(t, `/api/user/${action}`, { userIds: [admin.id] }, admin.headers);
        expect(res.statusCode).toBe(400);
        expect(res.json().error.message).toBe(USER_MESSAGES.cannotChangeSelf);
      }
      const roles = await post(t, '/api/user/setRoles', { userIds: [admin.id], roles: [] }, admin.headers);
      expect(roles.json().error.message).toBe(USER_MESSAGES.cannotChangeSelf);
      const u = await createAccount(db());
      const mixed = await post(
        t,
        '/api/user/suspend',
        { userIds: [u.id, '00000000-0000-4000-8000-000000000000'] },
        admin.headers,
      );
      expect(mixed.statusCode).toBe(404);
      const [row] = await db().select().from(users).where(eq(users.id, u.id));
      expect(row!.isSuspended).toBe(false);
      const empty = await post(t, '/api/user/suspend', { userIds: [] }, admin.headers);
      expect(empty.json().error.fields).toEqual({ userIds: USER_MESSAGES.selectUsers });
    });

    it('only a SystemAdministrator acts on a SystemAdministrator', async () => {
      const sys = await createAccount(db(), { roles: ['SystemAdministrator'] });
      const res = await post(t, '/api/user/suspend', { userIds: [sys.id] }, admin.headers);
      expect(res.statusCode).toBe(403);
      const other = await createAccount(db(), { roles: ['SystemAdministrator'] });
      expect((await post(t, '/api/user/suspend', { userIds: [sys.id] }, other.headers)).statusCode).toBe(200);
    });
  });

  describe('own profile and settings', () => {
    it('current-user answers the spec §3 profile with Roles, Attributes, settings and organization', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/auth/current-user',
        headers: admin.headers,
      });
      expect(res.statusCode).toBe(200);
      const user = res.json().data.user;
      expect(user).toMatchObject({
        id: admin.id,
        UserId: admin.id,
        email: admin.email,
        emailAddress: admin.email,
        Roles: ['Administrator', 'ElevatedUser'],
        // ElevatedUser also administers content (ADR 016).
        permissions: ['admin.access', 'content.manage'],
        Attributes: {},
        applicationSettings: { defaultMeasurementSystem: 'IMPERIAL' },
        organization: { id: providerId, isProvider: true },
        isApproved: true,
        languagePreference: null,
      });
      expect(JSON.stringify(user)).not.toContain('argon2');
    });

    it("saveUser: names, phone, the metric/imperial switch and the language; 'User saved successfully.'", async () => {
      const u = await createAccount(db());
      const res = await post(
        t,
        '/api/user/saveUser',
        { user: { firstName: ' Grace ', lastName: 'Hopper', phoneNumber: '555 123 4567' } },
        u.headers,
      );
      expect(res.json()).toMatchObject({
        data: { user: { firstName: 'Grace', lastName: 'Hopper', phoneNumber: '555 123 4567' } },
        messages: ['User saved successfully.'],
      });
      const settings = await post(
        t,
        '/api/user/saveUser',
        { user: { defaultMeasurementSystem: 'METRIC', languagePreference: 'de-DE' } },
        u.headers,
      );
      expect(settings.json().data.user).toMatchObject({
        firstName: 'Grace',
        applicationSettings: { defaultMeasurementSystem: 'METRIC' },
        languagePreference: 'de-DE',
      });
      const nested = await post(
        t,
        '/api/user/save',
        { user: { applicationSettings: { defaultMeasurementSystem: 'IMPERIAL' } }, updateSecurityUser: true },
        u.headers,
      );
      expect(nested.json().data.user.applicationSettings.defaultMeasurementSystem).toBe('IMPERIAL');
      const bad = await post(
        t,
        '/api/user/saveUser',
        { user: { firstName: '', phoneNumber: '12', languagePreference: 'xx' } },
        u.headers,
      );
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields).toMatchObject({
        'user.firstName': USER_MESSAGES.firstNameRequired,
        'user.phoneNumber': AUTH_MESSAGES.phone,
      });
    });

    it('editUser on oneself works for anyone; on another user it needs user admin; setDevice keeps the newest devices', async () => {
      const u = await createAccount(db());
      const self = await post(
        t,
        '/api/user/editUser',
        { user: { id: u.id, lastName: 'Self-edited' } },
        u.headers,
      );
      expect(self.json().data.user.lastName).toBe('Self-edited');
      const byAdmin = await post(
        t,
        '/api/user/editUser',
        { user: { id: u.id, company: 'New Co' } },
        admin.headers,
      );
      expect(byAdmin.json().data.user.company).toBe('New Co');
      for (let i = 0; i < 12; i++)
        await post(
          t,
          '/api/user/setDevice',
          { deviceInfo: { deviceId: `d${i % 11}`, name: 'Phone' } },
          u.headers,
        );
      const devices = (
        await t.app.inject({ method: 'GET', url: '/api/user/getUser', headers: u.headers })
      ).json().data.user.devices;
      expect(devices).toHaveLength(10);
      expect(devices[0]).toMatchObject({ deviceId: 'd0', name: 'Phone' });
    });
  });

  describe('tenant isolation', () => {
    it("an organization's ElevatedUser never sees or touches another organization's users", async () => {
      const orgA = await createOrganization(db(), 'Tenant A');
      const orgB = await createOrganization(db(), 'Tenant B');
      const elevatedA = await createAccount(db(), { organizationId: orgA.id, roles: ['ElevatedUser'] });
      const userB = await createAccount(db(), {
        organizationId: orgB.id,
        email: `tenant-b-${Date.now()}@example.com`,
      });
      const list = await post(
        t,
        '/api/user/list',
        { status: 'active', search: 'tenant-b' },
        elevatedA.headers,
      );
      expect(list.json().data.pager.total).toBe(0);
      const get = await t.app.inject({
        method: 'GET',
        url: `/api/user/getUser/${userB.id}`,
        headers: elevatedA.headers,
      });
      expect(get.statusCode).toBe(404);
      expect(get.json().error.message).toBe(USER_MESSAGES.notFound);
      const edit = await post(
        t,
        '/api/user/editUser',
        { user: { id: userB.id, firstName: 'Hacked' } },
        elevatedA.headers,
      );
      expect(edit.statusCode).toBe(404);
      const [row] = await db().select().from(users).where(eq(users.id, userB.id));
      expect(row!.firstName).not.toBe('Hacked');
      const [orgRow] = await db().select().from(organizations).where(eq(organizations.id, orgB.id));
      expect(orgRow).toBeTruthy();
    });
  });
});
