import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { IMMUTABLE_CACHE, REVALIDATE_CACHE } from './web-cache';

/** A built web app as Vite and its compression step leave it: each text file beside its .br and .gz. */
function writeWebDist(dir: string) {
  const files: Record<string, string> = {
    'index.html': '<!doctype html><script type="module" src="/assets/index-Ab12Cd.js"></script>',
    'assets/index-Ab12Cd.js': `console.log(${JSON.stringify('x'.repeat(4000))});`,
  };
  mkdirSync(join(dir, 'assets'));
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(dir, name), text);
    writeFileSync(join(dir, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(dir, `${name}.gz`), gzipSync(text));
  }
  return files;
}

describe('the web app is sent compressed and cached by what its names promise (ADR 033)', () => {
  let t: TestApp;
  let dir: string;
  let files: Record<string, string>;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sealplan-web-'));
    files = writeWebDist(dir);
    t = await createTestApp({}, { WEB_DIST: dir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends a hashed asset brotli-compressed to a browser that accepts it, kept for a year', async () => {
    const res = await get('/assets/index-Ab12Cd.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(files['assets/index-Ab12Cd.js']);
  });

  it('sends gzip to a browser that accepts only gzip, and the plain file to one that accepts neither', async () => {
    const gz = await get('/assets/index-Ab12Cd.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(files['assets/index-Ab12Cd.js']);
    const plain = await get('/assets/index-Ab12Cd.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(files['assets/index-Ab12Cd.js']);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE_CACHE);
  });

  it('has the browser check the page that names the assets on every visit, at / and at a deep link', async () => {
    for (const url of ['/', '/projects/123']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(REVALIDATE_CACHE);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      const body =
        res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload) : res.rawPayload;
      expect(body.toString(), url).toBe(files['index.html']);
    }
  });

  it('still answers an unknown API path with the envelope, uncached by these rules', async () => {
    const res = await get('/api/no-such-call');
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).not.toBe(IMMUTABLE_CACHE);
  });
});
