import { sql, type SQL } from 'drizzle-orm';

/**
 * "Best rated" by a Bayesian average (docs/decisions/0015): each professional's approved reviews are
 * pulled towards the mean m of every approved review by PRIOR_WEIGHT imaginary reviews,
 *   nota_bayes = (PRIOR_WEIGHT · m + n · média) / (PRIOR_WEIGHT + n),
 * so one 5 ★ does not beat forty 4.9 ★. Null without reviews (they sort last).
 */
export const PRIOR_WEIGHT = 5;
/** m before there is any approved review at all. */
export const PRIOR_FALLBACK = 4;

/** m: the mean of every approved review (a scan of the reviews: the sweep only, or before its first pass). */
const PRIOR_MEAN = `(select coalesce(avg(nota), ${PRIOR_FALLBACK})::float8 from reviews where status = 'APROVADO')`;
export const priorMeanSql = sql.raw(PRIOR_MEAN);

/**
 * m as the last sweep stored it (`ranking_prior`), for one professional's recompute (a review decided
 * or deleted, an account deleted): a key read instead of a scan, and the same m the sweep gave everyone
 * else. Before any sweep has run, computed from the reviews (PostgreSQL runs the second sub-select only
 * when the first is null).
 */
export const storedPriorSql = sql.raw(`coalesce((select m from ranking_prior where id = 1), ${PRIOR_MEAN})`);

/** Computes m and stores it for the recomputes until the next sweep; returns it. */
export const refreshPriorSql = (now: Date) => sql`
  insert into ranking_prior (id, m, calculado_em) select 1, ${priorMeanSql}, ${now.toISOString()}::timestamptz
  on conflict (id) do update set m = excluded.m, calculado_em = excluded.calculado_em
  returning m`;

/** The formula, for `n` approved reviews averaging `media`, with prior mean `m`. */
export const bayesSql = (n: SQL, media: SQL, m: SQL) =>
  sql`(case when ${n} > 0 then (${sql.raw(String(PRIOR_WEIGHT))} * ${m} + ${n} * ${media}) / (${sql.raw(String(PRIOR_WEIGHT))} + ${n}) end)::float8`;

/**
 * A professional's rating as stored (DESIGN §4): `n` approved reviews and their average `media` (null
 * without any), for a lateral join on his id. Both recomputes (reviews.service and the badges') use it.
 */
export const approvedRatingOf = (profissionalId: SQL) =>
  sql`select count(*)::int as n, avg(v.nota)::float8 as media from reviews v where v.profissional_id = ${profissionalId} and v.status = 'APROVADO'`;
