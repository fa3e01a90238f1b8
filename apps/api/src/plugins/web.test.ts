import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { inlineScriptHashes, registerWeb } from './web';

const html = `<!doctype html><html lang="pt-PT"><head><title>Técnico Certo</title></head><body>${'<p>olá</p>'.repeat(100)}</body></html>`;
const js = `export const x = ${JSON.stringify('a'.repeat(2000))};`;

/** A built web app's folder: each file with its brotli and gzip copies, as apps/web/precompress.ts leaves them. */
function builtDist(folder: string, files: [name: string, text: string][]) {
  const dir = mkdtempSync(join(tmpdir(), 'tc-dist-'));
  mkdirSync(join(dir, folder));
  for (const [name, text] of files) {
    writeFileSync(join(dir, name), text);
    writeFileSync(join(dir, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(dir, `${name}.gz`), gzipSync(text));
  }
  return dir;
}

let dist: string;
let app: FastifyInstance;
beforeAll(async () => {
  dist = builtDist('assets', [
    ['index.html', html],
    ['assets/index-abc123.js', js],
  ]);
  writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  writeFileSync(join(dist, 'assets/logo-abc123.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  app = Fastify();
  await registerWeb(app, dist);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('sends the precompressed page the browser accepts, never cached, for every client route', async () => {
    // A query string that ends like a file name is still a page (a confirmation link, forged or not).
    for (const url of ['/', '/comofunciona', '/profissionais/3', '/confirmar-email?t=1.2.abc']) {
      const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/^text\/html/);
      expect(br.headers['cache-control']).toBe('no-cache');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(html);
    }
    const gz = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(html);
    const plain = await app.inject({ url: '/' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toBe(html);
  });

  it('lets a browser revalidate the page with its ETag: 304 without a body, the same tag for every route', async () => {
    const first = await app.inject({ url: '/comofunciona', headers: { 'accept-encoding': 'br' } });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await app.inject({ url: '/', headers: { 'if-none-match': etag, 'accept-encoding': 'br' } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers['cache-control']).toBe('no-cache');
    // HEAD (a link checker, a monitor) answers like GET, without the body.
    const head = await app.inject({ method: 'HEAD', url: '/comofunciona' });
    expect(head.statusCode).toBe(200);
    expect(head.headers.etag).toBe(etag);
    expect(head.rawPayload.length).toBe(0);
    const changed = await app.inject({ url: '/', headers: { 'if-none-match': '"outra-versao"' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toBe(html);
  });

  it('sends hashed assets compressed and cached for a year; the copies are not addressable', async () => {
    const r = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-type']).toMatch(/javascript/);
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(r.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(r.rawPayload).toString()).toBe(js);
    expect((await app.inject({ url: '/assets/index-abc123.js.br' })).statusCode).toBe(404);
    const gz = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(js);
    const plain = await app.inject({ url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
    const head = await app.inject({ method: 'HEAD', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(head.body).toBe('');
  });

  it("answers an asset without copies with its type, and a missing one (an old build's) with a Portuguese 404", async () => {
    const svg = await app.inject({ url: '/assets/logo-abc123.svg', headers: { 'accept-encoding': 'br' } });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.headers['content-encoding']).toBeUndefined();
    expect(svg.body).toContain('<svg');
    const gone = await app.inject({ url: '/assets/index-old999.js' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(gone.json().message).toMatch(/[ãçéáõ]|não/i);
  });

  it('sends a file without copies as it is', async () => {
    const r = await app.inject({ url: '/robots.txt', headers: { 'accept-encoding': 'br, gzip' } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.body).toContain('User-agent');
  });
});

describe("the landing pages' own copies of index.html", () => {
  const profile = html.replace('</head>', '<link rel="modulepreload" crossorigin href="/assets/perfil-page-abc.js"></head>');
  const list = html.replace('</head>', '<link rel="modulepreload" crossorigin href="/assets/lista-page-abc.js"></head>');
  let dir: string;
  let web: FastifyInstance;
  beforeAll(async () => {
    // As apps/web/landing-preloads.ts leaves them.
    dir = builtDist('landing', [
      ['index.html', html],
      ['landing/profissionais-id.html', profile],
      ['landing/profissionais.html', list],
    ]);
    const pages = [
      { path: '/profissionais', file: 'landing/profissionais.html' },
      { path: '/profissionais/:id', file: 'landing/profissionais-id.html' },
    ];
    writeFileSync(join(dir, 'landing/pages.json'), JSON.stringify(pages));
    web = Fastify();
    await registerWeb(web, dir);
    await web.ready();
  });
  afterAll(async () => {
    await web.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends a landing path its copy (compressed as asked, with its own ETag) and every other page index.html', async () => {
    for (const url of ['/profissionais/12', '/profissionais/12/', '/profissionais/12?from=google']) {
      const br = await web.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(profile);
    }
    const gz = await web.inject({ url: '/profissionais/12', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gz.rawPayload).toString()).toBe(profile);
    expect((await web.inject({ url: '/profissionais' })).body).toBe(list);
    // One segment only, and nothing that merely starts like a landing path.
    for (const url of ['/', '/profissionais/12/avaliacoes', '/profissionaisx', '/comofunciona']) expect((await web.inject({ url })).body).toBe(html);
    const a = (await web.inject({ url: '/profissionais/12' })).headers.etag;
    const b = (await web.inject({ url: '/' })).headers.etag;
    expect(a).toMatch(/^"[\w-]+"$/);
    expect(a).not.toBe(b);
    // A browser holding the index's tag gets the landing copy whole, not a 304.
    expect((await web.inject({ url: '/profissionais/3', headers: { 'if-none-match': b } })).statusCode).toBe(200);
    expect((await web.inject({ url: '/profissionais/3', headers: { 'if-none-match': a } })).statusCode).toBe(304);
  });

  it('does not serve the copies or their list as files', async () => {
    for (const url of ['/landing/pages.json', '/landing/profissionais.html']) {
      const r = await web.inject({ url });
      expect(r.statusCode).toBe(404);
      expect(r.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});

describe("the built pages' inline scripts", () => {
  it('are each allowed by the SHA-256 of their text, and nothing else is', () => {
    const early = '(function earlyProfile(k) { fetch("/api/profissional/1"); })("token");';
    const dir = builtDist('landing', [
      ['index.html', html],
      ['landing/perfil.html', html.replace('</title>', `</title><script>${early}</script><script type="module" src="/assets/x.js"></script>`)],
      ['landing/outra.html', html.replace('</title>', `</title><script>${early}</script>`)],
    ]);
    writeFileSync(
      join(dir, 'landing/pages.json'),
      JSON.stringify([
        { path: '/profissionais/:id', file: 'landing/perfil.html' },
        { path: '/x', file: 'landing/outra.html' },
      ]),
    );
    try {
      const hash = createHash('sha256').update(early).digest('base64');
      // The same script on two pages is named once; a script with a src is not inline.
      expect(inlineScriptHashes(dir)).toEqual([`'sha256-${hash}'`]);
      writeFileSync(join(dir, 'landing/pages.json'), '[]');
      expect(inlineScriptHashes(dir)).toEqual([]);
      expect(inlineScriptHashes(undefined)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
