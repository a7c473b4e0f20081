import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ARCHIVE_MAX_BYTES, HANDOVER_MESSAGES } from '@sealplan/contracts';
import { AppError } from '../../errors';
import { ok } from '../../lib/reply';
import { orgIdOf } from '../../plugins/auth';
import { apiRoute } from '../../plugins/api-routes';
import type { HandoverCaller, HandoverService } from './handover.service';

function callerOf(request: FastifyRequest): HandoverCaller {
  const user = request.user!;
  return {
    id: user.id,
    organizationId: orgIdOf(request),
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    roles: user.roles,
    isProviderOrganization: user.isProviderOrganization,
  };
}

/** A file answer; the file name is ASCII letters, digits, dots and dashes by construction (fileSafe). */
function sendFile(reply: FastifyReply, file: { fileName: string; body: Uint8Array }, contentType: string) {
  return reply
    .header('content-type', contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(file.body as never);
}

/** The hand-over of a project (ADR 035): the as-built record, the project archive and its import. */
export const handoverRoutes: FastifyPluginAsyncZod<{ handover: HandoverService }> = async (
  app,
  { handover },
) => {
  apiRoute(app, { call: 'handover.asBuilt' }, async (request, reply) => {
    const file = await handover.asBuilt(callerOf(request), request.params.projectId, request.query);
    request.log.info(
      { projectId: request.params.projectId, bytes: file.body.length },
      'as-built record made',
    );
    return sendFile(reply, file, 'application/pdf');
  });

  apiRoute(app, { call: 'handover.exportArchive' }, async (request, reply) => {
    const file = await handover.exportArchive(
      callerOf(request),
      request.params.projectId,
      request.query.language,
      request.query.measurementSystem,
    );
    request.log.info(
      { projectId: request.params.projectId, bytes: file.body.length },
      'project archive made',
    );
    return sendFile(reply, file, 'application/zip');
  });

  // Multipart parsing only for the import (an encapsulated child): every other route keeps refusing it.
  await app.register(async (child) => {
    await child.register(multipart, {
      limits: { fileSize: ARCHIVE_MAX_BYTES, files: 1, fields: 2, fieldSize: 1024, parts: 3 },
    });
    apiRoute(child, { call: 'handover.importArchive' }, async (request) => {
      if (!request.isMultipart())
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', HANDOVER_MESSAGES.notMultipart);
      const part = await request.file();
      const upload = part
        ? {
            data: await part.toBuffer().catch((error: { code?: string }) => {
              throw error.code === 'FST_REQ_FILE_TOO_LARGE'
                ? new AppError('PAYLOAD_TOO_LARGE', HANDOVER_MESSAGES.tooLarge)
                : error;
            }),
            truncated: part.file.truncated,
            fileName: part.filename || null,
          }
        : null;
      const result = await handover.importArchive(callerOf(request), upload);
      request.log.info(
        {
          projectId: result.projectId,
          transits: result.transits,
          photos: result.photos,
          files: result.files,
        },
        'project archive imported',
      );
      return ok(result);
    });
  });
};
