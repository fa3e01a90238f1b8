import { sql, type SQL } from 'drizzle-orm';
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
