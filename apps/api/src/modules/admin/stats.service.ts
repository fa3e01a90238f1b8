import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PlanValue } from '@tc/shared';
import type { Db } from '../../db/client';
import { payments, profissionais, requests } from '../../db/schema';
import type { TtlCache } from '../../lib/ttl-cache';
import { pageOf, pageWindow } from '../../db/paging';
import { executeNamed, runList } from '../../db/prepared';

/** The back office's figures: the dashboard, the totals of the spec's counters and the payments behind them. */

/**
 * In the month `mes` ('YYYY-MM') of Lisbon's calendar, as a range of the column itself: the order
 * index then walks that month only, where comparing each row's formatted month read every newer row and
 * formatted its date (most of the filtered payments list's time in PostgreSQL). The bounds are
 * sub-selects so that a kept (generic) plan is estimated like a fresh one: with the bounds as
 * expressions of the parameter, a fresh plan knew the month's rows, always looked cheaper, and the
 * page was planned again on every request (1.5 k req/s for a plan and a month on the generated data).
 */
const inMonth = (col: SQL | unknown, mes: unknown) =>
  sql`(${col} >= (select (${mes} || '-01')::timestamp at time zone 'Europe/Lisbon') and ${col} < (select ((${mes} || '-01')::timestamp + interval '1 month') at time zone 'Europe/Lisbon'))`;

/**
 * What the dashboard and the back office's counters show, in two parts (docs/decisions/0006):
 * - `liveFigures`: the totals (clients, professionals, projects), money received and to receive, and
 *   the queues waiting for an admin (projects, reviews, verifications, payments to reconcile), kept
 *   by the database as rows change (migration 0035). The routes keep them in the short cache that any
 *   write on this instance empties, so an admin sees a new project or his own decision at once; with
 *   the figures kept, reading them again costs a fold of a few rows, not a count of every table.
 * - `chartSeries`: revenue per month and sign-ups and projects per week, each a pass over a whole
 *   table (0.3-0.5 s each on the generated million, run at once); recomputed in the background once
 *   CHARTS_REFRESH_MS old, the older ones served meanwhile, and not emptied by writes (emptied by every
 *   write, the dashboard paid that second again after any project published anywhere; kept 30 s, the
 *   first view after every 30 s waited for it).
 * Sums and counts are 64-bit (a 32-bit cast overflowed past 21.47 M€).
 */
export async function liveFigures(db: Db) {
  type Figures = {
    recebido: string;
    total: string;
    clientes: string;
    profissionais: string;
    projetos: string;
    espera: string;
    reviews_espera: string;
    verificacoes: string;
    por_conciliar: string;
    pagamentos_alteracoes: string;
  };
  // The differences appended since the last read, folded into the one row (migration 0035): a few rows,
  // where counting afresh read the whole tables (0.2 s warm, 0.7 s cold on the generated million). A
  // fold running at the same time on another instance is waited for; the row's update then starts from
  // its result, so nothing is added twice or missed.
  const fold = () =>
    executeNamed<Figures>(
      db,
      sql`
    with d as (delete from admin_figure_deltas returning *),
    s as (
      select coalesce(sum(clientes), 0) as clientes, coalesce(sum(profissionais), 0) as profissionais,
        coalesce(sum(projetos), 0) as projetos, coalesce(sum(projetos_espera), 0) as projetos_espera,
        coalesce(sum(reviews_espera), 0) as reviews_espera, coalesce(sum(verificacoes), 0) as verificacoes,
        coalesce(sum(por_conciliar), 0) as por_conciliar, coalesce(sum(recebido_centimos), 0) as recebido_centimos,
        coalesce(sum(total_centimos), 0) as total_centimos, coalesce(sum(pagamentos_alteracoes), 0) as pagamentos_alteracoes
      from d
    )
    update admin_figures f set
      clientes = f.clientes + s.clientes, profissionais = f.profissionais + s.profissionais, projetos = f.projetos + s.projetos,
      projetos_espera = f.projetos_espera + s.projetos_espera, reviews_espera = f.reviews_espera + s.reviews_espera,
      verificacoes = f.verificacoes + s.verificacoes, por_conciliar = f.por_conciliar + s.por_conciliar,
      recebido_centimos = f.recebido_centimos + s.recebido_centimos, total_centimos = f.total_centimos + s.total_centimos,
      pagamentos_alteracoes = f.pagamentos_alteracoes + s.pagamentos_alteracoes
    from s where f.id = 1
    returning f.recebido_centimos as recebido, f.total_centimos as total, f.clientes, f.profissionais, f.projetos,
      f.projetos_espera as espera, f.reviews_espera, f.verificacoes, f.por_conciliar, f.pagamentos_alteracoes`,
    );
  let [r] = (await fold()).rows;
  if (!r) {
    // The row is written by the migration; should it be gone, it is counted afresh once.
    await db.execute(sql`select admin_figures_recount()`);
    [r] = (await fold()).rows;
  }
  return {
    recebidoCentimos: Number(r.recebido),
    totalCentimos: Number(r.total),
    clientes: Number(r.clientes),
    profissionais: Number(r.profissionais),
    projetos: Number(r.projetos),
    pendentes: {
      projetos: Number(r.espera),
      reviews: Number(r.reviews_espera),
      verificacoes: Number(r.verificacoes),
      pagamentosPorConciliar: Number(r.por_conciliar),
    },
    /** Changes to the paid or pending payments so far (not shown): the payments page's totals are kept under it. */
    pagamentosAlteracoes: Number(r.pagamentos_alteracoes),
  };
}

/** How old the dashboard's charts may get before they are recomputed (in the background). */
export const CHARTS_REFRESH_MS = 30_000;

/** The dashboard's charts (see liveFigures): three statements at once, on three of the pool's connections. */
export async function chartSeries(db: Db, now: Date) {
  const since = new Date(now.getTime() - 12 * 7 * 24 * 3600 * 1000);
  // Grouped by the truncated date and formatted once per group: formatting every row before grouping
  // (and sorting 160 k strings, on disk) took twice as long on the generated million.
  const receitaQ = db.execute<{ mes: string; recebido: string; total: string }>(sql`
    select to_char(m, 'YYYY-MM') as mes, recebido, total from (
      select date_trunc('month', ${payments.criadoEm} at time zone 'Europe/Lisbon') as m,
        coalesce(sum(${payments.valorCentimos}) filter (where ${payments.estado} = 'PAGO'), 0)::bigint as recebido,
        coalesce(sum(${payments.valorCentimos}) filter (where ${payments.estado} in ('PAGO', 'PENDENTE')), 0)::bigint as total
      from ${payments} group by 1
    ) x order by m`);
  const projetosQ = db.execute<{ semana: string; total: string }>(sql`
    select to_char(w, 'YYYY-MM-DD') as semana, total from (
      select date_trunc('week', ${requests.criadoEm} at time zone 'Europe/Lisbon') as w, count(*) as total
      from ${requests} where ${requests.criadoEm} >= ${since} group by 1
    ) x order by w`);
  const registosQ = db.execute<{ semana: string; clientes: number; profissionais: number }>(sql`
    select to_char(w, 'YYYY-MM-DD') as semana, sum(c) as clientes, sum(p) as profissionais from (
      select date_trunc('week', criado_em at time zone 'Europe/Lisbon') as w, 1 as c, 0 as p from clientes where criado_em >= ${since}
      union all
      select date_trunc('week', criado_em at time zone 'Europe/Lisbon'), 0, 1 from profissionais where criado_em >= ${since}
    ) x group by w order by w`);
  const [receita, projetos, registos] = await Promise.all([receitaQ, projetosQ, registosQ]);
  return {
    receitaPorMes: receita.rows.map((r) => ({ mes: r.mes, recebido: Number(r.recebido) / 100, total: Number(r.total) / 100 })),
    projetosPorSemana: projetos.rows.map((r) => ({ semana: r.semana, total: Number(r.total) })),
    registosPorSemana: registos.rows.map((r) => ({ semana: r.semana, clientes: Number(r.clientes), profissionais: Number(r.profissionais) })),
  };
}

/** The dashboard: both parts, each from its cache (`live` emptied by writes, `charts` not). */
export async function dashboardStats(live: Promise<Awaited<ReturnType<typeof liveFigures>>>, charts: Promise<Awaited<ReturnType<typeof chartSeries>>>) {
  const [l, s] = await Promise.all([live, charts]);
  // While both parts are the cached ones, the same answer object: the route then writes its JSON once
  // (a shared answer, plugins/compress.ts), not on every view of the dashboard.
  const kept = composed.get(l);
  if (kept?.charts === s) return kept.stats;
  const stats = composeStats(l, s);
  composed.set(l, { charts: s, stats });
  return stats;
}

function composeStats(l: Awaited<ReturnType<typeof liveFigures>>, s: Awaited<ReturnType<typeof chartSeries>>) {
  return {
    valorRecebido: l.recebidoCentimos / 100,
    valorTotal: l.totalCentimos / 100,
    clientes: l.clientes,
    profissionais: l.profissionais,
    projetos: l.projetos,
    pendentes: l.pendentes,
    receitaPorMes: s.receitaPorMes,
    projetosPorSemana: s.projetosPorSemana,
    registosPorSemana: s.registosPorSemana,
  };
}

/** The dashboard's answer by its two cached parts (released with them). */
const composed = new WeakMap<object, { charts: object; stats: ReturnType<typeof composeStats> }>();

/**
 * Payments behind the figures: `recebido` = paid only; `total` = paid and pending. The count and sum
 * of the whole selection come from `summary`: a short cache kept under the number of changes to the
 * payments (liveFigures' `pagamentosAlteracoes`), so that they are counted again after a payment
 * changes, not after every write (0.1 s over the generated 290 k payments).
 */
export async function listPaymentsAdmin(
  db: Db,
  summary: TtlCache['get'],
  f: { tipo: 'recebido' | 'total'; mes?: string; plano?: PlanValue; page: number; pageSize: number },
) {
  // The same filter for the totals (values) and the page (placeholders in its kept statement).
  const where = (mes: unknown, plano: unknown) =>
    and(
      // Literals, like the month's sub-selects below, so that the kept plan is estimated as a fresh one (the list's name says which).
      f.tipo === 'recebido' ? sql`${payments.estado} = 'PAGO'` : sql`${payments.estado} in ('PAGO', 'PENDENTE')`,
      mes === undefined ? undefined : inMonth(payments.criadoEm, mes),
      plano === undefined ? undefined : eq(payments.plano, plano as PlanValue),
    );
  const { limit } = pageWindow(f.page, f.pageSize);
  const agg = await summary(
    `pagamentos:${f.tipo}:${f.mes ?? ''}:${f.plano ?? ''}`,
    async () =>
      (
        await db
          .select({ total: sql<string>`count(*)`, soma: sql<string>`coalesce(sum(${payments.valorCentimos}), 0)::bigint` })
          .from(payments)
          .where(where(f.mes || undefined, f.plano || undefined))
      )[0],
  );
  const rows = await runList(db, `admin_pagamentos_${f.tipo}`, { page: f.page, pageSize: f.pageSize, filters: { mes: f.mes, plano: f.plano } }, (v, offset) => {
    // The page's rows first, then the names of those rows only: a column computed per row in the
    // same select is computed for every row an OFFSET skips too (page 500 looked up 25,000 names).
    const page = db
      .select({ pageId: payments.id, pageCriadoEm: payments.criadoEm })
      .from(payments)
      .where(where(v('mes'), v('plano', 'text')))
      .orderBy(desc(payments.criadoEm), desc(payments.id))
      .limit(limit)
      .offset(offset as number)
      .as('page');
    return db
      .select({
        id: payments.id,
        plano: payments.plano,
        valorCentimos: payments.valorCentimos,
        creditos: payments.creditos,
        metodo: payments.metodo,
        estado: payments.estado,
        provider: payments.provider,
        criadoEm: payments.criadoEm,
        pagoEm: payments.pagoEm,
        profissionalId: payments.profissionalId,
        // A scalar lookup rather than a join: PostgreSQL 15 put a Memoize over the join, sized for
        // every payment it might join, and setting that cache up on every run cost more than the
        // query (3.6 k → 5.5 k req/s measured with Memoize off).
        profissionalNome: sql<string | null>`(select ${profissionais.nome} from ${profissionais} where ${profissionais.id} = ${payments.profissionalId})`,
      })
      .from(page)
      .innerJoin(payments, eq(payments.id, page.pageId))
      .orderBy(desc(page.pageCriadoEm), desc(page.pageId));
  });
  return {
    ...pageOf(
      rows.map((r) => ({
        id: r.id,
        plano: r.plano,
        valorCentimos: r.valorCentimos,
        creditos: r.creditos,
        metodo: r.metodo,
        estado: r.estado,
        provider: r.provider,
        criadoEm: r.criadoEm.toISOString(),
        pagoEm: r.pagoEm?.toISOString() ?? null,
        profissionalId: r.profissionalId,
        profissionalNome: r.profissionalNome,
      })),
      f.page,
      f.pageSize,
    ),
    total: Number(agg.total),
    somaEuros: Number(agg.soma) / 100,
  };
}
