import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  AUTH_MESSAGES,
  CONTENT_MESSAGES,
  FILTER_MESSAGES,
  LOCKER_MAX_BYTES,
  canAdministerContent,
  communitySubmitRequestSchema,
  contentPageSchema,
  contentPublishRequestSchema,
  contentSaveRequestSchema,
  contentSlugRequestSchema,
  envelope,
  facebookScrapeResponseSchema,
  indexAllRequestSchema,
  indexAllResponseSchema,
  isContentModel,
  lockerFileSchema,
  preRenderResponseSchema,
  sequenceParamsSchema,
  sequenceResponseSchema,
  slugSchema,
  supportRequestSchema,
  systemMessageSchema,
  toggleLockRequestSchema,
  translationsQuerySchema,
  translationsResponseSchema,
  validateRequestSchema,
  validateResponseSchema,
} from '@sealplan/contracts';
import { AppError } from '../../errors';
import { ok } from '../../lib/reply';
import { requireOrgUser, requireUser } from '../../plugins/auth';
import { createAuthRepository } from '../auth/auth.repository';
import { createRateLimiter } from '../auth/rate-limiter';
import { createContentRepository } from './content.repository';
import { createContentService, type ContentService } from './content.service';
import { createLockerService, fileTooLarge } from './locker.service';
import { createTemplateSource } from './template-source';
import { DEFAULT_LOCALES_DIR, createTranslationsService } from './translations.service';

/** Issue 19: how long the social scraper may take before facebookScrape gives up. */
const SCRAPE_TIMEOUT_MS = 5_000;
/** Browsers may keep a locker file this long (ids are never reused, so a file never changes under its id). */
const LOCKER_CACHE_SECONDS = 86_400;

/** Guard: a signed-in provider-organization user whose roles carry content.manage (canAdministerContent). */
export const requireContentAdmin: preHandlerAsyncHookHandler = async function (request, reply) {
  await requireUser.call(this, request, reply);
  if (!canAdministerContent(request.user)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.notAuthorized);
};

/** The content service wired to the app (the instance routes use it for the content models). */
export function contentServiceFor(app: FastifyInstance): ContentService {
  const { db, env, now } = app.deps;
  return createContentService({
    repo: createContentRepository(db.db),
    limiter: createRateLimiter(createAuthRepository(db.db), now),
    templates: createTemplateSource(db.db),
    scraper: {
      url: env.SOCIAL_SCRAPE_URL,
      token: env.SOCIAL_SCRAPE_TOKEN,
      timeoutMs: SCRAPE_TIMEOUT_MS,
      fetch: globalThis.fetch,
    },
    publicUrl: env.PUBLIC_URL,
    productName: env.PROVIDER_SHORT_NAME,
    now,
    log: app.log,
  });
}

const modelParams = z.object({ model: z.string().min(1).max(60) });
const lockerParams = z.object({ id: z.string().min(1).max(60) });
const pageResponse = { 200: envelope(contentPageSchema) };

/**
 * Spec §7 content calls (POST /api/content/{name}) and path helpers (validate, sequence, locker, message,
 * translations); docs/decisions/016-content-administration.md.
 */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const content = contentServiceFor(app);
  const repo = createContentRepository(app.deps.db.db);
  const translations = createTranslationsService({
    repo,
    localesDir: app.deps.env.LOCALES_DIR ?? DEFAULT_LOCALES_DIR,
  });
  const locker = createLockerService({ repo });
  const tags = ['content'];

  app.post(
    '/api/content/communitySubmit',
    {
      preHandler: requireUser,
      schema: { tags, body: communitySubmitRequestSchema, response: { 200: envelope(supportRequestSchema) } },
    },
    async (request) => ok(await content.communitySubmit(request.user!, request.body)),
  );

  app.post(
    '/api/content/save',
    {
      preHandler: requireContentAdmin,
      schema: { tags, body: contentSaveRequestSchema, response: pageResponse },
    },
    async (request) => ok(await content.savePage(request.user!, request.body)),
  );

  app.post(
    '/api/content/publish',
    {
      preHandler: requireContentAdmin,
      schema: { tags, body: contentPublishRequestSchema, response: pageResponse },
    },
    async (request) => ok(await content.publish(request.user!, request.body)),
  );

  app.post(
    '/api/content/preRender',
    {
      preHandler: requireContentAdmin,
      schema: { tags, body: contentSlugRequestSchema, response: { 200: envelope(preRenderResponseSchema) } },
    },
    async (request) => ok(await content.preRender(request.user!, request.body.slug)),
  );

  app.post(
    '/api/content/toggleLock',
    {
      preHandler: requireContentAdmin,
      schema: { tags, body: toggleLockRequestSchema, response: pageResponse },
    },
    async (request) => ok(await content.toggleLock(request.user!, request.body.slug, request.body.isLocked)),
  );

  app.post(
    '/api/content/indexAll',
    {
      preHandler: requireContentAdmin,
      schema: { tags, body: indexAllRequestSchema, response: { 200: envelope(indexAllResponseSchema) } },
    },
    async (request) => ok(await content.indexAll(request.user!, request.body.settingsType)),
  );

  app.post(
    '/api/content/facebookScrape',
    {
      preHandler: requireContentAdmin,
      schema: {
        tags,
        body: contentSlugRequestSchema,
        response: { 200: envelope(facebookScrapeResponseSchema) },
      },
    },
    async (request) => ok(await content.facebookScrape(request.user!, request.body.slug)),
  );

  app.post(
    '/api/instance/validate/:model',
    {
      preHandler: requireContentAdmin,
      schema: {
        tags: ['records'],
        params: modelParams,
        body: validateRequestSchema,
        response: { 200: envelope(validateResponseSchema) },
      },
    },
    async (request) => {
      const { model } = request.params;
      if (!isContentModel(model))
        throw new AppError('NOT_FOUND', FILTER_MESSAGES.unknownModel.replace('{model}', model.slice(0, 60)));
      return ok(await content.validate(request.user!, model, request.body));
    },
  );

  app.post(
    '/api/instance/sequence/:name',
    {
      preHandler: requireOrgUser,
      schema: {
        tags: ['records'],
        params: sequenceParamsSchema,
        response: { 200: envelope(sequenceResponseSchema) },
      },
    },
    async (request) => ok(await content.nextSequence(request.user!, request.params.name)),
  );

  app.get('/api/message', { schema: { tags, response: { 200: envelope(systemMessageSchema) } } }, async () =>
    ok(await content.message()),
  );

  app.get(
    '/api/translations/all',
    {
      schema: {
        tags,
        querystring: translationsQuerySchema,
        response: { 200: envelope(translationsResponseSchema) },
      },
    },
    async (request) => ok(await translations.all(request.query.culture)),
  );

  // The public address of a published content page (facebookScrape sends scrapers here). Slugs the contract
  // refuses, and pages not published, are simply not found.
  app.get(
    '/pages/:slug',
    {
      schema: {
        hide: true,
        params: z.object({ slug: z.string().max(200) }),
        response: { 200: z.string().describe('The page as an HTML document') },
      },
    },
    async (request, reply) => {
      const slug = slugSchema.safeParse(request.params.slug);
      const html = slug.success ? await content.publishedPage(slug.data) : null;
      if (html === null) throw new AppError('NOT_FOUND', CONTENT_MESSAGES.pageNotFound);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'public, max-age=300').send(html);
    },
  );

  app.get(
    '/api/locker/:id',
    {
      preHandler: requireUser,
      schema: {
        tags,
        params: lockerParams,
        response: {
          200: z.unknown().describe('The file, with its stored content type'),
          304: z.null().describe('Not modified: the ETag the browser holds is current'),
        },
      },
    },
    async (request, reply) => {
      const file = await locker.get(request.params.id);
      const etag = `"${file.sha256}"`;
      if (request.headers['if-none-match'] === etag) return reply.status(304).header('etag', etag).send();
      return (
        reply
          .header('content-type', file.contentType)
          .header('content-length', file.size)
          // An ASCII name for old clients and the exact one (RFC 6266) for the rest: headers carry only Latin-1.
          .header(
            'content-disposition',
            `inline; filename="${file.fileName.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
          )
          .header('cache-control', `private, max-age=${LOCKER_CACHE_SECONDS}, immutable`)
          .header('etag', etag)
          .send(file.data)
      );
    },
  );

  // Multipart parsing only for the upload route (an encapsulated child): every other route keeps refusing it.
  await app.register(async (child) => {
    await child.register(multipart, {
      limits: { fileSize: LOCKER_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
    });
    child.post(
      '/api/locker/upload',
      {
        preHandler: requireContentAdmin,
        schema: { tags, consumes: ['multipart/form-data'], response: { 200: envelope(lockerFileSchema) } },
      },
      async (request) => {
        if (!request.isMultipart())
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data.');
        const part = await request.file();
        const file = part
          ? {
              fileName: part.filename,
              contentType: part.mimetype,
              data: await part.toBuffer().catch((error: { code?: string }) => {
                throw error.code === 'FST_REQ_FILE_TOO_LARGE' ? fileTooLarge() : error;
              }),
              truncated: part.file.truncated,
            }
          : null;
        return ok(await locker.upload(request.user!, file));
      },
    );
  });
};
