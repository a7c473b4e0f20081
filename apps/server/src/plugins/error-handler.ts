import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Envelope, ErrorCode } from '@sealplan/contracts';
import { AppError, STATUS_BY_CODE } from '../errors';

function fail(code: ErrorCode, message: string, fields?: Record<string, string>): Envelope<null> {
  return {
    success: false,
    data: null,
    messages: fields ? Object.values(fields) : [message],
    error: { code, message, ...(fields ? { fields } : {}) },
  };
}

/** Maps every error to the envelope: AppError by its code, zod validation to 400 with a message per field. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const retryAfter = error.options?.retryAfterSeconds;
      if (retryAfter !== undefined) void reply.header('retry-after', String(retryAfter));
      return reply.status(STATUS_BY_CODE[error.code]).send(fail(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const path =
          issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || error.validationContext || 'body';
        fields[path] ??= issue.message ?? 'Invalid value';
      }
      return reply.status(400).send(fail('VALIDATION_FAILED', 'The request is not valid.', fields));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.status(400).send(fail('BAD_REQUEST', 'The request body is not valid JSON.'));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send(fail('PAYLOAD_TOO_LARGE', 'The request body is too large.'));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send(fail('BAD_REQUEST', 'Unsupported content type.'));
    }
    if (error.statusCode === 429) {
      return reply.status(429).send(fail('RATE_LIMITED', 'Too many requests. Please try again later.'));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(fail('BAD_REQUEST', error.message));
    }
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    return reply
      .status(500)
      .send(fail('INTERNAL', `Something went wrong on our side. Reference: ${request.id}`));
  });
}

/** Unknown API paths answer 404 in the envelope; any other GET gets the web app (SPA fallback). */
export function registerNotFound(app: FastifyInstance, serveSpa: boolean) {
  app.setNotFoundHandler((request, reply) => {
    if (serveSpa && request.method === 'GET' && !request.url.startsWith('/api')) {
      return reply.type('text/html').sendFile('index.html');
    }
    const path = request.url.split('?')[0];
    return reply.status(404).send(fail('NOT_FOUND', `No API route ${request.method} ${path}.`));
  });
}
