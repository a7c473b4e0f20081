import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for these options, worked out once. They depend only on the options (no nonces), so
 * every answer gets the same set; @fastify/helmet instead built helmet's middleware, parsing the policy, on every
 * request (ADR 019).
 */
export function securityHeadersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/** Sends helmet's headers on every answer (API, web app, 404), computed once from `options`. */
export function securityHeadersPlugin(options: HelmetOptions) {
  const headers = securityHeadersOf(options);
  const plugin = async (app: FastifyInstance) => {
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  };
  // The hook applies to the whole app, not only inside this plugin's scope.
  (plugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
  return plugin;
}
