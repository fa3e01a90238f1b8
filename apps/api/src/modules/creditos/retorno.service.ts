import { sql } from 'drizzle-orm';
import type { Retorno, RetornoMes } from '@tc/shared';
import type { Db } from '../../db/client';
import { preparedRaw } from '../../db/prepared';

/** Months shown in "O seu retorno": this one and the 11 before it. */
export const RETORNO_MESES = 12;

type Row = { mes: string; gastos: string; candidaturas: string; escolhido: string; avaliacoes: string; reembolsos: string };

function retornoSql(profissionalId: unknown, now: unknown) {
  // The first instant of the window (the 1st of the month 11 months ago, Lisbon time), written out in
  // every branch so each index sees "my rows since then" (a CTE join would hide the bound from it).
  const inicioLocal = sql`(date_trunc('month', ${now}::timestamptz at time zone 'Europe/Lisbon') - make_interval(months => ${RETORNO_MESES - 1}))`;
  const desde = sql`(${inicioLocal} at time zone 'Europe/Lisbon')`;
  const mes = (col: string) => sql.raw(`to_char(${col} at time zone 'Europe/Lisbon', 'YYYY-MM')`);
  return sql`
    with meses as (
      select to_char(m, 'YYYY-MM') as mes
      from generate_series(${inicioLocal}, ${inicioLocal} + make_interval(months => ${RETORNO_MESES - 1}), interval '1 month') m
    ), razao as (
      select ${mes('l.criado_em')} as mes,
        coalesce(-sum(l.delta) filter (where l.tipo = 'CANDIDATURA'), 0) as gastos,
        count(*) filter (where l.tipo = 'CANDIDATURA') as candidaturas,
        coalesce(sum(l.delta) filter (where l.tipo = 'REEMBOLSO'), 0) as reembolsos
      from credit_ledger l
      where l.profissional_id = ${profissionalId} and l.criado_em >= ${desde} and l.tipo in ('CANDIDATURA', 'REEMBOLSO')
      group by 1
    ), escolhas as (
      select ${mes('r.escolhido_em')} as mes, count(*) as n
      from requests r
      where r.escolhido_id = ${profissionalId} and r.escolhido_em >= ${desde}
      group by 1
    ), avaliacoes as (
      select ${mes('v.criado_em')} as mes, count(*) as n
      from reviews v
      where v.profissional_id = ${profissionalId} and v.status = 'APROVADO' and v.criado_em >= ${desde}
      group by 1
    )
    select meses.mes,
      coalesce(razao.gastos, 0)::bigint as gastos,
      coalesce(razao.candidaturas, 0)::bigint as candidaturas,
      coalesce(escolhas.n, 0)::bigint as escolhido,
      coalesce(avaliacoes.n, 0)::bigint as avaliacoes,
      coalesce(razao.reembolsos, 0)::bigint as reembolsos
    from meses
    left join razao using (mes)
    left join escolhas using (mes)
    left join avaliacoes using (mes)
    order by meses.mes`;
}

/**
 * A professional's return on spend, per month (Lisbon time) over the last 12 months, in one
 * statement. Each branch reads one index over the professional's own rows of that window:
 * - credits spent, applications and refunds: the ledger (credit_ledger_prof_idx), which keeps the
 *   CANDIDATURA and REEMBOLSO lines even when the project was deleted afterwards;
 * - times chosen: requests.escolhido_id (requests_escolhido_idx);
 * - reviews received: approved reviews (reviews_prof_aprovadas_idx), the ones the public sees.
 */
export async function retornoProfissional(db: Db, profissionalId: number, now: Date): Promise<Retorno> {
  // Named and built once (planning this statement costs PostgreSQL three times what running it does).
  const rows = (await preparedRaw<Row>(db, 'retorno', () => retornoSql(sql.placeholder('id'), sql.placeholder('now'))).execute({ id: profissionalId, now }))
    .rows;
  const meses: RetornoMes[] = rows.map((r) => ({
    mes: r.mes,
    creditosGastos: Number(r.gastos),
    candidaturas: Number(r.candidaturas),
    escolhido: Number(r.escolhido),
    avaliacoes: Number(r.avaliacoes),
    creditosReembolsados: Number(r.reembolsos),
  }));
  const sum = (k: keyof Omit<RetornoMes, 'mes'>) => meses.reduce((s, m) => s + m[k], 0);
  return {
    meses,
    totais: {
      creditosGastos: sum('creditosGastos'),
      candidaturas: sum('candidaturas'),
      escolhido: sum('escolhido'),
      avaliacoes: sum('avaliacoes'),
      creditosReembolsados: sum('creditosReembolsados'),
    },
  };
}
