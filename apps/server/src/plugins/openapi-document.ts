import { z } from 'zod';
import {
  API_KEY_HEADER,
  API_KEY_MESSAGES,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_KEY_TTL_HOURS,
  IDEMPOTENT_REPLAYED_HEADER,
  apiCalls,
  errorEnvelopeSchema,
  type ApiCall,
  type ApiCallName,
  type ErrorCode,
} from '@sealplan/contracts';
import { STATUS_BY_CODE } from '../errors';

/**
 * The OpenAPI document, completed from the call table (ADR 034). @fastify/swagger writes each route's schemas;
 * this adds what a reader (and Redocly's recommended rules) needs beside them, all from the same entries: a
 * summary, the bearer-token security scheme and who needs it, every error answer the call can give with the
 * error envelope, files as binary content, and the multipart body of an upload.
 */

type Schema = Record<string, unknown>;
interface MediaType {
  schema?: Schema;
  example?: unknown;
}
interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: { in: string; name: string; required?: boolean; description?: string; schema?: Schema }[];
  requestBody?: { content?: Record<string, MediaType>; required?: boolean };
  responses?: Record<
    string,
    { description?: string; headers?: Record<string, Schema>; content?: Record<string, MediaType> }
  >;
  security?: Record<string, string[]>[];
}
export interface OpenApiDocument {
  openapi: string;
  info: Schema;
  servers?: { url: string; description?: string }[];
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema>; securitySchemes?: Record<string, Schema> };
}

export const BEARER_SCHEME = 'bearer';
/** The public API's keys (ADR 036): as a bearer token, or in the X-API-Key header. */
export const API_KEY_BEARER_SCHEME = 'apiKey';
export const API_KEY_HEADER_SCHEME = 'apiKeyHeader';
const ERROR_ENVELOPE = 'ErrorEnvelope';

/** What each status means to a caller, with the codes that carry it. */
const STATUS_TEXT: Record<number, string> = {
  400: 'The request is not valid (the envelope names the field and why)',
  401: 'No valid access token: sign in (POST /api/auth/token) and send it as a bearer token',
  403: "The caller's account or roles do not allow this call",
  404: "No such record in the caller's organization",
  409: 'The record was changed since it was read, or the value is taken',
  413: 'The body or the work it asks for is larger than the server takes',
  415: 'The body is not of the media type this call reads',
  423: 'The record is locked',
  429: 'Too many requests: try again after Retry-After seconds',
  500: 'Something went wrong on the server (the message carries a reference)',
  502: 'A service the call depends on (mail, a sign-in provider) did not answer',
  503: 'The work did not finish within its time budget, or the service is not configured',
};

/** `project.getRecentProjects` → "Get recent projects". */
export function summaryOf(name: string): string {
  const last = name.split('.').pop() ?? name;
  const words = last.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const ROLE_ACCESS = new Set(['userAdmin', 'catalogueAdmin', 'contentAdmin', 'orgUser']);
const RECORD_KEY = /^(id|ids)$|Id$/;
const VERSION_KEY = /^version$|Version$/;

/** Property names of a body, its nested objects and its arrays' items (a transit inside the save's body). */
function keysOf(schema: Schema | undefined, depth = 3): string[] {
  if (!schema || depth === 0) return [];
  const properties = (schema.properties as Record<string, Schema> | undefined) ?? {};
  const nested = [...Object.values(properties), ...(schema.items ? [schema.items as Schema] : [])];
  return [...Object.keys(properties), ...nested.flatMap((child) => keysOf(child, depth - 1))];
}

/** The error codes a call can answer: derived from its access and input, plus those its entry names. */
export function errorCodesOf(call: ApiCall, operation: Operation): ErrorCode[] {
  const codes = new Set<ErrorCode>(['INTERNAL']);
  const bodySchema = Object.values(operation.requestBody?.content ?? {})[0]?.schema;
  const inputKeys = [...keysOf(bodySchema), ...(operation.parameters ?? []).map((p) => p.name)];
  if (call.params || call.query || call.body || call.bodyMedia) codes.add('VALIDATION_FAILED');
  if (call.access !== 'anyone') codes.add('UNAUTHENTICATED');
  // ADR 036: a key without the call's scope is refused, and every key has its rate limit.
  if (call.access === 'apiKey') {
    codes.add('FORBIDDEN');
    codes.add('RATE_LIMITED');
  }
  if (call.idempotent) {
    codes.add('BAD_REQUEST');
    codes.add('CONFLICT');
  }
  if (ROLE_ACCESS.has(call.access)) codes.add('FORBIDDEN');
  if (inputKeys.some((k) => RECORD_KEY.test(k))) codes.add('NOT_FOUND');
  if (inputKeys.some((k) => VERSION_KEY.test(k))) codes.add('VERSION_CONFLICT');
  if (call.body || call.bodyMedia) {
    codes.add('PAYLOAD_TOO_LARGE');
    codes.add('UNSUPPORTED_MEDIA_TYPE');
  }
  for (const code of call.errors ?? []) codes.add(code);
  return [...codes];
}

/** What an error answer of this code looks like (the envelope the error handler writes). */
function errorExample(code: ErrorCode): unknown {
  const message =
    code === 'UNAUTHENTICATED'
      ? API_KEY_MESSAGES.keyInvalid
      : code === 'RATE_LIMITED'
        ? API_KEY_MESSAGES.rateLimited
        : (ERROR_EXAMPLE_MESSAGES[code] ?? 'See the message.');
  return { success: false, data: null, messages: [message], error: { code, message } };
}

const ERROR_EXAMPLE_MESSAGES: Partial<Record<ErrorCode, string>> = {
  VALIDATION_FAILED: 'Please enter a name for the key.',
  BAD_REQUEST: API_KEY_MESSAGES.idempotencyKeyInvalid,
  FORBIDDEN: API_KEY_MESSAGES.scopeMissing('write'),
  NOT_FOUND: 'This project does not exist.',
  CONFLICT: API_KEY_MESSAGES.idempotencyKeyReused,
  VERSION_CONFLICT: 'The record was changed by someone else: reload it and try again.',
  PAYLOAD_TOO_LARGE: 'The request body is too large.',
  UNSUPPORTED_MEDIA_TYPE: 'Unsupported content type.',
  INTERNAL: 'Something went wrong (reference 3f1c…).',
};

function errorResponses(codes: ErrorCode[], examples = false): NonNullable<Operation['responses']> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes)
    byStatus.set(STATUS_BY_CODE[code], [...(byStatus.get(STATUS_BY_CODE[code]) ?? []), code]);
  return Object.fromEntries(
    [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, statusCodes]) => [
        String(status),
        {
          description: `${STATUS_TEXT[status] ?? 'Error'} (${statusCodes.map((c) => `\`${c}\``).join(', ')})`,
          content: {
            'application/json': {
              schema: { $ref: `#/components/schemas/${ERROR_ENVELOPE}` },
              ...(examples ? { example: errorExample(statusCodes[0]!) } : {}),
            },
          },
          ...(status === 429 ? { headers: { 'Retry-After': RETRY_AFTER_HEADER } } : {}),
        },
      ]),
  );
}

const BINARY = { type: 'string', format: 'binary' };
const RETRY_AFTER_HEADER = {
  description: 'Seconds to wait before asking again',
  schema: { type: 'integer', minimum: 1 },
};

function completeOperation(name: ApiCallName, operation: Operation): void {
  const call: ApiCall = apiCalls[name];
  operation.summary ??= call.summary ?? summaryOf(name);
  operation.security =
    call.access === 'anyone'
      ? []
      : call.access === 'apiKey'
        ? [{ [API_KEY_BEARER_SCHEME]: [] }, { [API_KEY_HEADER_SCHEME]: [] }]
        : [{ [BEARER_SCHEME]: [] }];
  if (call.scope)
    operation.description = `${operation.description ?? ''}\n\nScope: \`${call.scope}\`.`.trim();
  if (call.idempotent) {
    operation.parameters = [
      ...(operation.parameters ?? []),
      {
        in: 'header',
        name: IDEMPOTENCY_KEY_HEADER,
        required: false,
        description:
          `A key of your own (1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} printable characters, e.g. a UUID) that makes a ` +
          `retry safe: a second request with the same key and body within ${IDEMPOTENCY_KEY_TTL_HOURS} hours ` +
          `answers the first one's answer (with \`Idempotent-Replayed: true\`) and creates nothing.`,
        schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH },
      },
    ];
  }
  const requestMedia = operation.requestBody?.content?.['application/json'];
  if (call.examples?.request !== undefined && requestMedia) requestMedia.example = call.examples.request;
  const responses = (operation.responses ??= {});
  // A file travels as bytes, not JSON: the 200 answer lists each file type with a binary body.
  if (call.fileMedia) {
    const ok = (responses['200'] ??= { description: 'The file' });
    ok.content = {
      ...(call.data ? { 'application/json': ok.content?.['application/json'] ?? {} } : {}),
      ...Object.fromEntries(call.fileMedia.map((media) => [media, { schema: BINARY }])),
    };
  }
  // A multipart upload: one file part (the server reads its parts in order).
  if (call.bodyMedia === 'multipart/form-data' && !operation.requestBody)
    operation.requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: { type: 'object', properties: { file: BINARY }, required: ['file'] },
        },
      },
    };
  if (call.idempotent && responses['200'])
    responses['200'].headers = {
      [IDEMPOTENT_REPLAYED_HEADER]: {
        description: 'true when the answer is the stored answer of an earlier request with the same key',
        schema: { type: 'string', enum: ['true'] },
      },
    };
  const errors = errorResponses(errorCodesOf(call, operation), call.access === 'apiKey');
  for (const [status, response] of Object.entries(errors)) responses[status] ??= response;
}

/** @fastify/swagger's transformObject: the generated document, completed from the call table. */
export function completeOpenApiDocument(document: OpenApiDocument): OpenApiDocument {
  document.servers = [{ url: '/', description: 'This server' }];
  const components = (document.components ??= {});
  components.securitySchemes = {
    ...components.securitySchemes,
    [BEARER_SCHEME]: {
      type: 'http',
      scheme: 'bearer',
      description: 'The access_token answered by POST /api/auth/token (spec §7)',
    },
    [API_KEY_BEARER_SCHEME]: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'spk_…',
      description:
        "An organization's API key (made by its administrator under Settings → API keys), sent as " +
        '`Authorization: Bearer spk_…`',
    },
    [API_KEY_HEADER_SCHEME]: {
      type: 'apiKey',
      in: 'header',
      name: API_KEY_HEADER,
      description: 'The same API key in the X-API-Key header',
    },
  };
  const { $schema: _ignored, ...errorEnvelope } = z.toJSONSchema(errorEnvelopeSchema, {
    io: 'output',
  }) as Schema;
  components.schemas = { ...components.schemas, [ERROR_ENVELOPE]: errorEnvelope };
  for (const operations of Object.values(document.paths ?? {}))
    for (const operation of Object.values(operations)) {
      const name = operation.operationId;
      if (name && name in apiCalls) completeOperation(name as ApiCallName, operation);
    }
  return document;
}

/** What the public API's description says before its calls (ADR 036). */
const PUBLIC_API_DESCRIPTION = `The public API of Sealplan for integrators: projects, customers, transits with their items and
results, schedule import, documents, locations and statuses.

**Keys.** An organization's administrator makes API keys under Settings → API keys, each with scopes (\`read\`,
\`write\`, \`export\`) and an optional expiry. Send the key as \`Authorization: Bearer spk_…\` or in the
\`X-API-Key\` header. A request acts for the key's organization; a revoked or expired key is refused at once.

**Envelope.** Every JSON answer is \`{ success, data, messages }\`; an error adds \`error: { code, message, fields? }\`
with a stable code (e.g. \`VALIDATION_FAILED\`, \`NOT_FOUND\`, \`RATE_LIMITED\`). Branch on the code, not on the message.

**Limits.** Each key may make a number of requests per minute (429 with Retry-After past it), counted across all servers.

**Retries.** Creating calls take an \`Idempotency-Key\` header: a retried request with the same key answers the first
request's answer and creates nothing.

**Compatibility.** Calls under /api/v1 change only by additions; see docs/api-compatibility.md.`;

/** The description of the public API alone: the calls under /api/v1 that take an API key, and its reference. */
export function publicApiDocumentOf(document: OpenApiDocument): OpenApiDocument {
  const paths: NonNullable<OpenApiDocument['paths']> = {};
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    const kept = Object.fromEntries(
      Object.entries(operations).filter(([, operation]) => {
        const name = operation.operationId;
        return !!name && name in apiCalls && apiCalls[name as ApiCallName].access === 'apiKey';
      }),
    );
    if (Object.keys(kept).length) paths[path] = kept;
  }
  const { [BEARER_SCHEME]: _session, ...securitySchemes } = document.components?.securitySchemes ?? {};
  return {
    ...document,
    info: { ...document.info, title: 'Sealplan public API', description: PUBLIC_API_DESCRIPTION },
    paths,
    components: { ...document.components, securitySchemes },
  };
}
