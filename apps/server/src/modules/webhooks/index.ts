/** The webhooks module's public face (ADR 025, ADR 037): other modules and the composition root import only this file. */
export { webhooksRoutes } from './webhooks.routes';
export { createWebhooksService, WEBHOOK_DELIVERY_JOB, type WebhooksService } from './webhooks.service';
export { createWebhooksRepository } from './webhooks.repository';
export { createWebhookSender, type SendWebhook } from './webhook-sender';
export { resolveAll, type ResolveAll } from './webhook-target';
