import type { FastifyInstance } from 'fastify';
import { checkInput } from '@sealplan/contracts';
import { AppError } from '../errors';

/**
 * Runs the contracts' input gate on every route, before its schema: params, query and body. A refusal is a 400
 * naming the field, so no control character, broken text or runaway JSON reaches a service or the database.
 */
export async function inputGatePlugin(app: FastifyInstance) {
  // A callback hook: the gate never waits, and an async hook would cost a promise per request (ADR 019).
  app.addHook('preValidation', (request, _reply, done) => {
    const parts = [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const;
    for (const [part, value] of parts) {
      const issue = checkInput(value);
      if (issue) {
        const field = issue.path || part;
        done(new AppError('VALIDATION_FAILED', `${field}: ${issue.message}`, { [field]: issue.message }));
        return;
      }
    }
    done();
  });
}
// Let the hook apply to the whole app, not only inside this plugin's scope.
(inputGatePlugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
