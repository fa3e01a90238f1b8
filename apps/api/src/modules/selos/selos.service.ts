import { sql, type SQL } from 'drizzle-orm';
import { DOMOTICA_SPECIALTIES, M, progressoSelos, SELO_REGRAS as R, SELOS, type Selo, type SeloMetricas, type SelosResponse } from '@tc/shared';
import type { Db, Tx } from '../../db/client';
import { executeNamed, executeShape, preparedRaw, type ShapeStep } from '../../db/prepared';
import { intArray, textArray } from '../../db/search';
import { notFound } from '../../lib/app-error';
import { approvedRatingOf, bayesSql, PRIOR_FALLBACK, refreshPriorSql, storedPriorSql } from './ranking';

/**
 * The badges' rules, in one statement (docs/decisions/0015 and the shared SELO_REGRAS):
 *  - VERIFICADO: documents checked by an admin;
 *  - TOP_AVALIADO: average ≥ 4.8 over ≥ 5 approved reviews received in the last 12 months;
 *  - DOMOTICA_EXPERT: verified, a Domótica specialty, and ≥ 3 completed Domótica projects where the client
 *    chose this professional and left an approved review of ≥ 4 for that project;
 *  - RESPOSTA_RAPIDA: ≥ 3 applications in the last 30 days whose median time since the project's approval
 *    is under 2 h.
 * Each professional's figures come from its own indexes (reviews_prof_aprovadas_idx, requests_escolhido_idx,
 * candidaturas_profissional_idx). The windows end at `now` (the app's clock); the stored `selos_em` says when.
 */
const num = (v: number) => sql.raw(String(v));

/**
 * "Resposta rápida"'s figures for one professional: applications in the window and their median minutes
 * since approval. `fresh` adds (criado_em, aprovado_em) of applications the caller's own statement is
 * writing (its snapshot does not see them yet). The window's start is a sub-select so that a kept
 * (generic) plan is estimated like a fresh one: as a bare parameter, PostgreSQL guessed a third of
 * the professional's applications, judged the kept plan dearer and planned the statement again on
 * every application.
 */
const rapidaFigures = (profissionalId: SQL, at: SQL, fresh?: SQL) => {
  const since = sql`(select ${at} - make_interval(days => ${num(R.rapidaDias)}))`;
  return sql`
  select count(*)::int as n,
    percentile_cont(0.5) within group (order by greatest(extract(epoch from c.criado_em - c.aprovado_em), 0)::float8 / 60) as mediana
  from (
    select c.criado_em, q.aprovado_em from candidaturas c join requests q on q.id = c.request_id
    where c.profissional_id = ${profissionalId} and c.criado_em > ${since} and q.aprovado_em is not null
    ${fresh ? sql`union all select f.criado_em, f.aprovado_em from (${fresh}) f where f.criado_em > ${since} and f.aprovado_em is not null` : sql``}
  ) c`;
};
const rapidaRule = (n: SQL, mediana: SQL) => sql`(${n} >= ${num(R.rapidaMinCandidaturas)} and ${mediana} < ${num(R.rapidaMaxMinutos)})`;

/**
 * Recomputes the badges of `target`'s professionals and stores them (with `selos_em`, and `nota_bayes`
 * when `prior` is given). `onlyChanged` (a professional's own page, read often): the row is written
 * only when the badges differ, so a view takes no row lock and leaves no dead row; the sweep renews
 * `selos_em` later. `rating`: the average and the number of approved reviews are recomputed in the
 * same update (one row cannot be updated twice by one statement), and the ranking is queued for
 * refreshRankings.
 */
function statement(target: SQL, now: Date | SQL, prior?: SQL, onlyChanged = false, rating = false) {
  const at = sql`${now instanceof Date ? now.toISOString() : now}::timestamptz`;
  return sql`
    with alvo as (${target}),
    m as (
      select p.id, p.verificacao::text as verificacao, (p.especialidades && ${textArray(DOMOTICA_SPECIALTIES)}) as esp_domotica,
        r12.n as avaliacoes12m, r12.media as media12m, dom.n as projetos_domotica, rr.n as candidaturas30d, rr.mediana as mediana_min
        ${rating ? sql`, ra.n as ra_n, ra.media as ra_media` : sql``}
      from profissionais p
      join alvo on alvo.id = p.id
      ${rating ? sql`cross join lateral (${approvedRatingOf(sql`p.id`)}) ra` : sql``}
      cross join lateral (
        select count(*)::int as n, avg(v.nota) as media from reviews v
        where v.profissional_id = p.id and v.status = 'APROVADO' and v.criado_em > ${at} - make_interval(months => ${num(R.topMeses)})) r12
      cross join lateral (
        select count(*)::int as n from requests q
        where q.escolhido_id = p.id and q.status = 'CONCLUIDO' and q.especialidade = any(${textArray(DOMOTICA_SPECIALTIES)})
          and exists (select 1 from reviews v where v.request_id = q.id and v.profissional_id = p.id and v.cliente_id = q.cliente_id
            and v.status = 'APROVADO' and v.nota >= ${num(R.domoticaNotaMinima)})) dom
      cross join lateral (${rapidaFigures(sql`p.id`, at)}) rr
    ),
    s as (
      select m.*, array_remove(array[
        case when verificacao = 'VERIFICADO' then 'VERIFICADO' end,
        case when avaliacoes12m >= ${num(R.topMinAvaliacoes)} and media12m >= ${num(R.topMediaMinima)} then 'TOP_AVALIADO' end,
        case when verificacao = 'VERIFICADO' and esp_domotica and projetos_domotica >= ${num(R.domoticaMinProjetos)} then 'DOMOTICA_EXPERT' end,
        case when ${rapidaRule(sql`candidaturas30d`, sql`mediana_min`)} then 'RESPOSTA_RAPIDA' end
      ]::text[], null) as selos
      from m
    )${
      rating
        ? sql`,
    -- The ranking follows within seconds (refreshRankings): nota_bayes is the row's one indexed column
    -- this would change, and leaving it out keeps the update HOT.
    rk as (insert into ranking_pendente (profissional_id) select id from s on conflict do nothing)`
        : sql``
    }
    ${onlyChanged ? sql`, w as (` : sql``}
    update profissionais p set selos = s.selos, selos_em = ${at}${prior ? sql`, nota_bayes = ${bayesSql(sql`p.total_avaliacoes`, sql`p.nota_media`, prior)}` : sql``}${
      rating ? sql`, nota_media = s.ra_media, total_avaliacoes = s.ra_n` : sql``
    }
    from s where p.id = s.id${
      onlyChanged
        ? sql` and p.selos is distinct from s.selos)
    select`
        : sql`
    returning`
    } s.id, s.selos, s.verificacao, s.avaliacoes12m, s.media12m::float8 as media12m, s.esp_domotica, s.projetos_domotica,
      s.candidaturas30d, s.mediana_min::float8 as mediana_min${rating ? sql`, s.ra_media as nota_media` : sql``}${onlyChanged ? sql` from s` : sql``}`;
}

interface Row {
  id: number;
  selos: string[];
  verificacao: SeloMetricas['verificacao'];
  avaliacoes12m: number;
  media12m: number | string | null;
  esp_domotica: boolean;
  projetos_domotica: number;
  candidaturas30d: number;
  mediana_min: number | string | null;
}
const numOrNull = (v: number | string | null) => (v === null ? null : Number(v));
const metricasOf = (r: Row): SeloMetricas => ({
  verificacao: r.verificacao,
  avaliacoes12m: Number(r.avaliacoes12m),
  media12m: numOrNull(r.media12m),
  especialidadeDomotica: !!r.esp_domotica,
  projetosDomotica: Number(r.projetos_domotica),
  candidaturas30d: Number(r.candidaturas30d),
  medianaMinutos: numOrNull(r.mediana_min),
});
/** Postgres text[] comes back as an array from both drivers; keep only known badges, in catalogue order. */
const selosOf = (r: Row): Selo[] => SELOS.filter((s) => (r.selos ?? []).includes(s));

/**
 * Recomputes and stores the badges of these professionals (ids of deleted accounts are ignored). Called
 * where an input changes: review moderation, verification, profile specialties, a choice or a completion,
 * an application (after its transaction), a project or an account deleted.
 */
export async function recomputeSelos(db: Db | Tx, ids: (number | null | undefined)[], now: Date): Promise<void> {
  const list = [...new Set(ids.filter((n): n is number => typeof n === 'number' && Number.isInteger(n) && n > 0))];
  if (!list.length) return;
  // Named and kept prepared: planning this statement took 1.3 ms, twice what running it takes (0.45
  // ms), in every choice, completion, review decided and verification. The ids are a sub-select, so
  // that the kept plan is estimated like a fresh one (seeing one id, PostgreSQL judged the kept plan,
  // made for any number, dearer and planned again every time).
  // Locked in id order before the update: two recomputes of overlapping professionals (two completions
  // naming each other's earlier choice, two accounts deleted at once) otherwise took them in whatever
  // order the plan met them, and could deadlock.
  await executeNamed(db, statement(sql`select id from profissionais where id = any((select ${intArray(list)})::int[]) order by id for update`, now));
}

/**
 * A review approved: the professional's average, number of reviews and ranking with his badges, in
 * one statement (recomputeRatings and recomputeSelos were two round trips). Answers the new average.
 */
export async function recomputeRatingAndSelos(db: Db | Tx, profissionalId: number, now: Date): Promise<number | null> {
  // Built once (executeShape): only the id and the time change.
  const { rows } = await executeShape<{ nota_media: number | string | null }>(
    db,
    'rating_and_selos',
    () => statement(sql`select id from profissionais where id = ${sql.placeholder('id')}::int`, sql`${sql.placeholder('at')}`, undefined, false, true),
    { id: profissionalId, at: now.toISOString() },
  );
  return notaMediaOf(rows[0]);
}

/**
 * recomputeRatingAndSelos as a step of statementsInOneTrip, after the statement that approves the
 * review `reviewId` in the same transaction: the professional is the review's, found when the step
 * starts, and only while the review stands approved (no review, or one rejected, recomputes nobody;
 * a second approval, refused as already decided, recomputes the same figures again). Its row answers
 * `nota_media`.
 */
export function ratingAndSelosAfterApproval(reviewId: number, now: Date): ShapeStep {
  return {
    shape: 'rating_and_selos_of_review',
    build: () =>
      statement(
        sql`select v.profissional_id as id from reviews v where v.id = ${sql.placeholder('review')}::int and v.status = 'APROVADO'`,
        sql`${sql.placeholder('at')}`,
        undefined,
        false,
        true,
      ),
    values: { review: reviewId, at: now.toISOString() },
  };
}

/** nota_media as recomputeRatingAndSelos's and ratingAndSelosAfterApproval's rows give it. */
export const notaMediaOf = (row: Record<string, unknown> | undefined): number | null => (row ? numOrNull(row.nota_media as number | string | null) : null);

/**
 * After an application only "Resposta rápida" can change: this reads that badge's figures alone and writes
 * the row only when the badge comes or goes (most applications change nothing, so nothing is written).
 * The other badges and selos_em stay as the last full recompute left them. RESPOSTA_RAPIDA is last in
 * SELOS, so appending keeps the stored array in catalogue order. As CTEs (`rr`, `rr_selo`) for the
 * statement that writes the application (`pro` and `at` as SQL of its own): `fresh` gives its minutes,
 * `gate` says whether it was written.
 */
export function respostaRapidaCtes(pro: SQL, at: SQL, fresh: SQL, gate: SQL): SQL {
  return sql`
    rr as (${rapidaFigures(pro, at, fresh)}),
    rr_selo as (
      update profissionais p
      set selos = array_remove(p.selos, 'RESPOSTA_RAPIDA') || case when v.tem then array['RESPOSTA_RAPIDA'] else array[]::text[] end
      from (select coalesce(${rapidaRule(sql`rr.n`, sql`rr.mediana`)}, false) as tem from rr) v
      where p.id = ${pro} and ${gate} and v.tem <> ('RESPOSTA_RAPIDA' = any(p.selos))
    )`;
}

/**
 * "Os seus selos": the professional's badges recomputed now (and stored, so the public cards agree),
 * with the figures behind each rule and what is still missing.
 */
export async function selosDoProfissional(db: Db, profissionalId: number, now: Date): Promise<SelosResponse> {
  const { rows } = await preparedRaw<Row & Record<string, unknown>>(db, 'selos_do_profissional', () =>
    statement(sql`select id from profissionais where id = ${sql.placeholder('id')}`, sql`${sql.placeholder('at')}`, undefined, true),
  ).execute({ id: profissionalId, at: now.toISOString() });
  const row = rows[0] as Row | undefined;
  if (!row) throw notFound(M.profissionalNaoIdentificado);
  const selos = selosOf(row);
  const metricas = metricasOf(row);
  return { selos, calculadoEm: now.toISOString(), metricas, progresso: progressoSelos(selos, metricas) };
}

/** Professionals whose ranking one refresh moves at most (one statement, their rows locked in id order). */
export const RANKING_BATCH = 100;

/**
 * Moves the ranking (nota_bayes, with the stored prior mean) of the professionals a review's approval
 * queued (ranking_pendente), in batches of RANKING_BATCH, each in a transaction: the rows are locked in
 * id order (as recomputeSelos and the sweep lock them), written only where the ranking moved, and their
 * queue entries deleted. An approval still in progress holds its professional's row, so the refresh
 * waits for it and reads its figures; one committed after the lock queues him again. Several workers
 * may refresh at once: the second finds the ranking already moved and writes nothing. Returns how many
 * professionals moved (the caller drops its cached lists when any did).
 */
export async function refreshRankings(db: Db, batch = RANKING_BATCH): Promise<number> {
  let moved = 0;
  for (;;) {
    const { n, m } = await db.transaction(async (tx) => {
      const ids = (await tx.execute<{ id: number }>(sql`select profissional_id as id from ranking_pendente order by profissional_id limit ${batch}`)).rows.map(
        (r) => Number(r.id),
      );
      if (!ids.length) return { n: 0, m: 0 };
      const list = intArray(ids);
      const bayes = bayesSql(sql`p.total_avaliacoes`, sql`p.nota_media`, storedPriorSql);
      const { rows } = await tx.execute<{ id: number }>(sql`
        update profissionais p set nota_bayes = ${bayes}
        from (select id from profissionais where id = any(${list}) order by id for update) l
        where p.id = l.id and p.nota_bayes is distinct from ${bayes}
        returning p.id`);
      await tx.execute(sql`delete from ranking_pendente where profissional_id = any(${list})`);
      return { n: ids.length, m: rows.length };
    });
    moved += m;
    if (n < batch) return moved;
  }
}

/** The prior mean of the ranking, computed once per sweep and stored for the recomputes until the next. */
async function priorMean(db: Db, now: Date): Promise<number> {
  const { rows } = await db.execute<{ m: number | string }>(refreshPriorSql(now));
  return Number(rows[0]?.m ?? PRIOR_FALLBACK);
}

/** Badges older than this are recomputed by the sweep: the time windows (12 months, 30 days) move every day. */
export const SELOS_STALE_MS = 20 * 3600_000;
export const SWEEP_BATCH = 500;

/**
 * The periodic sweep: recomputes, in batches by id, every professional whose badges were computed more
 * than SELOS_STALE_MS ago (or never), and refreshes its nota_bayes with today's prior mean (which moves
 * as reviews arrive). Several instances may sweep at once: each batch claims its rows with
 * FOR UPDATE SKIP LOCKED and a row done by one is no longer stale for the others. `all` recomputes
 * everyone (the demo seed, the benchmark generator). Returns how many professionals were recomputed.
 */
export async function sweepSelos(db: Db, now: Date, opts: { all?: boolean; batch?: number; shouldStop?: () => boolean } = {}): Promise<number> {
  const batch = opts.batch ?? SWEEP_BATCH;
  const cutoff = sql`${new Date(now.getTime() - SELOS_STALE_MS).toISOString()}::timestamptz`;
  const stale = opts.all ? sql`true` : sql`(selos_em is null or selos_em < ${cutoff})`;
  if (!opts.all) {
    const { rows } = await db.execute<{ any: boolean }>(sql`select exists (select 1 from profissionais where ${stale}) as any`);
    if (!rows[0]?.any) return 0;
  }
  const m = sql`${await priorMean(db, now)}::float8`;
  let after = 0;
  let done = 0;
  for (;;) {
    const { rows } = await db.execute<{ id: number }>(
      statement(sql`select id from profissionais where id > ${after} and ${stale} order by id limit ${batch} for update skip locked`, now, m),
    );
    done += rows.length;
    // A short batch: nothing stale is left after it (rows another sweep holds were skipped, it does them).
    if (rows.length < batch || opts.shouldStop?.()) return done;
    after = Math.max(...rows.map((r) => Number(r.id)));
  }
}
