import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { M } from '@tc/shared';

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
  app.setNotFoundHandler((request, reply) => {
    // A missing file (a name with an extension) is a 404; the query string does not count
    // (/confirmar-email?t=1.2.abc is a page).
    const path = request.url.split('?')[0]!;
    const isPage = request.method === 'GET' && !path.startsWith('/api') && !/\.[a-z0-9]{2,5}$/i.test(path);
    if (hasDist && isPage) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ code: 'NOT_FOUND', message: M.notFound });
  });
}
