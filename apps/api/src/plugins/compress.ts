import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's answer is the same for every reader for a while (a public list from a short cache):
     * compressed once and kept by its text. Any other answer is compressed on its own and not kept:
     * looking a fresh 6 KB text up costs ~7 µs of hashing, for an answer nobody else will get.
     */
    sharedAnswer?: boolean;
  }
}

/** Smaller answers go out as they are: compressing them costs more than the bytes it saves. */
export const COMPRESS_THRESHOLD = 1024;
const COMPRESSIBLE = /^(?:application\/(?:[\w.+-]+\+)?json|text\/)/i;

/**
 * Each browser sends one Accept-Encoding text on every request: its reading is kept by the text
 * (parsing it again cost ~1.6 µs an answer). A handful of texts in practice; the map is emptied if
 * it ever holds many.
 */
const encodings = new Map<string, 'br' | 'gzip' | null>();
const ENCODINGS_MAX = 64;

/** The encoding to use for an Accept-Encoding header: brotli, else gzip, else none (q=0 refuses). */
export function pickEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  let encoding = encodings.get(header);
  if (encoding === undefined) {
    if (encodings.size >= ENCODINGS_MAX) encodings.clear();
    encodings.set(header, (encoding = readEncoding(header)));
  }
  return encoding;
}

function readEncoding(header: string): 'br' | 'gzip' | null {
  let br = false;
  let gzip = false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && !(Number(q.slice(2)) > 0)) continue;
    if (name === 'br') br = true;
    else if (name === 'gzip' || name === '*') gzip = true;
  }
  return br ? 'br' : gzip ? 'gzip' : null;
}

function compress(payload: string | Buffer, size: number, encoding: 'br' | 'gzip'): Buffer {
  compressions++;
  return encoding === 'br'
    ? brotliCompressSync(payload, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 1,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: size,
          // The default 4 MB window is set up on every call; the answer's own size is all it needs.
          [constants.BROTLI_PARAM_LGWIN]: Math.min(24, Math.max(10, Math.ceil(Math.log2(size)))),
        },
      })
    : gzipSync(payload, { level: 4 });
}

/**
 * A compressed answer to keep, in memory of its own size: zlib's synchronous output is a view of a
 * block of 16 KB or more, which a kept answer of 2-3 KB would hold whole. A thousand kept pages of job
 * search held ~33 MB of such blocks for ~2.5 MB of answers.
 */
export function keptCopy(compressed: Buffer): Buffer {
  const own = Buffer.allocUnsafeSlow(compressed.length);
  compressed.copy(own);
  return own;
}

/**
 * A shared answer as written and compressed: kept with the cached object it was written from (see
 * registerCompression), so it lives exactly as long as the cache keeps that object.
 */
interface Written {
  json: string;
  br?: Buffer;
  gzip?: Buffer;
}
/** The shared answer a reply is sending (set by the route's wrapped handler, read in onSend). */
const sending = new WeakMap<FastifyReply, Written>();

let compressions = 0;
/** How many answers have been compressed so far (for the tests). */
export const compressedAnswers = () => compressions;

function addVary(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  if (!vary) reply.header('vary', 'accept-encoding');
  else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(String(vary))) reply.header('vary', `${vary}, accept-encoding`);
}

/**
 * Compresses the API's JSON answers of 1 KB or more, in the onSend hook and synchronously: a few KB
 * take some 20-30 µs. @fastify/compress pipes every answer through a zlib stream instead, which cut
 * a cached list's throughput four- to five-fold here. Brotli at quality 1 with a window sized to the
 * answer (within a tenth of gzip -6's size in half the time or less); gzip level 4 for clients
 * without brotli. Streams (files) are left alone, and so is anything already encoded.
 */
export function registerCompression(app: FastifyInstance) {
  // A shared answer is an object kept by a cache, the same for every reader until the cache lets it
  // go: its JSON is written once per object and route (each route has its own schema), compressed
  // once per encoding, and kept with it (a WeakMap: released with the object). Writing a page again on
  // every request was most of answering it: the directory's first page went from 11 k to 26 k answers
  // a second. The compressed copies used to be kept apart, by their text, 64 of them: job search by
  // district and specialty (hundreds of pages at a time) was then compressed again on nearly every
  // request, and a larger memo outlived the caches' pages (the API's peak RSS past 300 MB).
  app.addHook('onRoute', (route) => {
    if (!route.config?.sharedAnswer) return;
    const written = new WeakMap<object, Written>();
    const handler = route.handler as (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
    route.handler = async function (request, reply) {
      const data = await handler.call(this, request, reply);
      // Not an object, not a 200, or already sent by the handler (which then returns the reply): as it is.
      if (data === null || typeof data !== 'object' || data === reply || reply.sent || reply.statusCode !== 200) return data;
      let entry = written.get(data);
      if (entry === undefined) {
        const out = reply.serialize(data);
        if (typeof out !== 'string') return data;
        written.set(data, (entry = { json: out }));
      }
      sending.set(reply, entry);
      reply.type('application/json; charset=utf-8');
      return entry.json;
    };
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    const size = Buffer.byteLength(payload);
    if (size < COMPRESS_THRESHOLD || reply.hasHeader('content-encoding')) return done(null, payload);
    if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return done(null, payload);
    addVary(reply);
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (!encoding) return done(null, payload);
    reply.header('content-encoding', encoding);
    // The kept copy only if this is still the shared text (another hook may have changed the answer).
    const shared = sending.get(reply);
    if (shared && shared.json === payload) done(null, (shared[encoding] ??= keptCopy(compress(payload, size, encoding))));
    else done(null, compress(payload, size, encoding));
  });
}
