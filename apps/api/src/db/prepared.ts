import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client';

/**
 * Named prepared statements for the hottest lists. PostgreSQL then parses and plans each shape once
 * per connection instead of on every request (planning cost twice the execution of a 12-row page),
 * and drizzle builds the SQL once. A list whose filters vary gets one statement per combination of
 * filters present (the `shape`); the values travel as parameters. Text searches are not prepared:
 * their best plan depends on the word typed.
 */
type Executable<R> = { execute(values: Record<string, unknown>): Promise<R> };
const perDb = new WeakMap<object, Map<string, Executable<unknown>>>();

export function prepared<R>(db: Db, shape: string, build: () => Executable<R>): Executable<R> {
  let cache = perDb.get(db);
  if (!cache) perDb.set(db, (cache = new Map()));
  let q = cache.get(shape) as Executable<R> | undefined;
  if (!q) cache.set(shape, (q = build()));
  return q;
}

/** In a prepared shape, a named placeholder; otherwise the value itself (an ad hoc query). */
export const param = (isPrepared: boolean, name: string, value: unknown): SQL | unknown =>
  (isPrepared ? sql.placeholder(name) : value);
