import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SHIP_TRANSITS, DEMO_USER_EMAIL, demoProjects } from '@sealplan/db';
import type { DashboardData } from '@sealplan/contracts';
import { parseEnv } from '../config/env';
import { createTestApp, type TestApp } from '../testing/test-app';
import { bearerOf, signIn } from '../modules/auth/accounts.test-helpers';
import { runSeed } from './index';

/** The seed the start command runs (SEED_DEMO=true): a newcomer can sign in and sees a realistic product. */
describe('start command seed (SEED_DEMO=true)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const seed = async () => {
    const lines: string[] = [];
    const env = parseEnv({ NODE_ENV: 'test', SEED_DEMO: 'true', ADMIN_EMAIL: 'seed-admin@example.com' });
    await runSeed({
      db: t.deps.db,
      env,
      log: { info: () => undefined, warn: () => undefined },
      announce: (l) => lines.push(l),
    });
    return lines;
  };

  const dashboardOf = async (email: string, password: string) => {
    const token = await signIn(t, email, password);
    expect(token.statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/project/getDashboardData',
      headers: bearerOf(token.json().data.access_token),
      payload: {},
    });
    return res.json().data as DashboardData;
  };

  it('prints the administrator and demo logins once; both see the demo portfolio; a second run changes nothing', async () => {
    const first = await seed();
    const admin = first.map((l) => /^Administrator: (\S+) \/ (\S+)/.exec(l)).find(Boolean);
    const demo = first.map((l) => /^Demo user: (\S+) \/ (\S+)/.exec(l)).find(Boolean);
    expect(admin?.[1]).toBe('seed-admin@example.com');
    expect(demo?.[1]).toBe(DEMO_USER_EMAIL);

    const small = demoProjects.reduce((n, p) => n + p.transits.length, 0);
    expect(small).toBeGreaterThanOrEqual(12);
    // The small projects for both; the large one in the administrator's organization only (ADR 038).
    const expected = { customers: 2, projects: demoProjects.length, transits: small };
    expect((await dashboardOf(demo![1]!, demo![2]!)).counts).toMatchObject(expected);
    expect((await dashboardOf(admin![1]!, admin![2]!)).counts).toMatchObject({
      customers: 2,
      projects: demoProjects.length + 1,
      transits: small + DEMO_SHIP_TRANSITS,
    });

    expect(await seed()).toEqual([]);
    expect((await dashboardOf(demo![1]!, demo![2]!)).counts).toMatchObject(expected);
    // The large project's 500 saves: minutes on a loaded machine (ADR 038).
  }, 900_000);
});
