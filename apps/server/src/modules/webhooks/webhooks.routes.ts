import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WEBHOOK_MESSAGES } from '@sealplan/contracts';
import { ok } from '../../lib/reply';
import { orgIdOf } from '../../plugins/auth';
import { apiRoute } from '../../plugins/api-routes';
import type { WebhooksService } from './webhooks.service';

/** ADR 037: an organization's administrator manages its webhook endpoints and reads their delivery log. */
export const webhooksRoutes: FastifyPluginAsyncZod<{ webhooks: WebhooksService }> = async (
  app,
  { webhooks },
) => {
  apiRoute(app, { call: 'webhook.list' }, async (request) =>
    ok({ endpoints: await webhooks.list(orgIdOf(request)) }),
  );

  apiRoute(app, { call: 'webhook.save' }, async (request) => {
    const saved = await webhooks.save(orgIdOf(request), request.user!.id, request.body);
    request.log.info({ endpointId: saved.endpoint.id }, 'webhook endpoint saved');
    return ok(saved, [WEBHOOK_MESSAGES.saved]);
  });

  apiRoute(app, { call: 'webhook.delete' }, async (request) => {
    await webhooks.remove(orgIdOf(request), request.body.id);
    return ok({ deleted: true as const }, [WEBHOOK_MESSAGES.deleted]);
  });

  apiRoute(app, { call: 'webhook.deliveries' }, async (request) =>
    ok({ deliveries: await webhooks.deliveries(orgIdOf(request), request.body.endpointId) }),
  );

  apiRoute(app, { call: 'webhook.resend' }, async (request) =>
    ok(await webhooks.resend(orgIdOf(request), request.body.deliveryId), [WEBHOOK_MESSAGES.queued]),
  );

  apiRoute(app, { call: 'webhook.ping' }, async (request) =>
    ok(await webhooks.ping(orgIdOf(request), request.body.id), [WEBHOOK_MESSAGES.queued]),
  );
};
