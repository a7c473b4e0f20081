import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_HEADERS,
  WEBHOOK_LOG_LIMIT,
  WEBHOOK_MESSAGES,
  WEBHOOK_PING_EVENT,
  type SavedWebhook,
  type SaveWebhookInput,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
  type WebhookEvent,
} from '@sealplan/contracts';
import { AppError } from '../../errors';
import type { JobAttempt, JobQueue, RetryPolicy } from '../queue';
import { signatureHeader, newWebhookSecret } from './webhook-signature';
import type { SendWebhook } from './webhook-sender';
import { endpointUrlProblem, RefusedTargetError, type TargetPolicy } from './webhook-target';
import type { WebhookDeliveryRow, WebhookEndpointRow, WebhooksRepository } from './webhooks.repository';

/** The queue's job kind of a delivery attempt. */
export const WEBHOOK_DELIVERY_JOB = 'webhook.deliver';
/** ADR 037: attempts of a delivery, and the backoff between them (30 s, 2 min, 8 min, 32 min, ~2 h, ~8.5 h). */
export const WEBHOOK_MAX_ATTEMPTS = 7;
export const WEBHOOK_FIRST_RETRY_MS = 30_000;
const WEBHOOK_BACKOFF_FACTOR = 4;
export const WEBHOOK_RETRY: RetryPolicy = {
  maxAttempts: WEBHOOK_MAX_ATTEMPTS,
  delayMs: (attempt) => WEBHOOK_FIRST_RETRY_MS * WEBHOOK_BACKOFF_FACTOR ** (attempt - 1),
};
/** A stored error is cut to this length (a receiver's or resolver's text is not ours to keep whole). */
const MAX_ERROR_LENGTH = 500;

export interface WebhooksServiceDeps {
  repo: WebhooksRepository;
  queue: JobQueue;
  send: SendWebhook;
  policy: TargetPolicy;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

function presentDelivery(row: { delivery: WebhookDeliveryRow; url: string }): WebhookDelivery {
  const d = row.delivery;
  return {
    id: d.id,
    endpointId: d.endpointId,
    endpointUrl: row.url,
    event: d.event,
    status: d.status as WebhookDeliveryStatus,
    attempts: d.attempts,
    responseStatus: d.responseStatus,
    lastError: d.lastError,
    createdOn: d.createdOn.toISOString(),
    lastAttemptOn: d.lastAttemptOn?.toISOString() ?? null,
    deliveredOn: d.deliveredOn?.toISOString() ?? null,
  };
}

function presentEndpoint(
  row: WebhookEndpointRow,
  last: { status: string; responseStatus: number | null; createdOn: Date } | undefined,
): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEvent[],
    enabled: row.enabled,
    createdOn: row.createdOn.toISOString(),
    lastDelivery: last
      ? {
          status: last.status as WebhookDeliveryStatus,
          responseStatus: last.responseStatus,
          on: last.createdOn.toISOString(),
        }
      : null,
  };
}

/**
 * ADR 037: an organization's webhook endpoints, the events sent to them and the delivery log. An event writes one
 * delivery per subscribed endpoint and one queue job per delivery, in one transaction; the queue's handler signs
 * and posts it, checking the target's address at that moment, and retries failures with backoff.
 */
export function createWebhooksService({ repo, queue, send, policy, now, log }: WebhooksServiceDeps) {
  function checkUrl(url: string) {
    const problem = endpointUrlProblem(url, policy);
    if (problem) throw new AppError('VALIDATION_FAILED', problem, { url: problem });
  }

  async function list(organizationId: string): Promise<WebhookEndpoint[]> {
    const [rows, last] = await Promise.all([
      repo.endpointsOf(organizationId),
      repo.lastDeliveries(organizationId),
    ]);
    const lastOf = new Map(last.map((l) => [l.endpointId, l]));
    return rows.map((row) => presentEndpoint(row, lastOf.get(row.id)));
  }

  /** Writes deliveries of one event (the same body for each endpoint) and their jobs, together. */
  const enqueue = (organizationId: string, event: string, endpointIds: string[], data: unknown) =>
    enqueueEach(organizationId, event, endpointIds, [data]);

  /**
   * Writes the deliveries of several events of one type (each its own id and body, the same for each endpoint)
   * and their jobs, in one transaction.
   */
  async function enqueueEach(
    organizationId: string,
    event: string,
    endpointIds: string[],
    events: readonly unknown[],
  ) {
    if (endpointIds.length === 0 || events.length === 0) return [];
    const at = now();
    const rows = events.flatMap((data) => {
      const body = JSON.stringify({
        id: randomUUID(),
        type: event,
        createdOn: at.toISOString(),
        organizationId,
        data,
      });
      return endpointIds.map((endpointId) => ({
        id: randomUUID(),
        organizationId,
        endpointId,
        event,
        body,
        createdOn: at,
      }));
    });
    await repo.transaction(async (tx, q) => {
      await q.insertDeliveries(rows);
      for (const row of rows)
        await queue.enqueue(WEBHOOK_DELIVERY_JOB, { deliveryId: row.id }, { writer: tx });
    });
    queue.kick();
    return rows.map((r) => r.id);
  }

  /** One attempt of a delivery (the queue's handler). A throw asks the queue for a retry. */
  async function deliver(payload: Record<string, unknown>, attempt: JobAttempt): Promise<void> {
    const id = String(payload.deliveryId);
    const found = await repo.deliveryToSend(id);
    // The endpoint (and with it its log) was deleted since: nothing to send.
    if (!found) return;
    const at = now();
    const fail = (error: string, responseStatus: number | null, final: boolean) =>
      repo.recordAttempt(id, {
        status: final ? 'FAILED' : 'PENDING',
        responseStatus,
        lastError: error.slice(0, MAX_ERROR_LENGTH),
        lastAttemptOn: at,
      });
    if (!found.enabled) {
      await fail('The endpoint is disabled.', null, true);
      return;
    }
    // Checked again at each attempt: the operator's policy may have changed since the endpoint was saved.
    const problem = endpointUrlProblem(found.url, policy);
    if (problem) {
      await fail(problem, null, true);
      return;
    }
    const body = found.delivery.body;
    let status: number;
    try {
      ({ status } = await send({
        url: found.url,
        body,
        headers: {
          [WEBHOOK_HEADERS.signature]: signatureHeader(found.secret, Math.floor(at.getTime() / 1000), body),
          [WEBHOOK_HEADERS.event]: found.delivery.event,
          [WEBHOOK_HEADERS.delivery]: id,
          'user-agent': 'Sealplan-Webhooks',
        },
      }));
    } catch (error) {
      const refused = error instanceof RefusedTargetError;
      // A refused address is refused again on a retry: the delivery fails at once.
      await fail((error as Error).message, null, refused || attempt.isLast);
      log.warn({ deliveryId: id, attempt: attempt.attempt, err: error }, 'webhook delivery failed');
      if (refused) return;
      throw error;
    }
    if (status >= 200 && status < 300) {
      await repo.recordAttempt(id, {
        status: 'DELIVERED',
        responseStatus: status,
        lastError: null,
        lastAttemptOn: at,
        deliveredOn: at,
      });
      return;
    }
    await fail(`The endpoint answered HTTP ${status}.`, status, attempt.isLast);
    throw new Error(`webhook delivery ${id}: HTTP ${status}`);
  }

  /**
   * An event happened in the organization, once or several times (a schedule import's transits): one delivery
   * per enabled endpoint that subscribes to it and per event, all written in one transaction after one read of the
   * subscribers. Never fails the change that caused it: a failure to write the deliveries is logged.
   */
  async function emitEach(
    organizationId: string,
    event: WebhookEvent,
    events: readonly Record<string, unknown>[],
  ): Promise<void> {
    if (events.length === 0) return;
    try {
      const subscribers = await repo.subscribersOf(organizationId, event);
      await enqueueEach(
        organizationId,
        event,
        subscribers.map((s) => s.id),
        events,
      );
    } catch (error) {
      log.warn({ err: error, event, organizationId, events: events.length }, 'webhook event not recorded');
    }
  }

  queue.handle(WEBHOOK_DELIVERY_JOB, deliver, WEBHOOK_RETRY);

  return {
    list,

    async save(organizationId: string, userId: string, input: SaveWebhookInput): Promise<SavedWebhook> {
      checkUrl(input.url);
      const values = {
        url: input.url,
        description: input.description,
        events: [...input.events],
        enabled: input.enabled,
      };
      if (input.id) {
        const row = await repo.updateEndpoint(organizationId, input.id, values);
        if (!row) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.notFound);
        return { endpoint: (await list(organizationId)).find((e) => e.id === row.id)!, secret: null };
      }
      if ((await repo.countOf(organizationId)) >= MAX_WEBHOOK_ENDPOINTS)
        throw new AppError('CONFLICT', WEBHOOK_MESSAGES.tooMany);
      const secret = newWebhookSecret();
      const row = await repo.insertEndpoint({ ...values, organizationId, secret, createdBy: userId });
      log.info({ endpointId: row.id }, 'webhook endpoint made');
      return { endpoint: presentEndpoint(row, undefined), secret };
    },

    async remove(organizationId: string, id: string) {
      if (!(await repo.deleteEndpoint(organizationId, id)))
        throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.notFound);
    },

    async deliveries(organizationId: string, endpointId: string | undefined): Promise<WebhookDelivery[]> {
      if (endpointId && !(await repo.endpointOf(organizationId, endpointId)))
        throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.notFound);
      return (await repo.deliveriesOf(organizationId, endpointId, WEBHOOK_LOG_LIMIT)).map(presentDelivery);
    },

    /** "Send again": the same body, signed afresh, as a new run of attempts. */
    async resend(organizationId: string, deliveryId: string): Promise<WebhookDelivery> {
      const found = await repo.deliveryOf(organizationId, deliveryId);
      if (!found) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.deliveryNotFound);
      await repo.markPending(organizationId, deliveryId);
      await queue.enqueue(WEBHOOK_DELIVERY_JOB, { deliveryId });
      return presentDelivery({ ...found, delivery: { ...found.delivery, status: 'PENDING' } });
    },

    /** A test event to one endpoint (subscribed or not), so an administrator sees the receiver answer. */
    async ping(organizationId: string, endpointId: string): Promise<WebhookDelivery> {
      const endpoint = await repo.endpointOf(organizationId, endpointId);
      if (!endpoint) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.notFound);
      const [id] = await enqueue(organizationId, WEBHOOK_PING_EVENT, [endpoint.id], {
        endpointId: endpoint.id,
      });
      const row = await repo.deliveryOf(organizationId, id!);
      return presentDelivery(row!);
    },

    /**
     * An event happened in the organization: one delivery per enabled endpoint that subscribes to it. Never
     * fails the change that caused it: a failure to write the deliveries is logged.
     */
    async emit(organizationId: string, event: WebhookEvent, data: Record<string, unknown>): Promise<void> {
      await emitEach(organizationId, event, [data]);
    },

    /** The same event several times (each its own delivery and body), like `emit`. */
    emitEach,
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
