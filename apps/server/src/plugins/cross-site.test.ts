import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, CLIENT_HEADER, SESSION_COOKIE } from '@sealplan/contracts';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createAccount, signIn } from '../modules/auth/accounts.test-helpers';

/** ADR 011: session cookie, cross-site calls, form bodies, HSTS and /api/docs. */
describe('cross-site requests and the session cookie', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    const u = await createAccount(t.deps.db.db);
    const res = await signIn(t, u.email, u.password);
    expect(res.statusCode).toBe(200);
    const set = String(res.headers['set-cookie']);
    expect(set).toContain(`${SESSION_COOKIE}=${res.json().data.access_token}`);
    cookie = `${SESSION_COOKIE}=${res.json().data.access_token}`;
  });
  afterAll(() => t.close());

  it('sign-in sets the cookie HttpOnly, SameSite=Strict, for the whole site; Secure only over HTTPS', async () => {
    const u = await createAccount(t.deps.db.db);
    const plain = String((await signIn(t, u.email, u.password)).headers['set-cookie']);
    expect(plain).toMatch(/HttpOnly/);
    expect(plain).toMatch(/SameSite=Strict/);
    expect(plain).toMatch(/Path=\//);
    expect(plain).not.toMatch(/Secure/);
    const https = String(
      (await signIn(t, u.email, u.password, { 'x-forwarded-proto': 'https' })).headers['set-cookie'],
    );
    expect(https).toMatch(/Secure/);
  });

  // A state-changing call that only the cookie authenticates (the profile save of the caller).
  const saveProfile = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/setDevice',
      headers: { cookie, ...headers },
      payload: { deviceInfo: { deviceId: 'cookie-device' } },
    });

  it('the cookie alone does not authenticate a state-changing call', async () => {
    expect((await saveProfile({})).statusCode).toBe(401);
  });

  it('the cookie authenticates it with the client header or a same-origin Origin', async () => {
    expect((await saveProfile({ [CLIENT_HEADER]: 'web' })).statusCode).toBe(200);
    expect((await saveProfile({ origin: 'http://localhost:80' })).statusCode).toBe(200);
  });

  it('the cookie still authenticates safe reads', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/validatetoken', headers: { cookie } });
    expect(res.statusCode).toBe(200);
  });

  it('refuses any state-changing call from another origin, sign-in included', async () => {
    for (const origin of ['https://evil.example', 'null']) {
      const res = await saveProfile({ origin, [CLIENT_HEADER]: 'web' });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(AUTH_MESSAGES.crossSite);
    }
    const u = await createAccount(t.deps.db.db);
    const login = await signIn(t, u.email, u.password, { origin: 'https://evil.example' });
    expect(login.statusCode).toBe(403);
  });

  it('parses form-encoded bodies only on the token call', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/setDevice',
      headers: { cookie, [CLIENT_HEADER]: 'web', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'deviceInfo=x',
    });
    expect(res.statusCode).toBe(415);
  });

  it('sign-out clears the cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/signout', headers: { cookie } });
    expect(String(res.headers['set-cookie'])).toMatch(new RegExp(`${SESSION_COOKIE}=;`));
  });

  it('sends HSTS only over HTTPS', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const https = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(https.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});

describe('/api/docs (docs/decisions/011-abuse-limits.md)', () => {
  it('is public in development and needs a signed-in user in production', async () => {
    const dev = await createTestApp({}, { NODE_ENV: 'development' });
    const prod = await createTestApp({}, { NODE_ENV: 'production' });
    try {
      expect((await dev.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(200);
      expect((await prod.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(401);
      const u = await createAccount(prod.deps.db.db);
      const token = (await signIn(prod, u.email, u.password)).json().data.access_token;
      const docs = await prod.app.inject({
        method: 'GET',
        url: '/api/docs',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(docs.statusCode).toBe(200);
      expect(docs.json().openapi).toBeDefined();
    } finally {
      await dev.close();
      await prod.close();
    }
  });
});
