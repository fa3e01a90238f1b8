import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { buildApp } from '../../app';
import { loadEnv } from '../../config/env';
import { type Database } from '../../db/client';
import { freshPglite } from '../../test/harness';
import { localStorage, type Storage } from '../../lib/storage';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A port nothing listens on (taken, then released). */
async function deadPort() {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const port = (srv.address() as { port: number }).port;
  await new Promise((r) => srv.close(r));
  return port;
}

describe('health (live) and ready (dependencies) for the load balancer', () => {
  let database: Database;
  let dir: string;
  const opened: { close(): Promise<unknown> }[] = [];
  beforeAll(async () => {
    database = await freshPglite();
    dir = mkdtempSync(join(tmpdir(), 'tc-health-'));
  });
  afterAll(async () => {
    for (const o of opened) await o.close().catch(() => undefined);
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function app(deps: { storage?: Storage; redis?: Redis } = {}) {
    const env = loadEnv({ NODE_ENV: 'test', RATE_LIMIT: 'false', DATA_DIR: dir, SEED_DEMO: 'false', NOTIFICATIONS_WORKER: 'false' });
    const a = await buildApp({ env, database, jwtSecret: randomBytes(32).toString('hex'), ...deps });
    await a.ready();
    opened.push(a);
    return a;
  }

  it('/api/health answers without touching any dependency; /api/ready checks the database, Redis and storage', async () => {
    const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    opened.push({ close: async () => redis.disconnect() });
    const a = await app({ redis });
    const live = await a.inject({ method: 'GET', url: '/api/health' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ ok: true });
    const ready = await a.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ok: true, baseDeDados: 'ok', redis: 'ok', armazenamento: 'ok' });

    const noRedis = await app();
    expect((await noRedis.inject({ method: 'GET', url: '/api/ready' })).json()).toMatchObject({ ok: true, redis: 'nao_configurado' });
  });

  it('is not ready (503, in Portuguese) when Redis or the storage does not answer; still alive', async () => {
    const redis = new Redis(`redis://127.0.0.1:${await deadPort()}`, { maxRetriesPerRequest: 0, lazyConnect: true, retryStrategy: () => null });
    redis.on('error', () => undefined);
    const a = await app({ redis });
    const res = await a.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      ok: false,
      baseDeDados: 'ok',
      redis: 'falha',
      armazenamento: 'ok',
      message: 'Serviço indisponível: uma dependência não responde.',
    });
    expect((await a.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    const broken: Storage = { ...localStorage(dir), ping: () => Promise.reject(new Error('bucket em falta')) };
    const b = await app({ storage: broken });
    const res2 = await b.inject({ method: 'GET', url: '/api/ready' });
    expect(res2.statusCode).toBe(503);
    expect(res2.json()).toMatchObject({ armazenamento: 'falha', redis: 'nao_configurado' });

    // A storage that hangs counts as down after the probe's timeout instead of hanging the probe.
    const hanging: Storage = { ...localStorage(dir), ping: () => new Promise(() => undefined) };
    const c = await app({ storage: hanging });
    const res3 = await c.inject({ method: 'GET', url: '/api/ready' });
    expect(res3.statusCode).toBe(503);
    expect(res3.json()).toMatchObject({ armazenamento: 'falha' });
  });
});
