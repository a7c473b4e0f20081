import { existsSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import Fastify, { type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import formbody from '@fastify/formbody';
import cookie from '@fastify/cookie';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { DbHandle } from '@sealplan/db';
import type { Env } from './config/env';
import type { Mailer } from './lib/mail';
import { registerErrorHandler, registerNotFound } from './plugins/error-handler';
import { healthRoutes } from './modules/health/health.routes';
import { registerModules } from './modules/index';
import { authPlugin } from './plugins/auth';
import { createCpuPool, type CpuPool } from './workers/cpu-pool';

export interface AppDeps {
  db: DbHandle;
  env: Env;
  mail: Mailer;
  version: string;
  /** Injected clock so token expiry and rate limits can be tested. */
  now: () => Date;
  /** Worker pool for sizing and documents; built with the app when not given, closed with it either way. */
  cpu?: CpuPool;
}

/** AppDeps once the app is built: the pool is always there. */
export type BuiltAppDeps = AppDeps & { cpu: CpuPool };

declare module 'fastify' {
  interface FastifyInstance {
    deps: BuiltAppDeps;
  }
}

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));
const BODY_LIMIT_BYTES = 8 * 1024 * 1024;

/** Builds the whole app without listening: server.ts listens, tests use app.inject. */
export async function buildApp(deps: AppDeps, options: { logger?: FastifyServerOptions['logger'] } = {}) {
  const app = Fastify({
    logger: options.logger ?? { level: deps.env.LOG_LEVEL },
    genReqId: (req) => (req.headers['x-request-id'] as string | undefined) ?? randomUUID(),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: true,
  }).withTypeProvider<ZodTypeProvider>();

  const cpu = deps.cpu ?? createCpuPool({ log: app.log });
  app.decorate('deps', { ...deps, cpu });
  app.addHook('onClose', async () => cpu.close());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
      },
    },
  });
  await app.register(cookie);
  await app.register(formbody);
  await app.register(swagger, {
    openapi: { info: { title: 'Sealplan API', version: deps.version } },
    transform: jsonSchemaTransform,
  });

  registerErrorHandler(app);
  await app.register(authPlugin);
  await app.register(healthRoutes);
  await app.register(registerModules);

  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());

  const webDist = resolve(deps.env.WEB_DIST ?? DEFAULT_WEB_DIST);
  const serveSpa = existsSync(resolve(webDist, 'index.html'));
  if (serveSpa) await app.register(fastifyStatic, { root: webDist, wildcard: false, index: ['index.html'] });
  registerNotFound(app, serveSpa);

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
