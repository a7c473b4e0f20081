import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Bytes of randomness in a signing secret. */
const SECRET_BYTES = 32;
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** A receiver should refuse a signature older than this (docs/webhooks.md); the sender signs at each attempt. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function newWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(SECRET_BYTES).toString('base64url');
}

/** HMAC-SHA256 over `<timestamp>.<body>` with the endpoint's secret, hex (ADR 037, docs/webhooks.md). */
export function signatureOf(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** The Sealplan-Signature header: `t=<unix seconds>,v1=<hex HMAC>`. */
export function signatureHeader(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${signatureOf(secret, timestamp, body)}`;
}

/**
 * What a receiver does (docs/webhooks.md shows the same in a few lines): parse the header, recompute the HMAC
 * over the exact body received, compare in constant time, refuse an old timestamp.
 */
export function verifySignature(
  secret: string,
  header: string,
  body: string,
  nowSeconds: number,
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): boolean {
  const parts = new Map(
    header.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const timestamp = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(signatureOf(secret, timestamp, body), 'hex');
  const actual = Buffer.from(given, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
