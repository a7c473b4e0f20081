import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { brotliCompress, constants, gzip, type BrotliOptions, type ZlibOptions } from 'node:zlib';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;
/**
 * The compressed answers one server keeps, by the memory they take (their compressed bytes and the texts kept to
 * find them by): an answer asked for again with the same text (the catalogue, a project read while the project has
 * not changed) is sent without being compressed again.
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

/** One kept answer: its text exactly as sent, the encoding, and its compressed bytes (a compression under way). */
interface KeptAnswer {
  readonly text: string | Buffer;
  readonly encoding: AnswerEncoding;
  readonly body: Promise<Buffer>;
  /** What keeping it costs, counted once its bytes are known: the text's memory and the compressed bytes. */
  cost: number;
}

/** The memory a kept text holds: a string takes up to two bytes a character (V8 keeps non-Latin-1 text in UTF-16). */
function textCost(text: string | Buffer): number {
  return typeof text === 'string' ? text.length * 2 : text.length;
}

/**
 * The compressed bytes of answers by their whole text and encoding, least recently sent dropped first past
 * `maxBytes` (the texts kept to compare with count as well as the bytes). The bytes are a function of the text
 * alone, so an answer is exactly what compressing it again would give; answers compressed together for the same
 * text share one compression.
 *
 * An answer is found by comparing its text with the kept texts of the same kind and length: nothing of one answer
 * can be sent for another, and a comparison (a memory compare that stops at the first difference) costs a fraction
 * of hashing the text, which was most of what a kept read cost (ADR 038).
 */
export function keptCompressed(maxBytes: number) {
  /** Least recently sent first. */
  const recency = new Set<KeptAnswer>();
  const byLength = new Map<string, KeptAnswer[]>();
  let bytes = 0;

  const slot = (text: string | Buffer, encoding: AnswerEncoding) =>
    `${encoding}:${typeof text === 'string' ? 's' : 'b'}${text.length}`;
  const same = (a: string | Buffer, b: string | Buffer) =>
    typeof a === 'string' ? a === b : typeof b !== 'string' && a.equals(b);

  function drop(answer: KeptAnswer) {
    if (!recency.delete(answer)) return;
    bytes -= answer.cost;
    const key = slot(answer.text, answer.encoding);
    const answers = byLength.get(key);
    if (!answers) return;
    const left = answers.filter((a) => a !== answer);
    if (left.length === 0) byLength.delete(key);
    else byLength.set(key, left);
  }

  return function compressed(text: string | Buffer, encoding: AnswerEncoding): Promise<Buffer> {
    const key = slot(text, encoding);
    const found = byLength.get(key)?.find((answer) => same(answer.text, text));
    if (found) {
      // Sent again: the most recent, so the last to go.
      recency.delete(found);
      recency.add(found);
      return found.body;
    }
    const body = compressors[encoding](typeof text === 'string' ? Buffer.from(text) : text);
    const answer: KeptAnswer = { text, encoding, body, cost: 0 };
    recency.add(answer);
    byLength.set(key, [...(byLength.get(key) ?? []), answer]);
    body.then(
      (value) => {
        if (!recency.has(answer)) return;
        answer.cost = textCost(text) + value.length;
        bytes += answer.cost;
        if (answer.cost > maxBytes) drop(answer);
        for (const oldest of recency) {
          if (bytes <= maxBytes) break;
          drop(oldest);
        }
      },
      () => drop(answer),
    );
    return body;
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
 * found by comparing the whole text, so nothing of one answer can be sent for another.
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
