import type {
  ContextConfigDefault,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteOptions,
  RouteShorthandOptions,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  AUTH_MESSAGES,
  apiCalls,
  canAdministerContent,
  envelope,
  type Access,
  type ApiCall,
  type ApiCallName,
  type ApiCalls,
} from '@sealplan/contracts';
import { AppError } from '../errors';
import { requireOrgUser, requireProviderWideAdmin, requireUser, requireUserAdmin } from './auth';
import { idempotencyHooks, requireApiKey } from './api-key-auth';

/** Guard: a signed-in provider-organization user whose roles carry content.manage (canAdministerContent). */
export const requireContentAdmin: preHandlerAsyncHookHandler = async function (request, reply) {
  await requireUser.call(this, request, reply);
  if (!canAdministerContent(request.user)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.notAuthorized);
};

/** The guard in front of each access level of the call table (ADR 024); none for `anyone`. */
function guardOf(app: FastifyInstance, call: ApiCall): preHandlerAsyncHookHandler | undefined {
  const access: Access = call.access;
  switch (access) {
    case 'anyone':
      return undefined;
    case 'user':
      return requireUser;
    case 'orgUser':
      return requireOrgUser;
    case 'userAdmin':
      return requireUserAdmin;
    case 'catalogueAdmin':
      // The catalogue is shared by every organization (ADR 008).
      return requireProviderWideAdmin;
    case 'contentAdmin':
      return requireContentAdmin;
    case 'userInProduction':
      // ADR 011: the API description is for signed-in users in production.
      return app.deps.env.NODE_ENV === 'production' ? requireUser : undefined;
    case 'apiKey':
      // ADR 036: the public API takes an organization's API key with the call's scope, never a session.
      if (!call.scope) throw new Error(`an apiKey call needs a scope`);
      return requireApiKey(call.scope);
  }
}

type Field<C, K extends string> = C extends { [P in K]: infer S extends z.ZodType } ? S : undefined;
type ResponsesOf<C> = (C extends { data: infer D extends z.ZodType }
  ? { 200: ReturnType<typeof envelope<D>> }
  : unknown) &
  (C extends { responses: infer R } ? R : unknown);

/** The Fastify schema a call's route is registered with (a form or multipart body is read by its handler). */
export type CallRouteSchema<C> = {
  operationId: string;
  tags: string[];
  description?: string;
  hide?: boolean;
  consumes?: string[];
  produces?: string[];
  'x-access': Access;
  params: Field<C, 'params'>;
  querystring: Field<C, 'query'>;
  body: C extends { bodyMedia: string } ? undefined : Field<C, 'body'>;
  response: ResponsesOf<C>;
};

export type CallHandler<N extends ApiCallName> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  CallRouteSchema<ApiCalls[N]>,
  ZodTypeProvider
>;

/** What a route adds to its call's entry: its own hooks and settings, never its method, path, schema or guard. */
export type CallRouteOptions = Pick<RouteShorthandOptions, 'config' | 'errorHandler' | 'preValidation'>;

/** The route options of a call, from the table alone (also what the table test compares against). */
export function callRouteSchema(name: ApiCallName): CallRouteSchema<ApiCalls[ApiCallName]> {
  const call: ApiCall = apiCalls[name];
  const responses: Record<number, z.ZodType> = { ...call.responses };
  if (call.data) responses[200] = envelope(call.data);
  return {
    operationId: name,
    tags: [call.tag],
    ...(call.description ? { description: call.description } : {}),
    ...(call.hidden ? { hide: true } : {}),
    ...(call.bodyMedia ? { consumes: [call.bodyMedia] } : {}),
    ...(call.fileMedia ? { produces: ['application/json', ...call.fileMedia] } : {}),
    'x-access': call.access,
    params: call.params,
    querystring: call.query,
    body: call.bodyMedia ? undefined : call.body,
    response: responses,
  } as CallRouteSchema<ApiCalls[ApiCallName]>;
}

/**
 * Registers the route of one call of the table (ADR 024): method, path, schemas and guard come from the table;
 * the route gives its handler and, where it needs them, its own hooks (withSessionValue) and settings.
 */
export function apiRoute<N extends ApiCallName>(
  app: FastifyInstance,
  route: { call: N } & CallRouteOptions,
  handler: CallHandler<N>,
): void {
  const { call: name, ...options } = route;
  const call: ApiCall = apiCalls[name];
  const schema = Object.fromEntries(
    Object.entries(callRouteSchema(name)).filter(([, value]) => value !== undefined),
  );
  const guard = guardOf(app, call);
  // A creating call of the public API answers a retried request from its stored answer (ADR 036).
  const idempotency = call.idempotent ? idempotencyHooks(name) : undefined;
  const preHandler = [guard, idempotency?.preHandler].filter((hook) => hook !== undefined);
  app.route({
    method: call.method,
    url: call.path,
    schema,
    ...(preHandler.length ? { preHandler } : {}),
    ...(idempotency ? { onSend: idempotency.onSend } : {}),
    ...options,
    ...(call.access === 'apiKey' ? { config: { ...options.config, apiKey: true } } : {}),
    handler,
  } as RouteOptions);
}

/**
 * The OpenAPI transform: each route's schemas as JSON Schema (fastify-type-provider-zod), plus what the table says
 * that the route does not carry: a form body, which its handler checks itself (spec §7: the token call words its
 * failures with error_description), so that the description of every call is the table's whole entry.
 */
export const tableSchemaTransform: typeof jsonSchemaTransform = (input) => {
  const name = (input.schema as { operationId?: unknown } | undefined)?.operationId;
  const call: ApiCall | undefined =
    typeof name === 'string' && name in apiCalls ? apiCalls[name as ApiCallName] : undefined;
  if (call?.bodyMedia !== 'application/x-www-form-urlencoded' || !call.body)
    return jsonSchemaTransform(input);
  return jsonSchemaTransform({ ...input, schema: { ...input.schema, body: call.body } });
};
