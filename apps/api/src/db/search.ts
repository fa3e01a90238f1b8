import { sql, type SQL } from 'drizzle-orm';
import { SPECIALTIES } from '@tc/shared';

/** The term as typed, trimmed, with LIKE's wildcards escaped; undefined when empty. */
export const searchTerm = (q?: string) => (q?.trim() ? q.trim().replace(/[\\%_]/g, (c) => `\\${c}`) : undefined);

/**
 * "Contains", ignoring case and accents, against a stored search column that is already folded
 * (`lower(f_unaccent(...))`, trigram-indexed): only the term is folded per query.
 */
export const containsFolded = (foldedColumn: SQL | unknown, term: unknown) => sql`${foldedColumn} like '%' || lower(f_unaccent(${term})) || '%'`;

/** Rows whose id is one of `ids` (a `{1,2,3}` int[] literal or its placeholder: db/prepared.ts runList's kept pages); none when undefined. */
export const idIn = (column: SQL | unknown, ids: unknown) => (ids === undefined ? undefined : sql`${column} = any(${ids}::int[])`);

/** "Contains", ignoring case only, for a column that has no folded copy (e-mails in the back office). */
export const containsLower = (column: SQL | unknown, term: unknown) => sql`lower(${column}) like '%' || lower(${term}) || '%'`;

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
const foldedLabels = SPECIALTIES.map((s) => ({ value: s.value, label: fold(s.label) }));

/**
 * Specialties whose label contains the typed text, resolved here so the query matches the indexed
 * array of values instead of looking labels up row by row.
 */
export function specialtiesMatching(q: string): string[] {
  const t = fold(q.trim());
  return t ? foldedLabels.filter((s) => s.label.includes(t)).map((s) => s.value) : [];
}

/** PostgreSQL's text form of a text[] (sent as one parameter: drizzle would spread a JS array into a row constructor). */
export const textArrayLiteral = (values: string[]) => `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

/** A text[] parameter: the literal above, or a placeholder given that literal as its value. */
export const textArray = (values: string[] | unknown) => sql`${Array.isArray(values) ? textArrayLiteral(values) : values}::text[]`;
