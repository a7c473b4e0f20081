import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import { orgIdOf } from '../../plugins/auth';
import { apiRoute } from '../../plugins/api-routes';
import type { HistoryService } from './history.service';
import type { PhotosService } from './photos.service';

/** Photos never change under their id (a new upload is a new id): browsers may keep them this long. */
const PHOTO_CACHE_SECONDS = 86_400;

/** A transit's history, restore and photos (ADR 032); uploads arrive through /api/locker/upload. */
export const historyRoutes: FastifyPluginAsyncZod<{
  history: HistoryService;
  photos: PhotosService;
}> = async (app, { history, photos }) => {
  apiRoute(app, { call: 'history.transit' }, async (request) =>
    ok(await history.transitHistory(orgIdOf(request), request.body.transitId)),
  );

  apiRoute(app, { call: 'history.project' }, async (request) =>
    ok(await history.projectHistory(orgIdOf(request), request.body.projectId, request.body.offset)),
  );

  apiRoute(app, { call: 'history.restore' }, async (request) => {
    const data = await history.restore(
      orgIdOf(request),
      request.user!.id,
      request.body.transitId,
      request.body.changeId,
    );
    request.log.info(
      { transitId: request.body.transitId, changeId: request.body.changeId },
      'transit restored',
    );
    return ok(data);
  });

  apiRoute(app, { call: 'photos.list' }, async (request) =>
    ok(await photos.list(orgIdOf(request), request.body.transitId)),
  );

  apiRoute(app, { call: 'photos.remove' }, async (request) => {
    await photos.remove({ id: request.user!.id, organizationId: orgIdOf(request) }, request.body.photoId);
    return ok({ removed: true as const });
  });

  for (const call of ['photos.file', 'photos.thumbnail'] as const) {
    apiRoute(app, { call }, async (request, reply) => {
      const file = await photos.file(orgIdOf(request), request.params.id, call === 'photos.thumbnail');
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.data.length)
        .header(
          'content-disposition',
          `${file.inline ? 'inline' : 'attachment'}; filename="${file.fileName.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
        )
        .header('cache-control', `private, max-age=${PHOTO_CACHE_SECONDS}, immutable`)
        .send(file.data);
    });
  }
};
