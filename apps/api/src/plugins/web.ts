import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { M } from '@tc/shared';
import { pickEncoding } from './compress';

/**
 * index.html with its precompressed copies, read once: every page of the SPA is this file, asked for
 * on every navigation (it is never cached), and reading it from disk on each request (stat, open,
 * read, close on the thread pool) cost more than the rest of answering. The build does not change
 * under a running server. An ETag lets a browser revalidate it with a 304.
 */
function pageFromDisk(distDir: string, file = 'index.html') {
  const read = (name: string) => (existsSync(join(distDir, name)) ? readFileSync(join(distDir, name)) : undefined);
  const plain = read(file)!;
  const copies = { br: read(`${file}.br`), gzip: read(`${file}.gz`) };
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

type SendPage = ReturnType<typeof pageFromDisk>;

/**
 * The pages people arrive on from outside have their own copy of index.html, which also names the
 * page's code and styles (written by the build: apps/web/landing-preloads.ts, `landing/pages.json`),
 * so the browser fetches them with the app's code instead of a round trip later. A path like
 * `/profissionais/:id` matches one segment in place of `:id`; any other page gets index.html.
 */
function landingPages(distDir: string): { test: RegExp; send: SendPage }[] {
  return landingList(distDir).map(({ path, file }) => ({
    test: new RegExp(
      `^${path
        .split('/')
        .map((s) => (s.startsWith(':') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('/')}/?$`,
    ),
    send: pageFromDisk(distDir, file),
  }));
}

/** The build's list of landing pages (`landing/pages.json`), or none. */
function landingList(distDir: string): { path: string; file: string }[] {
  const list = join(distDir, 'landing', 'pages.json');
  return existsSync(list) ? (JSON.parse(readFileSync(list, 'utf8')) as { path: string; file: string }[]) : [];
}

/**
 * The Content-Security-Policy sources of the inline scripts in the built pages (a landing page's early
 * script, apps/web/landing-preloads.ts): each allowed by its SHA-256, so that no other inline script
 * runs. Read from the files the server sends, so a rebuilt script is allowed as it is.
 */
export function inlineScriptHashes(distDir: string | undefined): string[] {
  if (!distDir || !existsSync(join(distDir, 'index.html'))) return [];
  const files = ['index.html', ...landingList(distDir).map((p) => p.file)];
  const hashes = new Set<string>();
  for (const file of files) {
    for (const [, body] of readFileSync(join(distDir, file), 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)) {
      hashes.add(`'sha256-${createHash('sha256').update(body!).digest('base64')}'`);
    }
  }
  return [...hashes];
}

const ASSET_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.json': 'application/json; charset=utf-8',
};
const YEAR = 'public, max-age=31536000, immutable';

/**
 * The hashed assets (a few MB with their brotli and gzip copies), read once like index.html: a name
 * never changes content, and @fastify/static's stat, open and stream per request held a first visit's
 * dozens of scripts to about 3 k answers a second on two cores.
 */
function assetsFromDisk(dir: string) {
  const files = new Map<string, { type: string; plain: Buffer; br?: Buffer; gzip?: Buffer }>();
  if (!existsSync(dir)) return files;
  for (const name of readdirSync(dir)) {
    if (name.endsWith('.br') || name.endsWith('.gz') || !statSync(join(dir, name)).isFile()) continue;
    const copy = (ext: string) => (existsSync(join(dir, name + ext)) ? readFileSync(join(dir, name + ext)) : undefined);
    files.set(name, {
      type: ASSET_TYPES[extname(name)] ?? 'application/octet-stream',
      plain: readFileSync(join(dir, name)),
      br: copy('.br'),
      gzip: copy('.gz'),
    });
  }
  return files;
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
    const assets = assetsFromDisk(join(distDir!, 'assets'));
    app.route<{ Params: { file: string } }>({
      method: ['GET', 'HEAD'],
      url: '/assets/:file',
      handler(request, reply) {
        const file = assets.get(request.params.file);
        if (!file) return reply.callNotFound();
        reply.header('cache-control', YEAR).header('vary', 'accept-encoding').type(file.type);
        const encoding = pickEncoding(request.headers['accept-encoding']);
        const copy = encoding ? file[encoding] : undefined;
        if (encoding && copy) reply.header('content-encoding', encoding);
        return reply.send(copy ?? file.plain);
      },
    });
    // The few files at the root (favicon, robots.txt): from disk, revalidated on each visit.
    await app.register(fastifyStatic, {
      root: distDir!,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The .br/.gz copies are chosen by Accept-Encoding, not requested by name; the assets and the
      // landing pages' copies of index.html are served above and below.
      globIgnore: ['**/*.br', '**/*.gz', 'assets/**', 'landing/**'],
      setHeaders(reply) {
        reply.header('cache-control', 'no-cache');
      },
    });
  }
  const sendPage = hasDist ? pageFromDisk(distDir!) : undefined;
  const landing = hasDist ? landingPages(distDir!) : [];
  app.setNotFoundHandler((request, reply) => {
    // A missing file (a name with an extension) is a 404; the query string does not count
    // (/confirmar-email?t=1.2.abc is a page).
    const path = request.url.split('?')[0]!;
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api') && !/\.[a-z0-9]{2,5}$/i.test(path);
    if (sendPage && isPage) return (landing.find((p) => p.test.test(path))?.send ?? sendPage)(request, reply);
    return reply.status(404).send({ code: 'NOT_FOUND', message: M.notFound });
  });
}
