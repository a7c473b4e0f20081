import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { createHash } from 'node:crypto';
import { brotliCompress, constants, gzip, type BrotliOptions, type ZlibOptions } from 'node:zlib';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;
/**
 * The compressed answers one server keeps, by the bytes they take: an answer asked for again with the same text
 * (the catalogue, a project read while the project has not changed) is sent without being compressed again.
 */
export const KEPT_COMPRESSED_MAX_BYTES = 32 * 1024 * 1024;
/** The answers compressed beyond those mime-db calls compressible: every JSON answer (the API's envelopes). */
const JSON_ANSWER = /^application\/(?:[\w.-]+\+)?json(?:;|$)/;
const BROTLI_OPTIONS: BrotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
const GZIP_OPTIONS: ZlibOptions = { level: 6 };

type AnswerEncoding = 'br' | 'gzip';
/** One call each, on zlib's thread pool. */
const compressors: Record<AnswerEncoding, (text: Buffer) => Promise<Buffer>> = {
  br: (text) =>
    new Promise((resolve, reject) =>
      brotliCompress(text, BROTLI_OPTIONS, (error, out) => (error ? reject(error) : resolve(out))),
    ),
  gzip: (text) =>
    new Promise((resolve, reject) =>
      gzip(text, GZIP_OPTIONS, (error, out) => (error ? reject(error) : resolve(out))),
    ),
};

/**
 * The encoding a JSON answer travels in for this Accept-Encoding, as @fastify/compress negotiates it for every
 * other answer: the highest quality of br and gzip (`*` and `x-gzip` stand for gzip), br on a tie; null for none.
 */
export function answerEncoding(acceptEncoding: string | undefined): AnswerEncoding | null {
  if (!acceptEncoding) return null;
  let best: AnswerEncoding | null = null;
  let bestQuality = 0;
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [token = '', ...params] = part.split(';').map((s) => s.trim());
    const name = token === '*' || token === 'x-gzip' ? 'gzip' : token;
    if (name !== 'br' && name !== 'gzip') continue;
    const q = params.find((p) => p.startsWith('q='));
    const quality = q === undefined ? 1 : parseFloat(q.slice(2)) || 0;
    if (quality > bestQuality || (quality === bestQuality && quality > 0 && name === 'br')) {
      best = name;
      bestQuality = quality;
    }
  }
  return best;
}

/**
 * The compressed bytes of answers by their text's SHA-256 and encoding, least recently sent dropped first past
 * KEPT_COMPRESSED_MAX_BYTES. The bytes are a function of the text alone, so an answer is exactly what compressing
 * it again would give; answers compressed together for the same text share one compression.
 */
export function keptCompressed(maxBytes: number) {
  const kept = new Map<string, Buffer>();
  const running = new Map<string, Promise<Buffer>>();
  let bytes = 0;

  function keep(key: string, value: Buffer) {
    if (value.length > maxBytes) return;
    kept.set(key, value);
    bytes += value.length;
    for (const [oldest, old] of kept) {
      if (bytes <= maxBytes) break;
      kept.delete(oldest);
      bytes -= old.length;
    }
  }

  return async function compressed(text: string | Buffer, encoding: AnswerEncoding): Promise<Buffer> {
    // A string is hashed as it is (its UTF-8 bytes, without copying them into a buffer first): a kept answer is
    // found without the copy.
    const key = `${encoding}:${createHash('sha256').update(text).digest('base64')}`;
    const found = kept.get(key);
    if (found) {
      // Sent again: the most recent, so the last to go.
      kept.delete(key);
      kept.set(key, found);
      return found;
    }
    let pending = running.get(key);
    if (!pending) {
      pending = compressors[encoding](typeof text === 'string' ? Buffer.from(text) : text).then(
        (value) => {
          running.delete(key);
          keep(key, value);
          return value;
        },
        (error: unknown) => {
          running.delete(key);
          throw error;
        },
      );
      running.set(key, pending);
    }
    return pending;
  };
}

/** Whether this JSON answer is one the API compresses (and keeps compressed); null when it goes as it is. */
function encodingFor(
  request: { headers: Record<string, string | string[] | undefined> },
  reply: FastifyReply,
  payload: unknown,
): AnswerEncoding | null {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return null;
  if (reply.hasHeader('content-encoding') || request.headers['x-no-compression'] !== undefined) return null;
  const type = reply.getHeader('content-type');
  if (typeof type !== 'string' || !JSON_ANSWER.test(type)) return null;
  // A string has at least as many UTF-8 bytes as characters: only a short one is measured.
  if (
    payload.length < COMPRESSION_THRESHOLD_BYTES &&
    Buffer.byteLength(payload) < COMPRESSION_THRESHOLD_BYTES
  )
    return null;
  const accept = request.headers['accept-encoding'];
  return answerEncoding(Array.isArray(accept) ? accept.join(',') : accept);
}

/**
 * ADR 033: the API's JSON answers travel compressed (brotli or gzip, as the browser accepts). A project's answer
 * with its transits and stored results runs to megabytes of JSON that shrinks about tenfold. Brotli at quality 4
 * and gzip at 6 (the 3.3 MB project read: 132 kB and 340 kB, for about 145 ms and 40 ms of compression on a
 * loaded machine); compression runs on zlib's thread pool, not the event loop.
 *
 * ADR 038: a JSON answer is compressed in one call (not through a stream) and its compressed bytes are kept by its
 * text, so the answers many requests share (the catalogue's, a project read while nobody changes the project) are
 * compressed once per server, not per request: compressing was most of what those reads cost. The kept bytes are
 * found by the whole text's hash, so nothing of one answer can be sent for another.
 *
 * Everything else (the web app's files, compressed at build and sent as they are with their content-encoding;
 * streams) is left to @fastify/compress. Request bodies are never decompressed: the input gate measures what
 * arrives.
 */
export async function registerCompression(app: FastifyInstance) {
  const compressed = keptCompressed(KEPT_COMPRESSED_MAX_BYTES);
  // Added before @fastify/compress's own hook (a route's), so a JSON answer arrives there encoded and is left.
  app.addHook('onSend', async (request, reply, payload) => {
    const encoding = encodingFor(request, reply, payload);
    if (!encoding) return payload;
    const body = await compressed(payload as string | Buffer, encoding);
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return body;
  });
  await app.register(compress, {
    globalCompression: true,
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: JSON_ANSWER,
    brotliOptions: BROTLI_OPTIONS,
    zlibOptions: GZIP_OPTIONS,
  });
}
