import { createHash } from 'node:crypto';
import pg from 'pg';
import { Column, fillPlaceholders, is, SQL, sql, Subquery } from 'drizzle-orm';
import { NodePgPreparedQuery } from 'drizzle-orm/node-postgres';
import type { Db, Tx } from './client';
import { fetchSize, preparedWindow } from './paging';
import type { TtlCache } from '../lib/ttl-cache';
import { isWordFilter, planShape, searchBySteps, type TextPlan } from './search';

/**
 * Named prepared statements for the hottest lists. PostgreSQL then parses and plans each shape once
 * per connection instead of on every request (planning cost twice the execution of a 12-row page),
 * and drizzle builds the SQL once. A list whose filters vary gets one statement per combination of
 * filters present (the `shape`); the values travel as parameters. A text search is built once the
 * same way but prepared unnamed (`.prepare('')`): sent with its word each time and planned for it,
 * since its best plan depends on the word typed.
 */
type Executable<R> = { execute(values: Record<string, unknown>): Promise<R> };
const perDb = new WeakMap<object, Map<string, Executable<unknown>>>();

export function prepared<R>(db: Db, shape: string, build: () => Executable<R>): Executable<R> {
  let cache = perDb.get(db);
  if (!cache) perDb.set(db, (cache = new Map()));
  let q = cache.get(shape) as Executable<R> | undefined;
  if (!q) {
    const built = build();
    cache.set(shape, (q = flatRows(built) ?? built));
  }
  return q;
}

/** What drizzle's node-postgres prepared select holds (PGlite's differs: its client.query takes the text first). */
type NodePgSelect = {
  client?: { query(config: object, params: unknown[]): Promise<{ rows: unknown[][] }> };
  queryConfig?: { text: string };
  params?: unknown[];
  logger?: { logQuery(query: string, params: unknown[]): void };
  fields?: { path: string[]; field: unknown }[];
  customResultMapper?: unknown;
};
type Decoder = { mapFromDriverValue(value: unknown): unknown };

/**
 * A prepared select whose columns are all top-level keys (no nested objects), run on node-postgres
 * with its row mapping worked out once: drizzle's own mapping looks up each field's kind and walks
 * its path for every value of every row, which cost about a tenth of a list's CPU (a profile of job
 * search: ~70 µs of ~600 per request). Same statement, same values, same decoders, same logger;
 * anything else keeps drizzle's `execute`.
 */
function flatRows<R>(q: Executable<R>): Executable<R> | undefined {
  if (!is(q, NodePgPreparedQuery)) return undefined;
  const p = q as unknown as NodePgSelect;
  const { client, queryConfig, params, logger, fields } = p;
  if (!client || !queryConfig || !params || !logger || !fields || p.customResultMapper || fields.some((f) => f.path.length !== 1)) return undefined;
  const keys = fields.map((f) => f.path[0]);
  // As drizzle's mapResultRow picks them: the column itself, or the SQL's decoder (`sql<T>` with `.mapWith`).
  const decoderOf = (s: unknown) => (s as { decoder: Decoder }).decoder;
  const decoders = fields.map(({ field }): Decoder => {
    if (is(field, Column)) return field;
    if (is(field, SQL)) return decoderOf(field);
    if (is(field, Subquery)) return decoderOf((field._ as unknown as { sql: SQL }).sql);
    return decoderOf((field as SQL.Aliased).sql);
  });
  const n = keys.length;
  const toRow = (row: unknown[]) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < n; i++) {
      const v = row[i];
      out[keys[i]] = v === null ? null : decoders[i].mapFromDriverValue(v);
    }
    return out;
  };
  return {
    async execute(values: Record<string, unknown> = {}) {
      const filled = fillPlaceholders(params, values);
      logger.logQuery(queryConfig.text, filled);
      const { rows } = await client.query(queryConfig, filled);
      return rows.map(toRow) as R;
    },
  };
}

/**
 * A filter's value written so that the planner cannot see it: `(select $n::type)`, for the kept
 * (named) statement of a list filtered by a category (a status, a district, an urgency). With the
 * value as a bare parameter, each fresh plan knew it, and for a common value ("Lisboa", "CONCLUIDO")
 * a fresh plan always looked cheaper than the kept one, so PostgreSQL planned the list on every
 * request (0.8 ms of planning for a 0.15 ms page). Hidden, both plans estimate alike and the one plan
 * is kept after five runs, as with the deep pages' OFFSET (db/paging.ts). `type` is one of the
 * filters' SQL types (written into the text: never user input).
 */
export type FilterType = 'text' | 'project_status' | 'review_status' | 'verification_status' | 'payment_status' | 'guarantee_status' | 'time_option';
export const unseen = (value: unknown, type: FilterType): SQL => sql`(select ${value}::${sql.raw(type)})`;

const namedTexts = new Map<string, string>();

/**
 * Runs a raw statement (db.execute's SQL, in or out of a transaction) as a named prepared statement:
 * PostgreSQL parses and plans it once per connection, then only binds the values (the write paths'
 * statements cost more to plan than to run). The name is a hash of the text, so a statement whose text
 * varies (a list of notifications, say) gets one name per variant and never a name that means two
 * texts. PGlite runs it as a plain statement.
 */
export function executeNamed<R extends Record<string, unknown>>(db: Db | Tx, query: SQL): Promise<{ rows: R[] }> {
  return namedStatement<R>(db, query).execute();
}

type RawDb<R> = {
  dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      q: { sql: string; params: unknown[] },
      fields: undefined,
      name: string | undefined,
      arrayMode: boolean,
    ): { execute(values?: Record<string, unknown>): Promise<{ rows: R[] }> };
  };
};

function namedStatement<R>(db: Db | Tx, query: SQL) {
  const d = db as unknown as RawDb<R>;
  const built = d.dialect.sqlToQuery(query);
  return d.session.prepareQuery(built, undefined, nameFor(built.sql), false);
}

const shapes = new Map<string, { sql: string; params: unknown[]; name: string | undefined }>();

/**
 * executeNamed for a statement built once (`build` writes its values as `sql.placeholder(key)`), in or
 * out of a transaction: its SQL text and name are kept by `shape` (the text is the same for every
 * database), and each call only fills the values. Building a long write statement with drizzle on every
 * call was about a tenth of the API's CPU for a review's decision.
 */
export function executeShape<R extends Record<string, unknown>>(
  db: Db | Tx,
  shape: string,
  build: () => SQL,
  values: Record<string, unknown>,
): Promise<{ rows: R[] }> {
  return shapeQuery<R>(db, shape, build).execute(values);
}

function shapeQuery<R>(db: Db | Tx, shape: string, build: () => SQL) {
  const d = db as unknown as RawDb<R>;
  let built = shapes.get(shape);
  if (!built) {
    const q = d.dialect.sqlToQuery(build());
    shapes.set(shape, (built = { ...q, name: nameFor(q.sql) }));
  }
  return d.session.prepareQuery(built, undefined, built.name, false);
}

/** A statement of executeShape's for statementsInOneTrip: its shape, how it is built, its values. */
export interface ShapeStep {
  shape: string;
  build: () => SQL;
  values: Record<string, unknown>;
}

/** What drizzle's node-postgres raw prepared query holds: the config it hands node-postgres, and its logger. */
type NodePgRaw = { rawQueryConfig: pg.QueryConfig; params: unknown[]; logger: { logQuery(query: string, params: unknown[]): void } };

/**
 * Kept statements (executeShape's) as one transaction in one round trip. On PostgreSQL, BEGIN, each
 * statement and COMMIT are written at once on one connection (node-postgres pipelining: the pool's
 * clients are made with `pipeline: true`) and the server runs them in order, each with a snapshot
 * of its own taken when it starts, exactly as if each were awaited in turn; only the waits between
 * them go. Each waited for the API's thread to read the answer and write the next statement, with
 * the transaction's row locks held meanwhile: under load a review's approval (four round trips)
 * spent most of its time that way. For statements whose values do not depend on an earlier one's
 * answer. A statement that fails aborts the transaction: those after it fail too, COMMIT rolls back,
 * and its error is thrown. PGlite (in process, nothing to wait for) runs them in turn in a transaction.
 */
export async function statementsInOneTrip(db: Db, steps: ShapeStep[]): Promise<{ rows: Record<string, unknown>[] }[]> {
  const pool = (db as unknown as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) {
    return db.transaction(async (tx) => {
      const out: { rows: Record<string, unknown>[] }[] = [];
      for (const s of steps) out.push(await executeShape(tx, s.shape, s.build, s.values));
      return out;
    });
  }
  // The same text, name, parameters and type parsers as executeShape would send through drizzle.
  const queries = steps.map((s) => {
    const q = shapeQuery<Record<string, unknown>>(db, s.shape, s.build) as unknown as NodePgRaw;
    const values = fillPlaceholders(q.params, s.values);
    q.logger.logQuery(q.rawQueryConfig.text, values);
    return { config: q.rawQueryConfig, values };
  });
  const client = await pool.connect();
  let lost: Error | undefined;
  try {
    const answers = await Promise.allSettled([
      client.query('begin'),
      ...queries.map((q) => client.query<Record<string, unknown>>(q.config, q.values)),
      client.query('commit'),
    ]);
    const failed = answers.find((a): a is PromiseRejectedResult => a.status === 'rejected');
    if (failed) {
      // PostgreSQL's own refusal leaves the connection at rest (COMMIT answered ROLLBACK); anything
      // else (a lost connection) and it is not handed out again.
      if (!(failed.reason instanceof pg.DatabaseError)) lost = failed.reason instanceof Error ? failed.reason : new Error(String(failed.reason));
      throw failed.reason;
    }
    return answers.slice(1, -1).map((a) => ({ rows: (a as PromiseFulfilledResult<pg.QueryResult<Record<string, unknown>>>).value.rows }));
  } finally {
    client.release(lost);
  }
}

/**
 * A raw statement of a read path built once per database (`build` writes its values as
 * `sql.placeholder(key)`), then only filled and run, named like executeNamed's: building a long
 * statement's SQL with drizzle and hashing its text on every request cost about a sixth of the
 * API's CPU for "Os seus selos".
 */
export function preparedRaw<R extends Record<string, unknown>>(db: Db, shape: string, build: () => SQL): Executable<{ rows: R[] }> {
  return prepared(db, `raw_${shape}`, () => namedStatement<R>(db, build()));
}

/** The statement name of a text: a hash of it. Bounded (each name lives on every connection): past the cap a new text runs unnamed. */
function nameFor(text: string): string | undefined {
  let name = namedTexts.get(text);
  if (!name && namedTexts.size < 200) {
    name = `n_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    namedTexts.set(text, name);
  }
  return name;
}

type Buildable<T> = PromiseLike<T> & { prepare(name: string): { execute(values?: Record<string, unknown>): Promise<T> } };

/**
 * A back-office or account list: `build(v, offset, plan)` makes its query, `v(key)` standing for
 * the filter `filters[key]` (`v(key, sqlType)` for a category the kept plan must not see: `unseen`);
 * the filter `q` is the searched text, or `q0`, `q1`, ... its words (db/search.ts wordFilters, with
 * `plan` saying how several are searched: TextPlan). It is built once per shape (which filters
 * are present, first page or not, the fetch step of db/paging.ts) with placeholders: building
 * drizzle's SQL on every request cost more CPU than the rest of answering it. Without text the
 * statement is kept prepared (named); with text it is sent unnamed, so that PostgreSQL plans it for
 * the word typed (a rare word reads the trigram index, a common one walks the order index and stops
 * at the page).
 */
export function runList<T>(
  db: Db,
  name: string,
  opts: {
    page: number;
    pageSize: number;
    filters: Record<string, unknown>;
    /**
     * Keeps which rows a page found by text holds (app.ctx.searches, SEARCH_CACHE_MS): the same for
     * every reader, and planning the search for its word costs PostgreSQL more than reading the page.
     * Each later reader gets those rows read afresh by id (`v('ids')`, a `{1,2,3}` int[] literal, with
     * the other filters still applied), so what a row says is never old; only which rows match may be,
     * for a few seconds. The rows need an `id`.
     */
    searches?: TtlCache;
  },
  build: (v: (key: string, type?: FilterType) => unknown, offset: unknown, plan: TextPlan) => Buildable<T>,
): Promise<T> {
  const present = Object.fromEntries(Object.entries(opts.filters).filter(([, value]) => value !== undefined && value !== null && value !== ''));
  const text = Object.keys(present).some((key) => key === 'q' || isWordFilter(key));
  // A filter given its SQL type is hidden from the planner in a kept statement (`unseen`); a text
  // search, planned for its word anyway, sees every value.
  const hide = (value: unknown, type: FilterType | undefined, named: boolean) => (type && named ? unseen(value, type) : value);
  const w = preparedWindow(opts.page, opts.pageSize);
  const shape = `${name}_${Object.keys(present).sort().join('_') || 'all'}_${w.key}`;
  const run = (shape: string, filters: Record<string, unknown>, offset: unknown, values: Record<string, unknown>, named: boolean, plan: TextPlan = 'plain') =>
    prepared(db, planShape(shape, plan), () =>
      build((key, type) => (key in filters ? hide(sql.placeholder(key), type, named) : undefined), offset, plan).prepare(named ? shape : ''),
    ).execute({
      ...filters,
      ...values,
    });
  // Several words: the first rows in the list's order first, every match only when the page is not
  // among them (TextPlan in db/search.ts).
  const byText = () =>
    searchBySteps(
      Object.keys(present).filter(isWordFilter).length > 1,
      opts.pageSize,
      (plan) => run(shape, present, w.offset, w.values, false, plan) as Promise<unknown[]>,
    ) as Promise<T>;
  if (!text) return run(shape, present, w.offset, w.values, true);
  if (!opts.searches) return byText();
  return pageByIds(opts.searches, `${name}:${JSON.stringify([present, opts.page, opts.pageSize])}`, present, {
    byText,
    // The fetch step in the name too: its LIMIT is in the text.
    byIds: (filters) => run(`${name}_${Object.keys(filters).sort().join('_')}_ids${fetchSize(opts.pageSize)}`, filters, undefined, {}, true),
  });
}

/** runList's text search through the kept ids (see `searches` above). */
async function pageByIds<T>(
  searches: TtlCache,
  key: string,
  present: Record<string, unknown>,
  run: { byText: () => Promise<T>; byIds: (filters: Record<string, unknown>) => Promise<T> },
): Promise<T> {
  let fresh: T | undefined;
  const ids = await searches.get(key, async () => ((fresh = await run.byText()) as { id: number }[]).map((r) => r.id));
  if (fresh) return fresh;
  const filters: Record<string, unknown> = { ...present, ids: `{${ids.join(',')}}` };
  for (const key of Object.keys(filters)) if (key === 'q' || isWordFilter(key)) delete filters[key];
  return run.byIds(filters);
}

/**
 * The fields `columns` names, as read from a subquery that selected them (`select({ ...columns })…as(name)`):
 * a page's rows read whole in a subquery, then joined to what they show.
 */
export const fieldsOf = <C extends Record<string, unknown>, S extends { [K in keyof C]: unknown }>(sub: S, columns: C) =>
  Object.fromEntries(Object.keys(columns).map((k) => [k, sub[k as keyof C]])) as { [K in keyof C]: S[K] };
