import { existsSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import { pino } from 'pino';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import cookie from '@fastify/cookie';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DbHandle } from '@sealplan/db';
import type { Env } from './config/env';
import type { Mailer } from './lib/mail';
import { registerErrorHandler, registerNotFound } from './plugins/error-handler';
import { createServices, registerModules } from './modules/index';
import { authPlugin } from './plugins/auth';
import { apiKeyAuthPlugin } from './plugins/api-key-auth';
import { apiRoute, tableSchemaTransform } from './plugins/api-routes';
import { crossSitePlugin } from './plugins/cross-site';
import { inputGatePlugin } from './plugins/input-gate';
import type { MailQueue } from './modules/mail';
import type { JobQueue } from './modules/queue';
import type { ResolveAll } from './modules/webhooks';
import { createCpuPool, type CpuPool } from './workers/cpu-pool';
import { createSerializerCompiler } from './plugins/serializer';
import { securityHeadersPlugin } from './plugins/security-headers';
import { webCacheControl } from './plugins/web-cache';
import { registerCompression } from './plugins/compression';
import { DEFAULT_WEB_DIST } from './repository-paths';
import { completeOpenApiDocument, type OpenApiDocument } from './plugins/openapi-document';

export interface AppDeps {
  db: DbHandle;
  env: Env;
  mail: Mailer;
  version: string;
  /** Injected clock so token expiry and rate limits can be tested. */
  now: () => Date;
  /** Worker pool for sizing and documents; built with the app when not given, closed with it either way. */
  cpu?: CpuPool;
  /** How webhook deliveries resolve a name (ADR 037); the system resolver when not given. */
  resolveHost?: ResolveAll;
}

/** AppDeps once the app is built: the pool is always there. */
export type BuiltAppDeps = AppDeps & { cpu: CpuPool };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes form-encoded bodies (spec §7: only the token call); every other route refuses them. */
    formBody?: boolean;
  }
  interface FastifyInstance {
    /** Every route as registered ('POST /api/user/list'); the authorisation matrix and fuzz suite walk it. */
    routeTable: RouteEntry[];
    /** Durable mail on the job queue (ADR 037), processed by every running server. */
    mailQueue: MailQueue;
    /** The durable job queue (the queue_jobs table: mail, webhook deliveries), processed by every running server. */
    jobQueue: JobQueue;
    deps: BuiltAppDeps;
  }
}

/** A registered route; `responseStatuses` are the status codes its schema describes (ADR 019: all of them). */
export interface RouteEntry {
  method: string;
  url: string;
  responseStatuses: string[];
}

const BODY_LIMIT_BYTES = 8 * 1024 * 1024;
/** Production log lines are written in batches of about this many bytes, or every LOG_FLUSH_MS (ADR 019). */
const LOG_BUFFER_BYTES = 4096;
const LOG_FLUSH_MS = 1000;
/** Browsers remember HTTPS-only for a year, subdomains included. */
const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * The server's pino options. In production lines go to stdout through an asynchronous destination that gathers
 * them: a write when LOG_BUFFER_BYTES have gathered or a second has passed, instead of a write per request line
 * (ADR 019; pino flushes what is pending when the process exits). Elsewhere they are written as they come, so a
 * test or a terminal sees them at once.
 */
function serverLogger(env: Env): FastifyServerOptions['logger'] {
  if (env.NODE_ENV !== 'production') return { level: env.LOG_LEVEL };
  const stream = pino.destination({
    dest: 1,
    sync: false,
    minLength: LOG_BUFFER_BYTES,
    periodicFlush: LOG_FLUSH_MS,
  });
  return { level: env.LOG_LEVEL, stream };
}

/** Builds the whole app without listening: server.ts listens, tests use app.inject. */
export async function buildApp(deps: AppDeps, options: { logger?: FastifyServerOptions['logger'] } = {}) {
  const app = Fastify({
    logger: options.logger ?? serverLogger(deps.env),
    // One line per request, written when it is answered (below), instead of Fastify's two (ADR 019).
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: (req) => (req.headers['x-request-id'] as string | undefined) ?? randomUUID(),
    bodyLimit: BODY_LIMIT_BYTES,
    // Forwarded headers count only from the configured proxies (README: TRUST_PROXY).
    trustProxy: deps.env.TRUST_PROXY.length > 0 ? deps.env.TRUST_PROXY : false,
  }).withTypeProvider<ZodTypeProvider>();

  const cpu = deps.cpu ?? createCpuPool({ log: app.log, bulkNice: deps.env.CPU_BULK_NICE });
  app.decorate('deps', { ...deps, cpu });
  app.addHook('onClose', async () => cpu.close());
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    // Route guards (preHandler) run before the schema: a caller without rights learns nothing of a contract
    // and costs no validation. The input gate (an app-wide preValidation hook) still runs first.
    if (route.preHandler) {
      route.preValidation = [...[route.preValidation ?? []].flat(), ...[route.preHandler].flat()];
      route.preHandler = undefined;
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') {
        const responseStatuses = Object.keys((route.schema?.response as object | undefined) ?? {});
        routeTable.push({ method, url: route.url, responseStatuses });
      }
    }
  });
  // Every service, built once (the composition root, ADR 025).
  const services = createServices({ ...deps, cpu, log: app.log });
  const { mailQueue, jobQueue } = services;
  app.decorate('mailQueue', mailQueue);
  app.decorate('jobQueue', jobQueue);
  app.addHook('onReady', async () => jobQueue.start());
  app.addHook('onClose', async () => jobQueue.stop());
  app.setValidatorCompiler(validatorCompiler);
  // Answers are written from JSON Schemas compiled once per route (ADR 019); zod checks them too outside production.
  app.setSerializerCompiler(createSerializerCompiler({ checkWithZod: deps.env.NODE_ENV !== 'production' }));
  // Hooks that do not wait are written with callbacks: an async hook costs a promise per request (ADR 019).
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request completed',
    );
    done();
  });

  await app.register(
    securityHeadersPlugin({
      // Sent below, and only over HTTPS: over plain HTTP it means nothing and breaks local setups.
      strictTransportSecurity: false,
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
    }),
  );
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
    done(null, payload);
  });
  await registerCompression(app);
  await app.register(cookie);
  // Form-encoded bodies are what a page on another site can post without asking; only the route that the spec
  // defines as form-encoded (POST /api/auth/token) parses them.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (request, body, done) => {
      if (request.routeOptions.config.formBody !== true) {
        done(
          Object.assign(new Error('Unsupported content type.'), { code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' }),
        );
        return;
      }
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
  await app.register(swagger, {
    openapi: { openapi: '3.1.0', info: { title: 'Sealplan API', version: deps.version } },
    // Every route is registered from the call table (ADR 024), so the description is made from it, and completed
    // from it with summaries, security, error answers and media (ADR 034).
    transform: tableSchemaTransform,
    transformObject: (generated) =>
      completeOpenApiDocument(
        ('openapiObject' in generated ? generated.openapiObject : generated.swaggerObject) as OpenApiDocument,
      ) as never,
  });

  registerErrorHandler(app);
  await app.register(crossSitePlugin);
  await app.register(authPlugin, { sessions: services.sessions });
  await app.register(apiKeyAuthPlugin, { apiKeys: services.apiKeys.authority });
  await app.register(inputGatePlugin);
  await app.register(registerModules, { services });

  // docs/decisions/011-abuse-limits.md: the API description is for signed-in users in production (its access).
  apiRoute(
    app,
    {
      call: 'apiDescription',
    },
    async () => app.swagger() as unknown as Record<string, unknown>,
  );

  const webDist = resolve(deps.env.WEB_DIST ?? DEFAULT_WEB_DIST);
  const serveSpa = existsSync(resolve(webDist, 'index.html'));
  if (serveSpa)
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: ['index.html'],
      // ADR 033: the build writes .br and .gz beside each text asset; the one the browser accepts is sent.
      preCompressed: true,
      setHeaders: (reply) => reply.header('cache-control', webCacheControl(reply.request.url)),
    });
  registerNotFound(app, serveSpa);

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
