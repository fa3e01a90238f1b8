import type { Paged } from '@tc/shared';

/** LIMIT/OFFSET of a page: one row more than the page, to learn whether another page follows. */
export const pageWindow = (page: number, pageSize: number) => ({ limit: pageSize + 1, offset: (page - 1) * pageSize });

/** The page from rows fetched with `pageWindow` (docs/decisions/0006: no count of every match). */
export function pageOf<T>(rows: T[], page: number, pageSize: number): Paged<T> {
  return { items: rows.slice(0, pageSize), page, pageSize, hasMore: rows.length > pageSize };
}
