import { DEFAULT_PAGE_SIZE, type Paged } from '@tc/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client';

/**
 * The row count of a page (one more than the page, to learn whether another follows) as a literal in
 * the statement's text, typed as drizzle's `.limit()` argument. PostgreSQL keeps planning a prepared
 * statement on every run while its LIMIT is a parameter: the generic plan then assumes a tenth of all
 * rows is wanted, costs more than any custom plan and never wins. With the count in the text (the page
 * size is one of a few steps, so the texts are few) the plan can be kept (db/prepared.ts).
 */
function literalLimit(pageSize: number): number {
  return sql.raw(String(pageSize + 1)) as unknown as number;
}

/**
 * The row counts a page is fetched in: every size a screen asks for, then 25 and the most a request
 * may ask (pageQuery: 50). Another size is fetched at the next step up and cut to its size (pageOf).
 * Each count is another LIMIT in a statement's text: with a few steps every list keeps a few
 * statements and their plans, whatever size a caller asks for. A size outside them used to run
 * planned on every request (job search at 50 a page: 0.6 k req/s against 3 k at 12).
 */
export const FETCH_STEPS = [3, 5, 6, 10, 12, 20, 25, 50] as const;

/** The step a page of `pageSize` rows is fetched at (its LIMIT is one more, for "next page"). */
export function fetchSize(pageSize: number): number {
  if (!Number.isInteger(pageSize) || pageSize < 1) throw new Error(`invalid page size ${pageSize}`);
  return FETCH_STEPS.find((step) => step >= pageSize) ?? pageSize;
}

/**
 * LIMIT/OFFSET of a page, for `.limit(limit).offset(offset)`. The first page, by far the most asked
 * for, has offset 0, which drizzle leaves out of the text.
 */
export const pageWindow = (page: number, pageSize: number) => ({ limit: literalLimit(fetchSize(pageSize)), offset: (page - 1) * pageSize });

/** The back office's lists' page size (the routes' default). */
export const ADMIN_PAGE_SIZE = DEFAULT_PAGE_SIZE;

/**
 * The same window for a statement prepared once with placeholders (db/prepared.ts `prepared`): `key`
 * tells its variants apart in the statement's name (first page or not, and the fetch step, whose
 * LIMIT is in the text), `values` go with the statement's other values. The steps bound how many
 * statements a caller cycling through sizes can make each connection keep.
 */
export function preparedWindow(page: number, pageSize: number) {
  const { limit, offset } = pageWindow(page, pageSize);
  const size = `s${fetchSize(pageSize)}`;
  return offset === 0
    ? { key: `p1${size}`, limit, offset: undefined, values: {} }
    : // A bare OFFSET parameter would keep the plan from being reused, as a LIMIT one does (the generic
      // plan assumes a tenth of the rows is skipped, a custom one the real count, so the generic plan
      // never looks as cheap). As a sub-select neither plan knows the value, both estimate alike, and
      // after five runs PostgreSQL keeps one plan for every deep page.
      { key: `pn${size}`, limit, offset: sql`(select ${sql.placeholder('offset')}::int)` as unknown as number, values: { offset } };
}

/** How many pages of a text search one statement finds together (laterPageBlock). */
export const BLOCK_PAGES = 10;

/**
 * The block a later page (2 or more) of a text search is found in: pages 2-11, 12-21, ... each
 * found by one statement (their ids: BLOCK_PAGES pages and one row more), kept for the searches' few
 * seconds, each page cut from it at `skip`. A search's OFFSET walks every match it skips, so a
 * block costs about what its last page alone costs; the next pages, for anyone, then cost none
 * (docs/decisions/0006). `window` is used like preparedWindow's.
 */
export function laterPageBlock(page: number, pageSize: number) {
  if (!Number.isInteger(page) || page < 2) throw new Error(`a block is for later pages, not page ${page}`);
  const first = 2 + Math.floor((page - 2) / BLOCK_PAGES) * BLOCK_PAGES;
  const rows = pageSize * BLOCK_PAGES;
  return {
    first,
    rows,
    skip: (page - first) * pageSize,
    window: {
      key: `pb${rows}`,
      limit: literalLimit(rows),
      offset: sql`(select ${sql.placeholder('offset')}::int)` as unknown as number,
      values: { offset: (first - 1) * pageSize } as Record<string, unknown>,
    },
  };
}

/** The page from rows fetched with `pageWindow` (docs/decisions/0006: no count of every match). */
export function pageOf<T>(rows: T[], page: number, pageSize: number): Paged<T> {
  return { items: rows.slice(0, pageSize), page, pageSize, hasMore: rows.length > pageSize };
}

/**
 * A list page's ids, in `order`, as the subquery `page` (column `pageId`) of `id`'s table: found first
 * (from the list's index alone where it holds the order's columns), then only those rows are joined to
 * what the page shows. Joined before the LIMIT, every row an OFFSET skips is joined too: page 100 of
 * the guarantee claims joined 1,001 claims to four tables (46 ms), page 500 of the reported contacts
 * ran at 10 requests/s.
 */
export const pageIds = (db: Db | Tx, id: PgColumn, where: SQL | undefined, order: (SQL | PgColumn)[], limit: number, offset: unknown) =>
  db
    .select({ pageId: id })
    .from(id.table as PgTable)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset as number)
    .as('page');
