import { BlockList, isIP } from 'node:net';
import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import { WEBHOOK_MESSAGES } from '@sealplan/contracts';

/**
 * ADR 037: addresses a webhook never reaches unless the operator allows private targets: this host (loopback),
 * link-local (cloud metadata at 169.254.169.254), private and shared ranges, and everything that is not a
 * public unicast address (unspecified, multicast, reserved, documentation, benchmarking).
 */
const NON_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NON_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  NON_PUBLIC.addSubnet(network, prefix, 'ipv6');

/** An IPv4 address written as IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it is. */
function mappedIpv4(address: string): string | null {
  const match = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return match ? match[1]! : null;
}

/** Whether an IP address is a public unicast address (false for loopback, private, link-local, …). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  const v4 = family === 6 ? mappedIpv4(address) : address;
  if (v4) return !NON_PUBLIC.check(v4, 'ipv4');
  return !NON_PUBLIC.check(address, 'ipv6');
}

export interface TargetPolicy {
  allowPrivate: boolean;
  allowHttp: boolean;
}

/** The URL's host without IPv6 brackets. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * The checks an endpoint's address passes when it is saved and again before each delivery: https (or http when
 * allowed), no credentials, and an IP literal only when public (a name is resolved and checked at delivery).
 * Answers the problem's message, or null.
 */
export function endpointUrlProblem(raw: string, policy: TargetPolicy): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return WEBHOOK_MESSAGES.url;
  }
  if (url.protocol !== 'https:' && !(policy.allowHttp && url.protocol === 'http:'))
    return WEBHOOK_MESSAGES.urlScheme;
  if (url.username || url.password) return WEBHOOK_MESSAGES.urlCredentials;
  const host = hostOf(url);
  if (!host) return WEBHOOK_MESSAGES.url;
  if (!policy.allowPrivate && isIP(host) !== 0 && !isPublicAddress(host)) return WEBHOOK_MESSAGES.urlPrivate;
  return null;
}

/** Resolves a name to all its addresses (injected in tests: a name that resolves to 127.0.0.1). */
export type ResolveAll = (hostname: string) => Promise<LookupAddress[]>;
export const resolveAll: ResolveAll = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** A refused target: not retried (the same address is refused again), recorded on the delivery. */
export class RefusedTargetError extends Error {}

/**
 * ADR 037: the address a delivery connects to, resolved now and checked now. Every address the name has must
 * be public (a name that answers one public and one private address is refused: the connection could take
 * either); the connection is then made to the checked address, so a second, different DNS answer is never used.
 */
export async function resolveTarget(
  host: string,
  policy: TargetPolicy,
  resolve: ResolveAll,
): Promise<{ address: string; family: 4 | 6 }> {
  const literal = isIP(host);
  const addresses: LookupAddress[] =
    literal !== 0 ? [{ address: host, family: literal }] : await resolve(host);
  if (addresses.length === 0) throw new RefusedTargetError(`${host} has no address`);
  if (!policy.allowPrivate) {
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused)
      throw new RefusedTargetError(
        `${host} resolves to ${refused.address}, a private or local address: refused`,
      );
  }
  const first = addresses[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
