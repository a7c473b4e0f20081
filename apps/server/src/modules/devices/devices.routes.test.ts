import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_MESSAGES, MAX_USER_DEVICES } from '@sealplan/contracts';
import { buildApp } from '../../app';
import { createTestApp, createTestCpuPool, type TestApp } from '../../testing/test-app';
import { bearerOf, createAccount, post, signIn } from '../auth/accounts.test-helpers';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe('devices (spec §3 profile devices, §7 setDevice)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** Signs the account in from a browser and records that browser as a device. */
  async function signInFrom(email: string, password: string, deviceId: string, userAgent: string) {
    const res = await signIn(t, email, password);
    expect(res.statusCode, res.body).toBe(200);
    const headers = { ...bearerOf(res.json().data.access_token), 'user-agent': userAgent };
    const saved = await post(t, '/api/user/setDevice', { deviceInfo: { deviceId } }, headers);
    expect(saved.statusCode, saved.body).toBe(200);
    return headers;
  }

  const validates = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: 'GET', url: '/api/auth/validatetoken', headers })).statusCode;

  it('lists each device with browser, system and last seen; marks the one the request came from', async () => {
    const u = await createAccount(t.deps.db.db);
    await signInFrom(u.email, u.password, 'laptop', FIREFOX);
    const office = await signInFrom(u.email, u.password, 'office-pc', CHROME_WINDOWS);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/current-user', headers: office });
    const devices = me.json().data.user.devices;
    expect(devices).toHaveLength(2);
    expect(devices[0]).toMatchObject({
      deviceId: 'office-pc',
      browser: 'Chrome 131',
      os: 'Windows',
      isCurrent: true,
    });
    expect(devices[1]).toMatchObject({
      deviceId: 'laptop',
      browser: 'Firefox 133',
      os: 'Linux',
      isCurrent: false,
    });
    expect(new Date(devices[0].lastSeenOn).getTime()).toBeGreaterThanOrEqual(
      new Date(devices[1].lastSeenOn).getTime(),
    );
  });

  it('current-user, read with the session in one statement, answers what the profile read apart answers', async () => {
    const u = await createAccount(t.deps.db.db);
    await signInFrom(u.email, u.password, 'laptop', FIREFOX);
    const office = await signInFrom(u.email, u.password, 'office-pc', CHROME_WINDOWS);
    const me = (await t.app.inject({ method: 'GET', url: '/api/auth/current-user', headers: office })).json();
    expect(me.data.user.devices).toHaveLength(2);
    // getUser/{id} for oneself reads the details and the devices by themselves (ADR 019).
    const apart = await t.app.inject({
      method: 'GET',
      url: `/api/user/getUser/${me.data.user.id}`,
      headers: office,
    });
    expect(apart.statusCode, apart.body).toBe(200);
    expect(me).toEqual(apart.json());
    const alias = await t.app.inject({ method: 'GET', url: '/api/user/getUser', headers: office });
    expect(alias.json()).toEqual(me);
    // Signed out, the same route answers as before: not signed in.
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/auth/current-user' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('signing a device out revokes its tokens at once, on every app server; the others stay signed in', async () => {
    const u = await createAccount(t.deps.db.db);
    const laptop = await signInFrom(u.email, u.password, 'laptop', FIREFOX);
    const laptopAgain = await signInFrom(u.email, u.password, 'laptop', FIREFOX);
    const office = await signInFrom(u.email, u.password, 'office-pc', CHROME_WINDOWS);
    // A second app server on the same database.
    const other = await buildApp({ ...t.deps, cpu: createTestCpuPool() }, { logger: false });
    await other.ready();
    try {
      const before = await other.inject({ method: 'GET', url: '/api/auth/validatetoken', headers: laptop });
      expect(before.statusCode).toBe(200);
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/current-user', headers: office });
      const laptopId = me
        .json()
        .data.user.devices.find((d: { deviceId: string }) => d.deviceId === 'laptop').id;

      const res = await post(t, '/api/user/signOutDevice', { id: laptopId }, office);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().messages).toEqual([DEVICE_MESSAGES.signedOut]);
      expect(res.json().data.devices.map((d: { deviceId: string }) => d.deviceId)).toEqual(['office-pc']);

      for (const headers of [laptop, laptopAgain]) {
        expect(await validates(headers)).toBe(401);
        const elsewhere = await other.inject({ method: 'GET', url: '/api/auth/validatetoken', headers });
        expect(elsewhere.statusCode).toBe(401);
      }
      expect(await validates(office)).toBe(200);
    } finally {
      await other.close();
    }
  });

  it("another user's device cannot be signed out (answers not found, nothing changes)", async () => {
    const owner = await createAccount(t.deps.db.db);
    const stranger = await createAccount(t.deps.db.db);
    const ownerHeaders = await signInFrom(owner.email, owner.password, 'phone', FIREFOX);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/current-user', headers: ownerHeaders });
    const phoneId = me.json().data.user.devices[0].id;
    const res = await post(t, '/api/user/signOutDevice', { id: phoneId }, stranger.headers);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(DEVICE_MESSAGES.notFound);
    expect(await validates(ownerHeaders)).toBe(200);
  });

  it(`keeps at most ${MAX_USER_DEVICES} devices: the oldest is signed out`, async () => {
    const u = await createAccount(t.deps.db.db);
    const sessions: Record<string, string>[] = [];
    for (let i = 0; i <= MAX_USER_DEVICES; i++) {
      sessions.push(await signInFrom(u.email, u.password, `device-${i}`, FIREFOX));
    }
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/current-user',
      headers: sessions.at(-1)!,
    });
    const ids = me.json().data.user.devices.map((d: { deviceId: string }) => d.deviceId);
    expect(ids).toHaveLength(MAX_USER_DEVICES);
    expect(ids).not.toContain('device-0');
    expect(await validates(sessions[0]!)).toBe(401);
    expect(await validates(sessions[1]!)).toBe(200);
  });
});
