/**
 * What a first visit downloads: `npx tsx e2e/perf/first-load.ts [path ...]` starts the built app
 * (see start-app.ts; WEB_DIST=… measures another build) and loads each path (default `/`) in a fresh
 * headless Chromium with an empty cache, then prints every response with its transferred bytes and,
 * for scripts, the size of the script gzipped (level 9, as the server's precompressed files are).
 * "Initial JS" is the sum of those gzip sizes: the entry script, its modulepreloaded chunks and the
 * chunks the route loads on its own, i.e. every script requested until the network is idle.
 */
import { chromium, type Browser, type Request } from 'playwright-core';
import { gzipSync, constants } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { startApp } from './start-app';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export interface LoadedResource {
  url: string;
  type: string;
  status: number;
  /** Content-Encoding the server chose ('' when none). */
  encoding: string;
  /** Body bytes on the wire (after compression). */
  transferred: number;
  /** Body bytes after decoding. */
  decoded: number;
  /** Scripts only: the decoded body gzipped at level 9. */
  gzip: number;
  cacheControl: string;
  vary: string;
}

export interface FirstLoad {
  resources: LoadedResource[];
  /** Sum of `gzip` over every script: the page's initial JS. */
  initialJsGzip: number;
  /** Sum of `transferred` over every response. */
  transferred: number;
}

const gz = (b: Buffer) => gzipSync(b, { level: constants.Z_BEST_COMPRESSION }).length;

/** Loads `path` once in a fresh context (empty cache, no storage) and records what came over the network. */
export async function measureFirstLoad(browser: Browser, baseURL: string, path = '/', viewport = { width: 375, height: 812 }): Promise<FirstLoad> {
  const context = await browser.newContext({ baseURL, viewport, locale: 'pt-PT', timezoneId: 'Europe/Lisbon' });
  const page = await context.newPage();
  const pending: Promise<LoadedResource | null>[] = [];
  const record = async (request: Request): Promise<LoadedResource | null> => {
    const response = await request.response();
    if (!response) return null;
    const sizes = await request.sizes();
    const body = await response.body().catch(() => Buffer.alloc(0));
    const type = request.resourceType();
    return {
      url: request.url().replace(baseURL, ''),
      type,
      status: response.status(),
      encoding: (await response.headerValue('content-encoding')) ?? '',
      transferred: sizes.responseBodySize,
      decoded: body.length,
      gzip: type === 'script' ? gz(body) : 0,
      cacheControl: (await response.headerValue('cache-control')) ?? '',
      vary: (await response.headerValue('vary')) ?? '',
    };
  };
  page.on('requestfinished', (r) => pending.push(record(r)));
  await page.goto(path, { waitUntil: 'networkidle' });
  // Anything the page starts right after going idle (images below the fold decoding, late queries).
  await page.waitForTimeout(500);
  const resources = (await Promise.all(pending)).filter((r): r is LoadedResource => r !== null);
  await context.close();
  return {
    resources,
    initialJsGzip: resources.reduce((s, r) => s + r.gzip, 0),
    transferred: resources.reduce((s, r) => s + r.transferred, 0),
  };
}

export const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

export function formatFirstLoad(path: string, m: FirstLoad): string {
  const rows = m.resources.map(
    (r) =>
      `${r.type.padEnd(10)} ${String(r.status).padEnd(4)} ${(r.encoding || '-').padEnd(5)} ${kb(r.transferred).padStart(10)} ${kb(r.decoded).padStart(10)} ${r.gzip ? kb(r.gzip).padStart(10) : ''.padStart(10)}  ${r.url}`,
  );
  return [
    `\nFirst load of ${path}`,
    `${'type'.padEnd(10)} ${'st'.padEnd(4)} ${'enc'.padEnd(5)} ${'wire'.padStart(10)} ${'decoded'.padStart(10)} ${'js gzip'.padStart(10)}  url`,
    ...rows,
    `Initial JS (gzip -9): ${kb(m.initialJsGzip)}   transferred in total: ${kb(m.transferred)} in ${m.resources.length} responses`,
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const paths = process.argv.slice(2);
  const app = await startApp({ webDist: process.env.WEB_DIST });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  try {
    for (const p of paths.length ? paths : ['/']) console.log(formatFirstLoad(p, await measureFirstLoad(browser, app.baseURL, p)));
  } finally {
    await browser.close();
    await app.stop();
  }
}
