/**
 * The key lists are answered from an index in their own order (no sort of every match, no scan of
 * the table). Speed is measured by `npm run bench` on a million projects; this only checks, on
 * PostgreSQL, that each list's real query (captured as the API runs it) CAN be served by the index
 * meant for it: with sequential scans and sorts priced out, the plan must name that index and have
 * no Sort node. Dropping the index or changing the order by makes it fail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadEnv } from '../config/env';
import { openDatabase, type Database } from './client';
import { FETCH_STEPS } from './paging';
import { syncCatalogue } from './catalogue-sync';
import { adminSession, openProject, projectPayload, registerAndLogin, scratchPostgres, TEST_DB, watchStatements } from '../test/harness';

const base = process.env.DATABASE_URL;
const captured: { query: string; params: unknown[] }[] = [];
let app: FastifyInstance;
let database: Database;
let explainer: pg.Client;
let dropScratch: (() => Promise<void>) | undefined;
let dataDir: string;
let url: string;
let env: ReturnType<typeof loadEnv>;
const jwtSecret = randomBytes(32).toString('hex');

/** The one prepared statement matching `where` on that connection has a kept (generic) plan. */
async function expectKeptPlan(conn: Database, where: SQL, what: string) {
  const { rows } = await conn.db.execute<{ generic_plans: string }>(sql`select generic_plans from pg_prepared_statements where ${where}`);
  expect(rows, `one prepared statement for ${what}`).toHaveLength(1);
  expect(Number(rows[0]!.generic_plans), `${what}: planned on every run`).toBeGreaterThan(0);
}

describe.skipIf(TEST_DB !== 'postgres' || !base)('query plans on PostgreSQL', () => {
  let admin: Awaited<ReturnType<typeof adminSession>>;
  let prof: Awaited<ReturnType<typeof registerAndLogin>>;
  let client: Awaited<ReturnType<typeof registerAndLogin>>;

  beforeAll(async () => {
    const scratch = await scratchPostgres('tc_plans');
    dropScratch = scratch.drop;
    url = scratch.url;
    database = await openDatabase({ url, logQuery: (query, params) => captured.push({ query, params }) });
    await syncCatalogue(database.db);
    dataDir = mkdtempSync(join(tmpdir(), 'tc-plans-'));
    // No background e-mail worker: its passes would share the one-connection pools below with the statements read.
    env = loadEnv({ NODE_ENV: 'test', RATE_LIMIT: 'false', DATA_DIR: dataDir, SEED_DEMO: 'false', NOTIFICATIONS_WORKER: 'false' });
    app = await buildApp({ env, database, jwtSecret });
    await app.ready();
    admin = await adminSession(app);
    client = await registerAndLogin(app, 'cliente');
    prof = await registerAndLogin(app, 'profissional');
    for (let i = 0; i < 3; i++) await openProject(app, client, admin);
    explainer = new pg.Client({ connectionString: url });
    await explainer.connect();
    await explainer.query('ANALYZE');
    // Price the alternatives out: what remains is what the indexes can do.
    await explainer.query('SET enable_seqscan = off');
    await explainer.query('SET enable_sort = off');
  });

  afterAll(async () => {
    await explainer?.end();
    await app?.close();
    await database?.close();
    await dropScratch?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** The plan of the list query that `url` runs (the statement reading `table` with a LIMIT). */
  async function planOf(url: string, headers: Record<string, string>, table: string) {
    captured.length = 0;
    const res = await app.inject({ method: 'GET', url, headers });
    expect(res.statusCode).toBe(200);
    const q = captured.find((c) => new RegExp(`from "${table}"`).test(c.query) && /\blimit\b/i.test(c.query));
    expect(q, `no list query on ${table} for ${url}`).toBeDefined();
    const { rows } = await explainer.query(`EXPLAIN (FORMAT JSON) ${q!.query}`, q!.params);
    const plan = JSON.stringify(rows[0]['QUERY PLAN']);
    if (process.env.SHOW_PLANS) console.log(url, plan);
    return plan;
  }

  type PlanNode = { 'Node Type': string; 'Index Name'?: string; 'Relation Name'?: string; Plans?: PlanNode[] };
  const planNodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(planNodes)];
  /**
   * The page's Limit of the list query `url` runs sits over `index` read alone (an Index Only Scan,
   * no other scan under it): a later page finds its ids without visiting the rows its OFFSET skips.
   */
  async function expectPageFromIndexAlone(url: string, headers: Record<string, string>, table: string, index: string) {
    const [root] = JSON.parse(await planOf(url, headers, table)) as { Plan: PlanNode }[];
    const nodes = planNodes(root!.Plan);
    const pageLimit = nodes.find((n) => n['Node Type'] === 'Limit' && planNodes(n).some((c) => c['Index Name'] === index));
    expect(pageLimit, `${url}: ${nodes.map((n) => `${n['Node Type']} ${n['Index Name'] ?? ''}`).join(', ')}`).toBeDefined();
    expect(
      planNodes(pageLimit!)
        .filter((n) => n['Node Type'].includes('Scan'))
        .map((n) => `${n['Node Type']} ${n['Index Name'] ?? ''}`),
      url,
    ).toEqual([`Index Only Scan ${index}`]);
  }

  const cases: [string, string, string, () => Record<string, string>][] = [
    ['job search, no filter', '/api/requests/disponiveis', 'requests_abertos_idx', () => prof.auth],
    ['job search by specialty', '/api/requests/disponiveis?especialidade=substituicao-quadros-eletricos', 'requests_abertos_esp_idx', () => prof.auth],
    ['job search by district', '/api/requests/disponiveis?bairro=lisboa', 'requests_abertos_bairro_idx', () => prof.auth],
    ['job search by urgency', '/api/requests/disponiveis?tempo=URGENTE', 'requests_abertos_tempo_idx', () => prof.auth],
    ["client's own projects", '/api/requests/cliente/:cliente', 'requests_cliente_idx', () => client.auth],
    ['admin projects, all', '/api/requests/all', 'requests_status_idx', () => admin.auth],
    ['admin projects by status', '/api/requests/all?status=ESPERA', 'requests_status_idx', () => admin.auth],
    // A common word (a surname a seventh of all clients share) walks the list's own order and stops at the page.
    ['admin projects by a common word', '/api/requests/all?q=silva', 'requests_status_idx', () => admin.auth],
    ['admin reviews, all', '/api/review/all', 'reviews_admin_idx', () => admin.auth],
    ['admin reviews by status', '/api/review/all?status=NEGADO', 'reviews_status_idx', () => admin.auth],
    ['admin reviews by a common word', '/api/review/all?q=silva', 'reviews_admin_idx', () => admin.auth],
    ['admin clients', '/api/cliente/see-all', 'clientes_criado_idx', () => admin.auth],
    ['admin professionals', '/api/admin/profissionais', 'profissionais_admin_idx', () => admin.auth],
    ['admin professionals by verification', '/api/admin/profissionais?verificacao=PENDENTE', 'profissionais_verificacao_idx', () => admin.auth],
    // Best rated first by the Bayesian average (docs/decisions/0015), on the search page and the home page.
    ['professional search, best rated first', '/api/profissional/see-all', 'profissionais_bayes_idx', () => client.auth],
    ['home page top rated', '/api/profissional/top-avaliados', 'profissionais_bayes_idx', () => ({})],
    // Later pages: the page's ids from the index first, then those rows only.
    ['professional search, a later page', '/api/profissional/see-all?page=2', 'profissionais_bayes_idx', () => client.auth],
    ['audit log', '/api/admin/audit', 'audit_criado_idx', () => admin.auth],
    ['payments to reconcile', '/api/admin/pagamentos/por-conciliar', 'payment_anomalies_admin_idx', () => admin.auth],
    [
      'admin payments by plan and month',
      `/api/admin/pagamentos?plano=elite&mes=${new Date().toISOString().slice(0, 7)}`,
      'payments_plano_idx',
      () => admin.auth,
    ],
  ];
  const tables: Record<string, string> = {
    requests: 'requests',
    reviews: 'reviews',
    clientes: 'clientes',
    profissionais: 'profissionais',
    audit: 'audit_log',
    payment_anomalies: 'payment_anomalies',
    payments: 'payments',
  };

  for (const [label, path, index, auth] of cases) {
    it(`${label}: ${index}, no sort`, async () => {
      const table = Object.entries(tables).find(([k]) => index.startsWith(k))![1];
      const plan = await planOf(path.replace(':cliente', String(client.id)), auth(), table);
      expect(plan).toContain(index);
      expect(plan).not.toContain('"Node Type":"Sort"');
      expect(plan).not.toContain('"Node Type":"Incremental Sort"');
    });
  }

  it('the professionals a client may review: whom it chose, and the page cut, from an index alone; names and reviews for the page only', async () => {
    const plan = await planOf('/api/cliente/profissionais-avaliaveis', client.auth, 'requests');
    if (process.env.SHOW_PLANS) console.log('avaliaveis', plan);
    type Node = { 'Node Type': string; 'Index Name'?: string; Plans?: Node[] };
    const all = (n: Node): Node[] => [n, ...(n.Plans ?? []).flatMap(all)];
    const nodes = all(JSON.parse(plan)[0].Plan as Node);
    const isChosen = (n: Node) => n['Node Type'] === 'Index Only Scan' && n['Index Name'] === 'requests_cliente_escolhido_idx';
    // The page's Limit: over the client's chosen professionals (an index-only scan), before any name or review is read.
    const pageLimit = nodes.find((n) => n['Node Type'] === 'Limit' && all(n).some(isChosen));
    expect(pageLimit, 'the page of chosen professionals').toBeDefined();
    expect(JSON.stringify(pageLimit)).not.toMatch(/profissionais|reviews/);
    expect(plan).not.toContain('"Parent Relationship":"SubPlan"');
  });

  it("a deep page computes a row's looked-up columns (a name, a count) for the page's rows only, not for every row its OFFSET skips", async () => {
    type Node = { 'Node Type': string; 'Subplan Name'?: string; Plans?: Node[] };
    const limits = (n: Node): Node[] => [...(n['Node Type'] === 'Limit' ? [n] : []), ...(n.Plans ?? []).flatMap(limits)];
    for (const [url, table] of [
      ['/api/admin/pagamentos?page=3', 'payments'],
      ['/api/cliente/see-all?page=3', 'clientes'],
      // A client's own projects with their guarantee claims (a client may have hundreds).
      [`/api/requests/cliente/${client.id}?page=3`, 'requests'],
    ]) {
      const [root] = JSON.parse(await planOf(url, url.includes('/requests/cliente/') ? client.auth : admin.auth, table)) as { Plan: Node }[];
      const found = limits(root.Plan);
      expect(found.length, url).toBeGreaterThan(0);
      // (The OFFSET's own sub-select is an InitPlan, run once.)
      for (const limit of found) expect(JSON.stringify(limit), url).not.toContain('"Parent Relationship":"SubPlan"');
    }
    // A professional's applications: the page is cut from his index before the project, the client and
    // the report are joined (not joined for every application the OFFSET skips).
    const url = `/api/creditos/profissional/${prof.id}?page=3&pageSize=5`;
    const [root] = JSON.parse(await planOf(url, prof.auth, 'candidaturas')) as { Plan: Node }[];
    const found = limits(root.Plan);
    expect(found.length, url).toBeGreaterThan(0);
    for (const limit of found) {
      expect(JSON.stringify(limit), url).toContain('candidaturas_profissional_idx');
      expect(JSON.stringify(limit), url).not.toMatch(/"Relation Name":"(requests|clientes|lead_reports)"/);
    }
  });

  it('applying keeps one plan: PostgreSQL binds the values of its one statement after a few applications', async () => {
    // A long history, most of it older than "Resposta rápida"'s 30 days: with a bare parameter as the
    // window's start, the kept plan assumed a third of it and was judged dearer than planning each
    // application, so applying was planned every time (as on the benchmark's data). First in this file,
    // while this professional is the only one with applications (what makes the difference show).
    const { rows: old } = await explainer.query<{ id: number }>(
      `insert into requests (titulo, descricao, cidade, bairro, especialidade, contato, cliente_id, creditos, status, aprovado_em, criado_em)
      select 'Antigo ' || g, 'Feito', 'Porto', 'Porto', 'substituicao-quadros-eletricos', '+351912345678', $1, 1, 'CONCLUIDO', now() - interval '400 days', now() - interval '400 days'
      from generate_series(1, 3000) g returning id`,
      [client.id],
    );
    await explainer.query(
      `insert into candidaturas (request_id, profissional_id, subscription_id, creditos, criado_em)
      select r.id, s.profissional_id, s.id, 1, now() - interval '1 day' * (40 + (r.id % 600))
      from unnest($1::int[]) as r(id) cross join subscriptions s where s.profissional_id = $2`,
      [old.map((r) => r.id), prof.id],
    );
    const { rows: open } = await explainer.query<{ id: number }>(
      `insert into requests (titulo, descricao, cidade, bairro, especialidade, contato, cliente_id, creditos, status, aprovado_em)
      select 'Aberto ' || g, 'Por fazer', 'Porto', 'Porto', 'substituicao-quadros-eletricos', '+351912345678', $1, 1, 'ABERTO', now()
      from generate_series(1, 8) g returning id`,
      [client.id],
    );
    await explainer.query('update subscriptions set creditos_restantes = 100 where profissional_id = $1', [prof.id]);
    await explainer.query('ANALYZE');
    const one = await openDatabase({ url, poolMax: 1, sharedReads: 0 });
    const second = await buildApp({ env, database: one, jwtSecret });
    try {
      await second.ready();
      for (const { id } of open) {
        const res = await second.inject({ method: 'POST', url: '/api/creditos/usar', headers: prof.auth, payload: { requestId: id } });
        expect(res.statusCode, res.body).toBe(201);
      }
      await expectKeptPlan(one, sql`statement ~ 'insert into candidaturas'`, 'applying');
      // Publishing too: one statement (the client, the project, the admins' news), built once and kept.
      for (let i = 0; i < 8; i++) {
        const res = await second.inject({
          method: 'POST',
          url: '/api/requests/create',
          headers: client.auth,
          payload: projectPayload({ titulo: `Plano ${i}` }),
        });
        expect(res.statusCode, res.body).toBe(201);
      }
      await expectKeptPlan(one, sql`statement ~ 'insert into requests'`, 'publishing');
    } finally {
      await second.close();
      await one.close();
    }
  });

  it("recomputing a professional's badges keeps one plan: the ids are a sub-select", async () => {
    // Every choice, completion, decided review and verification recomputes the badges in one long
    // statement: planned afresh each time it cost 1.3 ms, twice what running it costs. Seeing one id,
    // a fresh plan always looked cheaper than the kept one (made for any number of ids). The difference
    // shows once there are more professionals than a kept plan assumes ids.
    await explainer.query(`insert into profissionais (nome, email, senha_hash, cidade, bairro)
      select 'Selos ' || g, 'selos' || g || '@exemplo.pt', 'x', 'Faro', 'Faro' from generate_series(1, 2000) g`);
    await explainer.query('ANALYZE profissionais');
    const one = await openDatabase({ url, poolMax: 1, sharedReads: 0 });
    const second = await buildApp({ env, database: one, jwtSecret });
    try {
      await second.ready();
      for (let i = 0; i < 8; i++) {
        const decisao = i % 2 ? 'RECUSADO' : 'VERIFICADO';
        const res = await second.inject({ method: 'POST', url: `/api/admin/profissionais/${prof.id}/verificacao`, headers: admin.auth, payload: { decisao } });
        expect(res.statusCode, res.body).toBe(200);
      }
      await expectKeptPlan(one, sql`statement ~ 'with alvo as' and strpos(statement, 'from profissionais where id = any(') > 0`, 'the badges');
    } finally {
      await second.close();
      await one.close();
    }
  });

  it("the back office's payments of a plan and a month keep one plan: the month's bounds are sub-selects", async () => {
    // Bounds written as expressions of the parameter let a fresh plan know the month's rows: it always
    // looked cheaper than the kept one, and the page was planned on every request.
    await explainer.query(
      `insert into payments (profissional_id, plano, valor_centimos, creditos, metodo, provider, estado, criado_em)
      select $1, (array['basico', 'elite', 'poupanca', 'profissional'])[1 + g % 4], 1000, 10, 'card', 'stripe',
        (array['PAGO', 'PENDENTE', 'CANCELADO']::payment_status[])[1 + g % 3],
        -- Three years, a busier current month (as the generated data's unpaid checkouts).
        now() - case when g % 5 = 0 then interval '1 minute' * (g % 7000) else interval '30 minutes' * g end
      from generate_series(1, 50000) g`,
      [prof.id],
    );
    await explainer.query('ANALYZE payments');
    const mes = new Date().toISOString().slice(0, 7);
    expect(await keptPlans(`/api/admin/pagamentos?tipo=recebido&plano=elite&mes=${mes}`, admin.auth, /"payments".*-01/)).toBeGreaterThan(0);
  });

  it("the bell's list keeps one plan: the role is a literal of its statement", async () => {
    // With the role as a parameter, a fresh plan knew that professionals had no notifications yet and
    // always looked cheaper than the kept one. As in the generated data: many for the back office and
    // clients, none yet for professionals.
    await explainer.query(
      `insert into notificacoes (destinatario_tipo, destinatario_id, tipo, titulo, corpo, criado_em)
      select (array['admin', 'cliente']::user_role[])[1 + (g % 5 = 0)::int], 1 + g % 50, 'projeto_pendente', 'Novo projeto', 'Por aprovar', now() - interval '1 minute' * g
      from generate_series(1, 30000) g`,
    );
    await explainer.query(`delete from notificacoes where destinatario_tipo = 'profissional'`);
    await explainer.query('ANALYZE notificacoes');
    expect(await keptPlans('/api/notificacoes', prof.auth, /from "notificacoes"/)).toBeGreaterThan(0);
  });

  it('each list is built once per shape and fetch step: its statement is named after them, not after a hash of a text built per request', async () => {
    const one = await openDatabase({ url, poolMax: 1, sharedReads: 0 });
    const second = await buildApp({ env, database: one, jwtSecret });
    try {
      await second.ready();
      const lists: [string, Record<string, string>, RegExp][] = [
        ['/api/cliente/profissionais-avaliaveis?pageSize=6', client.auth, /^reviewable_.*_p1s6$/],
        [`/api/review/profissional/${prof.id}?pageSize=5`, {}, /^reviews_of_profissionalId_p1s5$/],
        [`/api/review/profissional/${prof.id}?pageSize=3`, prof.auth, /^reviews_of_profissionalId_p1s3$/],
        [`/api/creditos/profissional/${prof.id}`, prof.auth, /^applications_profissionalId_p1s20$/],
        // A size between the steps: the next step's statement.
        [`/api/creditos/profissional/${prof.id}?pageSize=4`, prof.auth, /^applications_profissionalId_p1s5$/],
        ['/api/profissional/garantias?pageSize=5', prof.auth, /^garantias_profissional_profissionalId_p1s5$/],
      ];
      for (const [path, auth] of lists) {
        const res = await second.inject({ method: 'GET', url: path, headers: auth });
        expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
      }
      // One claim (not found here, but looked up all the same): kept per role, not planned per request.
      const claim: [string, Record<string, string>, RegExp] = ['/api/garantias/999999', prof.auth, /^garantia_profissional$/];
      expect((await second.inject({ method: 'GET', url: claim[0], headers: claim[1] })).statusCode).toBe(404);
      lists.push(claim);
      const { rows } = await one.db.execute<{ name: string; statement: string }>(sql`select name, statement from pg_prepared_statements`);
      const names = rows.map((r) => r.name);
      for (const [path, , name] of lists)
        expect(
          names.some((n) => name.test(n)),
          `${path}: no statement named ${name} in ${names.join(', ')}`,
        ).toBe(true);
      // executeNamed's names (a hash of a text) are for raw statements: a list there would be built on every request.
      expect(rows.filter((r) => r.name.startsWith('n_')).map((r) => r.statement.replace(/\s+/g, ' ').slice(0, 120))).toEqual([]);
    } finally {
      await second.close();
      await one.close();
    }
  });

  it('the reads behind every signed-in page send named statements only: none is built and planned again per request', async () => {
    // A second instance: its statements are all new, so each read below sends what it really sends.
    const one = await openDatabase({ url, poolMax: 1, sharedReads: 0 });
    const second = await buildApp({ env, database: one, jwtSecret });
    // What each request hands node-postgres: a named statement is parsed and planned once per connection.
    const { sent, restore } = watchStatements();
    try {
      await second.ready();
      const reads: [string, Record<string, string>][] = [
        // The menu's balance and the bell's count: every page a signed-in person opens.
        [`/api/subscriptions/credito/${prof.id}`, prof.auth],
        [`/api/subscriptions/profissional/${prof.id}`, prof.auth],
        ['/api/notificacoes/por-ler', prof.auth],
        ['/api/notificacoes/por-ler', client.auth],
        ['/api/notificacoes/por-ler', admin.auth],
        ['/api/profissional/urgencias', prof.auth],
        // A receipt, as its owner and as an admin (none here: the read runs all the same).
        ['/api/pagamentos/999999/recibo', prof.auth],
        ['/api/pagamentos/999999/recibo', admin.auth],
        ['/api/notificacoes/preferencias', prof.auth],
        ['/api/notificacoes', client.auth],
        [`/api/creditos/profissional/${prof.id}`, prof.auth],
        [`/api/creditos/historico/${prof.id}`, prof.auth],
        [`/api/pagamentos/profissional/${prof.id}`, prof.auth],
        ['/api/requests/disponiveis/minhas-candidaturas', prof.auth],
        [`/api/requests/cliente/${client.id}`, client.auth],
        ['/api/profissional/retorno', prof.auth],
        ['/api/profissional/selos', prof.auth],
      ];
      for (const [path, auth] of reads) {
        // The first request of a path may fill caches (the session, a kept answer); the second is the everyday one.
        await second.inject({ method: 'GET', url: path, headers: auth });
        sent.length = 0;
        const res = await second.inject({ method: 'GET', url: path, headers: auth });
        expect(res.statusCode, `${path}: ${res.body}`).toBeLessThan(500);
        expect(sent.length, `${path} reads nothing from the database`).toBeGreaterThan(0);
        expect(
          sent.filter((s) => !s.name).map((s) => s.text.replace(/\s+/g, ' ').slice(0, 120)),
          `${path} sends statements without a name`,
        ).toEqual([]);
      }
    } finally {
      restore();
      await second.close();
      await one.close();
    }
  });

  it("job search by a common district and urgency, and the back office's later pages of a status, keep one plan: the filters are hidden from the planner", async () => {
    // Shaped like the generated data: one district holds a quarter of the open jobs, most are NORMAL,
    // two thirds of all projects are done and few wait for approval. With those values as bare parameters a fresh plan, which
    // knows them, always looked cheaper than the kept one: both lists were planned on every request.
    const other = await registerAndLogin(app, 'cliente');
    await explainer.query(
      `insert into requests (titulo, descricao, cidade, bairro, especialidade, contato, cliente_id, creditos, status, aprovado_em, tempo, criado_em)
      select 'Obra ' || g, 'Por fazer', 'Cidade', (array['Lisboa', 'Lisboa', 'Porto', 'Braga', 'Faro', 'Beja', 'Évora', 'Guarda'])[1 + g % 8],
        (array['substituicao-quadros-eletricos', 'camaras-cctv', 'reparacao-fugas-agua'])[1 + g % 3], '+351912345678', $1, 1,
        (array['CONCLUIDO', 'ABERTO', 'CONCLUIDO', 'ESPERA', 'CONCLUIDO', 'ABERTO'])[1 + g % 6]::project_status, now(),
        (array['NORMAL', 'NORMAL', 'NORMAL', 'URGENTE', 'PIQUETE', 'AVARIA', 'NORMAL'])[1 + g % 7]::time_option, now() - interval '1 minute' * g
      from generate_series(1, 40000) g`,
      [other.id],
    );
    await explainer.query('ANALYZE requests');
    try {
      expect(await keptPlans('/api/requests/disponiveis?bairro=Lisboa&tempo=NORMAL', prof.auth, /"bairro" = .*"tempo" = /)).toBeGreaterThan(0);
      expect(await keptPlans('/api/requests/all?status=ESPERA&page=3', admin.auth, /"requests"\."status" = .* offset /)).toBeGreaterThan(0);
    } finally {
      // The tests after this one read the plans of a smaller set.
      await explainer.query('delete from requests where cliente_id = $1', [other.id]);
      await explainer.query('ANALYZE requests');
    }
  });

  /**
   * How many times PostgreSQL ran the kept (generic) plan of the statement matching `statement`, after
   * `path` was asked for eight times on an app with a single connection (its prepared statements are
   * that connection's). Zero means it planned the statement on every request.
   */
  async function keptPlans(path: string, headers: Record<string, string>, statement: RegExp) {
    const one = await openDatabase({ url, poolMax: 1, sharedReads: 0 });
    const second = await buildApp({ env, database: one, jwtSecret });
    try {
      await second.ready();
      for (let i = 0; i < 8; i++) {
        // Job search's pages are kept 15 s (app.ts `searches`): each run here goes to the database.
        second.ctx.searches.invalidate('');
        const res = await second.inject({ method: 'GET', url: path, headers });
        expect(res.statusCode, res.body).toBe(200);
      }
      const { rows } = await one.db.execute<{ statement: string; generic_plans: string }>(sql`select statement, generic_plans from pg_prepared_statements`);
      const found = rows.filter((r) => statement.test(r.statement.replace(/\s+/g, ' ')));
      expect(found, `one prepared statement for ${path}`).toHaveLength(1);
      return Number(found[0]!.generic_plans);
    } finally {
      await second.close();
      await one.close();
    }
  }

  it("a professional's applications with their outcome: candidaturas_profissional_idx in the page's order, no sort", async () => {
    const plan = await planOf(`/api/creditos/profissional/${prof.id}`, prof.auth, 'candidaturas');
    expect(plan).toContain('candidaturas_profissional_idx');
    // The index holds the page's whole order (criado_em desc, id desc): nothing is sorted, not even
    // applications made in the same instant (migration 0017).
    expect(plan).not.toContain('"Node Type":"Sort"');
    expect(plan).not.toContain('Incremental Sort');
  });

  it("which of a professional's applications are to open jobs: answered from the open jobs' id index alone, no project read from its table (migration 0037)", async () => {
    // 400 jobs he applied to, half still open (approved, priced, nobody chosen), half completed.
    const { rows: jobs } = await explainer.query<{ id: number; aberto: boolean }>(
      `insert into requests (titulo, descricao, cidade, bairro, especialidade, contato, cliente_id, creditos, status, aprovado_em, concluido_em)
      select 'Tomada ' || g, 'Trocar tomada', 'Faro', 'Faro', 'tomadas-interruptores', '+351912345678', $1, 3,
        (case when g % 2 = 0 then 'ABERTO' else 'CONCLUIDO' end)::project_status, now() - interval '3 days', case when g % 2 = 1 then now() end
      from generate_series(1, 400) g returning id, status = 'ABERTO' aberto`,
      [client.id],
    );
    await explainer.query(
      `insert into candidaturas (request_id, profissional_id, creditos, criado_em) select id, $2, 3, now() - interval '1 minute' * id from unnest($1::int[]) id`,
      [jobs.map((j) => j.id), prof.id],
    );
    captured.length = 0;
    const res = await app.inject({ method: 'GET', url: '/api/requests/disponiveis/minhas-candidaturas', headers: prof.auth });
    expect(res.statusCode).toBe(200);
    const open = jobs.filter((j) => j.aberto).map((j) => j.id);
    expect(open).toHaveLength(200);
    // (With the jobs other tests here had him apply to.)
    const ids = new Set((res.json() as { ids: number[] }).ids);
    expect(jobs.filter((j) => ids.has(j.id)).map((j) => j.id)).toEqual(open);
    const q = captured.find((c) => /from "candidaturas"/.test(c.query) && /"requests"/.test(c.query));
    expect(q, 'the open applications statement').toBeDefined();
    // Pages all-visible, as autovacuum keeps them: an index-only scan then reads no table page.
    await explainer.query('VACUUM ANALYZE requests');
    await explainer.query('VACUUM ANALYZE candidaturas');
    const { rows } = await explainer.query(`EXPLAIN (FORMAT JSON) ${q!.query}`, q!.params);
    const [root] = rows[0]['QUERY PLAN'] as { Plan: PlanNode }[];
    const onRequests = planNodes(root!.Plan).filter((n) => n['Relation Name'] === 'requests');
    expect(onRequests.map((n) => [n['Node Type'], n['Index Name']])).toEqual([['Index Only Scan', 'requests_abertos_id_idx']]);
  });

  it("the professional's return (one statement): each table read through the professional's own index, no table scan", async () => {
    captured.length = 0;
    const res = await app.inject({ method: 'GET', url: '/api/profissional/retorno', headers: prof.auth });
    expect(res.statusCode).toBe(200);
    const q = captured.find((c) => /from credit_ledger/.test(c.query));
    expect(q).toBeDefined();
    expect(captured.filter((c) => /^\s*(with|select)/i.test(c.query) && !/sessao_versao/.test(c.query))).toHaveLength(1);
    // Other professionals' approved reviews, so that "mine" is the selective condition.
    await explainer.query(
      `with p as (
        insert into profissionais (nome, email, senha_hash, cidade, bairro)
        select 'Avaliado ' || g, 'avaliado' || g || '@exemplo.pt', 'x', 'Faro', 'Faro' from generate_series(1, 200) g returning id)
      insert into reviews (profissional_id, cliente_id, nota, comentario, status)
      select p.id, $1, 5, 'Bom trabalho', 'APROVADO' from p, generate_series(1, 20)`,
      [client.id],
    );
    await explainer.query('ANALYZE');
    await explainer.query('SET enable_sort = on');
    try {
      const { rows } = await explainer.query(`EXPLAIN (FORMAT JSON) ${q!.query}`, q!.params);
      const plan = JSON.stringify(rows[0]['QUERY PLAN']);
      for (const index of ['credit_ledger_prof_idx', 'requests_escolhido_idx', 'reviews_prof_aprovadas_idx']) expect(plan).toContain(index);
      expect(plan).not.toContain('"Node Type":"Seq Scan"');
    } finally {
      await explainer.query('SET enable_sort = off');
    }
  });

  it("a professional's badges (one statement): each rule read through the professional's own indexes, no table scan", async () => {
    captured.length = 0;
    const res = await app.inject({ method: 'GET', url: '/api/profissional/selos', headers: prof.auth });
    expect(res.statusCode).toBe(200);
    const q = captured.find((c) => /percentile_cont/.test(c.query));
    expect(q, 'the badges statement').toBeDefined();
    // Other professionals' reviews, completed Domótica jobs and applications, so that "mine" is the selective condition.
    await explainer.query(
      `with p as (
        insert into profissionais (nome, email, senha_hash, cidade, bairro)
        select 'Selado ' || g, 'selado' || g || '@exemplo.pt', 'x', 'Faro', 'Faro' from generate_series(1, 200) g returning id),
      r as (
        insert into requests (titulo, descricao, cidade, bairro, especialidade, contato, cliente_id, creditos, status, aprovado_em, concluido_em, escolhido_id)
        select 'Câmaras ' || g, 'Instalar câmaras', 'Faro', 'Faro', 'camaras-cctv', '+351912345678', $1, 5, 'CONCLUIDO', now() - interval '3 days', now(), p.id
        from p, generate_series(1, 15) g returning id, escolhido_id),
      c as (insert into candidaturas (request_id, profissional_id, creditos) select id, escolhido_id, 5 from r)
      insert into reviews (profissional_id, cliente_id, request_id, nota, comentario, status)
      select escolhido_id, $1, id, 5, 'Bom trabalho', 'APROVADO' from r`,
      [client.id],
    );
    await explainer.query('ANALYZE');
    await explainer.query('SET enable_sort = on');
    try {
      const { rows } = await explainer.query(`EXPLAIN (FORMAT JSON) ${q!.query}`, q!.params);
      const plan = JSON.stringify(rows[0]['QUERY PLAN']);
      if (process.env.SHOW_PLANS) console.log('selos', plan);
      for (const index of ['requests_escolhido_idx', 'candidaturas_profissional_idx']) expect(plan).toContain(index);
      expect(plan).toMatch(/reviews_prof_(aprovadas_)?idx/);
      expect(plan).not.toContain('"Node Type":"Seq Scan"');
    } finally {
      await explainer.query('SET enable_sort = off');
    }
  });

  it("a review approved: its professional's average, count and badges are read from his indexes alone, not from a table page per review or project (migrations 0034, 0039)", async () => {
    // A professional with 15 completed Domótica projects, each reviewed (approved), and one review waiting; others alike.
    await explainer.query(
      `with p as (
        insert into profissionais (nome, email, senha_hash, cidade, bairro)
        select 'Avaliado ' || g, 'avaliadox' || g || '@exemplo.pt', 'x', 'Faro', 'Faro' from generate_series(1, 100) g returning id),
      r as (
        insert into requests (titulo, descricao, cidade, bairro, especialidade, contato, cliente_id, creditos, status, aprovado_em, concluido_em, escolhido_id, escolhido_em)
        select 'Alarme ' || g, 'Instalar alarme', 'Faro', 'Faro', 'camaras-cctv', '+351912345678', $1, 5, 'CONCLUIDO', now() - interval '9 days', now(), p.id, now() - interval '8 days'
        from p, generate_series(1, 15) g returning id, escolhido_id)
      insert into reviews (profissional_id, cliente_id, request_id, nota, comentario, status)
      select escolhido_id, $1, id, 5, 'Bom trabalho', 'APROVADO' from r`,
      [client.id],
    );
    const { rows: waiting } = await explainer.query<{ id: number }>(
      `insert into reviews (profissional_id, cliente_id, nota, comentario, status)
      select id, $1, 4, 'Cumpriu o prazo', 'ESPERA' from profissionais where nome = 'Avaliado 7' returning id`,
      [client.id],
    );
    captured.length = 0;
    const res = await app.inject({ method: 'PUT', url: `/api/review/accept/${waiting[0]!.id}`, headers: admin.auth });
    expect(res.statusCode).toBe(200);
    const q = captured.find((c) => /ra_media/.test(c.query));
    expect(q, 'the rating and badges statement').toBeDefined();
    // Pages all-visible, as autovacuum keeps them: an index-only scan then reads no table page.
    await explainer.query('VACUUM ANALYZE reviews');
    await explainer.query('VACUUM ANALYZE requests');
    const { rows } = await explainer.query(`EXPLAIN (FORMAT JSON) ${q!.query}`, q!.params);
    type Node = { 'Node Type': string; 'Index Name'?: string; 'Index Cond'?: string; Plans?: Node[] };
    const scans: Node[] = [];
    const walk = (n: Node) => {
      if (n['Index Name']) scans.push(n);
      n.Plans?.forEach(walk);
    };
    walk((rows[0]['QUERY PLAN'] as { Plan: Node }[])[0]!.Plan);
    const on = (index: string) => scans.filter((n) => n['Index Name'] === index);
    // The average and count of all approved reviews, and of the last 12 months: from the index, with the score.
    // (Not the prior mean's fallback, read only before the first sweep, which scans every approved review,
    // nor "Domótica Expert"'s look for a good review of each completed project.)
    const his = on('reviews_prof_aprovadas_idx').filter((n) => /profissional_id/.test(n['Index Cond'] ?? '') && !/nota/.test(n['Index Cond'] ?? ''));
    expect(his.map((n) => n['Node Type'])).toEqual(['Index Only Scan', 'Index Only Scan']);
    // "Domótica Expert": his completed projects found in the index, not by reading each project he was chosen for,
    // with the id and client that match each to its review read there too (migration 0039).
    const escolhido = on('requests_escolhido_idx');
    expect(escolhido).toHaveLength(1);
    expect(escolhido[0]!['Index Cond']).toMatch(/status = 'CONCLUIDO'/);
    expect(escolhido[0]!['Node Type']).toBe('Index Only Scan');
  });

  it("a client's deletion recomputes the averages of the professionals it reviewed with their rows locked in id order, before the update", async () => {
    // Two such recomputes over the same professionals (two accounts deleted at once) took the rows in the
    // order the plan met the ids, and could deadlock; now a sorted, locked sub-select feeds the update.
    const gone = await registerAndLogin(app, 'cliente');
    await explainer.query(
      `with p as (
        insert into profissionais (nome, email, senha_hash, cidade, bairro)
        select 'Revisto ' || g, 'revisto' || g || '@exemplo.pt', 'x', 'Faro', 'Faro' from generate_series(1, 3) g returning id)
      insert into reviews (profissional_id, cliente_id, nota, comentario, status)
      select id, $1, 5, 'Bom trabalho', 'APROVADO' from p order by id desc`,
      [gone.id],
    );
    captured.length = 0;
    const res = await app.inject({ method: 'DELETE', url: '/api/cliente/delete-account', headers: gone.auth, payload: { senha: 'Segura#123' } });
    expect(res.statusCode, res.body).toBe(200);
    const q = captured.find((c) => /update profissionais p set nota_media/.test(c.query));
    expect(q, 'the averages statement').toBeDefined();
    const { rows } = await explainer.query(`EXPLAIN (FORMAT JSON) ${q!.query}`, q!.params);
    type Node = { 'Node Type': string; 'Index Name'?: string; 'Sort Key'?: string[]; Plans?: Node[] };
    const locks: Node[] = [];
    const walk = (n: Node) => {
      if (n['Node Type'] === 'LockRows') locks.push(n);
      n.Plans?.forEach(walk);
    };
    walk((rows[0]['QUERY PLAN'] as { Plan: Node }[])[0]!.Plan);
    expect(locks).toHaveLength(1);
    // Under the lock, the rows come in id order: sorted, or read from the primary key's index.
    const below = locks[0]!.Plans![0]!;
    const ordered = (below['Node Type'] === 'Sort' && /\bid\b/.test(below['Sort Key']?.[0] ?? '')) || below['Index Name'] === 'profissionais_pkey';
    expect(ordered, JSON.stringify(below)).toBe(true);
  });

  it('the lists keep one plan: after a few runs PostgreSQL only binds their values (LIMIT in the text, no bare OFFSET parameter)', async () => {
    // Enough open projects that a plan for "a tenth of all rows" (what a LIMIT parameter makes the
    // generic plan assume) costs clearly more than planning the page each time.
    await explainer.query(
      `insert into requests (titulo, descricao, cidade, bairro, especialidade, contato, cliente_id, creditos, status, aprovado_em)
      select 'Tomada ' || g, 'Trocar tomadas', 'Porto', 'Porto', 'substituicao-quadros-eletricos', '+351912345678', $1, 3, 'ABERTO', now()
      from generate_series(1, 5000) g`,
      [client.id],
    );
    await explainer.query('ANALYZE');
    // A second instance of the API with a single connection: its statements are all new, prepared
    // after the ANALYZE above, and all on the connection this test then reads.
    const one = await openDatabase({ url, poolMax: 1, sharedReads: 0 });
    const second = await buildApp({ env, database: one, jwtSecret });
    try {
      await second.ready();
      const lists: [string, () => Record<string, string>, RegExp][] = [
        ['/api/requests/disponiveis', () => prof.auth, /from "requests" where \("requests"\."status" = 'ABERTO' and [^)]*\) order by .* limit 13\)/],
        // A category filter hidden from the planner (db/prepared.ts unseen).
        ['/api/requests/disponiveis?bairro=Porto', () => prof.auth, /"requests"\."bairro" = \(select \$\d+::text\).* limit 13\)/],
        [`/api/requests/cliente/${client.id}`, () => client.auth, /"requests"\."cliente_id" = \$.* limit 21$/],
        ['/api/requests/all', () => admin.auth, /order by "requests"\."status".* limit 11\) "first"/],
        ['/api/admin/profissionais', () => admin.auth, /from "profissionais" left join "admins" .* limit 11$/],
        [`/api/creditos/historico/${prof.id}`, () => prof.auth, /from "credit_ledger" .* limit 11$/],
        ['/api/notificacoes', () => prof.auth, /from "notificacoes" .* limit 11$/],
        // Deeper pages: the OFFSET as a sub-select, which both plans estimate alike (db/paging.ts).
        ['/api/requests/disponiveis?page=3', () => prof.auth, /order by .* limit 13 offset \(select \$\d+::int\)\)/],
        ['/api/requests/all?page=2', () => admin.auth, /order by "requests"\."status".* limit 11 offset \(select \$\d+::int\)\) "page"/],
        // A size no screen asks for, at its fetch step (db/paging.ts): planned on every run before.
        [
          '/api/requests/disponiveis?pageSize=50',
          () => prof.auth,
          /from "requests" where \("requests"\."status" = 'ABERTO' and [^)]*\) order by .* limit 51\)/,
        ],
        ['/api/requests/disponiveis?pageSize=30&page=2', () => prof.auth, /order by .* limit 51 offset \(select \$\d+::int\)\)/],
        ['/api/requests/all?pageSize=17', () => admin.auth, /order by "requests"\."status".* limit 21\) "first"/],
      ];
      for (const [path, auth] of lists) {
        for (let i = 0; i < 8; i++) {
          // Job search's pages are kept 15 s (app.ts `searches`): each run here goes to the database.
          second.ctx.searches.invalidate('');
          expect((await second.inject({ method: 'GET', url: path, headers: auth() })).statusCode).toBe(200);
        }
      }
      const { rows } = await one.db.execute<{ statement: string; generic_plans: string }>(
        sql`select statement, generic_plans from pg_prepared_statements where statement ~* 'limit [0-9]+'`,
      );
      for (const [path, , text] of lists) {
        const mine = rows.filter((r) => text.test(r.statement));
        expect(mine.length, `no prepared statement for ${path}`).toBeGreaterThan(0);
        expect(
          mine.some((r) => Number(r.generic_plans) > 0),
          `${path} is planned on every run`,
        ).toBe(true);
      }
      // Any page size: fetched at the next step up (db/paging.ts), so a caller cycling through every
      // size leaves as many job-search statements as there are steps, each keeping its plan.
      for (let size = 1; size <= 50; size++) {
        const res = await second.inject({ method: 'GET', url: `/api/requests/disponiveis?pageSize=${size}`, headers: prof.auth });
        expect(res.statusCode).toBe(200);
        expect(res.json().items).toHaveLength(size);
      }
      const unfiltered = `from "requests" where ("requests"."status" = 'ABERTO' and "requests"."creditos" is not null and "requests"."escolhido_id" is null) order by`;
      const all = await one.db.execute<{ statement: string }>(sql`select statement from pg_prepared_statements`);
      const firstPages = all.rows.map((r) => r.statement.replace(/\s+/g, ' ')).filter((text) => text.includes(unfiltered) && !text.includes(' offset '));
      const limits = firstPages.map((text) => Number(/ limit (\d+)\)/.exec(text)?.[1])).sort((a, b) => a - b);
      expect(limits).toEqual(FETCH_STEPS.map((step) => step + 1));
    } finally {
      await second.close();
      await one.close();
    }
  });

  it("a professional's usual job search tests urgency and text on the index, not on each row it skips (migration 0014)", async () => {
    // Urgent open jobs elsewhere, so that the urgency's own index is not the cheaper way in.
    await explainer.query(
      `insert into requests (titulo, descricao, cidade, bairro, especialidade, contato, tempo, cliente_id, creditos, status, aprovado_em)
      select 'Tomada ' || g, 'Trocar tomadas', 'Porto', 'Porto', 'substituicao-quadros-eletricos', '+351912345678', 'URGENTE', $1, 3, 'ABERTO', now()
      from generate_series(1, 3000) g`,
      [client.id],
    );
    await explainer.query('VACUUM ANALYZE requests');
    const plan = await planOf(
      '/api/requests/disponiveis?bairro=lisboa&especialidade=substituicao-quadros-eletricos&tempo=URGENTE&q=quadro',
      prof.auth,
      'requests',
    );
    expect(plan).toContain('"Node Type":"Index Only Scan"');
    expect(plan).toContain('requests_abertos_bairro_esp_idx');
  });

  it('several words: a walk of the first rows in order, bounded; then every match, sorted, not a walk of the whole index', async () => {
    // Words found nowhere: the walk gives too few rows and the list reads every match (TextPlan).
    const lists: [string, string, () => Record<string, string>][] = [
      ['/api/requests/disponiveis?q=quaresmal%20lameirox', 'requests', () => prof.auth],
      ['/api/requests/all?q=quaresmal%20lameirox', 'requests', () => admin.auth],
      ['/api/review/all?q=quaresmal%20lameirox', 'reviews', () => admin.auth],
      ['/api/cliente/see-all?q=quaresmal%20lameirox', 'clientes', () => admin.auth],
      ['/api/admin/profissionais?q=quaresmal%20lameirox', 'profissionais', () => admin.auth],
      ['/api/profissional/see-all?q=quaresmal%20lameirox', 'profissionais', () => client.auth],
    ];
    for (const [path, table, auth] of lists) {
      captured.length = 0;
      expect((await app.inject({ method: 'GET', url: path, headers: auth() })).statusCode).toBe(200);
      const reads = captured.filter((c) => new RegExp(`from "${table}"`).test(c.query) && /\blimit\b/i.test(c.query));
      const walk = reads.find((c) => /limit 4000\b/.test(c.query));
      const all = reads.find((c) => /coalesce\(/.test(c.query));
      expect(walk, `${path}: the walk`).toBeDefined();
      expect(all, `${path}: every match`).toBeDefined();
      const plan = async (q: { query: string; params: unknown[] }) =>
        JSON.stringify((await explainer.query(`EXPLAIN (FORMAT JSON) ${q.query}`, q.params)).rows[0]['QUERY PLAN']);
      // The walk reads its rows in a subquery that stops at WALK_ROWS: a Limit of its own under the
      // page's (its Subquery Scan is left out of the plan when the words are matched in a join).
      expect((await plan(walk!)).match(/"Node Type":"Limit"/g)?.length ?? 0, path).toBeGreaterThanOrEqual(2);
      // No index gives the order of every match: even with sorting priced out, the plan sorts them.
      expect(await plan(all!), path).toMatch(/"Node Type":"Sort"/);
    }
  });

  it("the back office's walk of several words reads each walked row's text by its key, whatever the words' estimate (db/search.ts foundApart)", async () => {
    // Joins priced out the way a wrong estimate prices them: two words that often meet, estimated
    // rare, made PostgreSQL read every match from the trigram index and hash them against the walked
    // rows (43,927 projects for "quadro elétrico", 130-600 ms on the generated million). A subquery
    // in an expression is not a join: it stays a probe of the side table's key for each walked row.
    await explainer.query('SET enable_nestloop = off');
    try {
      for (const [path, side] of [
        ['/api/requests/all?q=quaresmax%20lameiral', 'requests_busca'],
        ['/api/review/all?q=quaresmax%20lameiral', 'reviews_busca'],
      ]) {
        captured.length = 0;
        expect((await app.inject({ method: 'GET', url: path!, headers: admin.auth })).statusCode).toBe(200);
        const walk = captured.find((c) => /limit 4000\b/.test(c.query));
        expect(walk, `${path}: the walk`).toBeDefined();
        const plan = JSON.stringify((await explainer.query(`EXPLAIN (FORMAT JSON) ${walk!.query}`, walk!.params)).rows[0]['QUERY PLAN']);
        expect(plan, path).toMatch(new RegExp(`"Parent Relationship":"SubPlan"[^}]*"Index Name":"${side}_pkey"`));
        expect(plan, path).not.toContain(`${side}_trgm`);
      }
    } finally {
      await explainer.query('SET enable_nestloop = on');
    }
  });

  it('a rare word is found through the trigram index of the search column', async () => {
    // Enough rows that reading every open project costs more than the trigram index.
    await explainer.query(`insert into profissionais (nome, email, senha_hash, cidade, bairro)
      select 'Profissional ' || g, 'p' || g || '@exemplo.pt', 'x', 'Porto', 'Porto' from generate_series(1, 3000) g`);
    await explainer.query('ANALYZE');
    // Leave only the bitmap paths (how a rare word is best found), sorting allowed.
    await explainer.query('SET enable_indexscan = off');
    await explainer.query('SET enable_sort = on');
    try {
      // (Job search is left out: on a few thousand rows its partial index is cheaper to read whole;
      // on the generated million the plans are read in docs/decisions/0006.)
      const pros = await planOf('/api/profissional/see-all?q=conceicao', client.auth, 'profissionais');
      expect(pros).toContain('profissionais_busca_trgm');
      // The back office's projects and reviews, the client's name included (migration 0013).
      expect(await planOf('/api/requests/all?q=conceicao', admin.auth, 'requests')).toContain('requests_busca_trgm');
      expect(await planOf('/api/review/all?q=conceicao', admin.auth, 'reviews')).toContain('reviews_busca_trgm');
      // Two letters (db/search.ts): the start of a word ("zq…" or "… zq…"), whose trigrams (with the
      // word's boundary) the indexes hold; "%zq%" has none, and its index scan read every entry.
      const startOfWord = (index: string) =>
        new RegExp(`"Index Cond":"\\([^"]*'% zq%'[^"]*"Index Name":"${index}"|"Index Name":"${index}"[^}]*"Index Cond":"\\([^"]*'% zq%'`);
      expect(await planOf('/api/profissional/see-all?q=zq', client.auth, 'profissionais')).toMatch(startOfWord('profissionais_busca_trgm'));
      expect(await planOf('/api/requests/all?q=zq', admin.auth, 'requests')).toMatch(startOfWord('requests_busca_trgm'));
      const clients = await planOf('/api/cliente/see-all?q=zq', admin.auth, 'clientes');
      expect(clients).toMatch(startOfWord('clientes_busca_trgm'));
      // The address's start as a range of its byte-ordered index (migration 0041): in the trigram index
      // "zq%" is also the start of any word of the address, and ".pt" made "pt" every address.
      const addressStart = (index: string) =>
        new RegExp(`"Index Name":"${index}"[^}]*"Index Cond":"\\(\\(lower\\(email\\) ~>=~ 'zq'::text\\) AND \\(lower\\(email\\) ~<~ 'zr'::text\\)\\)"`);
      expect(clients).toMatch(addressStart('clientes_email_inicio_idx'));
      expect(await planOf('/api/admin/profissionais?q=zq', admin.auth, 'profissionais')).toMatch(addressStart('profissionais_email_inicio_idx'));
      // No letter or digit: nothing to find; PostgreSQL answers from the constant, reading no row.
      expect(await planOf('/api/requests/all?q=%25%25', admin.auth, 'requests')).toContain('"One-Time Filter":"false"');
    } finally {
      await explainer.query('SET enable_indexscan = on');
      await explainer.query('SET enable_sort = off');
    }
  });

  it("the back office's later pages read their ids from the order's index alone, not visiting each row the OFFSET skips (migration 0021)", async () => {
    // Each order index is over an expression of a column (pending first, emergencies first); holding
    // that column too is what lets PostgreSQL read it alone. Without it, projects' page 500 visited
    // 6,000 rows (28 ms on the generated data).
    for (const t of ['requests', 'profissionais', 'reviews', 'audit_log', 'notificacoes', 'garantias', 'lead_reports'])
      await explainer.query(`VACUUM ANALYZE ${t}`);
    for (const [path, table, index] of [
      ['/api/requests/all?page=40', 'requests', 'requests_status_idx'],
      ['/api/requests/all?page=40&status=CONCLUIDO', 'requests', 'requests_status_idx'],
      ['/api/admin/profissionais?page=40', 'profissionais', 'profissionais_admin_idx'],
      ['/api/admin/profissionais?page=40&verificacao=VERIFICADO', 'profissionais', 'profissionais_verificacao_idx'],
      ['/api/review/all?page=40', 'reviews', 'reviews_admin_idx'],
      ['/api/admin/audit?page=40', 'audit_log', 'audit_criado_idx'],
      // The bell too (page 500 of a busy one visited 25,000 rows).
      ['/api/notificacoes?page=40', 'notificacoes', 'notificacoes_dest_idx'],
      // Guarantee claims: joined to their project and people only once the page is found (page 100
      // joined 1,001 claims to four tables, 46 ms, with 5,500 claims generated).
      ['/api/admin/garantias?page=40', 'garantias', 'garantias_estado_idx'],
      ['/api/admin/garantias?page=40&estado=FECHADA', 'garantias', 'garantias_estado_idx'],
      // Reported contacts (migration 0028): the queue's index holds estado, its order's column.
      ['/api/admin/leads-reportados?page=40', 'lead_reports', 'lead_reports_admin_idx'],
    ]) {
      await expectPageFromIndexAlone(path!, admin.auth, table!, index!);
    }
  });

  it('a later page of job search by text tests the word on the order index alone, with or without a filter (migration 0026)', async () => {
    // Each open-jobs index carries the text (and the urgency): a later page's ids are found by walking
    // it in order without visiting a row. Without that, page 500 of "quadro" on the generated million
    // read all 17,000 matches and sorted them (55 ms), or visited every row the walk passed (470 ms
    // with "Urgente"). Sorts and sequential scans are priced out, so only an index's order is left.
    await explainer.query('VACUUM ANALYZE requests');
    for (const [filters, index] of [
      ['', 'requests_abertos_idx'],
      ['&especialidade=substituicao-quadros-eletricos', 'requests_abertos_esp_idx'],
      ['&especialidade=substituicao-quadros-eletricos&tempo=NORMAL', 'requests_abertos_esp_idx'],
      ['&bairro=Lisboa', 'requests_abertos_bairro_idx'],
      ['&bairro=Lisboa&tempo=NORMAL', 'requests_abertos_bairro_idx'],
      ['&tempo=NORMAL', 'requests_abertos_tempo_idx'],
    ]) {
      await expectPageFromIndexAlone(`/api/requests/disponiveis?q=quadro&page=2${filters}`, prof.auth, 'requests', index!);
    }
  });

  it("a later page of the directory's search reads its ids from the best-rated index alone, by a name or a specialty (migration 0027)", async () => {
    // Page 400 of "silva" visited the 27,000 professionals its walk passed (42 ms on the generated data).
    await explainer.query('VACUUM ANALYZE profissionais');
    // A surname, and a word that is also a specialty's label (the text OR the specialties array).
    for (const q of ['silva', 'eletricista']) {
      await expectPageFromIndexAlone(`/api/profissional/see-all?q=${q}&page=3`, client.auth, 'profissionais', 'profissionais_bayes_idx');
    }
  });

  it("job search's kept plans read the first page in its index's order and a deep page's ids from the index alone (migration 0020)", async () => {
    // The kept (generic) plan of a deep page does not know its OFFSET and assumes a tenth of the open
    // jobs is skipped: when each of those rows had to be visited to test escolhido_id, a full scan of
    // another index and a sort looked cheaper, and page 40 took 250 ms on the generated data.
    // The first page reads its rows straight from the index, in its order (nothing skipped, so no
    // second visit by key); a later page its ids from the index alone.
    const pages: [string, string, 'Index Only Scan' | 'Index Scan'][] = [
      ['/api/requests/disponiveis?page=40', 'requests_abertos_idx', 'Index Only Scan'],
      ['/api/requests/disponiveis?page=40&especialidade=substituicao-quadros-eletricos', 'requests_abertos_esp_idx', 'Index Only Scan'],
      ['/api/requests/disponiveis?page=40&bairro=Porto', 'requests_abertos_bairro_idx', 'Index Only Scan'],
      ['/api/requests/disponiveis?page=40&tempo=NORMAL', 'requests_abertos_tempo_idx', 'Index Only Scan'],
      // (A filtered first page is left to bench:plans: on this small set walking the newest open jobs
      // and testing the filter on each is as cheap as the filter's own index.)
      ['/api/requests/disponiveis', 'requests_abertos_idx', 'Index Scan'],
    ];
    await explainer.query('ANALYZE requests');
    for (const [path, index, scan] of pages) {
      captured.length = 0;
      expect((await app.inject({ method: 'GET', url: path, headers: prof.auth })).statusCode).toBe(200);
      const q = captured.find((c) => /from "requests" where \("requests"\."status" = 'ABERTO'/.test(c.query));
      expect(q, `no job search query for ${path}`).toBeDefined();
      await explainer.query('BEGIN');
      try {
        await explainer.query('SET LOCAL plan_cache_mode = force_generic_plan');
        await explainer.query('SET LOCAL enable_sort = on');
        await explainer.query('SET LOCAL enable_seqscan = on');
        await explainer.query(`PREPARE kept AS ${q!.query}`);
        // EXECUTE's arguments are literals (a utility statement takes no bound parameters).
        const args = q!.params.map((v) => explainer.escapeLiteral(String(v))).join(', ');
        const { rows } = await explainer.query(`EXPLAIN (FORMAT JSON) EXECUTE kept${args ? `(${args})` : ''}`);
        const nodes: { 'Node Type': string; 'Index Name'?: string }[] = [];
        const walk = (n: { Plan?: unknown; Plans?: unknown[] } & Record<string, unknown>) => {
          nodes.push(n as (typeof nodes)[number]);
          for (const c of (n.Plans ?? []) as (typeof n)[]) walk(c);
        };
        walk((rows[0]['QUERY PLAN'] as { Plan: Parameters<typeof walk>[0] }[])[0]!.Plan);
        expect(
          nodes.some((n) => n['Node Type'] === scan && n['Index Name'] === index),
          `${path}: ${nodes.map((n) => `${n['Node Type']} ${n['Index Name'] ?? ''}`).join(', ')}`,
        ).toBe(true);
        expect(nodes.some((n) => n['Node Type'].includes('Sort'))).toBe(false);
      } finally {
        await explainer.query('ROLLBACK');
        await explainer.query('DEALLOCATE ALL');
      }
    }
  });

  it('every foreign key whose rows an account or a project deletion can reach is found by an index led by its column', async () => {
    // Deleting the referenced row makes PostgreSQL look the referencing rows up by that column
    // (cascade, set null or the check): without an index, a read of the whole table. Admins and
    // payments are never deleted, and subscriptions outlive their professional (migration 0025).
    const { rows } = await explainer.query(`
      select c.conrelid::regclass::text || '.' || a.attname as fk
      from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f' and c.confrelid::regclass::text not in ('admins', 'payments', 'subscriptions')
        and not exists (select 1 from pg_index i where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1])
      order by 1`);
    expect(rows.map((r) => r.fk)).toEqual([]);
  });
});
