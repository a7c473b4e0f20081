import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import helmet, { type HelmetOptions } from 'helmet';
import { securityHeadersOf } from './security-headers';

const OPTIONS: HelmetOptions = {
  strictTransportSecurity: false,
  contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], imgSrc: ["'self'", 'data:'] } },
};

describe('security headers worked out once (ADR 019)', () => {
  it('are exactly the headers helmet sets on a real response', () => {
    const response = new ServerResponse(new IncomingMessage(new Socket()));
    response.setHeader('x-powered-by', 'something');
    helmet(OPTIONS)(response.req, response, () => undefined);
    const expected = Object.fromEntries(
      Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]),
    );
    expect(securityHeadersOf(OPTIONS)).toEqual(expected);
  });

  it('carry the policy and the no-sniff header', () => {
    const headers = securityHeadersOf(OPTIONS);
    expect(headers['content-security-policy']).toContain("img-src 'self' data:");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers).not.toHaveProperty('strict-transport-security');
  });

  it('refuses options helmet refuses', () => {
    expect(() =>
      securityHeadersOf({ contentSecurityPolicy: { directives: { defaultSrc: ["'self'; script-src *"] } } }),
    ).toThrow();
  });
});
