import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadEnv } from '../config/env';
import { openDatabase, type Database } from '../db/client';
import { syncCatalogue } from '../db/catalogue-sync';
import type { Clock } from '../lib/clock';

export const TEST_DB = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** A new, empty PostgreSQL database on the server of DATABASE_URL: its URL, and `drop` for the end. */
export async function scratchPostgres(prefix = 'tc_test'): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('a PostgreSQL test needs DATABASE_URL');
  const name = `${prefix}_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** A fresh database for one test file: in-memory PGlite, or a new PostgreSQL database dropped at the end. */
async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (TEST_DB === 'pglite') {
    const database = await openDatabase({});
    return { database, drop: () => database.close() };
  }
  const scratch = await scratchPostgres();
  const database = await openDatabase({ url: scratch.url });
  return {
    database,
    drop: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Database['db'];
  dataDir: string;
  close(): Promise<void>;
}

export async function createTestApp(opts: { env?: Record<string, string>; clock?: Clock; webDist?: string; jwtSecret?: string } = {}): Promise<TestApp> {
  const { database, drop } = await freshDatabase();
  await syncCatalogue(database.db);
  const dataDir = mkdtempSync(join(tmpdir(), 'tc-test-'));
  const env = loadEnv({ NODE_ENV: 'test', RATE_LIMIT: 'false', DATA_DIR: dataDir, SEED_DEMO: 'false', ...opts.env });
  const app = await buildApp({ env, database, jwtSecret: opts.jwtSecret ?? randomBytes(32).toString('hex'), clock: opts.clock, webDist: opts.webDist });
  await app.ready();
  return {
    app,
    db: database.db,
    dataDir,
    async close() {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Helpers that go through the public API, the way a user would. */
export async function registerAndLogin(app: FastifyInstance, tipo: 'cliente' | 'profissional', over: Record<string, string> = {}) {
  const email = over.email ?? `${tipo}.${randomBytes(4).toString('hex')}@exemplo.pt`;
  const body =
    tipo === 'cliente'
      ? { nome: 'Teste Cliente', email, senha: 'Segura#123', ...over }
      : { nome: 'Teste Profissional', email, senha: 'Segura#123', cidade: 'Lisboa', bairro: 'Lisboa', ...over };
  const res = await app.inject({ method: 'POST', url: `/api/${tipo}/register`, payload: body });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.body}`);
  const { id, access_token } = res.json() as { id: number; access_token: string };
  return { id, token: access_token, email, auth: { authorization: `Bearer ${access_token}` } };
}

/** The first admin (sign-up is open on an empty database), logged in. */
export async function adminSession(app: FastifyInstance) {
  const email = `admin.${randomBytes(3).toString('hex')}@exemplo.pt`;
  const first = await app.inject({ method: 'POST', url: '/api/admin/register', payload: { nome: 'Admin Teste', email, senha: 'Segura#123' } });
  if (first.statusCode !== 201) throw new Error(`admin register: ${first.body}`);
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, senha: 'Segura#123', tipo: 'admin' } });
  const { id, access_token } = login.json() as { id: number; access_token: string };
  return { id, auth: { authorization: `Bearer ${access_token}` } };
}

export const projectPayload = (over: Record<string, unknown> = {}) => ({
  titulo: 'Trocar quadro elétrico', descricao: 'Quadro antigo a disparar.', cidade: 'Lisboa', bairro: 'Lisboa',
  especialidade: 'substituicao-quadros-eletricos', contato: '+351912345678', tempo: 'NORMAL', ...over,
});

/** A project by this client, approved by the admin and priced at `creditos`. */
export async function openProject(app: FastifyInstance, client: { auth: Record<string, string> }, admin: { auth: Record<string, string> }, creditos = 10) {
  const created = await app.inject({ method: 'POST', url: '/api/requests/create', headers: client.auth, payload: projectPayload() });
  if (created.statusCode !== 201) throw new Error(`create: ${created.body}`);
  const id = (created.json() as { id: number }).id;
  await app.inject({ method: 'PATCH', url: `/api/requests/${id}/aprovar`, headers: admin.auth });
  const priced = await app.inject({ method: 'PUT', url: `/api/requests/atualiza-creditos/${id}`, headers: admin.auth, payload: { creditos } });
  if (priced.statusCode !== 200) throw new Error(`credits: ${priced.body}`);
  return id;
}
