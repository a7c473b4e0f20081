// The server as production builds it (no logging, no web app), listening on a free loopback port for a benchmark.
import type { AddressInfo } from 'node:net';
import type { DbHandle } from '@sealplan/db';
import { buildApp, type AppDeps } from '../apps/server/src/app';
import { parseEnv } from '../apps/server/src/config/env';

export async function serveApp(
  db: DbHandle,
  extra: Partial<AppDeps> = {},
): Promise<{ app: Awaited<ReturnType<typeof buildApp>>; base: string }> {
  const env = parseEnv({ NODE_ENV: 'production', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
  const app = await buildApp(
    {
      db,
      env,
      mail: { target: 'none', send: async () => undefined },
      version: 'bench',
      now: () => new Date(),
      ...extra,
    },
    { logger: false },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}
