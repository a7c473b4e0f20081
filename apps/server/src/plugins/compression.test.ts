import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { COMPRESSION_THRESHOLD_BYTES, answerEncoding, keptCompressed } from './compression';

describe("the API's JSON answers travel compressed (ADR 033)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  // The API description: a large JSON answer that any caller may read outside production.
  const getDocs = (encoding?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/docs',
      headers: encoding ? { 'accept-encoding': encoding } : {},
    });

  it('sends a large answer brotli-compressed to a browser that accepts it, and gzip to one that accepts only gzip', async () => {
    const plain = await getDocs();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);

    const br = await getDocs('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await getDocs('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('sends a small answer as it is', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ success: true });
  });
});

describe('the encoding of a JSON answer and its kept compressed bytes (ADR 038)', () => {
  it('negotiates as @fastify/compress does: the highest quality of br and gzip, br on a tie', () => {
    expect(answerEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(answerEncoding('gzip, deflate')).toBe('gzip');
    expect(answerEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(answerEncoding('br;q=0, gzip;q=0.1')).toBe('gzip');
    expect(answerEncoding('*')).toBe('gzip');
    expect(answerEncoding('X-GZIP')).toBe('gzip');
    expect(answerEncoding('identity')).toBeNull();
    expect(answerEncoding('br;q=0')).toBeNull();
    expect(answerEncoding(undefined)).toBeNull();
  });

  it('compresses a text once per encoding, and drops the least recently sent past its budget', async () => {
    const text = (n: number) => Buffer.from(JSON.stringify({ data: `${n}`.repeat(5_000) }));
    // Room for three answers: a kept answer costs its text and its compressed bytes.
    const one = text(1).length + (await keptCompressed(1e9)(text(1), 'br')).length;
    const compressed = keptCompressed(3 * one + 10);
    const first = await compressed(text(1), 'br');
    expect(JSON.parse(brotliDecompressSync(first).toString())).toEqual(JSON.parse(text(1).toString()));
    // The same text answers the kept bytes themselves; another encoding is compressed on its own.
    expect(await compressed(text(1), 'br')).toBe(first);
    // The same text as a string is its own answer, with equal bytes.
    expect(await compressed(text(1).toString(), 'br')).toEqual(first);
    const gz = await compressed(text(1), 'gzip');
    expect(JSON.parse(gunzipSync(gz).toString())).toEqual(JSON.parse(text(1).toString()));
    // Two texts compressed together share nothing; answers asked for together share one compression.
    const [a, b] = await Promise.all([compressed(text(2), 'br'), compressed(text(2), 'br')]);
    expect(a).toBe(b);
    expect(a).not.toEqual(first);
    // Past the budget the oldest goes: the first text is compressed again (equal bytes, a new buffer).
    for (let n = 3; n < 7; n++) await compressed(text(n), 'br');
    const again = await compressed(text(1), 'br');
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });

  it('never sends the bytes of another text of the same length', async () => {
    const compressed = keptCompressed(1e9);
    const answer = (owner: string) => JSON.stringify({ owner, rows: 'x'.repeat(2_000) });
    const mine = await compressed(answer('alice'), 'gzip');
    const theirs = await compressed(answer('bobby'), 'gzip');
    expect(answer('alice').length).toBe(answer('bobby').length);
    expect(JSON.parse(gunzipSync(theirs).toString()).owner).toBe('bobby');
    expect(JSON.parse(gunzipSync(mine).toString()).owner).toBe('alice');
    expect(await compressed(answer('alice'), 'gzip')).toBe(mine);
    const bytes = (owner: string) => Buffer.from(answer(owner));
    const mineAsBytes = await compressed(bytes('alice'), 'br');
    expect(JSON.parse(brotliDecompressSync(await compressed(bytes('bobby'), 'br')).toString()).owner).toBe(
      'bobby',
    );
    expect(await compressed(bytes('alice'), 'br')).toBe(mineAsBytes);
  });

  it('keeps nothing of a text larger than its budget, and answers it all the same', async () => {
    const compressed = keptCompressed(100);
    const text = JSON.stringify({ data: 'y'.repeat(1_000) });
    const a = await compressed(text, 'gzip');
    const b = await compressed(text, 'gzip');
    expect(b).not.toBe(a);
    expect(b).toEqual(a);
  });

  it('sends a large API answer the same bytes each time, and plain to a client that asks for none', async () => {
    const t = await createTestApp();
    try {
      const docs = (headers: Record<string, string>) =>
        t.app.inject({ method: 'GET', url: '/api/docs', headers });
      const one = await docs({ 'accept-encoding': 'gzip, deflate, br, zstd' });
      const two = await docs({ 'accept-encoding': 'gzip, deflate, br, zstd' });
      expect(one.headers['content-encoding']).toBe('br');
      expect(two.rawPayload.equals(one.rawPayload)).toBe(true);
      expect(one.headers['content-length']).toBe(String(one.rawPayload.length));
      const plain = await docs({ 'accept-encoding': 'br', 'x-no-compression': '1' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(brotliDecompressSync(one.rawPayload).toString())).toEqual(plain.json());
    } finally {
      await t.close();
    }
  });
});
