import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { organizations, roles, users } from '@sealplan/db';
import { parseEnv } from '../../config/env';
import { seedAccounts } from './accounts.seed';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signIn } from '../auth/accounts.test-helpers';

describe('accounts seed step', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const seed = async (extra: Record<string, string>) => {
    const lines: string[] = [];
    const env = parseEnv({ NODE_ENV: 'test', PROVIDER_NAME: 'Provider Inc', ...extra });
    await seedAccounts({
      db: t.deps.db,
      env,
      log: { info: () => undefined, warn: () => undefined },
      announce: (l) => lines.push(l),
    });
    return lines;
  };

  it('creates roles, the provider organization and an ElevatedUser with a generated password announced once', async () => {
    const first = await seed({ ADMIN_EMAIL: 'first-admin@example.com' });
    expect(first).toHaveLength(1);
    const match = first[0]!.match(/^Administrator: first-admin@example\.com \/ (\S+)/);
    expect(match).toBeTruthy();
    const second = await seed({ ADMIN_EMAIL: 'first-admin@example.com' });
    expect(second).toEqual([]);
    const db = t.deps.db.db;
    expect((await db.select().from(roles)).map((r) => r.id).sort()).toEqual([
      'Administrator',
      'Author',
      'DefaultUser',
      'Editor',
      'ElevatedUser',
      'Subscriber',
      'SystemAdministrator',
    ]);
    const providers = await db.select().from(organizations).where(eq(organizations.isProvider, true));
    expect(providers.map((o) => o.name)).toEqual(['Provider Inc']);
    expect(await db.select().from(users).where(eq(users.email, 'first-admin@example.com'))).toHaveLength(1);
    // The announced password signs in, and the administrator reaches User Admin.
    const token = (await signIn(t, 'first-admin@example.com', match![1]!)).json().data.access_token;
    const list = await t.app.inject({
      method: 'POST',
      url: '/api/user/list',
      headers: { authorization: `Bearer ${token}` },
      payload: { status: 'pending' },
    });
    expect(list.statusCode).toBe(200);
  });

  it('uses ADMIN_PASSWORD when set and never prints it', async () => {
    const lines = await seed({ ADMIN_EMAIL: 'second-admin@example.com', ADMIN_PASSWORD: 'from-env-1' });
    expect(lines).toEqual(['Administrator: second-admin@example.com (password from ADMIN_PASSWORD)']);
    expect((await signIn(t, 'second-admin@example.com', 'from-env-1')).statusCode).toBe(200);
    const providers = await t.deps.db.db
      .select()
      .from(organizations)
      .where(eq(organizations.isProvider, true));
    expect(providers).toHaveLength(1);
  });
});
