import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS_BY_ROLE, TERMOS_VERSAO } from '@tc/shared';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { AlreadyFilledError, generate, parseArgs, type GenerateResult } from '../../../bench/generate';
import { buildApp } from '../../app';
import { loadEnv } from '../../config/env';
import { openDatabase, type Database } from '../client';
import { scratchPostgres, TEST_DB } from '../../test/harness';
import { DEMO_ADMIN, DEMO_PASSWORD, DEMO_PROJETOS } from './demo-data';

/**
 * The benchmark data generator (`npm run bench:data`) at a tiny scale, on its own PostgreSQL
 * database: the invariants the application keeps must hold in the generated data too.
 */
describe.skipIf(TEST_DB !== 'postgres')('benchmark data generator', () => {
  let url: string;
  let dropScratch: (() => Promise<void>) | undefined;
  let dataDir: string;
  // Ten times the professionals of that scale: enough job alerts that every rule of theirs has cases
  // (switched off, emergencies off duty, digests).
  const sizes = { ...parseArgs(['--scale', '0.001']).sizes, profissionais: 1000 };
  let db: pg.Client;
  let result: GenerateResult;
  let database: Database;
  let app: FastifyInstance;

  const count = async (sqlText: string) => Number((await db.query(sqlText)).rows[0].n);
  /** Every index's and constraint's definition in the schema. */
  const indexesOf = async (at: string) => {
    const c = new pg.Client({ connectionString: at });
    await c.connect();
    try {
      const { rows } = await c.query(`select indexdef d from pg_indexes where schemaname = current_schema()
        union all select conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid) from pg_constraint where connamespace = current_schema()::regnamespace
        order by 1`);
      return rows.map((r) => r.d as string);
    } finally {
      await c.end();
    }
  };
  let indexesMigrated: string[] = [];
  const ALERT_DAYS = 60;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'tc-gen-test-'));
    ({ url, drop: dropScratch } = await scratchPostgres('tc_test_gen'));
    // The indexes and constraints as the migrations make them, before the load drops some for a while.
    const migrated = await openDatabase({ url });
    await migrated.close();
    indexesMigrated = await indexesOf(url);
    // Two months of job alerts: at this scale a day has about one visible project.
    result = await generate({ url, sizes, dataDir, alertDays: ALERT_DAYS, log: () => undefined });
    db = new pg.Client({ connectionString: url });
    await db.connect();
    database = await openDatabase({ url });
    // No e-mail worker: its clean-up would delete the alerts older than a week that this test generates.
    const env = loadEnv({ NODE_ENV: 'test', RATE_LIMIT: 'false', DATA_DIR: dataDir, SEED_DEMO: 'false', NOTIFICATIONS_WORKER: 'false' });
    app = await buildApp({ env, database, jwtSecret: randomBytes(32).toString('hex') });
    await app.ready();
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await db?.end();
    await dropScratch?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('generates the requested sizes on top of the demo', () => {
    expect(sizes).toMatchObject({ profissionais: 1000, clientes: 200, requests: 1000, reviews: 500, payments: 290 });
    expect(result.counts.profissionais).toBeGreaterThanOrEqual(1000);
    expect(result.counts.clientes).toBeGreaterThanOrEqual(200);
    expect(result.counts.requests).toBeGreaterThanOrEqual(1000);
    expect(result.counts.reviews).toBeGreaterThanOrEqual(500);
    expect(result.counts.payments).toBeGreaterThanOrEqual(290);
    expect(result.counts.candidaturas).toBeGreaterThan(result.counts.requests);
  });

  it('leaves every index and constraint as the migrations made them (the notification tables are indexed after their fill)', async () => {
    expect(indexesMigrated.some((d) => /email_outbox_chave_unique UNIQUE/.test(d))).toBe(true);
    expect(indexesMigrated.some((d) => /notificacoes_dest_idx/.test(d))).toBe(true);
    expect(await indexesOf(url)).toEqual(indexesMigrated);
  });

  it('leaves every page of every table marked visible to all, as autovacuum keeps a production database (index-only scans read no table)', async () => {
    const { rows } = await db.query(`select c.relname, c.relpages, c.relallvisible from pg_class c
      where c.relnamespace = current_schema()::regnamespace and c.relkind = 'r' and c.relallvisible < c.relpages`);
    expect(rows).toEqual([]);
    // Sanity: the counts are real, the audit log (filled near the end) has pages.
    expect(await count(`select relpages n from pg_class where relname = 'audit_log' and relnamespace = current_schema()::regnamespace`)).toBeGreaterThan(0);
  });

  it('covers every status, time option and review status', async () => {
    const values = async (sqlText: string) => (await db.query(sqlText)).rows.map((r) => r.v);
    expect(await values(`select distinct status::text v from requests order by 1`)).toEqual(['ABERTO', 'CONCLUIDO', 'ESPERA']);
    expect(await values(`select distinct tempo::text v from requests order by 1`)).toEqual(['AVARIA', 'NORMAL', 'PIQUETE', 'URGENTE']);
    expect(await values(`select distinct status::text v from reviews order by 1`)).toEqual(['APROVADO', 'ESPERA', 'NEGADO']);
    expect(await values(`select distinct estado::text v from payments order by 1`)).toContain('PAGO');
    // Approval and completion dates follow creation; only approved projects have a price.
    expect(
      await count(`select count(*) n from requests where (status = 'ESPERA') <> (aprovado_em is null)
      or (status = 'CONCLUIDO') <> (concluido_em is not null) or aprovado_em < criado_em or concluido_em < aprovado_em
      or (status = 'ESPERA' and creditos is not null) or criado_em > now()`),
    ).toBe(0);
  });

  it('keeps every balance equal to the sum of its ledger, with running balances never negative', async () => {
    expect(
      await count(`select count(*) n from subscriptions s
      left join (select subscription_id, sum(delta) soma from credit_ledger group by 1) l on l.subscription_id = s.id
      where s.creditos_restantes <> coalesce(l.soma, 0)`),
    ).toBe(0);
    expect(
      await count(`select count(*) n from (
      select saldo_apos, sum(delta) over (partition by profissional_id order by criado_em, id) corrido from credit_ledger) x
      where saldo_apos <> corrido or saldo_apos < 0`),
    ).toBe(0);
    // One COMPRA line per paid payment, one CANDIDATURA line per application, with the project's price.
    expect(
      await count(`select count(*) n from payments p left join credit_ledger l on l.payment_id = p.id and l.tipo = 'COMPRA'
      where (p.estado = 'PAGO') <> (l.id is not null) or l.delta <> p.creditos`),
    ).toBe(0);
    expect(
      await count(`select count(*) n from candidaturas c
      left join credit_ledger l on l.tipo = 'CANDIDATURA' and l.request_id = c.request_id and l.profissional_id = c.profissional_id
      join requests r on r.id = c.request_id
      where l.id is null or l.delta <> -c.creditos or c.creditos <> r.creditos`),
    ).toBe(0);
    expect(
      await count(`select count(*) n from payments p join (values ('basico', 100, 20), ('poupanca', 6000, 60),
      ('profissional', 9000, 100), ('elite', 12000, 150)) v(plano, valor, creditos) on v.plano = p.plano
      where p.valor_centimos <> v.valor or p.creditos <> v.creditos`),
    ).toBe(0);
    expect(await count(`select count(*) n from payments where plano not in ('basico', 'poupanca', 'profissional', 'elite')`)).toBe(0);
  });

  it('never puts more than 5 applications on a project, and only on approved, priced ones after approval', async () => {
    expect(await count(`select coalesce(max(n), 0) n from (select count(*) n from candidaturas group by request_id) x`)).toBeLessThanOrEqual(5);
    expect(
      await count(`select count(*) n from candidaturas c join requests r on r.id = c.request_id
      join profissionais p on p.id = c.profissional_id
      where r.status = 'ESPERA' or r.creditos is null or c.criado_em < r.aprovado_em or c.criado_em < p.criado_em`),
    ).toBe(0);
  });

  it("keeps what triggers keep in the app: each project's count of applications and the back office's search text", async () => {
    // The load runs with triggers off (session_replication_role), so it writes these itself.
    expect(
      await count(`select count(*) n from requests r
      where r.candidaturas_n <> (select count(*) from candidaturas c where c.request_id = r.id)`),
    ).toBe(0);
    expect(await count(`select count(*) n from requests where candidaturas_n > 0`)).toBeGreaterThan(0);
    // The trigram indexes' pending lists, made large for the load, are set back (migration 0010).
    expect(await count(`select count(*) n from pg_class where relkind = 'i' and 'gin_pending_list_limit=32768' = any(reloptions)`)).toBe(0);
    expect(await count(`select count(*) n from pg_class where relname = 'requests_busca_trgm' and 'gin_pending_list_limit=128' = any(reloptions)`)).toBe(1);
    // Every project and review has its search text (migration 0033's tables), as the triggers write it.
    expect(
      await count(`select count(*) n from requests r join clientes c on c.id = r.cliente_id left join requests_busca b on b.request_id = r.id
      where b.texto is distinct from lower(f_unaccent(r.titulo || ' ' || r.cidade || ' ' || r.bairro)) || ' ' || c.busca`),
    ).toBe(0);
    expect(
      await count(`select count(*) n from reviews r join clientes c on c.id = r.cliente_id left join reviews_busca b on b.review_id = r.id
      where b.texto is distinct from lower(f_unaccent(r.comentario)) || ' ' || c.busca`),
    ).toBe(0);
    expect(await count(`select count(*) n from requests_busca`)).toBe(await count(`select count(*) n from requests`));
    // The back office's live figures (migration 0035), counted afresh at the end of the load.
    expect(
      await count(`select count(*) n from admin_figures f where f.projetos <> (select count(*) from requests)
      or f.projetos_espera <> (select count(*) from requests where status = 'ESPERA')
      or f.clientes <> (select count(*) from clientes) or f.profissionais <> (select count(*) from profissionais)
      or f.reviews_espera <> (select count(*) from reviews where status = 'ESPERA')
      or f.verificacoes <> (select count(*) from profissionais where verificacao = 'PENDENTE')
      or f.recebido_centimos <> (select coalesce(sum(valor_centimos), 0) from payments where estado = 'PAGO')
      or f.total_centimos <> (select coalesce(sum(valor_centimos), 0) from payments where estado in ('PAGO', 'PENDENTE'))`),
    ).toBe(0);
    expect(await count(`select count(*) n from admin_figures where projetos > 0 and recebido_centimos > 0`)).toBe(1);
    expect(await count(`select count(*) n from admin_figure_deltas`)).toBe(0);
  });

  it('has a chosen applicant on every completed project with applicants, some open ones, and reviews of the one chosen', async () => {
    // Only the generated projects (the demo's own were seeded by the app).
    const gen = `r.id > (select max(id) from requests) - ${sizes.requests}`;
    expect(
      await count(`select count(*) n from requests r where ${gen} and r.escolhido_id is not null
      and (r.escolhido_em is null or r.escolhido_em < r.aprovado_em or r.escolhido_em > coalesce(r.concluido_em, now())
        or not exists (select 1 from candidaturas c where c.request_id = r.id and c.profissional_id = r.escolhido_id))`),
    ).toBe(0);
    expect(await count(`select count(*) n from requests r where ${gen} and r.status = 'CONCLUIDO' and r.candidaturas_n > 0 and r.escolhido_id is null`)).toBe(
      0,
    );
    expect(await count(`select count(*) n from requests r where ${gen} and r.status = 'ABERTO' and r.escolhido_id is not null`)).toBeGreaterThan(0);
    expect(await count(`select count(*) n from requests r where ${gen} and r.status = 'CONCLUIDO' and r.escolhido_id is not null`)).toBeGreaterThan(100);
    // Decision 0008: a review is of the professional the client chose for a completed project; others
    // only once every such job has its review (when more reviews are asked for than there are jobs).
    const others = await count(`select count(*) n from reviews v join requests r on r.id = v.request_id where ${gen}
      and (r.status <> 'CONCLUIDO' or r.escolhido_id is distinct from v.profissional_id)`);
    const unreviewed = await count(`select count(*) n from requests r where ${gen} and r.status = 'CONCLUIDO' and r.escolhido_id is not null
      and not exists (select 1 from reviews v where v.request_id = r.id and v.profissional_id = r.escolhido_id)`);
    expect(others === 0 || unreviewed === 0, `${others} reviews of others while ${unreviewed} chosen jobs have none`).toBe(true);
    expect(
      await count(`select count(*) n from reviews v join requests r on r.id = v.request_id where ${gen} and r.escolhido_id = v.profissional_id`),
    ).toBeGreaterThan(100);
  });

  it('has reviews only by the client of a project the professional applied to, and ratings that match', async () => {
    expect(
      await count(`select count(*) n from reviews v join requests r on r.id = v.request_id
      left join candidaturas c on c.request_id = v.request_id and c.profissional_id = v.profissional_id
      where c.id is null or r.cliente_id <> v.cliente_id`),
    ).toBe(0);
    expect(await count(`select count(*) n from reviews where request_id is null`)).toBe(0);
    expect(
      await count(`select count(*) n from profissionais p
      left join (select profissional_id, avg(nota)::float8 media from reviews where status = 'APROVADO' group by 1) r on r.profissional_id = p.id
      where (p.nota_media is null) <> (r.media is null) or abs(p.nota_media - r.media) > 1e-9`),
    ).toBe(0);
    const hasTotal = await count(`select count(*) n from information_schema.columns where table_name = 'profissionais' and column_name = 'total_avaliacoes'`);
    if (hasTotal) {
      expect(
        await count(`select count(*) n from profissionais p
        left join (select profissional_id, count(*) c from reviews where status = 'APROVADO' group by 1) r on r.profissional_id = p.id
        where p.total_avaliacoes <> coalesce(r.c, 0)`),
      ).toBe(0);
    }
    // The Bayesian rating (docs/decisions/0015) exactly for those with reviews, with the mean of all as prior; badges computed for all.
    expect(
      await count(`select count(*) n from profissionais p, (select avg(nota)::float8 m from reviews where status = 'APROVADO') g
      where (p.nota_bayes is null) <> (p.total_avaliacoes = 0)
        or abs(p.nota_bayes - (5 * g.m + p.total_avaliacoes * p.nota_media) / (5 + p.total_avaliacoes)) > 1e-9`),
    ).toBe(0);
    expect(await count(`select count(*) n from profissionais where selos_em is null`)).toBe(0);
    expect(await count(`select count(*) n from profissionais where 'VERIFICADO' = any(selos) <> (verificacao is not distinct from 'VERIFICADO')`)).toBe(0);
  });

  it('has guarantee claims as the app makes them: by the client, about the chosen professional, within 14 days, each state with its fields', async () => {
    const gen = `r.id > (select max(id) from requests) - ${sizes.requests}`;
    const claims = await count(`select count(*) n from garantias g join requests r on r.id = g.request_id where ${gen}`);
    const eligible = await count(`select count(*) n from requests r where ${gen} and r.status = 'CONCLUIDO' and r.escolhido_id is not null`);
    expect(claims).toBe(Math.ceil(eligible / 100));
    expect(result.counts.garantias).toBeGreaterThanOrEqual(claims);
    expect(
      await count(`select count(*) n from garantias g join requests r on r.id = g.request_id where ${gen} and not (
        r.status = 'CONCLUIDO' and g.profissional_id = r.escolhido_id and g.cliente_id = r.cliente_id and g.titulo = r.titulo
        and g.criado_em >= r.concluido_em and g.criado_em <= r.concluido_em + interval '14 days' and length(g.descricao) between 10 and 2000)`),
    ).toBe(0);
    // The fields each state has in the app (garantias.service): an answer, a visit date when accepted, a closing.
    expect(
      await count(`select count(*) n from garantias g join requests r on r.id = g.request_id where ${gen} and not case g.estado
        when 'ABERTA' then g.respondido_em is null and g.fechado_em is null
        when 'ACEITE' then g.respondido_em is not null and g.agendado_para > g.respondido_em and g.fechado_em is null
        when 'CONTESTADA' then g.respondido_em is not null and g.agendado_para is null and g.resposta is not null and g.fechado_em is null
        else g.fechado_em >= g.criado_em and g.fechado_por is not null and g.resolucao is not null end`),
    ).toBe(0);
    expect(
      await count(`select count(*) n from garantias g join requests r on r.id = g.request_id where ${gen} and g.fechado_em is not null and
        (select count(*) from audit_log a where a.acao = 'GARANTIA_FECHADA' and a.alvo_tipo = 'garantia' and a.alvo_id = g.id) <> 1`),
    ).toBe(0);
  });

  it('has reported contacts as the app makes them: within 7 days, never by the chosen one, refunds in the ledger and the audit log', async () => {
    const gen = `c.request_id > (select max(id) from requests) - ${sizes.requests}`;
    const reports = await count(`select count(*) n from lead_reports l join candidaturas c on c.id = l.candidatura_id where ${gen}`);
    const eligible = await count(`select count(*) n from candidaturas c join requests r on r.id = c.request_id
      where ${gen} and r.escolhido_id is distinct from c.profissional_id`);
    expect(reports).toBe(Math.ceil(eligible / 50));
    expect(await count(`select count(distinct estado) n from lead_reports l join candidaturas c on c.id = l.candidatura_id where ${gen}`)).toBeGreaterThan(1);
    expect(
      await count(`select count(*) n from lead_reports l join candidaturas c on c.id = l.candidatura_id join requests r on r.id = c.request_id
      where ${gen} and not (l.request_id = c.request_id and l.profissional_id = c.profissional_id
        and r.escolhido_id is distinct from c.profissional_id
        and l.criado_em between c.criado_em and c.criado_em + interval '7 days'
        and (l.estado = 'ABERTO') = (l.decidido_em is null) and (l.decidido_em is null) = (l.decidido_por is null)
        and (l.estado = 'REEMBOLSADO') = (c.reembolsado_em is not null))`),
    ).toBe(0);
    // Each refund is one REEMBOLSO line of the application's credits, by the deciding admin; each decision audited once.
    expect(
      await count(`select count(*) n from lead_reports l join candidaturas c on c.id = l.candidatura_id where ${gen} and l.estado = 'REEMBOLSADO'
      and (select count(*) from credit_ledger x where x.tipo = 'REEMBOLSO' and x.request_id = c.request_id and x.profissional_id = c.profissional_id
        and x.delta = c.creditos and x.admin_id = l.decidido_por and x.criado_em = c.reembolsado_em) <> 1`),
    ).toBe(0);
    expect(
      await count(`select count(*) n from lead_reports l join candidaturas c on c.id = l.candidatura_id where ${gen} and l.decidido_em is not null
      and (select count(*) from audit_log a where a.alvo_tipo = 'lead_report' and a.alvo_id = l.id
        and a.acao = case l.estado when 'REEMBOLSADO' then 'LEAD_REEMBOLSADO' else 'LEAD_RECUSADO' end) <> 1`),
    ).toBe(0);
  });

  it('has every person accept the current terms, so log-in asks nobody again (docs/decisions/0016)', async () => {
    for (const [tabela, tipo] of [
      ['clientes', 'cliente'],
      ['profissionais', 'profissional'],
    ]) {
      expect(
        await count(`select count(*) n from ${tabela} x where not exists (select 1 from termos_aceites t
        where t.destinatario_tipo = '${tipo}' and t.destinatario_id = x.id and t.versao = '${TERMOS_VERSAO}')`),
        tabela,
      ).toBe(0);
    }
  });

  it("fills the last 30 days of the bell, as the app writes it, and the bell's list shows it", async () => {
    const kinds = await db.query(
      `select destinatario_tipo::text t, tipo, count(*)::int n, count(lida_em)::int lidas from notificacoes group by 1, 2 order by 1, 2`,
    );
    expect(kinds.rows.map((r: { t: string; tipo: string }) => `${r.t}:${r.tipo}`)).toEqual(
      expect.arrayContaining(['admin:admin_projeto_pendente', 'cliente:nova_candidatura', 'profissional:escolhido', 'profissional:nao_escolhido']),
    );
    // Every admin has each project of the month; the older ones are read, the last three days' not.
    const perAdmin = await db.query(`select a.id, count(n.id)::int n from admins a
      left join notificacoes n on n.destinatario_tipo = 'admin' and n.destinatario_id = a.id and n.tipo = 'admin_projeto_pendente' group by a.id`);
    const counts = perAdmin.rows.map((r: { n: number }) => r.n);
    expect(counts.length).toBeGreaterThan(1);
    expect(new Set(counts).size, JSON.stringify(counts)).toBe(1);
    expect(counts[0]).toBeGreaterThan(0);
    expect(
      await count(`select count(*) n from notificacoes where lida_em is null and criado_em < now() - interval '4 days' and tipo <> 'novo_projeto_na_zona'`),
    ).toBe(0);
    expect(await count(`select count(*) n from notificacoes where lida_em is null`)).toBeGreaterThan(0);
    // Statistics taken with the rows there (a table analyzed empty is planned as if it stayed so).
    expect(await count(`select reltuples::bigint n from pg_class where relname = 'notificacoes'`)).toBeGreaterThan(0);
    const { rows } = await db.query(
      `select a.id, a.email from admins a join notificacoes n on n.destinatario_tipo = 'admin' and n.destinatario_id = a.id limit 1`,
    );
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: rows[0].email, senha: DEMO_PASSWORD, tipo: 'admin' } });
    const bell = await app.inject({ method: 'GET', url: '/api/notificacoes?pageSize=5', headers: { authorization: `Bearer ${res.json().access_token}` } });
    expect(bell.statusCode).toBe(200);
    expect(bell.json().items[0].titulo).toBe('Projeto por aprovar');
  });

  it('has professionals taking emergencies at their hours, and e-mail preferences of the kinds the app knows', async () => {
    const urg = (
      await db.query(`select urgencias_inicio i, urgencias_fim f, count(*)::int n from profissionais where aceita_urgencias group by 1, 2 order by 1, 2`)
    ).rows;
    expect(urg.map((r: { i: number; f: number }) => `${r.i}-${r.f}`)).toEqual(['0-24', '8-20', '20-8']);
    const share = (await count(`select count(*) filter (where aceita_urgencias) * 100 / count(*) n from profissionais`)) / 100;
    expect(share).toBeGreaterThan(0.1);
    expect(share).toBeLessThan(0.45);
    const prefs = (await db.query(`select destinatario_tipo::text t, novos_projetos, desligados from notification_prefs`)).rows as {
      t: string;
      novos_projetos: string;
      desligados: string[];
    }[];
    expect(prefs.filter((r) => r.t === 'profissional' && r.novos_projetos === 'DIARIO').length).toBeGreaterThan(0);
    for (const r of prefs) {
      expect(NOTIFICATION_KINDS_BY_ROLE[r.t as 'cliente' | 'profissional']).toEqual(expect.arrayContaining(r.desligados));
      if (r.t === 'cliente') expect(r.novos_projetos).toBe('INSTANTANEO');
    }
    expect(
      await count(`select count(*) n from notification_prefs np where not exists (select 1 from profissionais p where np.destinatario_tipo = 'profissional' and p.id = np.destinatario_id)
      and not exists (select 1 from clientes c where np.destinatario_tipo = 'cliente' and c.id = np.destinatario_id)`),
    ).toBe(0);
  });

  it('has the job alerts the app writes when a project becomes visible: every professional of its district with its specialty, e-mailed as each chose', async () => {
    // Who the app would tell (notify.ts, fanOutNewProject), for the generated projects that became
    // visible in the window (a margin of a day at its start: the generator's clock ran earlier).
    const inWindow = `r.id > ${DEMO_PROJETOS.length} and r.creditos is not null and r.aprovado_em > now() - interval '${ALERT_DAYS - 1} days'`;
    const expected = `select r.id rid, p.id pid from requests r
      join profissionais p on p.bairro = r.bairro and p.especialidades @> array[r.especialidade] and p.criado_em < r.aprovado_em where ${inWindow}`;
    const bells = `select (dados->>'requestId')::int rid, destinatario_id pid from notificacoes n join requests r on r.id = (n.dados->>'requestId')::int
      where n.tipo = 'novo_projeto_na_zona' and n.destinatario_tipo = 'profissional' and ${inWindow}`;
    expect(await count(`select count(*) n from (${expected}) e`)).toBeGreaterThan(10);
    expect(await count(`select count(*) n from ((${expected}) except all (${bells})) x`), 'missing bell rows').toBe(0);
    expect(await count(`select count(*) n from ((${bells}) except all (${expected})) x`), 'bell rows nobody is told').toBe(0);
    // None older than the window; each at the project's visibility, with its data.
    expect(
      await count(`select count(*) n from notificacoes n join requests r on r.id = (n.dados->>'requestId')::int where n.tipo = 'novo_projeto_na_zona'
      and (r.aprovado_em < now() - interval '${ALERT_DAYS + 1} days' or n.criado_em <> r.aprovado_em or n.dados <> jsonb_build_object('requestId', r.id,
        'titulo', r.titulo, 'bairro', r.bairro, 'cidade', r.cidade, 'especialidade', r.especialidade, 'tempo', r.tempo, 'creditos', r.creditos)
        or n.lida_em < n.criado_em or n.lida_em > now())`),
    ).toBe(0);
    // E-mailed unless switched off; an emergency only to who takes them and is on call at that Lisbon hour.
    const mailed = `select n.destinatario_id pid, (n.dados->>'requestId')::int rid from notificacoes n
      join requests r on r.id = (n.dados->>'requestId')::int join profissionais p on p.id = n.destinatario_id
      left join notification_prefs np on np.destinatario_tipo = 'profissional' and np.destinatario_id = p.id
      where n.tipo = 'novo_projeto_na_zona' and not coalesce('novo_projeto_na_zona' = any(np.desligados), false)
        and (r.tempo not in ('PIQUETE', 'AVARIA') or (p.aceita_urgencias and (case when p.urgencias_inicio < p.urgencias_fim
          then extract(hour from r.aprovado_em at time zone 'Europe/Lisbon') >= p.urgencias_inicio and extract(hour from r.aprovado_em at time zone 'Europe/Lisbon') < p.urgencias_fim
          else extract(hour from r.aprovado_em at time zone 'Europe/Lisbon') >= p.urgencias_inicio or extract(hour from r.aprovado_em at time zone 'Europe/Lisbon') < p.urgencias_fim end)))`;
    const mails = `select destinatario_id pid, (dados->>'requestId')::int rid from email_outbox where tipo = 'novo_projeto_na_zona'`;
    expect(await count(`select count(*) n from (${mails}) m`)).toBeGreaterThan(0);
    expect(await count(`select count(*) n from ((${mailed}) except all (${mails})) x`), 'alerts not e-mailed').toBe(0);
    expect(await count(`select count(*) n from ((${mails}) except all (${mailed})) x`), 'e-mails nobody asked for').toBe(0);
    // Each e-mail as the app writes it: its key, the bell's data, the address; at once (sent within the
    // minute) or in the next 08:00 digest for those who chose it (NORMAL jobs only), the digest's first
    // line ENVIADO and the rest AGRUPADO, or still waiting when 08:00 has not come.
    // "Within a day" on Lisbon's clock: the night summer time ends, the next 08:00 is 25 hours away.
    expect(
      await count(`select count(*) n from email_outbox e join profissionais p on p.id = e.destinatario_id
      join notificacoes n on n.tipo = e.tipo and n.destinatario_id = e.destinatario_id and n.dados = e.dados
      left join notification_prefs np on np.destinatario_tipo = 'profissional' and np.destinatario_id = p.id
      where e.tipo = 'novo_projeto_na_zona' and e.destinatario_tipo = 'profissional' and e.email = p.email
        and e.chave = 'novo_projeto_na_zona:r' || (e.dados->>'requestId') || ':p' || p.id and e.criado_em = n.criado_em and e.tentativas = 0
        and (e.resumo is not null) = (e.dados->>'tempo' = 'NORMAL' and coalesce(np.novos_projetos, 'INSTANTANEO') = 'DIARIO')
        and case when e.resumo is null then e.estado = 'ENVIADO' and e.enviado_em between e.criado_em and now() and e.proxima_tentativa = e.criado_em
          else e.resumo = 'novos_projetos:' || p.id || ':' || to_char(e.proxima_tentativa at time zone 'Europe/Lisbon', 'YYYY-MM-DD')
            and to_char(e.proxima_tentativa at time zone 'Europe/Lisbon', 'HH24:MI:SS') = '08:00:00'
            and e.proxima_tentativa > e.criado_em and (e.proxima_tentativa at time zone 'Europe/Lisbon') <= (e.criado_em at time zone 'Europe/Lisbon') + interval '1 day'
            and case when e.estado = 'PENDENTE' then e.enviado_em is null and e.proxima_tentativa > now() - interval '1 hour'
              else e.estado in ('ENVIADO', 'AGRUPADO') and e.enviado_em >= e.proxima_tentativa and e.proxima_tentativa <= now() end end`),
    ).toBe(await count(`select count(*) n from email_outbox where tipo = 'novo_projeto_na_zona'`));
    expect(
      await count(`select count(*) n from (select resumo from email_outbox where tipo = 'novo_projeto_na_zona' and resumo is not null and estado <> 'PENDENTE'
      group by resumo having count(*) filter (where estado = 'ENVIADO') <> 1) x`),
      'a digest sent without exactly one ENVIADO line',
    ).toBe(0);
    // Ids follow time, as the clean-up (pruneJobAlerts, pruneSentMail) expects.
    for (const t of ['notificacoes', 'email_outbox'])
      expect(await count(`select count(*) n from (select criado_em < lag(criado_em) over (order by id) back from ${t}) x where back`), t).toBe(0);
    // The alerted professional sees them in the bell.
    const { rows } = await db.query(`select p.email from notificacoes n join profissionais p on p.id = n.destinatario_id
      where n.tipo = 'novo_projeto_na_zona' order by n.id desc limit 1`);
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: rows[0].email, senha: DEMO_PASSWORD, tipo: 'profissional' } });
    const bell = await app.inject({ method: 'GET', url: '/api/notificacoes?pageSize=50', headers: { authorization: `Bearer ${login.json().access_token}` } });
    expect(bell.statusCode).toBe(200);
    expect(bell.json().items.map((x: { titulo: string }) => x.titulo)).toContainEqual(expect.stringMatching(/na sua zona$/));
  });

  it('leaves no dangling reference (foreign keys were not checked row by row during the load)', async () => {
    for (const [child, col, parent] of [
      ['requests', 'cliente_id', 'clientes'],
      ['subscriptions', 'profissional_id', 'profissionais'],
      ['candidaturas', 'request_id', 'requests'],
      ['candidaturas', 'profissional_id', 'profissionais'],
      ['candidaturas', 'subscription_id', 'subscriptions'],
      ['credit_ledger', 'subscription_id', 'subscriptions'],
      ['credit_ledger', 'profissional_id', 'profissionais'],
      ['payments', 'profissional_id', 'profissionais'],
      ['reviews', 'profissional_id', 'profissionais'],
      ['reviews', 'cliente_id', 'clientes'],
      ['reviews', 'request_id', 'requests'],
      ['profissionais', 'verificado_por', 'admins'],
    ]) {
      expect(
        await count(`select count(*) n from ${child} x left join ${parent} p on p.id = x.${col} where x.${col} is not null and p.id is null`),
        `${child}.${col}`,
      ).toBe(0);
    }
    expect(
      await count(`select count(*) n from candidaturas c join subscriptions s on s.id = c.subscription_id where s.profissional_id <> c.profissional_id`),
    ).toBe(0);
  });

  it('lets the demo admin and any generated user log in with the demo password', async () => {
    const login = (email: string, tipo: string) => app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, senha: DEMO_PASSWORD, tipo } });
    expect((await login(DEMO_ADMIN.email, 'admin')).statusCode).toBe(200);
    const prof = (await db.query(`select email from profissionais order by id desc limit 1`)).rows[0].email;
    const cliente = (await db.query(`select email from clientes order by id desc limit 1`)).rows[0].email;
    expect((await login(prof, 'profissional')).statusCode).toBe(200);
    expect((await login(cliente, 'cliente')).statusCode).toBe(200);
    // Sequences follow the explicit ids: a new sign-up gets a fresh id.
    const reg = await app.inject({
      method: 'POST',
      url: '/api/cliente/register',
      payload: { nome: 'Nova Cliente', email: `nova.${randomBytes(3).toString('hex')}@exemplo.pt`, senha: 'Segura#123', aceitaTermos: true },
    });
    expect(reg.statusCode).toBe(201);
  });

  it('refuses to fill the same database twice without --force', async () => {
    await expect(generate({ url, sizes, dataDir, log: () => undefined })).rejects.toBeInstanceOf(AlreadyFilledError);
  });

  it('with --force empties every table, those without a foreign key to the users included, and fills it again', async () => {
    // As a load that failed half-way leaves it: a trigram index with the load's 32 MB pending list.
    await db.query(`alter index requests_busca_trgm set (gin_pending_list_limit = 32768)`);
    const again = await generate({ url, sizes, dataDir, force: true, log: () => undefined });
    const gin = await db.query(`select c.relname, c.reloptions from pg_class c join pg_am am on am.oid = c.relam where am.amname = 'gin' and c.relkind = 'i'`);
    expect(gin.rows.length).toBeGreaterThan(5);
    for (const g of gin.rows as { relname: string; reloptions: string[] | null }[]) {
      expect(g.reloptions ?? [], g.relname).toEqual(g.relname.endsWith('_trgm') ? ['gin_pending_list_limit=128'] : []);
    }
    for (const t of ['admins', 'clientes', 'profissionais', 'requests', 'reviews']) expect(again.counts[t], t).toBe(result.counts[t]);
    // Payments are --payments or, when more, the purchases the applications need, which follow random
    // draws whose order can follow the plans (statistics the first fill left): about the same, not twice.
    expect(again.counts.payments).toBeGreaterThanOrEqual(sizes.payments);
    expect(again.counts.payments).toBeLessThan(result.counts.payments * 1.1);
    // One acceptance per person: none left over from the first fill (nor from the client registered above).
    expect(await count(`select count(*)::int n from termos_aceites`)).toBe(again.counts.clientes + again.counts.profissionais);
  }, 180_000);
});
