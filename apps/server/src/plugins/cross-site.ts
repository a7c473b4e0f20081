import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES } from '@sealplan/contracts';
import { AppError } from '../errors';
import { isSameOrigin, SAFE_METHODS } from './auth';

/**
 * Refuses state-changing API calls that a browser says come from another site (an Origin naming another host,
 * or 'null' from a sandboxed page), whatever they carry: a form elsewhere cannot sign a user in or out, or
 * post as them. Calls without Origin (scripts, other servers) authenticate with a bearer token instead.
 */
export async function crossSitePlugin(app: FastifyInstance) {
  // A hook that does not wait is written with a callback: an async hook costs a promise per request (ADR 019).
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return done();
    if (request.headers.origin !== undefined && !isSameOrigin(request)) {
      return done(new AppError('FORBIDDEN', AUTH_MESSAGES.crossSite));
    }
    done();
  });
}
// Let the hook apply to the whole app, not only inside this plugin's scope.
(crossSitePlugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
