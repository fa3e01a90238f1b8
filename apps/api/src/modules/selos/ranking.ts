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

/** m: the mean of every approved review (a scan of the reviews: moderation and the daily sweep only). */
export const priorMeanSql = sql.raw(`(select coalesce(avg(nota), ${PRIOR_FALLBACK})::float8 from reviews where status = 'APROVADO')`);

/** The formula, for `n` approved reviews averaging `media`, with prior mean `m`. */
export const bayesSql = (n: SQL, media: SQL, m: SQL) =>
  sql`(case when ${n} > 0 then (${sql.raw(String(PRIOR_WEIGHT))} * ${m} + ${n} * ${media}) / (${sql.raw(String(PRIOR_WEIGHT))} + ${n}) end)::float8`;
