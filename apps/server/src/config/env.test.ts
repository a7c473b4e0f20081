import { describe, expect, it } from 'vitest';
import { listenUrl, parseEnv } from './env';

describe('PUBLIC_URL', () => {
  it.each([
    [{}, 'http://localhost:3000'],
    [{ PORT: '3207' }, 'http://localhost:3207'],
    [{ HOST: '127.0.0.1', PORT: '4000' }, 'http://127.0.0.1:4000'],
    [{ HOST: 'sealplan.internal', PORT: '8080' }, 'http://sealplan.internal:8080'],
    [{ HOST: '::', PORT: '3001' }, 'http://localhost:3001'],
    [{ HOST: '::1', PORT: '3001' }, 'http://[::1]:3001'],
  ])('defaults to the address the server listens on: %o -> %s', (vars, url) => {
    expect(parseEnv({ NODE_ENV: 'test', ...vars }).PUBLIC_URL).toBe(url);
  });

  it('keeps an explicit PUBLIC_URL (the address behind a proxy)', () => {
    const env = parseEnv({ NODE_ENV: 'test', PORT: '3001', PUBLIC_URL: 'https://sealplan.example.com' });
    expect(env.PUBLIC_URL).toBe('https://sealplan.example.com');
  });

  it('refuses a PUBLIC_URL that is not a URL, naming it', () => {
    expect(() => parseEnv({ PUBLIC_URL: 'sealplan' })).toThrow(/PUBLIC_URL/);
  });

  it('brackets an IPv6 literal only once', () => {
    expect(listenUrl('[fe80::1]', 80)).toBe('http://[fe80::1]:80');
  });
});

describe('CPU_BULK_NICE', () => {
  it('defaults to 10 and takes 0 to 19', () => {
    expect(parseEnv({ NODE_ENV: 'test' }).CPU_BULK_NICE).toBe(10);
    expect(parseEnv({ NODE_ENV: 'test', CPU_BULK_NICE: '0' }).CPU_BULK_NICE).toBe(0);
    expect(() => parseEnv({ NODE_ENV: 'test', CPU_BULK_NICE: '20' })).toThrow(/CPU_BULK_NICE/);
  });
});
