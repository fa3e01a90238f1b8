import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, inject, vi } from 'vitest';
import { buildApp } from '../app';
import { loadEnv } from '../config/env';
import { openDatabase, type Database } from '../db/client';
import { syncCatalogue } from '../db/catalogue-sync';
import type { Clock } from '../lib/clock';
import { createAdmin } from '../modules/auth/auth.service';

export const TEST_DB = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * For tests that prove a lock: they run on PostgreSQL only. PGlite runs one statement at a time, so
 * there a race cannot happen and the test would pass with the lock removed; it is skipped, and says so.
 */
export const describeOnPostgres = (name: string, body: () => void) => {
  if (TEST_DB !== 'postgres') {
    console.warn(`[PGlite] ignorado: "${name}" só prova os bloqueios em PostgreSQL (corra com DATABASE_URL definido)`);
    return describe.skip(`${name} [só PostgreSQL]`, body);
  }
  return describe(`${name} [PostgreSQL]`, body);
};

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

let template: Blob | undefined;

/**
 * A new in-memory PGlite database, migrated: loaded from the run's migrated dump (./pglite-template.ts)
 * when there is one, read from disk once per worker.
 */
export async function freshPglite(): Promise<Database> {
  const file = inject('pgliteTemplate');
  if (file && !template) template = new Blob([readFileSync(file)]);
  return openDatabase({ template });
}

/** A fresh database for one test file: in-memory PGlite, or a new PostgreSQL database dropped at the end. */
async function freshDatabase(statementTimeoutMs?: number): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (TEST_DB === 'pglite') {
    const database = await freshPglite();
    return { database, drop: () => database.close() };
  }
  const scratch = await scratchPostgres();
  const database = await openDatabase({ url: scratch.url, statementTimeoutMs });
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

/** The tests' settings. No background jobs unless a test asks for them (NOTIFICATIONS_WORKER=true): tests run passes themselves. */
const testEnv = (dataDir: string, extra: Record<string, string> = {}) =>
  loadEnv({ NODE_ENV: 'test', DEMO_MODE: 'true', RATE_LIMIT: 'false', DATA_DIR: dataDir, SEED_DEMO: 'false', NOTIFICATIONS_WORKER: 'false', ...extra });

export async function createTestApp(
  opts: {
    env?: Record<string, string>;
    clock?: Clock;
    webDist?: string;
    jwtSecret?: string;
    logStream?: import('pino').DestinationStream;
    termosVersao?: () => string;
    /** PostgreSQL's statement timeout on the app's connections (DATABASE_STATEMENT_TIMEOUT_MS). */
    statementTimeoutMs?: number;
  } = {},
): Promise<TestApp> {
  const { database, drop } = await freshDatabase(opts.statementTimeoutMs);
  await syncCatalogue(database.db);
  const dataDir = mkdtempSync(join(tmpdir(), 'tc-test-'));
  const env = testEnv(dataDir, opts.env);
  const app = await buildApp({
    env,
    database,
    jwtSecret: opts.jwtSecret ?? randomBytes(32).toString('hex'),
    clock: opts.clock,
    webDist: opts.webDist,
    logStream: opts.logStream,
    termosVersao: opts.termosVersao,
  });
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

/**
 * Another instance on the same database as `t`, as a second server or a restarted process would be:
 * the test settings, its background jobs off unless `env` turns them on. The caller closes it.
 */
export async function anotherInstance(t: TestApp, env: Record<string, string> = {}, clock?: Clock): Promise<FastifyInstance> {
  const app = await buildApp({
    env: testEnv(t.dataDir, env),
    database: { db: t.db, kind: TEST_DB, close: async () => {} },
    jwtSecret: randomBytes(32).toString('hex'),
    clock,
  });
  await app.ready();
  return app;
}

/**
 * One test app for a whole file (opened before its tests, closed after them) with an admin logged
 * in: `s.t` and `s.admin` once the tests run.
 */
export function useAppWithAdmin(opts: Parameters<typeof createTestApp>[0] = {}) {
  let t: TestApp | undefined;
  let admin: Awaited<ReturnType<typeof adminSession>> | undefined;
  beforeAll(async () => {
    t = await createTestApp(opts);
    admin = await adminSession(t.app);
  });
  afterAll(() => t?.close());
  return {
    get t() {
      return t!;
    },
    get admin() {
      return admin!;
    },
  };
}

/**
 * A client opens the link of the confirmation e-mail, as it arrived: the link is read from the
 * e-mail outbox (the only place the harness reads the database for it), then opened through the
 * public route. Returns the link.
 */
export async function confirmClientEmail(app: FastifyInstance, clienteId: number) {
  const rows = (
    await app.ctx.db.execute<{ texto: string }>(sql`
    select texto from email_outbox where tipo = 'confirmar_email' and destinatario_tipo = 'cliente' and destinatario_id = ${clienteId}
    order by id desc limit 1`)
  ).rows;
  const link = rows[0]?.texto.match(/https?:\/\/\S+\/confirmar-email\?t=[\w.-]+/)?.[0];
  if (!link) throw new Error(`no confirmation e-mail for client ${clienteId}`);
  const url = new URL(link);
  const res = await app.inject({ method: 'POST', url: `/api/cliente/confirmar-email${url.search}` });
  if (res.statusCode !== 200) throw new Error(`confirm e-mail: ${res.body}`);
  return link;
}

/**
 * Helpers that go through the public API, the way a user would (ticking "Li e aceito os Termos e
 * Condições..."). Clients confirm their e-mail unless `confirmar: false`.
 */
export async function registerAndLogin(
  app: FastifyInstance,
  tipo: 'cliente' | 'profissional',
  over: Record<string, string> = {},
  opts: { confirmar?: boolean } = {},
) {
  const email = over.email ?? `${tipo}.${randomBytes(4).toString('hex')}@exemplo.pt`;
  const body =
    tipo === 'cliente'
      ? { nome: 'Teste Cliente', email, senha: 'Segura#123', aceitaTermos: true, ...over }
      : { nome: 'Teste Profissional', email, senha: 'Segura#123', cidade: 'Lisboa', bairro: 'Lisboa', aceitaTermos: true, ...over };
  const res = await app.inject({ method: 'POST', url: `/api/${tipo}/register`, payload: body });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.body}`);
  const { id, access_token } = res.json() as { id: number; access_token: string };
  if (tipo === 'cliente' && opts.confirmar !== false) await confirmClientEmail(app, id);
  return { id, token: access_token, email, auth: { authorization: `Bearer ${access_token}` } };
}

/** An admin made the way the operator makes the first one (npm run admin:create), logged in. */
export async function adminSession(app: FastifyInstance) {
  const email = `admin.${randomBytes(3).toString('hex')}@exemplo.pt`;
  await createAdmin(app.ctx.db, { nome: 'Admin Teste', email, senha: 'Segura#123' }, null);
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, senha: 'Segura#123', tipo: 'admin' } });
  const { id, access_token } = login.json() as { id: number; access_token: string };
  return { id, auth: { authorization: `Bearer ${access_token}` } };
}

export const projectPayload = (over: Record<string, unknown> = {}) => ({
  titulo: 'Trocar quadro elétrico',
  descricao: 'Quadro antigo a disparar.',
  cidade: 'Lisboa',
  bairro: 'Lisboa',
  especialidade: 'substituicao-quadros-eletricos',
  contato: '+351912345678',
  tempo: 'NORMAL',
  ...over,
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

/** The client completes its project saying who did the job (the only one it may then review), or null. */
export async function completeWith(app: FastifyInstance, client: { auth: Record<string, string> }, requestId: number, profissionalId: number | null) {
  const res = await app.inject({ method: 'PATCH', url: `/api/requests/${requestId}/concluir`, headers: client.auth, payload: { profissionalId } });
  if (res.statusCode !== 200) throw new Error(`complete: ${res.body}`);
  return res.json() as { id: number; status: 'CONCLUIDO'; escolhidoId: number | null };
}

/** Resolves once `n` statements of the test's database wait for a lock: the next step of a staged race. */
export async function lockWaiters(db: Database['db'], n: number) {
  for (let i = 0; i < 250; i++) {
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
    );
    if (Number(rows[0]!.n) >= n) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`never ${n} waiting for a lock`);
}

/**
 * Runs `lock` (a SELECT … FOR UPDATE) in a transaction of its own and keeps it open, so that the requests
 * started next wait for those rows in a chosen order; the returned function ends it.
 */
export async function holdLock(db: Database['db'], lock: ReturnType<typeof sql>): Promise<() => Promise<void>> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let locked!: () => void;
  const holding = new Promise<void>((r) => (locked = r));
  const done = db.transaction(async (tx) => {
    await tx.execute(lock);
    locked();
    await held;
  });
  await holding;
  return async () => {
    release();
    await done;
  };
}

/**
 * A staged race: `lock` held in a transaction of its own, `first` started and waiting for a lock, then
 * `second` started and waiting too, then the lock released; both answers, in that order. Which rows
 * each waits for is what the caller's `lock` chooses.
 */
export async function stagedRace<A, B>(
  db: Database['db'],
  lock: ReturnType<typeof sql>,
  first: () => PromiseLike<A>,
  second: () => PromiseLike<B>,
): Promise<[A, B]> {
  const release = await holdLock(db, lock);
  const a = first();
  await lockWaiters(db, 1);
  const b = second();
  await lockWaiters(db, 2);
  await release();
  return Promise.all([a, b]);
}

/**
 * Records what node-postgres is handed from now until `restore()`: each statement's text, values and name (a
 * named one is parsed and planned once per connection; an unnamed one on every run), and in `events`
 * the order in which statements were written to the server (`sent <text>`) and answered (`answered
 * <text>`): statements written together come before the first answer. (A query handed over while
 * another runs waits in node-postgres's queue, unwritten, unless the client pipelines.)
 */
export function watchStatements() {
  const sent: { name?: string; text: string; values: unknown[] }[] = [];
  const events: string[] = [];
  const original = pg.Client.prototype.query;
  const query = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    const config = args[0] as string | { name?: string; text?: string; values?: unknown[] };
    const text = typeof config === 'string' ? config : (config.text ?? '');
    // The values: as the second argument, or in the config.
    const values = (Array.isArray(args[1]) ? args[1] : typeof config === 'string' ? [] : (config.values ?? [])) as unknown[];
    sent.push(typeof config === 'string' ? { text, values } : { name: config.name, text, values });
    const answer = Reflect.apply(original, this, args) as unknown;
    const answered = () => events.push(`answered ${text}`);
    if (answer && typeof (answer as PromiseLike<unknown>).then === 'function') (answer as PromiseLike<unknown>).then(answered, answered);
    return answer as never;
  });
  // Query#submit is where node-postgres writes a query to the connection.
  const QueryClass = (pg as unknown as { Query: { prototype: { submit(...a: unknown[]): unknown } } }).Query;
  const originalSubmit = QueryClass.prototype.submit;
  const submit = vi.spyOn(QueryClass.prototype, 'submit').mockImplementation(function (this: { text?: string }, ...args: unknown[]) {
    events.push(`sent ${this.text ?? ''}`);
    return Reflect.apply(originalSubmit, this, args);
  });
  return {
    sent,
    events,
    restore: () => {
      query.mockRestore();
      submit.mockRestore();
    },
  };
}
