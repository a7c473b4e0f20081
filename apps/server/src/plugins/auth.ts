import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerAsyncHookHandler,
  preValidationAsyncHookHandler,
} from 'fastify';
import {
  ANONYMOUS_ACCESS_TOKEN,
  AUTH_MESSAGES,
  CLIENT_HEADER,
  SESSION_COOKIE,
  hasProviderWideReach,
} from '@sealplan/contracts';
import { AppError } from '../errors';
import { hashToken } from '../lib/tokens';
import type { AuthUser } from '../shared/auth-user';
import { PERMISSIONS, USER_ADMIN_ROLES, type RoleId } from '../shared/roles';
import type { SessionLookup, SessionRow, SessionValueInputs, SessionValueSql } from '../shared/sessions';

export const ANONYMOUS_TOKEN = ANONYMOUS_ACCESS_TOKEN;

export type { AuthUser };

declare module 'fastify' {
  interface FastifyInstance {
    /** The sessions the auth plugin resolves callers with (given by the composition root, ADR 025). */
    sessions: SessionLookup;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    /** The value a route reads with the session (withSessionValue); undefined when none was read. */
    sessionValue: unknown;
  }
  interface FastifyContextConfig {
    /** The route reads its answer with the session once its body is parsed (withSessionValue, ADR 019). */
    sessionValue?: boolean;
  }
}

/** Methods that change nothing: a cookie alone may authenticate them (SameSite=Strict keeps other sites out). */
export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The request's Origin names this server (the host the browser addressed). Absent Origin is not same-origin. */
export function isSameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) return false;
  try {
    // Both through URL, so a default port written out (localhost:80) compares equal to one left out.
    return new URL(origin).host === new URL(`${request.protocol}://${request.host}`).host;
  } catch {
    return false;
  }
}

/**
 * The cookie stands for the user on a state-changing call only with proof that this app's own page sent it:
 * the client header (another site cannot set it) or a same-origin Origin.
 */
function cookieMayAuthenticate(request: FastifyRequest): boolean {
  return (
    SAFE_METHODS.has(request.method) || request.headers[CLIENT_HEADER] !== undefined || isSameOrigin(request)
  );
}

/** The raw token the request carries (bearer header, else the cookie where it may count); used by sign-out. */
export function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  const cookie = request.cookies?.[SESSION_COOKIE];
  return cookie && cookieMayAuthenticate(request) ? cookie : null;
}

function authUserOf(row: SessionRow): AuthUser {
  return {
    id: row.userId,
    organizationId: row.organizationId,
    isProviderOrganization: row.isProvider === true,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    roles: row.roleIds as RoleId[],
    permissions: row.permissionIds,
    tokenId: row.tokenId,
    tokenExpiresAt: row.tokenExpiresAt,
  };
}

/** Looks the token up by its hash; revoked, expired, suspended, removed or unapproved means anonymous. */
export async function resolveUser(app: FastifyInstance, token: string | null): Promise<AuthUser | null> {
  if (!token || token === ANONYMOUS_TOKEN) return null;
  const row = await app.sessions.findLiveSession(hashToken(token), app.deps.now());
  return row ? authUserOf(row) : null;
}

/** Resolves every API request's caller with `sessions`, the session lookup the composition root built. */
export async function authPlugin(app: FastifyInstance, { sessions }: { sessions: SessionLookup }) {
  app.decorate('sessions', sessions);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionValue', undefined);
  // Every API route resolves its caller before anything else of its own runs. The hook is the route's own, added
  // as the route is registered, rather than an app-wide one asking each request for its URL and route options
  // (ADR 019). A route that reads its answer with the session resolves its caller in its preValidation hook
  // instead (withSessionValue).
  const resolveCaller: onRequestHookHandler = (request, _reply, done) => {
    resolveUser(app, bearer(request)).then((user) => {
      request.user = user;
      done();
    }, done);
  };
  app.addHook('onRoute', (route) => {
    // A public API route's caller is its API key (ADR 036), resolved by the route's guard.
    if (
      !route.url.startsWith('/api/') ||
      route.config?.sessionValue === true ||
      route.config?.apiKey === true
    )
      return;
    route.onRequest = [resolveCaller, ...[route.onRequest ?? []].flat()];
  });
}
// Let the hooks apply to the whole app, not only inside this plugin's scope.
(authPlugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

/** A value a route answers, read in the same statement as the session (ADR 019). */
export interface SessionValueSpec<T, I extends SessionValueInputs> {
  /** The prepared statement's name (unique among statements). */
  name: string;
  /** The value as SQL over the caller and the request's inputs. */
  value: SessionValueSql<T, I>;
  /** The inputs the value takes from the request, with their SQL types. */
  inputs: I;
  /**
   * The inputs' values from the request (its body parsed, not yet validated); null when the request will be
   * refused anyway (a body that fails the route's schema): then the session is read alone.
   */
  params: (request: FastifyRequest) => { [K in keyof I]: unknown } | null;
}

/**
 * Route options that read the route's answer with the session, in one statement: one round trip for the whole
 * request (ADR 019). The caller is resolved in the route's preValidation hook (after the body is parsed and the
 * input gate has passed it) instead of on request; the guards (preHandler) and validation run as on any route.
 * Spread into the route's options; the handler takes the value with `sessionValueOf`.
 */
export function withSessionValue<T, I extends SessionValueInputs>(spec: SessionValueSpec<T, I>) {
  const lookups = new WeakMap<SessionLookup, ReturnType<typeof prepare>>();
  const prepare = (sessions: SessionLookup) => sessions.prepareWithValue(spec.name, spec.value, spec.inputs);
  const preValidation: preValidationAsyncHookHandler = async (request) => {
    const app = request.server;
    const token = bearer(request);
    const params = token && token !== ANONYMOUS_TOKEN ? spec.params(request) : null;
    if (!token || params === null) {
      request.user = await resolveUser(app, token);
      return;
    }
    let lookup = lookups.get(app.sessions);
    if (!lookup) lookups.set(app.sessions, (lookup = prepare(app.sessions)));
    const found = await lookup(hashToken(token), app.deps.now(), params);
    request.user = found ? authUserOf(found.session) : null;
    request.sessionValue = found ? found.value : undefined;
  };
  return { config: { sessionValue: true }, preValidation };
}

/** The value read with the session (withSessionValue). */
export function sessionValueOf<T>(request: FastifyRequest): T {
  // The guards let only a live session through, and validation only the params the value was read with.
  if (request.sessionValue === undefined)
    throw new Error(`${request.url}: no value was read with the session`);
  return request.sessionValue as T;
}

/** Route guard: a signed-in user with admin.access (spec §6: signing in requires it). */
export const requireUser: preHandlerAsyncHookHandler = async (
  request: FastifyRequest,
  _reply: FastifyReply,
) => {
  if (!request.user) throw new AppError('UNAUTHENTICATED', AUTH_MESSAGES.signInRequired);
  if (!request.user.permissions.includes(PERMISSIONS.ADMIN_ACCESS)) {
    throw new AppError('FORBIDDEN', AUTH_MESSAGES.notAuthorized);
  }
};

/** Route guard for data owned by an organization: the caller must belong to one. */
export const requireOrgUser: preHandlerAsyncHookHandler = async (request, reply) => {
  await requireUser.call(request.server, request, reply);
  if (!request.user?.organizationId) throw new AppError('FORBIDDEN', AUTH_MESSAGES.notAuthorized);
};

/** Route guard: one of the given roles. */
export function requireRole(...allowed: RoleId[]): preHandlerAsyncHookHandler {
  return async (request, reply) => {
    await requireUser.call(request.server, request, reply);
    if (!request.user!.roles.some((r) => allowed.includes(r)))
      throw new AppError('FORBIDDEN', AUTH_MESSAGES.notAuthorized);
  };
}

export const requireUserAdmin = requireRole(...USER_ADMIN_ROLES);

/**
 * Route guard for provider-wide data (the catalogue, shared by every organization): a SystemAdministrator or an
 * ElevatedUser of the provider organization (docs/decisions/005-permissions.md). A customer organization's
 * ElevatedUser gets 403 like any other role.
 */
export const requireProviderWideAdmin: preHandlerAsyncHookHandler = async (request, reply) => {
  await requireUser.call(request.server, request, reply);
  if (!hasProviderWideReach(request.user)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.notAuthorized);
};

/** The caller's organization id; throws when absent (use after requireOrgUser). */
export function orgIdOf(request: FastifyRequest): string {
  const id = request.user?.organizationId;
  if (!id) throw new AppError('FORBIDDEN', AUTH_MESSAGES.notAuthorized);
  return id;
}
