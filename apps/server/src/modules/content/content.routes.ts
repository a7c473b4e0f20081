import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  CONTENT_MESSAGES,
  FILTER_MESSAGES,
  LOCKER_MAX_BYTES,
  TRANSIT_PHOTO_MAX_BYTES,
  isContentModel,
  slugSchema,
  type MenuEntry,
} from '@sealplan/contracts';
import { AppError } from '../../errors';
import { ok } from '../../lib/reply';
import { apiRoute } from '../../plugins/api-routes';
import { sessionValueOf, withSessionValue } from '../../plugins/auth';
import { photoTooLarge, type PhotosService } from '../history';
import type { ContentService } from './content.service';
import { fileTooLarge, type LockerService } from './locker.service';
import { cultureRequested, type TranslationsService } from './translations.service';
import { translationOverridesJson } from './translations-json';
import { mainMenuJson } from './menu-json';
import { okEnvelopeSql, rawEnvelope } from '../../lib/raw-json';

/** Browsers may keep a locker file this long (ids are never reused, so a file never changes under its id). */
const LOCKER_CACHE_SECONDS = 86_400;

/**
 * Spec §7 content calls (POST /api/content/{name}) and path helpers (validate, sequence, locker, message,
 * translations); docs/decisions/016-content-administration.md.
 */
export const contentRoutes: FastifyPluginAsyncZod<{
  content: ContentService;
  translations: TranslationsService;
  locker: LockerService;
  /** Photos of transits arrive through the locker's upload too (ADR 032). */
  photos: PhotosService;
}> = async (app, { content, translations, locker, photos }) => {
  apiRoute(
    app,
    {
      call: 'content.communitySubmit',
    },
    async (request) => ok(await content.communitySubmit(request.user!, request.body)),
  );

  apiRoute(
    app,
    {
      call: 'content.save',
    },
    async (request) => ok(await content.savePage(request.user!, request.body)),
  );

  apiRoute(
    app,
    {
      call: 'content.publish',
    },
    async (request) => ok(await content.publish(request.user!, request.body)),
  );

  apiRoute(
    app,
    {
      call: 'content.preRender',
    },
    async (request) => ok(await content.preRender(request.user!, request.body.slug)),
  );

  apiRoute(
    app,
    {
      call: 'content.toggleLock',
    },
    async (request) => ok(await content.toggleLock(request.user!, request.body.slug, request.body.isLocked)),
  );

  apiRoute(
    app,
    {
      call: 'content.indexAll',
    },
    async (request) => ok(await content.indexAll(request.user!, request.body.settingsType)),
  );

  apiRoute(
    app,
    {
      call: 'content.facebookScrape',
    },
    async (request) => ok(await content.facebookScrape(request.user!, request.body.slug)),
  );

  apiRoute(
    app,
    {
      call: 'instance.validate',
    },
    async (request) => {
      const { model } = request.params;
      if (!isContentModel(model))
        throw new AppError('NOT_FOUND', FILTER_MESSAGES.unknownModel.replace('{model}', model.slice(0, 60)));
      return ok(await content.validate(request.user!, model, request.body));
    },
  );

  apiRoute(
    app,
    {
      call: 'instance.sequence',
    },
    async (request) => ok(await content.nextSequence(request.user!, request.params.name)),
  );

  apiRoute(
    app,
    {
      call: 'message',
    },
    async () => ok(await content.message()),
  );

  // Every page of the shell asks for its menu: read in the session's own statement, written by the database: one
  // round trip (ADR 038).
  apiRoute(
    app,
    {
      call: 'content.getMainMenu',
      ...withSessionValue({
        name: 'session_with_main_menu',
        value: (caller) => okEnvelopeSql(mainMenuJson(caller.userId)),
        inputs: {},
        params: () => ({}),
      }),
    },
    async (request) => rawEnvelope<MenuEntry[]>(sessionValueOf<string>(request)),
  );

  // A signed-in caller's overrides are read in the session's statement and the answer is text kept per culture
  // (ADR 038); a visitor's (the public pages) through the service.
  apiRoute(
    app,
    {
      call: 'translations.all',
      ...withSessionValue({
        name: 'session_with_translation_overrides',
        value: (_caller, input) => translationOverridesJson(input.culture),
        inputs: { culture: 'text' },
        params: (request) => {
          const culture = cultureRequested(String((request.query as { culture?: unknown }).culture));
          return culture ? { culture } : null;
        },
      }),
    },
    async (request) =>
      typeof request.sessionValue === 'string'
        ? translations.allAnswer(request.query.culture, request.sessionValue)
        : ok(await translations.all(request.query.culture)),
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

  apiRoute(
    app,
    {
      call: 'locker.get',
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
      limits: {
        fileSize: Math.max(LOCKER_MAX_BYTES, TRANSIT_PHOTO_MAX_BYTES),
        files: 1,
        fields: 5,
        fieldSize: 1024,
        parts: 6,
      },
    });
    apiRoute(
      child,
      {
        call: 'locker.upload',
      },
      async (request) => {
        if (!request.isMultipart())
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data.');
        const part = await request.file();
        // A photo of a transit names it (ADR 032) in a field sent before the file; else a content image.
        const field = (name: string) => {
          const value = part?.fields[name];
          return value && !Array.isArray(value) && value.type === 'field' ? String(value.value) : undefined;
        };
        const transitId = field('transitId');
        const tooLarge = transitId === undefined ? fileTooLarge : photoTooLarge;
        const file = part
          ? {
              fileName: part.filename,
              contentType: part.mimetype,
              data: await part.toBuffer().catch((error: { code?: string }) => {
                throw error.code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge() : error;
              }),
              truncated: part.file.truncated,
            }
          : null;
        if (transitId === undefined) return ok(await locker.upload(request.user!, file));
        if (!z.string().uuid().safeParse(transitId).success)
          throw new AppError('VALIDATION_FAILED', CONTENT_MESSAGES.transitIdInvalid, {
            transitId: CONTENT_MESSAGES.transitIdInvalid,
          });
        return ok(await photos.upload(request.user!, transitId, file, field('keepGps') === 'true'));
      },
    );
  });
};
