import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from '@sealplan/db';
import { buildApp } from '../app';
import { parseEnv } from '../config/env';

const cliEntry = fileURLToPath(new URL('./user.ts', import.meta.url));

describe('npm run user -- create (command line)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sealplan-user-cli-'));
  const dbDir = join(dir, 'db');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // Always on an embedded database folder of its own, so the CLI and the check below see the same data.
  const cli = (...args: string[]) => {
    const env: NodeJS.ProcessEnv = { ...process.env, PGLITE_DIR: dbDir, NODE_ENV: 'test' };
    delete env.DATABASE_URL;
    const r = spawnSync(process.execPath, ['--import', 'tsx', cliEntry, ...args], { env, encoding: 'utf8' });
    return { code: r.status, out: r.stdout, err: r.stderr };
  };

  async function signInAndReadProfile(username: string, password: string) {
    const db = await createDb(dbDir);
    const app = await buildApp(
      {
        db,
        env: parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' }),
        mail: { target: 'memory', send: async () => undefined },
        version: 'test',
        now: () => new Date(),
      },
      { logger: false },
    );
    try {
      const token = await app.inject({
        method: 'POST',
        url: '/api/auth/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          grant_type: 'password',
          username,
          password,
          isCustomer: 'true',
        }).toString(),
      });
      if (token.statusCode !== 200) return { status: token.statusCode, user: null };
      const me = await app.inject({
        method: 'GET',
        url: '/api/auth/current-user',
        headers: { authorization: `Bearer ${token.json().data.access_token}` },
      });
      return { status: token.statusCode, user: me.json().data.user };
    } finally {
      await app.close();
      await db.close();
    }
  }

  it('creates an approved user with roles and organization who can sign in; refuses bad input', async () => {
    const created = cli(
      'create',
      '--email',
      'Cli.User@Example.com',
      '--first',
      'Ann',
      '--last',
      'Lee',
      '--password',
      'secret1',
      '--role',
      'Editor',
      '--org',
      'Cli Org',
    );
    expect(created.err).toBe('');
    expect(created.code).toBe(0);
    expect(created.out).toContain('Created Cli.User@Example.com in "Cli Org"');

    const duplicate = cli(
      'create',
      '--email',
      'cli.user@example.com',
      '--first',
      'A',
      '--last',
      'B',
      '--password',
      'secret2',
    );
    expect(duplicate.code).toBe(1);
    expect(duplicate.err).toContain('already exists');
    const invalid = cli(
      'create',
      '--email',
      'not-an-email',
      '--first',
      'A',
      '--password',
      '123',
      '--role',
      'King',
    );
    expect(invalid.code).toBe(1);
    expect(invalid.err).toContain('--last is required');
    expect(invalid.err).toContain('--role must be one of');
    expect(cli('delete', '--email', 'a@b.cd').code).toBe(1);

    // The refused duplicate changed nothing: the first account signs in with its password and roles.
    const { status, user } = await signInAndReadProfile('cli.user@example.com', 'secret1');
    expect(status).toBe(200);
    expect(user).toMatchObject({ firstName: 'Ann', lastName: 'Lee', organization: { name: 'Cli Org' } });
    expect(user.Roles).toEqual(expect.arrayContaining(['DefaultUser', 'Administrator', 'Editor']));
    expect((await signInAndReadProfile('cli.user@example.com', 'secret2')).status).toBe(400);
  }, 300_000); // each CLI run starts tsx and PGlite: slow on a busy machine

  it('refuses while another process (the server) holds the database folder', async () => {
    const held = await createDb(dbDir);
    try {
      const refused = cli(
        'create',
        '--email',
        'late@example.com',
        '--first',
        'L',
        '--last',
        'Ate',
        '--password',
        'secret1',
      );
      expect(refused.code).toBe(1);
      expect(refused.err).toContain('the server is running: stop it, or use the admin screen.');
    } finally {
      await held.close();
    }
  }, 300_000);
});
