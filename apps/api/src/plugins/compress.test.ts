import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { COMPRESS_THRESHOLD, compressedAnswers, keptCopy, pickEncoding, registerCompression } from './compress';

const big = { items: Array.from({ length: 40 }, (_, i) => ({ id: i, nome: `Profissional ${i}`, cidade: 'Lisboa' })) };

let app: FastifyInstance;
/** What the shared route's "cache" holds, and what a reader's own route answers. */
let cached: { id: number; nome: string; segredo?: string } | null = null;
const own = { id: 3, nome: 'Própria' };
/** The shared pages' "cache". */
const pages = new Map<string, object>();
beforeAll(async () => {
  app = Fastify();
  await app.register(
    async (api) => {
      registerCompression(api);
      api.get('/big', { config: { sharedAnswer: true } }, async () => big);
      const other = { ...big, outra: true };
      api.get('/public-other', { config: { sharedAnswer: true } }, async () => other);
      // One of many shared pages (job search by district and specialty: hundreds at a time), each the
      // same object while its cache keeps it.
      api.get<{ Params: { n: string } }>('/page/:n', { config: { sharedAnswer: true } }, async (request) => {
        const n = request.params.n;
        if (!pages.has(n)) pages.set(n, { ...big, pagina: n });
        return pages.get(n)!;
      });
      const small = {
        200: { type: 'object', properties: { id: { type: 'integer' }, nome: { type: 'string' } }, required: ['id', 'nome'] },
        404: { type: 'object', properties: { message: { type: 'string' } } },
      };
      api.get('/cached', { config: { sharedAnswer: true }, schema: { response: small } }, async (_req, reply) => {
        if (!cached) return reply.code(404).send({ message: 'Não encontrado.' });
        return cached;
      });
      api.get('/own', { schema: { response: small } }, async () => own);
      // A shared route that sends its answer itself and returns the reply.
      api.get('/sent', { config: { sharedAnswer: true }, schema: { response: small } }, async (_req, reply) =>
        reply.send({ id: 4, nome: 'Enviada', extra: 1 }),
      );
      // One reader's own answer (no sharedAnswer): compressed on its own, never kept.
      api.get('/mine', async (request) => ({ ...big, quem: request.headers['x-quem'] }));
      api.get('/small', async () => ({ ok: true }));
      api.get('/stream', async (_req, reply) => reply.type('application/json').send(Readable.from([JSON.stringify(big)])));
      api.get('/image', async (_req, reply) => reply.type('image/webp').send(Buffer.alloc(4096, 1)));
    },
    { prefix: '/api' },
  );
  app.get('/outside', async () => big);
  await app.ready();
});
afterAll(() => app.close());

describe('API answer compression', () => {
  it('sends JSON of 1 KB or more as brotli when accepted, gzip otherwise, with Vary', async () => {
    expect(JSON.stringify(big).length).toBeGreaterThan(COMPRESS_THRESHOLD);
    const br = await app.inject({ url: '/api/big', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(big);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(JSON.stringify(big).length / 3);

    const gz = await app.inject({ url: '/api/big', headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(big);

    // The same answer again is the kept copy, byte for byte.
    const again = await app.inject({ url: '/api/big', headers: { 'accept-encoding': 'br' } });
    expect(again.rawPayload.equals(br.rawPayload)).toBe(true);
  });

  it("keeps a shared answer compressed with its cached object, never one reader's own answer", async () => {
    const before = compressedAnswers();
    for (const quem of ['ana', 'joao', 'ana']) {
      for (const enc of ['br', 'gzip']) {
        const r = await app.inject({ url: '/api/mine', headers: { 'accept-encoding': enc, 'x-quem': quem } });
        expect(r.headers['content-encoding']).toBe(enc);
        const text = (enc === 'br' ? brotliDecompressSync(r.rawPayload) : gunzipSync(r.rawPayload)).toString();
        expect(JSON.parse(text)).toEqual({ ...big, quem });
      }
    }
    expect(compressedAnswers()).toBe(before + 6);
    for (let i = 0; i < 3; i++) {
      const shared = await app.inject({ url: '/api/public-other', headers: { 'accept-encoding': 'br' } });
      expect(JSON.parse(brotliDecompressSync(shared.rawPayload).toString())).toEqual({ ...big, outra: true });
    }
    expect(compressedAnswers()).toBe(before + 7);
    const gz = await app.inject({ url: '/api/public-other', headers: { 'accept-encoding': 'gzip' } });
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual({ ...big, outra: true });
    expect(compressedAnswers()).toBe(before + 8);
  });

  it('keeps hundreds of shared pages compressed while their cache keeps them; a page replaced is compressed afresh', async () => {
    const before = compressedAnswers();
    const ask = async (n: number) => {
      const r = await app.inject({ url: `/api/page/${n}`, headers: { 'accept-encoding': 'br' } });
      return JSON.parse(brotliDecompressSync(r.rawPayload).toString()) as { pagina: string; nova?: boolean };
    };
    for (let n = 0; n < 600; n++) expect((await ask(n)).pagina).toBe(String(n));
    expect(compressedAnswers()).toBe(before + 600);
    // Asked again: none compressed again (a 64-answer memo compressed each of them again).
    for (let n = 0; n < 600; n++) expect((await ask(n)).pagina).toBe(String(n));
    expect(compressedAnswers()).toBe(before + 600);
    // The cache found page 5 again (a new object): its new text goes out, compressed once.
    pages.set('5', { ...big, pagina: '5', nova: true });
    expect(await ask(5)).toMatchObject({ pagina: '5', nova: true });
    expect(await ask(5)).toMatchObject({ pagina: '5', nova: true });
    expect(compressedAnswers()).toBe(before + 601);
  });

  it('keeps a compressed answer in memory of its own size, not in the block zlib wrote it into', () => {
    const out = brotliCompressSync(JSON.stringify(big));
    // What zlib answers: a view of a larger block (kept as is, each page held 16 KB or more).
    expect(out.buffer.byteLength).toBeGreaterThan(out.length * 2);
    const kept = keptCopy(out);
    expect(kept.equals(out)).toBe(true);
    expect(kept.buffer.byteLength).toBe(kept.length);
  });

  it("writes a shared answer once per object, with the route's schema, and a reader's own every time", async () => {
    cached = { id: 1, nome: 'Ana', segredo: 'não sai' };
    const first = await app.inject({ url: '/api/cached' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.json()).toEqual({ id: 1, nome: 'Ana' });
    // A cache's objects are never changed; changing this one shows the kept text is what answers.
    cached.nome = 'Mudou';
    expect((await app.inject({ url: '/api/cached' })).json()).toEqual({ id: 1, nome: 'Ana' });
    const head = await app.inject({ method: 'HEAD', url: '/api/cached' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('application/json; charset=utf-8');
    // The cache let it go: the next object is written for itself.
    cached = { id: 2, nome: 'Rui' };
    expect((await app.inject({ url: '/api/cached' })).json()).toEqual({ id: 2, nome: 'Rui' });
    cached = null;
    const missing = await app.inject({ url: '/api/cached' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Não encontrado.' });

    const sent = await app.inject({ url: '/api/sent' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ id: 4, nome: 'Enviada' });

    expect((await app.inject({ url: '/api/own' })).json()).toEqual({ id: 3, nome: 'Própria' });
    own.nome = 'Outra';
    expect((await app.inject({ url: '/api/own' })).json()).toEqual({ id: 3, nome: 'Outra' });
  });

  it('leaves small answers, refusing clients, streams, images and routes outside /api alone', async () => {
    const small = await app.inject({ url: '/api/small', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });

    const identity = await app.inject({ url: '/api/big' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toMatch(/accept-encoding/i);
    expect(identity.json()).toEqual(big);

    for (const url of ['/api/stream', '/api/image', '/outside']) {
      const r = await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(r.headers['content-encoding'], url).toBeUndefined();
    }
  });

  it('negotiates like a browser header says', () => {
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(pickEncoding('*')).toBe('gzip');
    expect(pickEncoding('gzip;q=0')).toBeNull();
  });

  it('reads each header text the same way every time, however many texts it has seen', () => {
    const texts = ['gzip, deflate, br', 'br;q=0, gzip;q=0.8', 'identity', 'gzip;q=0', '*'];
    const first = texts.map(pickEncoding);
    // Past the kept readings' limit: each text is read again, and the same.
    for (let i = 0; i < 200; i++) expect(pickEncoding(i % 2 ? `gzip;q=0.${i}` : `br;q=0, x-${i}`)).toBe(i % 2 ? 'gzip' : null);
    for (let round = 0; round < 2; round++) expect(texts.map(pickEncoding)).toEqual(first);
    expect(first).toEqual(['br', 'gzip', null, null, 'gzip']);
  });
});
