import { z } from 'zod';
import { singleLine } from './input-gate';

/**
 * ADR 037: what an organization's webhook endpoints may subscribe to. `ping` is the test event a person sends
 * from the webhooks page; every endpoint receives it when asked.
 */
export const WEBHOOK_EVENTS = [
  'project.created',
  'project.changed',
  'transit.changed',
  'transit.status_changed',
  'export.made',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const WEBHOOK_PING_EVENT = 'ping';

/** The headers each delivery carries (docs/webhooks.md shows how a receiver checks them). */
export const WEBHOOK_HEADERS = {
  signature: 'sealplan-signature',
  event: 'sealplan-event',
  delivery: 'sealplan-delivery',
} as const;

export const WEBHOOK_URL_MAX_LENGTH = 2_000;
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 200;
/** Endpoints per organization (ADR 011: every stored list has a cap). */
export const MAX_WEBHOOK_ENDPOINTS = 20;
/** Deliveries the log shows (newest first). */
export const WEBHOOK_LOG_LIMIT = 100;

/** Where a delivery stands: waiting for its (next) attempt, received with a 2xx answer, or given up. */
export const WEBHOOK_DELIVERY_STATUSES = ['PENDING', 'DELIVERED', 'FAILED'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WEBHOOK_MESSAGES = {
  url: 'Please enter the endpoint address, starting with https://.',
  urlScheme: 'The endpoint address must start with https://.',
  urlCredentials: 'The endpoint address must not contain a user name or password.',
  urlPrivate:
    'The endpoint address points into a private or local network; deliveries there are not allowed.',
  events: 'Please choose at least one event.',
  tooMany: `An organization has at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints.`,
  notFound: 'This webhook endpoint was not found.',
  deliveryNotFound: 'This delivery was not found.',
  saved: 'Webhook endpoint saved.',
  deleted: 'Webhook endpoint deleted.',
  queued: 'The delivery is queued.',
} as const;

const webhookUrlSchema = singleLine(
  z.string().trim().min(1, WEBHOOK_MESSAGES.url).max(WEBHOOK_URL_MAX_LENGTH, WEBHOOK_MESSAGES.url),
  'Endpoint address',
)
  // The shape of an absolute address; the server parses it and checks scheme, credentials and host (ADR 037).
  .refine((value) => /^[a-z][a-z0-9+.-]*:\/\/[^\s/]/i.test(value), { message: WEBHOOK_MESSAGES.url });

export const webhookEndpointSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  createdOn: z.string(),
  /** The newest delivery's status and answer, for the list. */
  lastDelivery: z
    .object({
      status: z.enum(WEBHOOK_DELIVERY_STATUSES),
      responseStatus: z.number().int().nullable(),
      on: z.string(),
    })
    .nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointListSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });
export type WebhookEndpointList = z.infer<typeof webhookEndpointListSchema>;

/** POST /api/webhook/save: a new endpoint (no id) or a change to one. */
export const saveWebhookRequestSchema = z.object({
  id: z.uuid(WEBHOOK_MESSAGES.notFound).optional(),
  url: webhookUrlSchema,
  description: singleLine(z.string().trim().max(WEBHOOK_DESCRIPTION_MAX_LENGTH), 'Description').default(''),
  events: z
    .array(z.enum(WEBHOOK_EVENTS))
    .min(1, WEBHOOK_MESSAGES.events)
    .max(WEBHOOK_EVENTS.length)
    .refine((events) => new Set(events).size === events.length, { message: WEBHOOK_MESSAGES.events }),
  enabled: z.boolean().default(true),
});
export type SaveWebhookRequest = z.input<typeof saveWebhookRequestSchema>;
/** The request as the server reads it (defaults applied). */
export type SaveWebhookInput = z.output<typeof saveWebhookRequestSchema>;

/** The saved endpoint; `secret` (the signing secret) only when the endpoint was made by this call: shown once. */
export const savedWebhookSchema = z.object({
  endpoint: webhookEndpointSchema,
  secret: z.string().nullable(),
});
export type SavedWebhook = z.infer<typeof savedWebhookSchema>;

export const webhookIdRequestSchema = z.object({ id: z.uuid(WEBHOOK_MESSAGES.notFound) });
export const webhookDeliveryIdRequestSchema = z.object({
  deliveryId: z.uuid(WEBHOOK_MESSAGES.deliveryNotFound),
});
export const webhookDeliveriesRequestSchema = z.object({
  endpointId: z.uuid(WEBHOOK_MESSAGES.notFound).optional(),
});

export const webhookDeliverySchema = z.object({
  id: z.uuid(),
  endpointId: z.uuid(),
  endpointUrl: z.string(),
  event: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** The HTTP status of the last attempt's answer (null when no answer came). */
  responseStatus: z.number().int().nullable(),
  /** Why the last attempt failed (a refused address, a time-out, a non-2xx answer). */
  lastError: z.string().nullable(),
  createdOn: z.string(),
  lastAttemptOn: z.string().nullable(),
  deliveredOn: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryListSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;
export const deletedWebhookSchema = z.object({ deleted: z.literal(true) });
