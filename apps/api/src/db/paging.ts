import { DEFAULT_PAGE_SIZE, type Paged } from '@tc/shared';
import { sql } from 'drizzle-orm';

/**
 * The row count of a page (one more than the page, to learn whether another follows) as a literal in
 * the statement's text, typed as drizzle's `.limit()` argument. PostgreSQL keeps planning a prepared
 * statement on every run while its LIMIT is a parameter: the generic plan then assumes a tenth of all
 * rows is wanted, costs more than any custom plan and never wins. With the count in the text (the page
 * size is a validated integer, so the texts are few) the plan can be kept (db/prepared.ts runNamed).
 */
function literalLimit(pageSize: number): number {
  if (!Number.isInteger(pageSize) || pageSize < 1) throw new Error(`invalid page size ${pageSize}`);
  return sql.raw(String(pageSize + 1)) as unknown as number;
}

/**
 * LIMIT/OFFSET of a page, for `.limit(limit).offset(offset)`. The first page, by far the most asked
 * for, has offset 0, which drizzle leaves out of the text.
 */
export const pageWindow = (page: number, pageSize: number) => ({ limit: literalLimit(pageSize), offset: (page - 1) * pageSize });

/** The back office's lists' page size (the routes' default): the one prepared. */
export const ADMIN_PAGE_SIZE = DEFAULT_PAGE_SIZE;

/**
 * The same window for a statement prepared once with placeholders (db/prepared.ts `prepared`): `key`
 * tells its variants apart in the statement's name, `values` go with the statement's other values.
 * Only the list's usual page size is prepared (`prepared`): each size is another statement kept on
 * every connection, and a caller cycling through sizes would otherwise fill the server's memory.
 */
export function preparedWindow(page: number, pageSize: number, usual: number | readonly number[]) {
  const { limit, offset } = pageWindow(page, pageSize);
  // A list that two screens ask for at different sizes (a profile's reviews, 5; the professional's own, 3) keeps both.
  const prepared = typeof usual === 'number' ? pageSize === usual : usual.includes(pageSize);
  // The size is in the key: each size is another LIMIT in the text, so another statement name.
  const size = typeof usual === 'number' ? '' : `s${pageSize}`;
  return offset === 0
    ? { prepared, key: `p1${size}`, limit, offset: undefined, values: {} }
    : // A bare OFFSET parameter would keep the plan from being reused, as a LIMIT one does (the generic
      // plan assumes a tenth of the rows is skipped, a custom one the real count, so the generic plan
      // never looks as cheap). As a sub-select neither plan knows the value, both estimate alike, and
      // after five runs PostgreSQL keeps one plan for every deep page.
      { prepared, key: `pn${size}`, limit, offset: sql`(select ${sql.placeholder('offset')}::int)` as unknown as number, values: { offset } };
}

/** The page from rows fetched with `pageWindow` (docs/decisions/0006: no count of every match). */
export function pageOf<T>(rows: T[], page: number, pageSize: number): Paged<T> {
  return { items: rows.slice(0, pageSize), page, pageSize, hasMore: rows.length > pageSize };
}
