import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import { fetchSize } from './paging';
import { SPECIALTIES, SPECIALTY_GROUP_SEARCH_TERMS } from '@tc/shared';

/**
 * The term as typed, trimmed; undefined when empty. LIKE's wildcards are escaped in SQL, after the
 * term is folded: unaccent turns some characters into them ("％" into "%", "＿" into "_").
 */
export const searchTerm = (q?: string) => (q?.trim() ? q.trim() : undefined);

/** Short words that say nothing about whom to find ("canalizador em Gaia", "falta de energia"). */
const STOP_WORDS = new Set(['a', 'o', 'as', 'os', 'e', 'de', 'da', 'do', 'das', 'dos', 'em', 'no', 'na', 'nos', 'nas', 'para', 'por', 'com']);

/**
 * The words of a search, split at spaces, commas, semicolons and slashes ("quadro,lisboa"); punctuation
 * at their ends dropped; small words dropped when others are left;
 * the first six: each one is then looked for on its own (the professionals' directory, job search).
 */
export function searchWords(term: string): string[] {
  const words = term
    .split(/[\s,;/]+/)
    .map((x) => x.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter(Boolean);
  const meaningful = words.filter((x) => !STOP_WORDS.has(x.toLowerCase()));
  return [...new Set((meaningful.length ? meaningful : words).map((x) => x.toLowerCase()))].slice(0, 6);
}

/**
 * The words a search looks for (searchWords), or the whole term when none is left (a text of
 * punctuation alone, which finds nothing). Keys the kept searches too: "Lisboa", "lisboa " and
 * "LISBOA," are one search, found once.
 */
export function wordsOf(term: string): string[] {
  const found = searchWords(term);
  return found.length ? found : [term];
}

/** A back-office search's words as list filters (`runList`): q0, q1, ... (isWordFilter). */
const WORD_FILTER = /^q\d$/;
export const isWordFilter = (key: string) => WORD_FILTER.test(key);

/**
 * A back-office search as list filters: its words (searchWords) as q0, q1, ..., each of which must be
 * found, in any order, as in job search and the directory ("fuga lisboa": leaks in Lisbon; "maria
 * santos": Maria Silva Santos). Searched as one phrase, "fuga lisboa" found nothing, and the
 * trigram index handed every row holding its letters to be checked (11,000 rows, 0.1-0.25 s on the
 * generated million). Nothing when the search is empty.
 */
export function wordFilters(q?: string): Record<string, string> {
  const term = searchTerm(q);
  if (term === undefined) return {};
  return Object.fromEntries(wordsOf(term).map((word, i) => [`q${i}`, word]));
}

/** A list's text condition from its words: `match` applied to each (see everyWord). */
export type Words = (match: (word: unknown) => SQL) => SQL | undefined;

/**
 * Every word of `wordFilters` that is present (`v('q0')`, `v('q1')`, ..., runList's placeholders)
 * matched by `match`; undefined without text.
 */
export function everyWord(v: (key: string) => unknown, match: (word: unknown) => SQL): SQL | undefined {
  const conditions: SQL[] = [];
  for (let i = 0; i < 10; i++) {
    const word = v(`q${i}`);
    if (word !== undefined) conditions.push(match(word));
  }
  return conditions.length ? sql.join(conditions, sql` and `) : undefined;
}

/**
 * How a list runs a search of several words. PostgreSQL prices each word's LIKE from its statistics
 * and takes the words to be independent, so two common words that never meet ("lisboa porto",
 * "fuga quadro") look as if every hundredth row held both: it walks the list's order index to stop at
 * the page and reads every row instead (1.7 s for job search, a 5 s statement timeout for the back
 * office's projects on the generated million). Read as all the matches and then sorted, words that
 * often meet ("maria silva": 9,500 projects) cost 0.2 s where the walk stops after a few rows. So:
 * - `walk`: the list's first WALK_ROWS rows in its order (its other filters applied), then the words
 *   on those: a few ms, and the right page whenever that page is among them (the order is the same);
 * - `all`: when it is not (fewer rows than the LIMIT came back), every match then sorted: the first
 *   key is wrapped (`sortedKey`) so that no index gives the order, and PostgreSQL finds the matches
 *   through the trigram index instead, at a cost that grows with the matches, not with the table;
 * - `plain`: one word, or no text: PostgreSQL's own choice (one LIKE is estimated well).
 */
export type TextPlan = 'plain' | 'walk' | 'all';

/** A list statement's cache name for a plan (`plain` keeps the shape's own name). */
export const planShape = (shape: string, plan: TextPlan) => (plan === 'plain' ? shape : `${shape}_${plan}`);

/**
 * Runs a text search as TextPlan says: `plain` for one word; for several, `walk` first and `all` only
 * when the walk gave fewer rows than the LIMIT (fetchSize + 1) of a page of `pageSize`.
 */
export async function searchBySteps<R>(
  severalWords: boolean,
  pageSize: number,
  runAs: (plan: TextPlan) => Promise<R[]>,
  /** The rows fetched (one less than the LIMIT), when not a page's fetch step (laterPageBlock). */
  fetched = fetchSize(pageSize),
): Promise<R[]> {
  if (!severalWords) return runAs('plain');
  const walked = await runAs('walk');
  return walked.length > fetched ? walked : runAs('all');
}

/** The rows a `walk` reads at most before the search falls back to `all`. */
export const WALK_ROWS = 4000;

/** A list's first ORDER BY key; in `all`, wrapped so that no index gives it (same order, same NULLs). */
export const sortedKey = (key: SQL | PgColumn, plan: TextPlan): SQL | PgColumn => (plan === 'all' ? sql`coalesce(${key}, ${key})` : key);

/**
 * What a list reads FROM: the table, or in `walk` its first WALK_ROWS rows in the list's `order`
 * under its other filters (`where`), under the table's own name, so the rest of the query is unchanged.
 */
export function walkedTable<T extends PgTable>(db: Db, table: T, plan: TextPlan, where: SQL | undefined, order: (SQL | PgColumn)[]): T {
  if (plan !== 'walk') return table;
  // A subquery under the table's name: drizzle then accepts the table's columns in the outer query.
  const name = getTableName(table);
  return (
    db
      .select()
      .from(table as PgTable)
      .where(where)
      .orderBy(...order)
      // In the text, like every LIMIT of the lists (db/paging.ts).
      .limit(sql.raw(String(WALK_ROWS)) as unknown as number)
      .as(name) as unknown as T
  );
}

/** A term folded (or only lower-cased) in SQL, then with LIKE's wildcards and escape character escaped. */
const likeSafe = (folded: SQL) => sql`replace(replace(replace(${folded}, '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;

/**
 * A term with three letters or digits in a row is searched anywhere ("eletri", "conceicao"); a
 * shorter one ("ar", "zé", "3") as the start of a word. A trigram index cannot find two letters
 * anywhere in a word: such a search read every row (1.3 s for a rare pair of letters in job search on
 * the generated million), while the start of a word is three trigrams with the word's boundary. A
 * term with no letter or digit at all ("%", "-") matches nothing. Decided in SQL from the term
 * itself, so a statement's text is the same for every term: a text search is planned for its value
 * (sent unnamed), PostgreSQL folds these tests on the constant and keeps one branch of the OR.
 * `isWordStartTerm` is the same rule in code (specialty labels).
 */
const ANYWHERE = `'[[:alnum:]]{3}'`;
const SOME_LETTER = `'[[:alnum:]]'`;
export const isWordStartTerm = (folded: string) => !/[\p{L}\p{N}]{3}/u.test(folded);

/**
 * "Contains" (or, for a short term, "a word starts with"), ignoring case and accents, against a stored
 * search column that is already folded (`lower(f_unaccent(...))`, trigram-indexed): only the term is
 * folded per query.
 */
export function containsFolded(foldedColumn: SQL | unknown, term: unknown) {
  const t = likeSafe(sql`lower(f_unaccent(${term}))`);
  return sql`((${t} ~ ${sql.raw(ANYWHERE)} and ${foldedColumn} like '%' || ${t} || '%')
    or (${t} !~ ${sql.raw(ANYWHERE)} and ${t} ~ ${sql.raw(SOME_LETTER)} and (${foldedColumn} like ${t} || '%' or ${foldedColumn} like '% ' || ${t} || '%')))`;
}

/** Rows whose id is one of `ids` (a `{1,2,3}` int[] literal or its placeholder: db/prepared.ts runList's kept pages); none when undefined. */
/**
 * `id` among the rows of a table of search texts kept apart (migration 0033: one row per project or
 * review, its text written by a trigger) whose text has every word; undefined without text. PostgreSQL
 * then either walks the list's order index and probes the side table's key for each row (a common word)
 * or reads the side table's trigram index first (a rare one).
 *
 * In `walk` the text of each walked row is read by its key, always: a subquery in an expression,
 * which PostgreSQL runs row by row. Written as `in (...)`, PostgreSQL chose by its estimate of the
 * words' matches, which two words that often meet ("quadro elétrico": 43,927 projects, estimated
 * 7,142) make wrong: it read every match from the trigram index to join them to the 4,000 walked rows,
 * 130-600 ms on the generated million against 15-30 ms probed (docs/decisions/0006).
 */
export const foundApart = (id: unknown, side: { table: PgTable; key: PgColumn; texto: PgColumn }, words: Words, plan: TextPlan): SQL | undefined => {
  const matched = words((word) => containsFolded(side.texto, word));
  if (!matched) return undefined;
  if (plan === 'walk') return sql`(select ${matched} from ${side.table} where ${side.key} = ${id})`;
  return sql`${id} in (select ${side.key} from ${side.table} where ${matched})`;
};

export const idIn = (column: SQL | unknown, ids: unknown) => (ids === undefined ? undefined : sql`${column} = any(${ids}::int[])`);

/** "Contains", ignoring case only, for a column that has no folded copy (e-mails in the back office); a short term (above) is the address's start. */
export function containsLower(column: SQL | unknown, term: unknown) {
  const t = likeSafe(sql`lower(${term})`);
  return sql`((${t} ~ ${sql.raw(ANYWHERE)} and lower(${column}) like '%' || ${t} || '%')
    or (${t} !~ ${sql.raw(ANYWHERE)} and ${t} ~ ${sql.raw(SOME_LETTER)} and lower(${column}) like ${t} || '%'))`;
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
// Each specialty under its label and its group's search terms (SPECIALTY_GROUP_SEARCH_TERMS): "eletricista" finds every electrical one.
const foldedLabels = SPECIALTIES.map((s) => ({ value: s.value, label: fold(s.label), terms: SPECIALTY_GROUP_SEARCH_TERMS[s.group].map(fold) }));
const startsAWord = (text: string, t: string) => ` ${text}`.includes(` ${t}`);

/**
 * Specialties whose label contains the typed text, or one of whose group's search terms has a word
 * starting with it, resolved here so the query matches the indexed array of values instead of looking
 * labels up row by row. A group's terms only by a word's start, so that a name ("ana") is not found
 * inside a trade ("canalizador"). `wordStart`: the label too only by a word's start (each word of a
 * search of several words, where "ana silva" must not mean "canalização" and "silva").
 */
export function specialtiesMatching(q: string, opts: { wordStart?: boolean } = {}): string[] {
  const t = fold(q.trim());
  if (!/[\p{L}\p{N}]/u.test(t)) return [];
  // As containsFolded: anywhere, or a short term at the start of the label or after a space.
  const inLabel = opts.wordStart || isWordStartTerm(t) ? (label: string) => startsAWord(label, t) : (label: string) => label.includes(t);
  return foldedLabels.filter((s) => inLabel(s.label) || s.terms.some((term) => startsAWord(term, t))).map((s) => s.value);
}

/** PostgreSQL's text form of a text[] (sent as one parameter: drizzle would spread a JS array into a row constructor). */
export const textArrayLiteral = (values: string[]) => `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

/** A text[] parameter: the literal above, or a placeholder given that literal as its value. */
export const textArray = (values: string[] | unknown) => sql`${Array.isArray(values) ? textArrayLiteral(values) : values}::text[]`;

/** An int[] parameter (whole numbers only: the literal is built from them). */
export const intArray = (ids: number[]) => sql`${`{${ids.map((n) => Math.trunc(n)).join(',')}}`}::int[]`;
