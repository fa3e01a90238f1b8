import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { M } from '@tc/shared';
import { pickEncoding } from './compress';

/**
 * index.html with its precompressed copies, read once: every page of the SPA is this file, asked for
 * on every navigation (it is never cached), and reading it from disk on each request (stat, open,
 * read, close on the thread pool) cost more than the rest of answering. The build does not change
 * under a running server. An ETag lets a browser revalidate it with a 304.
 */
function pageFromDisk(distDir: string) {
  const read = (name: string) => (existsSync(join(distDir, name)) ? readFileSync(join(distDir, name)) : undefined);
  const plain = read('index.html')!;
  const copies = { br: read('index.html.br'), gzip: read('index.html.gz') };
  const etag = `"${createHash('sha1').update(plain).digest('base64url').slice(0, 27)}"`;
  return (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').header('etag', etag).type('text/html; charset=utf-8');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    const encoding = pickEncoding(request.headers['accept-encoding']);
    const copy = encoding ? copies[encoding] : undefined;
    if (encoding && copy) reply.header('content-encoding', encoding);
    return reply.send(copy ?? plain);
  };
}

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, and any other
 * GET that is not under /api falls back to index.html so client-side routes survive a reload.
 * The build writes brotli and gzip copies of every text file (apps/web/precompress.ts): the one the
 * browser accepts is sent as is, with `Vary: Accept-Encoding`, and nothing is compressed per request.
 */
export async function registerWeb(app: FastifyInstance, distDir: string | undefined) {
  const hasDist = !!distDir && existsSync(join(distDir, 'index.html'));
  if (hasDist) {
    await app.register(fastifyStatic, {
      root: distDir!,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The .br/.gz copies are chosen by Accept-Encoding, not requested by name.
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders(reply, path) {
        reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const sendPage = hasDist ? pageFromDisk(distDir!) : undefined;
  app.setNotFoundHandler((request, reply) => {
    // A missing file (a name with an extension) is a 404; the query string does not count
    // (/confirmar-email?t=1.2.abc is a page).
    const path = request.url.split('?')[0]!;
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api') && !/\.[a-z0-9]{2,5}$/i.test(path);
    if (sendPage && isPage) return sendPage(request, reply);
    return reply.status(404).send({ code: 'NOT_FOUND', message: M.notFound });
  });
}
