import { describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES } from '@sealplan/contracts';
import { createWebhookSender } from './webhook-sender';
import { signatureHeader, verifySignature } from './webhook-signature';
import { endpointUrlProblem, isPublicAddress, RefusedTargetError } from './webhook-target';

const STRICT = { allowPrivate: false, allowHttp: false };

describe('webhook targets (ADR 037)', () => {
  it.each([
    ['127.0.0.1', false],
    ['127.8.9.10', false],
    ['10.20.30.40', false],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['172.32.0.1', true],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['fd12:3456::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['::ffff:93.184.216.34', true],
    ['93.184.216.34', true],
    ['8.8.8.8', true],
    ['2606:4700:4700::1111', true],
    ['not an address', false],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  it('checks an address when it is saved', () => {
    expect(endpointUrlProblem('https://hooks.example.com/in', STRICT)).toBeNull();
    expect(endpointUrlProblem('http://hooks.example.com/in', STRICT)).toBe(WEBHOOK_MESSAGES.urlScheme);
    expect(endpointUrlProblem('http://hooks.example.com/in', { ...STRICT, allowHttp: true })).toBeNull();
    expect(endpointUrlProblem('ftp://hooks.example.com/in', { ...STRICT, allowHttp: true })).toBe(
      WEBHOOK_MESSAGES.urlScheme,
    );
    expect(endpointUrlProblem('https://u:p@hooks.example.com/', STRICT)).toBe(
      WEBHOOK_MESSAGES.urlCredentials,
    );
    expect(endpointUrlProblem('https://192.168.0.10/', STRICT)).toBe(WEBHOOK_MESSAGES.urlPrivate);
    expect(endpointUrlProblem('https://[::ffff:7f00:1]/', STRICT)).toBe(WEBHOOK_MESSAGES.urlPrivate);
    expect(endpointUrlProblem('https://192.168.0.10/', { ...STRICT, allowPrivate: true })).toBeNull();
  });

  it('refuses at delivery a name whose DNS answer holds a private address, before any connection', async () => {
    let resolved = 0;
    const send = createWebhookSender(STRICT, async () => {
      resolved += 1;
      return [
        { address: '93.184.216.34', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ];
    });
    await expect(
      send({ url: 'https://hooks.example.com/in', headers: {}, body: '{}' }),
    ).rejects.toBeInstanceOf(RefusedTargetError);
    expect(resolved).toBe(1);
  });
});

describe('webhook signatures (docs/webhooks.md)', () => {
  it('verifies what it signs, within the tolerance', () => {
    const body = '{"type":"ping"}';
    const header = signatureHeader('whsec_test', 1_800_000_000, body);
    expect(header).toMatch(/^t=1800000000,v1=[0-9a-f]{64}$/);
    expect(verifySignature('whsec_test', header, body, 1_800_000_100)).toBe(true);
    expect(verifySignature('whsec_test', header, body, 1_800_000_301)).toBe(false);
    expect(verifySignature('whsec_test', header, `${body} `, 1_800_000_000)).toBe(false);
    expect(verifySignature('whsec_test', 'garbage', body, 1_800_000_000)).toBe(false);
  });
});
