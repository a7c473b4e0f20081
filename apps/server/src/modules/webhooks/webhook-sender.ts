import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { hostOf, resolveTarget, type ResolveAll, type TargetPolicy } from './webhook-target';

/** A delivery attempt waits this long for the answer's status line. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Bytes of an answer's body read (the rest is dropped: only the status is kept). */
const MAX_ANSWER_BYTES = 4_096;

export interface WebhookPost {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** Posts a delivery and answers the response's status (any status: the caller judges it). */
export type SendWebhook = (post: WebhookPost) => Promise<{ status: number }>;

/**
 * ADR 037: posts with Node's own client, connecting to the address `resolveTarget` checked (the socket's lookup
 * answers it, so TLS still verifies the certificate for the name). Redirects are not followed: a 3xx is an
 * answer like any other non-2xx.
 */
export function createWebhookSender(
  policy: TargetPolicy,
  resolve: ResolveAll,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): SendWebhook {
  return async ({ url: raw, headers, body }) => {
    const url = new URL(raw);
    const target = await resolveTarget(hostOf(url), policy, resolve);
    const lookup: LookupFunction = (_hostname, options, callback) => {
      if ((options as { all?: boolean }).all)
        callback(null, [{ address: target.address, family: target.family }]);
      else callback(null, target.address, target.family);
    };
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolvePromise, reject) => {
      const req = request(
        url,
        {
          method: 'POST',
          headers: {
            ...headers,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
          lookup,
          timeout: timeoutMs,
        },
        (res) => {
          let read = 0;
          res.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read > MAX_ANSWER_BYTES) res.destroy();
          });
          res.on('close', () => resolvePromise({ status: res.statusCode ?? 0 }));
          res.on('error', () => resolvePromise({ status: res.statusCode ?? 0 }));
        },
      );
      req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)));
      req.on('error', reject);
      req.end(body);
    });
  };
}
