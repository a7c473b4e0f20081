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
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    if (request.headers.origin !== undefined && !isSameOrigin(request)) {
      throw new AppError('FORBIDDEN', AUTH_MESSAGES.crossSite);
    }
  });
}
// Let the hook apply to the whole app, not only inside this plugin's scope.
(crossSitePlugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
