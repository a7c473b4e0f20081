import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;
/** The answers compressed beyond those mime-db calls compressible: every JSON answer (the API's envelopes). */
const JSON_ANSWER = /^application\/(?:[\w.-]+\+)?json(?:;|$)/;

/**
 * ADR 033: the API's JSON answers travel compressed (brotli or gzip, as the browser accepts). A project's answer
 * with its transits and stored results runs to megabytes of JSON that shrinks about tenfold. The web app's files
 * are compressed at build and sent as they are (@fastify/static preCompressed); this plugin leaves an answer
 * that already has a content-encoding alone. Brotli at quality 4 and gzip at 6 (the 3.3 MB project read: 132 kB
 * and 340 kB, for about 145 ms and 40 ms of compression on a loaded machine); compression runs on zlib's thread
 * pool, not the event loop. Request bodies are never decompressed: the input gate measures what arrives.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    globalCompression: true,
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: JSON_ANSWER,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
